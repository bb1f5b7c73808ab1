// Settings validation, one decision a case: the domain, whole numbers and sizes, a job id
// pasted as an address, and what the run knows of GitHub from its environment.
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it, onTestFinished } from 'vitest'
import { checkServiceUrl, isLoopbackHost } from '../../src/settings/base-url.js'
import { maskSecretInputs, readCommonSettings } from '../../src/settings/common.js'
import { normaliseDomain } from '../../src/settings/domain.js'
import { formatDuration, parseDurationMs } from '../../src/settings/duration.js'
import { parseSizeBytes } from '../../src/settings/size.js'
import { readGitHubRun } from '../../src/settings/github-run.js'
import {
  Reader,
  segmentsAfterJob,
  SettingsError,
  type InputSource
} from '../../src/settings/reader.js'
import { recordLog } from '../support/recording-host.js'

describe('the domain', () => {
  it.each([
    ['docs.example.com', 'docs.example.com', undefined],
    [' docs.example.com\n', 'docs.example.com', undefined],
    ['Docs.Example.com.', 'docs.example.com', 'Docs.Example.com.'],
    ['https://docs.example.com/', 'docs.example.com', 'https://docs.example.com/'],
    ['docs.example.com/', 'docs.example.com', 'docs.example.com/']
  ])('takes %j as %j', (input, domain, normalisedFrom) =>
    expect(normaliseDomain(input)).toEqual({
      ok: true,
      domain,
      ...(normalisedFrom ? { normalisedFrom } : {})
    })
  )
  it.each([
    ['https://docs.example.com/guide', 'has a path (/guide); give the host only'],
    ['https://docs.example.com/?x=1', 'has a path (/?x=1); give the host only'],
    ['https://docs.example.com:8443', 'has a port (8443); give the host name only'],
    ['docs.example.com:8443', 'has a port (8443); give the host name only'],
    ['docs.example.com:8443/', 'has a port (8443); give the host name only'],
    ['docs.example.com/guide', 'has a path (/guide); give the host only'],
    // A scheme counts only at the start, a port only at the end.
    ['docs.example.com/https://x', 'has a path (/https://x); give the host only'],
    ['docs.example.com:8443/guide', 'has a path (/guide); give the host only'],
    ['docs.example.com:1:8443', 'has a port (8443); give the host name only'],
    ['https://', 'is not a host name or a site address'],
    ['docs_example', 'is not a valid host name (expected something like docs.example.com)']
  ])('refuses %j: %s', (input, problem) =>
    expect(normaliseDomain(input)).toEqual({ ok: false, problem })
  )
})

/** Inputs from a plain object, as a front door gives them. */
function source(values: Record<string, string>): InputSource {
  return {
    text: name => values[name] ?? '',
    list: name => (values[name] ?? '').split('\n').filter(Boolean),
    flag: name => {
      const value = values[name] ?? 'false'
      if (value !== 'true' && value !== 'false') throw new Error('not a boolean')
      return value === 'true'
    }
  }
}
function reader(values: Record<string, string>) {
  const problems: string[] = []
  return { read: new Reader(source(values), problems), problems }
}

describe('the reader', () => {
  it.each([
    ['0', 0, []],
    ['7', 7, []],
    ['10', 10, []]
  ])('counts %j', (text, value, problems) => {
    const { read, problems: found } = reader({ n: text })
    expect(read.count('n', { min: 0, max: 10 })).toBe(value)
    expect(found).toEqual(problems)
  })
  it.each(['11', '-1', '1.5', ' 2', '', 'x'])('refuses the count %j', text => {
    const { read, problems } = reader({ n: text })
    read.count('n', { min: 0, max: 10 })
    expect(problems).toEqual([`Input \`n\` is \`${text}\`: expected a whole number from 0 to 10.`])
  })
  it('reads a size of at least its minimum', () => {
    const ok = reader({ s: '1KiB' })
    expect(ok.read.size('s', { min: 1024 })).toBe(1024)
    expect(ok.problems).toEqual([])
    for (const text of ['1023', 'lots']) {
      const { read, problems } = reader({ s: text })
      read.size('s', { min: 1024 })
      expect(problems).toEqual([
        `Input \`s\` is \`${text}\`: expected a size such as \`500MiB\` or \`20GiB\` (at least 1024 bytes).`
      ])
    }
  })
  it('says a flag that is not true or false', () => {
    const { read, problems } = reader({ f: 'yes' })
    expect(read.flag('f')).toBe(false)
    expect(problems).toEqual(['Input `f` is `yes`: expected `true` or `false`.'])
  })
  it('takes the one job id in a pasted address, with a notice', () => {
    const recorded = recordLog()
    onTestFinished(recorded.restore)
    const { read, problems } = reader({})
    const pasted = 'https://dashboard.example.com/p/x/job/ag%5F1/logs'
    expect(read.jobId('job-id', pasted, segmentsAfterJob)).toBe('ag_1')
    expect(problems).toEqual([])
    expect(recorded.of('notice')).toEqual([
      'Input `job-id`: using `ag_1`, the job id in the address given.'
    ])
  })
  it('refuses an address with no job id, or with two', () => {
    const { read, problems } = reader({})
    expect(read.jobId('job-id', 'https://x.example.com/a/b', segmentsAfterJob)).toBe('')
    expect(read.jobId('job-id', 'https://x.example.com/job/a/jobs/b', segmentsAfterJob)).toBe('')
    expect(problems).toHaveLength(2)
    expect(problems[0]).toContain('and no part of it is a job id')
    expect(problems[1]).toContain('and it names more than one')
  })
  it('finds the segments after `job` or `jobs` only', () => {
    expect(segmentsAfterJob(['job', 'a', 'Jobs', 'b', 'x', 'c', 'jobx', 'd'])).toEqual(['a', 'b'])
    expect(segmentsAfterJob(['a', 'job'])).toEqual([])
  })
  it('lists every problem at once, or says the one', () => {
    expect(new SettingsError(['only one']).message).toBe('only one')
    expect(new SettingsError(['a', 'b']).message).toBe('2 inputs need fixing:\n  - a\n  - b')
  })
})

describe('the GitHub run', () => {
  let folder: string | undefined
  afterEach(async () => {
    if (folder) await rm(folder, { recursive: true, force: true })
    folder = undefined
  })
  async function event(payload: unknown): Promise<string> {
    folder = await mkdtemp(join(tmpdir(), 'event-'))
    const path = join(folder, 'event.json')
    await writeFile(path, JSON.stringify(payload))
    return path
  }
  const base = {
    GITHUB_SERVER_URL: 'https://github.com/',
    GITHUB_REPOSITORY: 'acme/docs',
    GITHUB_RUN_ID: '42',
    GITHUB_SHA: 'a'.repeat(40)
  }

  it('reads a push: the run page, the branch, the commit', () => {
    expect(
      readGitHubRun({
        ...base,
        GITHUB_EVENT_NAME: 'push',
        GITHUB_REF: 'refs/heads/main',
        GITHUB_REF_NAME: 'main'
      })
    ).toEqual({
      eventName: 'push',
      runUrl: 'https://github.com/acme/docs/actions/runs/42',
      repositoryUrl: 'https://github.com/acme/docs',
      headSha: 'a'.repeat(40),
      refName: 'main'
    })
  })
  it('reads a pull request from a fork: its head, and that it is a fork’s', async () => {
    const path = await event({
      repository: { full_name: 'acme/docs' },
      pull_request: {
        head: { ref: ' feature ', sha: 'b'.repeat(40), repo: { full_name: 'mallory/docs' } }
      }
    })
    expect(
      readGitHubRun({
        ...base,
        GITHUB_EVENT_NAME: 'pull_request',
        GITHUB_EVENT_PATH: path,
        GITHUB_REF: 'refs/pull/7/merge',
        GITHUB_REF_NAME: '7/merge'
      })
    ).toEqual({
      eventName: 'pull_request',
      runUrl: 'https://github.com/acme/docs/actions/runs/42',
      repositoryUrl: 'https://github.com/acme/docs',
      headRef: 'feature',
      headFromFork: true,
      forPullRequest: true,
      headSha: 'b'.repeat(40)
    })
  })
  it('takes a comment on a pull request for one, head unknown', async () => {
    const path = await event({ issue: { pull_request: {} } })
    const run = readGitHubRun({ GITHUB_EVENT_NAME: 'issue_comment', GITHUB_EVENT_PATH: path })
    expect(run).toEqual({ eventName: 'issue_comment', forPullRequest: true })
  })
  it('knows nothing it cannot trust: a bad repository, run id or sha, a tag', () => {
    expect(
      readGitHubRun({
        GITHUB_SERVER_URL: 'https://github.com',
        GITHUB_REPOSITORY: 'acme/docs/../x',
        GITHUB_RUN_ID: '42',
        GITHUB_SHA: 'not-a-sha',
        GITHUB_REF_TYPE: 'tag',
        GITHUB_REF_NAME: 'v1'
      })
    ).toEqual({})
    expect(readGitHubRun({ ...base, GITHUB_RUN_ID: '42x', GITHUB_HEAD_REF: 'feature' })).toEqual({
      repositoryUrl: 'https://github.com/acme/docs',
      headRef: 'feature',
      headSha: 'a'.repeat(40)
    })
  })
  it('drops every trailing slash of the server address', () =>
    expect(readGitHubRun({ ...base, GITHUB_SERVER_URL: 'https://github.com//' })).toMatchObject({
      repositoryUrl: 'https://github.com/acme/docs',
      runUrl: 'https://github.com/acme/docs/actions/runs/42'
    }))
  // `base` alone gives both (the push above): each case spoils one.
  it('takes a run id only when it is a whole number', () =>
    expect(readGitHubRun({ ...base, GITHUB_RUN_ID: 'x42' })).not.toHaveProperty('runUrl'))
  it.each([`zz${'a'.repeat(40)}`, `${'a'.repeat(40)}zz`])('takes no commit from %j', sha =>
    expect(readGitHubRun({ ...base, GITHUB_SHA: sha })).not.toHaveProperty('headSha')
  )
  it('takes the branch when the run has no ref at all', () =>
    expect(readGitHubRun({ GITHUB_REF_NAME: 'main' })).toEqual({ refName: 'main' }))
  it.each([
    ['the same repository', { repository: { full_name: 'acme/docs' } }, {}],
    ['no base repository known', {}, { GITHUB_REPOSITORY: undefined }]
  ])('takes a pull request from %s for no fork', async (_, payload, env) => {
    const path = await event({
      ...payload,
      pull_request: { head: { ref: 'feature', repo: { full_name: 'acme/docs' } } }
    })
    const run = readGitHubRun({
      ...base,
      ...env,
      GITHUB_EVENT_NAME: 'pull_request',
      GITHUB_EVENT_PATH: path
    })
    expect(run).toMatchObject({ headRef: 'feature', forPullRequest: true })
    expect(run).not.toHaveProperty('headFromFork')
  })
  it('goes by its variables when the event file cannot be read', () => {
    expect(
      readGitHubRun({ ...base, GITHUB_EVENT_NAME: 'push', GITHUB_EVENT_PATH: '/nonexistent' })
    ).toMatchObject({ eventName: 'push', headSha: 'a'.repeat(40) })
  })
})

describe('a duration', () => {
  it.each([
    ['1m 30s', 90_000],
    ['1M30S', 90_000],
    ['2.5', 2500],
    ['2.25', 2250]
  ])('reads %j as %i ms', (text, ms) => expect(parseDurationMs(text)).toBe(ms))
  it('never writes an empty duration, even for a number that is not one', () =>
    expect(formatDuration(Number.NaN)).toBe('0s'))
})

describe('a size', () => {
  it.each([
    ['1.25KiB', 1280],
    ['1.5 MB', 1_500_000],
    ['2048', 2048]
  ])('reads %j as %i bytes', (text, bytes) => expect(parseSizeBytes(text)).toBe(bytes))
})

describe('the service address', () => {
  it.each([
    ['ftp://x.example.com', 'uses ftp: (only https: is supported)'],
    ['https://user@x.example.com', 'must not carry credentials'],
    ['https://:pw@x.example.com', 'must not carry credentials'],
    [
      'http://x.example.com',
      'uses plain http to x.example.com, which would send the admin key in clear'
    ]
  ])('refuses %j: %s', (text, problem) =>
    expect(checkServiceUrl(text, false)).toEqual({ ok: false, problem })
  )
  it('trims white space that URL parsing would refuse (a no-break space pasted after it)', () => {
    const checked = checkServiceUrl('https://api.mintlify.com\u00a0', false)
    expect(checked.ok && checked.url.href).toBe('https://api.mintlify.com/')
  })
  it.each([
    ['localhost', true],
    ['LOCALHOST', true],
    ['api.localhost', true],
    ['127.0.0.1', true],
    ['127.200.0.9', true],
    ['[::1]', true],
    ['::1', true],
    ['0:0:0:0:0:0:0:1', true],
    ['128.0.0.1', false],
    ['localhost.example.com', false],
    ['[::2]', false],
    ['[2001:db8::1]', false],
    // Only the brackets around an IPv6 address are dropped.
    ['local[host', false],
    ['local]host', false]
  ])('takes %j for loopback: %s', (host, loopback) => expect(isLoopbackHost(host)).toBe(loopback))
})

describe('the API root', () => {
  it.each([
    [
      'https://api.mintlify.com/v1',
      'https://api.mintlify.com/',
      "Input `base-url`: using `https://api.mintlify.com`, the API's root; the action adds `/v1/…` to its requests itself."
    ],
    [
      'https://api.mintlify.com/v2/',
      'https://api.mintlify.com/',
      "Input `base-url`: using `https://api.mintlify.com`, the API's root; the action adds `/v2/…` to its requests itself."
    ],
    [
      'https://gw.example.com/mintlify/v1',
      'https://gw.example.com/mintlify',
      "Input `base-url`: using `https://gw.example.com/mintlify`, the API's root; the action adds `/v1/…` to its requests itself."
    ]
  ])('drops the version that ends %j, with a notice', (text, href, notice) => {
    const recorded = recordLog()
    onTestFinished(recorded.restore)
    const { read, problems } = reader({ 'base-url': text })
    expect(read.serviceUrl('base-url', false)?.href).toBe(href)
    expect(problems).toEqual([])
    expect(recorded.of('notice')).toEqual([notice])
  })
  it.each([
    'https://api.mintlify.com/',
    'https://gw.example.com/v1/admin',
    'https://gw.example.com/v3',
    'https://gw.example.com/api'
  ])('keeps %j as given', text => {
    const recorded = recordLog()
    onTestFinished(recorded.restore)
    const { read } = reader({ 'base-url': text })
    expect(read.serviceUrl('base-url', false)?.href).toBe(text)
    expect(recorded.of('notice')).toEqual([])
  })
  it.each([
    [
      'http://api.example.com',
      'Input `base-url` (`http://api.example.com/`) uses plain http to api.example.com, which would send the admin key in clear: use https, or set `allow-insecure-http: true` if the network path is trusted.'
    ],
    [
      'ftp://x.example.com',
      'Input `base-url` (`ftp://x.example.com/`) uses ftp: (only https: is supported): expected an address such as `https://api.mintlify.com`.'
    ]
  ])('says how to fix %j', (text, problem) => {
    const { read, problems } = reader({ 'base-url': text })
    expect(read.serviceUrl('base-url', false)).toBeUndefined()
    expect(problems).toEqual([problem])
  })
})

describe('required inputs, ids and bounds', () => {
  it('names a required input left empty, and what to set it to', () => {
    const { read, problems } = reader({ p: 'proj_1' })
    expect(read.required('p', 'the project id')).toBe('proj_1')
    expect(read.required('q', 'the project id')).toBe('')
    expect(problems).toEqual(['Input `q` is required in this mode: set it to the project id.'])
  })
  it('refuses an id that could not go into a path, and lets an empty one be', () => {
    const { read, problems } = reader({})
    expect(read.id('job-id', '')).toBe('')
    expect(read.id('job-id', 'se_1')).toBe('se_1')
    read.id('job-id', '../se_1')
    expect(problems).toEqual([
      'Input `job-id` (`../se_1`) is not an id: expected letters, digits, `_`, `-` or `.`, beginning with a letter or digit (e.g. `se_3f9a2c1b8e7d4a06`).'
    ])
  })
  it('takes a job id from an http or https address only when it begins the value', () => {
    const recorded = recordLog()
    onTestFinished(recorded.restore)
    const { read, problems } = reader({})
    expect(read.jobId('job-id', 'http://x.example.com/job/ag_1', segmentsAfterJob)).toBe('ag_1')
    expect(read.jobId('job-id', 'HTTPS://x.example.com/jobs/ag_2', segmentsAfterJob)).toBe('ag_2')
    expect(read.jobId('job-id', 'https://x.example.com/job//ag_3', segmentsAfterJob)).toBe('ag_3')
    expect(problems).toEqual([])
    read.jobId('job-id', 'ag_1 https://x.example.com/job/ag_1', segmentsAfterJob)
    expect(problems).toEqual([
      expect.stringMatching(/^Input `job-id` \(`ag_1 https:.*`\) is not an id: /)
    ])
  })
  it.each(['https://x.example.com/job/bad%20id', 'https://x.example.com/job/%E0%A4%A', 'https://'])(
    'takes no job id from %j, whose segments are not ids',
    address => {
      const { read, problems } = reader({})
      expect(read.jobId('job-id', address, segmentsAfterJob)).toBe('')
      expect(problems).toEqual([expect.stringContaining('and no part of it is a job id')])
    }
  )
  it('takes a segment after `job` only, never one after a longer word', () => {
    expect(segmentsAfterJob(['subjob', 'a', 'job', 'b'])).toEqual(['b'])
    expect(segmentsAfterJob(['job'])).toEqual([])
  })
  it('accepts a duration at either bound, and names both bounds when it is outside', () => {
    const { read, problems } = reader({ lo: '1s', hi: '1m', over: '61s', under: '999ms' })
    const bounds = { min: 1000, max: 60_000 }
    expect(read.duration('lo', bounds)).toBe(1000)
    expect(read.duration('hi', bounds)).toBe(60_000)
    expect(problems).toEqual([])
    read.duration('over', bounds)
    read.duration('under', bounds)
    expect(problems).toEqual([
      'Input `over` is `61s`: it must be between 1s and 1m.',
      'Input `under` is `999ms`: it must be between 1s and 1m.'
    ])
  })
  it('refuses a count below its minimum', () => {
    const { read, problems } = reader({ n: '0' })
    read.count('n', { min: 1, max: 10 })
    expect(problems).toEqual(['Input `n` is `0`: expected a whole number from 1 to 10.'])
  })
  it('is a SettingsError by name', () =>
    expect(new SettingsError(['x']).name).toBe('SettingsError'))
})

describe('the common settings', () => {
  const given = {
    'api-key': 'mint_abc',
    'base-url': 'https://api.mintlify.com',
    timeout: '15m',
    'poll-interval': '10s',
    'request-timeout': '60s',
    'max-poll-errors': '5',
    'not-found-grace': '10s'
  }
  function common(values: Record<string, string>, env: NodeJS.ProcessEnv = {}) {
    const recorded = recordLog()
    onTestFinished(recorded.restore)
    const { read, problems } = reader({ ...given, ...values })
    return { settings: readCommonSettings(read, env), problems, recorded }
  }

  it('reads each input into its value', () => {
    const { settings, problems, recorded } = common({}, { RUNNER_TEMP: '/rt' })
    const { baseUrl, ...rest } = settings
    expect(baseUrl.href).toBe('https://api.mintlify.com/')
    expect(rest).toEqual({
      apiKey: 'mint_abc',
      timeoutMs: 900_000,
      pollIntervalMs: 10_000,
      requestTimeoutMs: 60_000,
      maxPollErrors: 5,
      notFoundGraceMs: 10_000,
      allowInsecureHttp: false,
      tempDir: '/rt'
    })
    expect(problems).toEqual([])
    expect(recorded.of('warning')).toEqual([])
  })
  it('puts temporary files in the system’s folder off a runner', () =>
    expect(common({}, { RUNNER_TEMP: '' }).settings.tempDir).toBe(tmpdir()))
  it('names the bounds of each wait and of the poll errors', () => {
    const { problems } = common({
      timeout: '0s',
      'poll-interval': '50ms',
      'request-timeout': '2h',
      'max-poll-errors': '1001',
      'not-found-grace': '2h'
    })
    expect(problems).toEqual([
      'Input `timeout` is `0s`: it must be between 1s and 24h.',
      'Input `poll-interval` is `50ms`: it must be between 100ms and 1h.',
      'Input `request-timeout` is `2h`: it must be between 100ms and 1h.',
      'Input `max-poll-errors` is `1001`: expected a whole number from 1 to 1000.',
      'Input `not-found-grace` is `2h`: it must be between 0ms and 1h.'
    ])
  })
  it('warns of a key that is not an admin key, and takes it', () => {
    const { settings, problems, recorded } = common({ 'api-key': 'sk_live_abc' })
    expect(settings.apiKey).toBe('sk_live_abc')
    expect(problems).toEqual([])
    expect(recorded.of('warning')).toEqual([
      'Input `api-key` does not begin with `mint_` as Mintlify admin keys do; check that the secret holds an admin API key.'
    ])
  })
  it('takes the token for the comment only when the comment is on', () => {
    const token = { 'github-token': 'ghs_token' }
    expect(common({ ...token, comment: 'false' }).settings).not.toHaveProperty('commentToken')
    const on = common({ ...token, comment: 'true' })
    expect(on.settings.commentToken).toBe('ghs_token')
    expect(on.problems).toEqual([])
  })
  it('says a comment needs a token', () => {
    const { settings, problems } = common({ comment: 'true', 'github-token': '' })
    expect(settings).not.toHaveProperty('commentToken')
    expect(problems).toEqual([
      'Input `comment: true` needs `github-token` (default: the workflow token `${{ github.token }}`).'
    ])
  })
  it('registers the key, the token and any credential in the address as secrets', () => {
    const recorded = recordLog()
    onTestFinished(recorded.restore)
    maskSecretInputs(
      source({
        'api-key': 'mint_maskedkey0001',
        'github-token': 'ghs_maskedtoken0001',
        'base-url': 'https://me:hunter2masked@api.example.com/?token=abcdefabcdef0001'
      })
    )
    expect(recorded.masks).toEqual([
      'mint_maskedkey0001',
      'ghs_maskedtoken0001',
      'abcdefabcdef0001',
      'hunter2masked'
    ])
  })
})
