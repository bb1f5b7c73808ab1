// Secrets and masking, one decision a case: what is a secret, in which forms it is found, and
// what a message may show of a link.
import { describe, expect, it } from 'vitest'
import { displayUrl, linkSecrets, redactLink, Secrets } from '../../src/secrets.js'

const KEY = 'mint_k3yS3cr3t'

function withKey(...more: string[]): Secrets {
  const secrets = new Secrets()
  secrets.add(KEY, 'credential')
  for (const value of more) secrets.add(value, 'link')
  return secrets
}

describe('the secrets of a run', () => {
  it('takes values of six characters or more, and says so', () => {
    const secrets = new Secrets()
    expect(secrets.add('abcde', 'credential')).toBe(false)
    expect(secrets.add('abcdef', 'credential')).toBe(true)
    expect(secrets.scrub('abcde abcdef')).toBe('abcde ***')
  })
  it('keeps a credential a credential when a link carries the same value', () => {
    const secrets = new Secrets()
    secrets.add('sharedvalue', 'credential')
    secrets.add('sharedvalue', 'link')
    expect(secrets.scrub('x sharedvalue', ['credential'])).toBe('x ***')
    const links = new Secrets()
    links.add('linkvalue1', 'link')
    expect(links.scrub('linkvalue1', ['credential'])).toBe('linkvalue1')
    expect(links.scrub('linkvalue1', ['link'])).toBe('***')
  })
  it('replaces the longest first, so a secret holding another goes whole', () => {
    const secrets = new Secrets()
    secrets.add('abcdef', 'credential')
    secrets.add('abcdefghij', 'credential')
    expect(secrets.scrub('[abcdefghij]')).toBe('[***]')
    const reversed = new Secrets()
    reversed.add('abcdefghij', 'credential')
    reversed.add('abcdef', 'credential')
    expect(reversed.scrub('[abcdefghij]')).toBe('[***]')
  })
  it.each([
    ['JSON \\u escapes', '\\u006dint_k3yS3cr3t'],
    ['JSON \\u{…} escapes', '\\u{6d}int_k3yS3cr3t'],
    ['backslash-x escapes', '\\x6dint_k3yS3cr3t'],
    ['HTML hex entities', '&#x6d;int_k3yS3cr3t'],
    ['HTML decimal entities', '&#109;int_k3yS3cr3t'],
    ['an entity without its semicolon', '&#109int_k3yS3cr3t'],
    ['URL encoding', '%6Dint_k3yS3cr3t'],
    ['URL encoding twice', '%256Dint_k3yS3cr3t'],
    ['URL encoding three times', '%25256Dint_k3yS3cr3t'],
    ['a byte that is no UTF-8 beside it', '%FF%6Dint_k3yS3cr3t']
  ])('finds the key in %s', (_how, echoed) => {
    const scrubbed = withKey().scrub(`got ${echoed} back`)
    expect(scrubbed).not.toContain('k3yS3cr3t')
    expect(scrubbed).toContain('***')
  })
  it('finds a secret with a quote, a backslash or a slash in JSON, escaped as JSON escapes them', () => {
    const secrets = new Secrets()
    secrets.add('pa\\ss/wo"rd', 'credential')
    expect(secrets.scrub('{"p":"pa\\\\ss\\/wo\\"rd"}')).toBe('{"p":"***"}')
  })
  it("reads JSON's one-letter escapes as the characters they stand for", () => {
    const secrets = new Secrets()
    secrets.add('a\bb\fc\nd\re\tf', 'credential')
    expect(secrets.scrub('"a\\bb\\fc\\nd\\re\\tf"')).toBe('"***"')
  })
  it('replaces copies found in any order, decoded or not, adjacent ones as one', () => {
    // Found raw first (the middle one), then decoded (the first and the last).
    expect(withKey().scrub('%6Dint_k3yS3cr3t mint_k3yS3cr3t %6Dint_k3yS3cr3t')).toBe('*** *** ***')
    expect(withKey().scrub(`${KEY}${KEY} x`)).toBe('*** x')
  })
  it('replaces a key whose last character is escaped, to the end of that escape', () => {
    expect(withKey().scrub('got mint_k3yS3cr3%74 back')).toBe('got *** back')
    expect(withKey().scrub('got mint_k3yS3cr3%2574 back')).toBe('got *** back')
  })
  it('takes a megabyte of escaped copies in its stride', () => {
    // Every copy is one argument too many for a spread: the spans are gathered in a loop.
    const copies = '%6Dint_k3yS3cr3t '.repeat(150_000)
    expect(withKey().scrub(copies)).toBe('*** '.repeat(150_000))
  })
  it('finds the key decoded even when another secret it knows stays hidden', () => {
    expect(withKey('linkvalue1').scrub('got %6Dint_k3yS3cr3t back')).toBe('got *** back')
  })
  it('replaces only what spells the key: escaped markup beside it stays escaped', () => {
    // Escaped for a table or a quote, the text must not come back as markup with the key gone.
    const echoed = '%3Cimg src%3Dx%3E%0A%40acme %6Dint_k3yS3cr3t, &#60;b&#62; \\u003c'
    expect(withKey().scrub(echoed)).toBe('%3Cimg src%3Dx%3E%0A%40acme ***, &#60;b&#62; \\u003c')
    // A run of escapes that spells part of the key goes whole: nothing of the key is left.
    expect(withKey().scrub('x%3E%6D%69nt_k3yS3cr3t')).toBe('x***')
  })
  it('finds every copy at every depth in one pass, so a later pass has nothing to peel', () => {
    const layered = [0, 1, 2, 3].map(n => `%${'25'.repeat(n)}6Dint_k3yS3cr3t`).join(' ')
    const once = withKey().scrub(`a ${layered} %2525253Cb%2525253E`)
    expect(once).toBe('a *** *** *** *** %2525253Cb%2525253E')
    expect(withKey().scrub(once)).toBe(once)
  })
  it('finds the key in a hex entity without its semicolon', () => {
    expect(withKey().scrub('got &#x6dint_k3yS3cr3t back')).toBe('got *** back')
  })
  it('decodes a character URL-encoded in several bytes as that one character', () => {
    const secrets = new Secrets()
    secrets.add('clé-secrète', 'credential')
    expect(secrets.scrub('got cl%C3%A9-secr%C3%A8te back')).toBe('got *** back')
  })
  it('decodes the last code point there is, and nothing past it', () => {
    const secrets = new Secrets()
    secrets.add('edge\u{10ffff}case', 'credential')
    expect(secrets.scrub('got edge&#x10FFFF;case back')).toBe('got *** back')
    expect(secrets.scrub('got edge&#x110000;case back')).toBe('got edge&#x110000;case back')
  })
  it('leaves text as written when decoding reveals no secret', () => {
    expect(withKey().scrub('a%20b &#65; \\u0041')).toBe('a%20b &#65; \\u0041')
    expect(withKey().scrub('&#x110000; and %6Dint_k3yS3cr3t')).toBe('&#x110000; and ***')
  })
  it('decodes up to sixteen layers, and no more (the bound of its work on a hostile answer)', () => {
    const encoded = (layers: number) => `%${'25'.repeat(layers - 1)}6Dint_k3yS3cr3t`
    expect(withKey().scrub(encoded(16))).toBe('***')
    expect(withKey().scrub(encoded(17))).toBe(encoded(17))
  })
  it('scrubs every string in a JSON value, keys included', () => {
    expect(withKey().scrubValue({ [KEY]: [KEY, 1, null, { a: `x${KEY}` }] })).toEqual({
      '***': ['***', 1, null, { a: 'x***' }]
    })
  })
  it('scrubs nothing when it knows no secret', () => {
    expect(new Secrets().scrub('%6D &#65;')).toBe('%6D &#65;')
  })

  it('scrubs the credential parameters of a link it never received, by their names', () => {
    // A server's error quoting another presigned link: its signature is a secret all the same.
    const said =
      'copy failed: https://s3.example.com/b/x.zip?X-Amz-Date=20261128T000000Z&X-Amz-Signature=abcdef0123456789&id=job0123456789abcdefgh and http://cdn.example.com/a?sig=s3cr3tvalue, with %73%33cr3tvalue'
    expect(new Secrets().scrub(said)).toBe(
      'copy failed: https://s3.example.com/b/x.zip?X-Amz-Date=20261128T000000Z&X-Amz-Signature=***&id=job0123456789abcdefgh and http://cdn.example.com/a?sig=***, with ***'
    )
    // A link in brackets at a sentence's end: the value stops before `).`, so its encoded
    // copy is found too.
    expect(
      new Secrets().scrub('(at https://x.example/a?token=t0k3nvalue). Was: t0k3n%76alue')
    ).toBe('(at https://x.example/a?token=***). Was: ***')
    // Not where only credentials are scrubbed: an output that is a link stays whole.
    expect(new Secrets().scrub(said, ['credential'])).toBe(said)
  })
})

describe('the secrets of a link', () => {
  it('are the values of credential parameters, raw, decoded and encoded', () => {
    expect(
      linkSecrets(
        'https://b.example.com/x?X-Amz-Signature=ab%2Bcd%3D%3D&X-Amz-Date=20260101T000000Z'
      )
    ).toEqual(['ab%2Bcd%3D%3D', 'ab+cd==', 'ab%2Bcd%3D%3D'].filter((v, i, a) => a.indexOf(v) === i))
  })
  it.each([
    ['sig', 'sv=2024&sig=azuresig123'],
    ['access_token', 'access_token=tok123456'],
    ['sessionToken', 'sessionToken=tok123456'],
    ['Policy', 'Policy=policy123456'],
    ['x-goog-credential', 'x-goog-credential=cred123456']
  ])('takes %s for a credential', (_name, query) => {
    const value = query.split('=').at(-1) as string
    expect(linkSecrets(`https://b.example.com/x?${query}`)).toContain(value)
  })
  it('takes a value with `+` as written and as a form decodes it (a space)', () => {
    const found = linkSecrets('https://b.example.com/x?sig=part1+part2')
    expect(found).toContain('part1+part2')
    expect(found).toContain('part1 part2')
  })
  it('takes a long opaque value whatever its name, but not a time, a number or an algorithm', () => {
    const opaque = 'Qm9vbXNoYWthbGFrYQ'
    expect(linkSecrets(`https://b.example.com/x?x=${opaque}`)).toEqual([opaque])
    expect(linkSecrets(`https://b.example.com/x?x=${opaque.slice(0, 15)}`)).toEqual([])
    expect(
      linkSecrets(
        'https://b.example.com/x?se=2026-01-01T00:00:00Z&n=12345678901234567890&X-Amz-Algorithm=AWS4-HMAC-SHA256-LONG'
      )
    ).toEqual([])
    expect(linkSecrets('https://b.example.com/x?SignedHeaders=host-and-more-headers')).toEqual([
      'host-and-more-headers'
    ])
  })
  it('takes a value of sixteen characters as opaque, and one of six as a secret', () => {
    expect(linkSecrets('https://b.example.com/x?x=Qm9vbXNoYWthbGFr')).toEqual(['Qm9vbXNoYWthbGFr'])
    expect(linkSecrets('https://b.example.com/x?sig=abcdef')).toEqual(['abcdef'])
  })
  it('takes a long value for a time or a number only when all of it is one', () => {
    expect(linkSecrets('https://b.example.com/x?x=20260101T000000Zsecret')).toEqual([
      '20260101T000000Zsecret'
    ])
    expect(linkSecrets('https://b.example.com/x?x=secret20260101T000000Z')).toEqual([
      'secret20260101T000000Z'
    ])
  })
  it('reads a `+` in a value as a space, as a form-encoded query means it', () => {
    expect(linkSecrets('https://b.example.com/x?sig=ab+cd+ef')).toEqual([
      'ab+cd+ef',
      'ab cd ef',
      'ab%20cd%20ef'
    ])
  })
  it('takes a value that is no valid URL encoding as written', () => {
    expect(linkSecrets('https://b.example.com/x?sig=100%pure-secret')).toContain('100%pure-secret')
    expect(linkSecrets('https://b.example.com/x?%zz=Qm9vbXNoYWthbGFrYQ')).toEqual([
      'Qm9vbXNoYWthbGFrYQ'
    ])
  })
  it('ignores short values, the fragment, and a link without a query', () => {
    expect(linkSecrets('https://b.example.com/x?sig=abc')).toEqual([])
    expect(linkSecrets('https://b.example.com/x#sig=abcdefgh')).toEqual([])
    expect(linkSecrets('https://b.example.com/x?a=1#sig=abcdefgh')).toEqual([])
    expect(linkSecrets('https://b.example.com/x')).toEqual([])
  })
  it('reads a query with a second question mark as part of the values', () => {
    expect(linkSecrets('https://b.example.com/x?a=1?sig=abcdefgh')).toEqual([])
    expect(linkSecrets('https://b.example.com/x?q=1&sig=abc?defgh')).toEqual([
      'abc?defgh',
      'abc%3Fdefgh'
    ])
  })
  it('takes the userinfo of a link, each part decoded', () => {
    expect(linkSecrets('https://us%40er:p%3Ass@b.example.com/x')).toEqual(['us@er', 'p:ss'])
    expect(linkSecrets('https://:onlypass@b.example.com/x')).toEqual(['onlypass'])
    expect(linkSecrets('mailto:someone@b.example.com')).toEqual([])
    // Only the link's own: an address in a (short) query value is no userinfo of the link.
    expect(linkSecrets('https://b.example.com/p?next=x://userid@h')).toEqual([])
  })
})

describe('links in messages', () => {
  it('lose their query, and say they had one', () => {
    expect(redactLink('https://b.example.com:8443/x/y?sig=abcdefgh#f')).toBe(
      'https://b.example.com:8443/x/y?…'
    )
    expect(redactLink('https://b.example.com/x')).toBe('https://b.example.com/x')
    expect(redactLink('nope')).toBe('(not a URL)')
  })
  it('lose userinfo, query and fragment, even when they are not URLs', () => {
    expect(displayUrl(' https://u:p@b.example.com/x?k=v ')).toBe('https://***@b.example.com/x?…')
    expect(displayUrl('https://u@b.example.com/x')).toBe('https://***@b.example.com/x')
    expect(displayUrl('https://:p@b.example.com/x#frag')).toBe('https://***@b.example.com/x?…')
    expect(displayUrl('https://b.example.com/x')).toBe('https://b.example.com/x')
    expect(displayUrl('//u:p@host/x?k=v')).toBe('//***@host/x?…')
    expect(displayUrl('x#y')).toBe('x?…')
    expect(displayUrl('\u00a0https://u:p@b.example.com/x\u00a0')).toBe(
      'https://***@b.example.com/x'
    )
    expect(displayUrl('not a url?token=abc\nmore')).toBe('not a url?…')
    expect(displayUrl('not a url?a=1?token=abc')).toBe('not a url?…')
  })
})
