import { describe, expect, it } from 'vitest'
import { recordLog } from '../support/recording-host.js'
import { isOwnComment } from '../../src/action/pr-comment.js'
import { commandSafe, secrets } from '../../src/log.js'
import { displayUrl, linkSecrets, Secrets } from '../../src/secrets.js'
import { describeNetworkError } from '../../src/util/network-error.js'
import { inside } from '../../src/util/paths.js'
import { storeLinkProblem } from '../../src/download/link-rules.js'
import { cleanUpAfterFailure } from '../../src/util/cleanup.js'
import { httpUrl, isSafeId, linkTextProblem, untrusted } from '../../src/util/untrusted.js'

/** What the runner does with a line: TrimStart, then `::` at the start, or `##[` anywhere. */
function runnerReadsCommand(line: string): boolean {
  // .NET compares culture-sensitively: ignorable characters vanish before `::` is looked for.
  const visible = line.replace(/[\p{Cf}\p{Default_Ignorable_Code_Point}]/gu, '')
  return /^[\s\p{Cc}]*::/u.test(visible) || visible.includes('##[')
}

const BREAKS = ['\n', '\r', '\r\n', '\u000b', '\u000c', '\u0085', '\u2028', '\u2029']

describe('untrusted(): outside text as one line that cannot start a command', () => {
  it.each(BREAKS.map(b => [JSON.stringify(b), b]))('removes the line break %s', (_n, brk) => {
    const text = untrusted(`warming${brk}::set-output name=bundle-url::https://evil/x.zip`)
    expect(text).toBe('warming ::set-output name=bundle-url::https://evil/x.zip')
    expect(text.split(/\r|\n/)).toHaveLength(1)
  })
  it('neutralises a leading `::`, also behind characters .NET ignores', () => {
    for (const hostile of [
      '::stop-commands::x',
      '  ::add-mask::',
      '\u2060::error::x',
      '\u00ad::x::'
    ])
      expect(runnerReadsCommand(untrusted(hostile)), hostile).toBe(false)
  })
  it('neutralises `##[` anywhere', () => {
    expect(untrusted('ok ##[error]bad')).toBe('ok # #[error]bad')
    expect(runnerReadsCommand(untrusted('a ###[set-output name=x]y'))).toBe(false)
  })
  it('drops ESC and the other controls, and direction overrides', () => {
    expect(untrusted('\u001b[31mred\u001b[0m \u202eevil')).toBe('[31mred [0m evil')
  })
  it('is bounded, counting characters, not UTF-16 units', () => {
    expect([...untrusted('😀'.repeat(500), 10)]).toHaveLength(11)
    expect(untrusted('x'.repeat(300))).toHaveLength(201)
  })
})

describe('untrusted() and the secrets the run knows', () => {
  it('scrubs before it cuts, so no prefix of a secret survives the cut', () => {
    const signature = 'aaaaaaaaaaabcdef0123456789abcdef0123456789abcdef'
    secrets.add(signature, 'link')
    const quoted = untrusted(`${'x'.repeat(100)} provided ${signature} in the request`, 120)
    expect(quoted).not.toContain(signature.slice(0, 10))
    expect(quoted).toContain('provided ***')
  })
})

describe('commandSafe(): the last guard before stdout', () => {
  it('keeps our line breaks but lets no line start a command', () => {
    const guarded = commandSafe(
      'first\n::set-output name=x::y\n \u2060::stop-commands::t\nok ##[error]z'
    )
    const lines = guarded.split('\n')
    expect(lines).toHaveLength(4)
    for (const line of lines) expect(runnerReadsCommand(line), line).toBe(false)
  })
  it('breaks at every form a reader may take for a new line', () => {
    for (const brk of BREAKS) {
      const lines = commandSafe(`a${brk}::error::x`).split('\n')
      for (const line of lines) expect(runnerReadsCommand(line), JSON.stringify(brk)).toBe(false)
    }
  })
})

describe('Secrets: a secret is scrubbed in every form a server may echo it in', () => {
  const key = 'mint_0123456789abcdef'
  const secrets = new Secrets()
  secrets.add(key, 'credential')
  const jsonEscaped = [...key].map(c => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)
  const forms: Array<[string, string]> = [
    ['raw', key],
    ['JSON-escaped, every character', jsonEscaped.join('')],
    ['JSON-escaped, the first character', `\\u006d${key.slice(1)}`],
    ['URL-encoded, every byte', [...key].map(c => `%${c.charCodeAt(0).toString(16)}`).join('')],
    ['URL-encoded underscore', key.replace('_', '%5F')],
    ['URL-encoded twice', key.replace('_', '%255F')],
    ['HTML entities', [...key].map(c => `&#${c.charCodeAt(0)};`).join('')],
    [
      'URL-encoded, beside a byte that is no UTF-8',
      `${[...key].map(c => `%${c.charCodeAt(0).toString(16)}`).join('')}%FF`
    ],
    ['hex entities', [...key].map(c => `&#x${c.charCodeAt(0).toString(16)};`).join('')]
  ]
  it.each(forms)('%s', (_name, form) => {
    const said = secrets.scrub(`Bad header: Bearer ${form} (echoed)`)
    expect(said).toContain('***')
    expect(said).not.toContain(key)
    expect(said).not.toContain(form)
  })
  it('leaves text that holds no secret as written', () => {
    expect(secrets.scrub('path%20with%20spaces \\u0041')).toBe('path%20with%20spaces \\u0041')
  })
  it('scrubs only the kinds asked for (outputs keep the link)', () => {
    const both = new Secrets()
    both.add('signature-0123456789', 'link')
    both.add(key, 'credential')
    expect(both.scrub(`${key} signature-0123456789`, ['credential'])).toBe(
      '*** signature-0123456789'
    )
  })
  it('scrubs keys and values of JSON', () => {
    expect(secrets.scrubValue({ [key]: [key, { a: key }], n: 1 })).toEqual({
      '***': ['***', { a: '***' }],
      n: 1
    })
  })
})

describe('linkSecrets: the credential of every store we know', () => {
  it.each([
    ['S3', 'https://b.s3.amazonaws.com/x?X-Amz-Signature=0123456789abcdef', '0123456789abcdef'],
    ['S3 session token', 'https://b/x?X-Amz-Security-Token=FQoGZXIvYXdzEOr', 'FQoGZXIvYXdzEOr'],
    ['GCS', 'https://storage.googleapis.com/b/x?X-Goog-Signature=9f8e7d6c5b4a', '9f8e7d6c5b4a'],
    ['Azure SAS', 'https://a.blob.core.windows.net/c/x?sv=2022&sig=abcDEF%2Bghi%3D', 'abcDEF+ghi='],
    ['OSS', 'https://b.oss-cn.aliyuncs.com/x?x-oss-signature=a1b2c3d4e5', 'a1b2c3d4e5'],
    ['access token', 'https://cdn.example.com/x?access_token=tok_abcdef', 'tok_abcdef'],
    ['CloudFront', 'https://d1.cloudfront.net/x?Policy=eyJTdGF0&Signature=Zm9vYmFy', 'Zm9vYmFy'],
    ['long opaque value', 'https://x/y?t2=Zm9vYmFyYmF6cXV4cXV1eA', 'Zm9vYmFyYmF6cXV4cXV1eA']
  ])('%s', (_store, link, secret) => expect(linkSecrets(link)).toContain(secret))
  it('leaves what is no credential (names of signed headers, times, algorithms)', () => {
    const link =
      'https://b/x?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Date=20261123T194800Z&X-Amz-Expires=900&X-Amz-SignedHeaders=host&se=2026-11-23T19%3A48%3A07Z&page=2'
    expect(linkSecrets(link)).toEqual([])
  })
})

describe('links as written', () => {
  it.each([
    ['a space', 'https://s/x y'],
    ['a line feed', 'https://s/x\n::set-output name=a::b'],
    ['a carriage return', 'https://s/x\r'],
    ['a tab', 'https://s/\tx'],
    ['a non-ASCII character', 'https://s/café'],
    ['a backslash', 'https:\\\\s/x'],
    ['a quote', 'https://s/"x']
  ])('refuses a link with %s', (_what, link) => expect(linkTextProblem(link)).toBeDefined())
  it('takes a presigned link as it is', () =>
    expect(linkTextProblem('https://s/x.tar.gz?X-Amz-Signature=ab%2Bcd&a=1')).toBeUndefined())
  it('takes only http(s) web links without userinfo as links', () => {
    expect(httpUrl('https://github.com/acme/docs/pull/42')).toBe(
      'https://github.com/acme/docs/pull/42'
    )
    for (const text of [
      'javascript:alert(1)',
      'https://u:p@github.com/x',
      'see https://x',
      'ftp://x/y'
    ])
      expect(httpUrl(text), text).toBeUndefined()
  })
})

describe('ids', () => {
  it.each(['se_3f9a2c1b8e7d4a06', 'job_1', 'a.b-c', '64f1c0ffee0123456789abcd'])('takes %s', id =>
    expect(isSafeId(id)).toBe(true)
  )
  it.each([
    '',
    '.',
    '..',
    '../../some/folder',
    'a/b',
    'a\\b',
    '.hidden',
    'x\n',
    'a b',
    'x'.repeat(129)
  ])('refuses %j', id => expect(isSafeId(id)).toBe(false))
})

describe('inside(): a folder proven to lie in its root', () => {
  it('takes the root and what is below it', () => {
    expect(inside('/tmp/r', '/tmp/r', 'the folder')).toBe('/tmp/r')
    expect(inside('/tmp/r', '/tmp/r/a/../b', 'the folder')).toBe('/tmp/r/b')
  })
  it.each(['/tmp/r/../x', '/tmp/r-evil', '/tmp/rx/a', '/etc'])('refuses %s', path =>
    expect(() => inside('/tmp/r', path, 'the folder')).toThrow('is not inside /tmp/r')
  )
})

describe('messages that quote inputs and errors', () => {
  it('never quotes userinfo or a query of a URL', () => {
    expect(displayUrl('http://user:hunter2@api.example.com/v1?token=abc')).toBe(
      'http://***@api.example.com/v1?…'
    )
    expect(displayUrl('not a url://user:hunter2@x')).not.toContain('hunter2')
  })
  it('says what a socket error means, with its code', () => {
    const error = Object.assign(new Error('other side closed'), { code: 'UND_ERR_SOCKET' })
    expect(describeNetworkError(error)).toBe(
      'the connection was closed by the other side [UND_ERR_SOCKET]'
    )
    const nested = Object.assign(new TypeError('fetch failed'), {
      cause: { code: 'ECONNREFUSED' }
    })
    expect(describeNetworkError(nested)).toMatch(/^the connection was refused .*\[ECONNREFUSED\]$/)
  })
  it('quotes an unknown error as one clean line', () => {
    expect(describeNetworkError(new Error('bad\n::set-output name=x::y'))).toBe(
      'bad ::set-output name=x::y'
    )
  })
})

describe('the pull-request comment that is ours', () => {
  const marker = '<!-- mintlify-admin-action:agent:proj_1:job_1 -->'
  const bot = 'github-actions[bot]'
  it('is written by the token, with the marker as its first line', () =>
    expect(
      isOwnComment({ id: 1, body: `${marker}\nbody`, user: { login: bot } }, marker, bot)
    ).toBe(true))
  it.each([
    ['someone else quoting the marker', { body: `${marker}\nbody`, user: { login: 'mallory' } }],
    ['the marker further down', { body: `hi\n${marker}`, user: { login: bot } }],
    ['the marker with more on its line', { body: `${marker} (old)\nbody`, user: { login: bot } }],
    [
      'another job whose marker begins the same',
      { body: marker.replace('job_1', 'job_10'), user: { login: bot } }
    ],
    ['no author', { body: `${marker}\nbody`, user: null }]
  ])('is not %s', (_what, comment) =>
    expect(isOwnComment({ id: 1, ...comment }, marker, bot)).toBe(false)
  )
  it('is never found when the token identity is unknown', () =>
    expect(isOwnComment({ id: 1, body: marker, user: { login: bot } }, marker, undefined)).toBe(
      false
    ))
})

describe('cleanup after a failure', () => {
  it('tries every step, warns of one that fails, and never throws in place of the failure', async () => {
    const recorded = recordLog()
    const ran: string[] = []
    try {
      await cleanUpAfterFailure(
        'the partial bundle /tmp/x/bundle.part',
        async () => {
          ran.push('close')
          throw Object.assign(new Error('EBUSY: resource busy\n::error::x'), { code: 'EBUSY' })
        },
        async () => void ran.push('remove')
      )
    } finally {
      recorded.restore()
    }
    expect(ran).toEqual(['close', 'remove'])
    expect(recorded.lines).toEqual([
      {
        kind: 'warning',
        message:
          'Could not remove the partial bundle /tmp/x/bundle.part: EBUSY: resource busy ::error::x. Remove it by hand.'
      }
    ])
  })
})

describe('a store link’s secrets', () => {
  it('are registered only when the link will be used', () => {
    const recorded = recordLog()
    try {
      expect(
        storeLinkProblem('http://cdn.example.net/b.zip?sig=refusedrefusedrefused', false)
      ).toMatch(/plain http/)
      expect(recorded.masks).toEqual([])
      expect(storeLinkProblem('https://cdn.example.net/b.zip?sig=acceptedaccepted', false)).toBe(
        undefined
      )
      expect(recorded.masks).toContain('acceptedaccepted')
    } finally {
      recorded.restore()
    }
  })
})
