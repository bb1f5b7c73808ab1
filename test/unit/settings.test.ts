import { describe, expect, it } from 'vitest'
import { checkServiceUrl, isLoopbackHost } from '../../src/settings/base-url.js'
import { normaliseDomain } from '../../src/settings/domain.js'
import { formatDuration, parseDurationMs } from '../../src/settings/duration.js'
import { readSettings } from '../../src/modes/modes.js'
import { keyPrefixWarning } from '../../src/settings/common.js'
import { Reader, SettingsError, type InputSource } from '../../src/settings/reader.js'
import { actionDefaults } from '../support/action-runner.js'

describe('parseDurationMs', () => {
  it.each([
    ['90', 90_000],
    ['90s', 90_000],
    ['500ms', 500],
    ['10m', 600_000],
    ['1h', 3_600_000],
    ['1m30s', 90_000],
    [' 2.5s ', 2500],
    ['0s', 0]
  ])('reads %j as %i ms', (text, ms) => expect(parseDurationMs(text)).toBe(ms))

  it.each(['soon', '-5s', '', '10 minutes', '5d', 's', '1e3', '10m-'])('refuses %j', text =>
    expect(parseDurationMs(text)).toBeUndefined()
  )

  it('formats durations in the form the inputs take', () => {
    expect(formatDuration(500)).toBe('500ms')
    expect(formatDuration(90_000)).toBe('1m30s')
    expect(formatDuration(3_600_000)).toBe('1h')
  })
})

describe('normaliseDomain', () => {
  it('keeps a host name', () =>
    expect(normaliseDomain('docs.example.com')).toEqual({ ok: true, domain: 'docs.example.com' }))
  it('reduces a pasted site address to its host', () =>
    expect(normaliseDomain('https://Docs.Example.com/')).toEqual({
      ok: true,
      domain: 'docs.example.com',
      normalisedFrom: 'https://Docs.Example.com/'
    }))
  it.each([
    'https://docs.example.com/guides',
    'docs.example.com/guides',
    'https://docs.example.com:8443',
    'not a host',
    '-bad.example.com'
  ])('refuses %j', text => expect(normaliseDomain(text).ok).toBe(false))
})

describe('checkServiceUrl', () => {
  it('accepts https anywhere and http on loopback', () => {
    expect(checkServiceUrl('https://api.mintlify.com', false).ok).toBe(true)
    for (const url of [
      'http://127.0.0.1:4010',
      'http://localhost:1',
      'http://[::1]:80',
      'http://127.9.9.9'
    ]) {
      expect(checkServiceUrl(url, false).ok).toBe(true)
    }
  })
  it('refuses plain http to another host unless allowed', () => {
    expect(checkServiceUrl('http://api.example.com', false)).toMatchObject({
      ok: false,
      problem: expect.stringContaining('in clear')
    })
    expect(checkServiceUrl('http://api.example.com', true).ok).toBe(true)
  })
  it('refuses what is not an http(s) URL', () => {
    expect(checkServiceUrl('api.mintlify.com', false).ok).toBe(false)
    expect(checkServiceUrl('ftp://x', false).ok).toBe(false)
    expect(checkServiceUrl('https://user:pw@x', false).ok).toBe(false)
  })
  it('knows loopback hosts', () => {
    expect(isLoopbackHost('128.0.0.1')).toBe(false)
    expect(isLoopbackHost('localhost.example.com')).toBe(false)
  })
})

describe('keyPrefixWarning', () => {
  it('is quiet for admin keys', () => expect(keyPrefixWarning('mint_abc')).toBeUndefined())
  it('names the other key kinds', () => {
    expect(keyPrefixWarning('mint_dsc_abc')).toContain('assistant')
    expect(keyPrefixWarning('mint_us_abc')).toContain('search index')
    expect(keyPrefixWarning('sk_live_x')).toContain('does not begin with `mint_`')
  })
})

// Inputs as a runner provides them: action.yml defaults, then the workflow's `with:`.
const defaults = await actionDefaults()
function inputs(withInputs: Record<string, string>): InputSource {
  const values: Record<string, string> = { ...defaults, ...withInputs }
  const text = (name: string) => (values[name] ?? '').trim()
  return {
    text,
    list: name =>
      text(name)
        .split(/[\n,]/)
        .map(s => s.trim())
        .filter(Boolean),
    flag: name => {
      const value = text(name)
      if (['true', 'True', 'TRUE'].includes(value)) return true
      if (['false', 'False', 'FALSE'].includes(value)) return false
      throw new TypeError(`not a boolean: ${name}`)
    }
  }
}

function problemsOf(fn: () => unknown): readonly string[] {
  try {
    fn()
  } catch (error) {
    if (error instanceof SettingsError) return error.problems
    throw error
  }
  throw new Error('expected a SettingsError')
}

describe('readSettings', () => {
  const base = { mode: 'export', 'api-key': 'mint_x', domain: 'docs.example.com' }

  it('parses an export with defaults from action.yml', () => {
    const settings = readSettings(inputs(base), { RUNNER_TEMP: '/tmp/rt' })
    expect(settings).toMatchObject({
      mode: 'export',
      target: { kind: 'domain', domain: 'docs.example.com' },
      timeoutMs: 15 * 60_000,
      pollIntervalMs: 10_000,
      wait: true,
      download: true,
      extract: false,
      tempDir: '/tmp/rt'
    })
    expect(settings.baseUrl.href).toBe('https://api.mintlify.com/')
  })

  it('refuses an input the mode never reads, given a value of its own', () => {
    const watch = { mode: 'agent-watch', 'api-key': 'mint_x', 'project-id': 'p', 'job-id': 'j' }
    expect(problemsOf(() => readSettings(inputs({ ...watch, 'status-id': 'st_1' }), {}))).toEqual([
      'Input `status-id` is not read by `mode: agent-watch` (only by `deploy`, `preview`): remove it, or choose the mode it is for. To wait on a deployment or a preview started elsewhere, use `mode: deploy` or `mode: preview` with its `status-id`.'
    ])
    const preview = { mode: 'preview', 'api-key': 'mint_x', 'project-id': 'proj_1', branch: 'b' }
    expect(readSettings(inputs({ ...preview, 'status-id': 'st_1' }), {})).toMatchObject({
      mode: 'preview',
      branch: 'b',
      statusId: 'st_1'
    })
    const deploy = { mode: 'deploy', 'api-key': 'mint_x', 'project-id': 'proj_1' }
    expect(problemsOf(() => readSettings(inputs({ ...deploy, wait: 'false' }), {}))).toEqual([
      expect.stringMatching(
        /^Input `wait` is not read by `mode: deploy` \(only by `export`, `agent`\)/
      )
    ])
    // Its default, as a runner passes every input, is no value of its own.
    expect(readSettings(inputs({ ...deploy, wait: 'true', 'status-id': '' }), {})).toMatchObject({
      mode: 'deploy'
    })
  })

  it('reads `not-found-grace` for deploy and preview as for the agent, within 0 to 1h', () => {
    const project = { 'api-key': 'mint_x', 'project-id': 'proj_1' }
    const own = { deploy: {}, preview: { branch: 'docs' }, 'agent-watch': { 'job-id': 'job_1' } }
    for (const [mode, more] of Object.entries(own)) {
      const given = { ...project, mode, ...more }
      expect(readSettings(inputs(given), {})).toMatchObject({ notFoundGraceMs: 10_000 })
      expect(readSettings(inputs({ ...given, 'not-found-grace': '0s' }), {})).toMatchObject({
        notFoundGraceMs: 0
      })
      expect(
        problemsOf(() => readSettings(inputs({ ...given, 'not-found-grace': '2h' }), {}))
      ).toEqual([expect.stringContaining('`not-found-grace`')])
    }
  })

  it('reads version, paths and a job to reuse', () => {
    const withPaths = readSettings(
      inputs({ ...base, 'site-version': 'v2', paths: '/a, /b\n/c' }),
      {}
    )
    expect(withPaths).toMatchObject({
      target: { kind: 'domain', version: 'v2', paths: ['/a', '/b', '/c'] }
    })
    const reuse = readSettings(
      inputs({ mode: 'export', 'api-key': 'mint_x', 'job-id': 'se_1' }),
      {}
    )
    expect(reuse).toMatchObject({ target: { kind: 'job', jobId: 'se_1' } })
  })

  it('checks links by default when the site is extracted; failing on them or a host implies extraction', () => {
    expect(readSettings(inputs(base), {})).toMatchObject({
      check: 'warn',
      host: 'plain',
      extract: false
    })
    expect(readSettings(inputs({ ...base, check: 'fail' }), {})).toMatchObject({ extract: true })
    expect(readSettings(inputs({ ...base, host: 'cloudfront' }), {})).toMatchObject({
      host: 'cloudfront',
      extract: true
    })
    expect(readSettings(inputs({ ...base, check: 'off' }), {})).toMatchObject({ extract: false })
  })

  it('resolves a relative path against the workspace', () => {
    const settings = readSettings(inputs({ ...base, path: 'out' }), { GITHUB_WORKSPACE: '/ws' })
    expect(settings).toMatchObject({ downloadDir: '/ws/out' })
  })

  it.each([
    [{ mode: 'exprot' }, 'Input `mode` is `exprot`: expected one of `export`'],
    [{ mode: '' }, 'Input `mode` is required'],
    [{ 'api-key': '' }, 'Input `api-key` is required'],
    [{ 'api-key': 'mint_abc\u200b' }, 'Input `api-key` holds a space or a character that cannot'],
    [{ 'api-key': 'mint_a bc' }, 'Input `api-key` holds a space'],
    [{ domain: '' }, 'Input `domain` is required in export mode'],
    [{ timeout: 'soon' }, 'Input `timeout` is `soon`: expected a duration'],
    [{ timeout: '-5s' }, 'Input `timeout` is `-5s`: expected a duration'],
    [{ timeout: '0s' }, 'Input `timeout` is `0s`: it must be between 1s and 24h'],
    [{ 'poll-interval': '48h' }, 'Input `poll-interval` is `48h`: it must be between'],
    [{ 'base-url': 'not a url' }, 'Input `base-url` (`not a url`) is not an absolute URL'],
    [{ 'base-url': 'http://api.example.com' }, 'allow-insecure-http: true'],
    [{ 'base-url': 'https://api.example.com/?a=1' }, '(`https://api.example.com/?…`) has a query'],
    [{ 'base-url': 'https://api.example.com/#x' }, 'has a query or fragment'],
    [{ wait: 'yes' }, 'Input `wait` is `yes`: expected `true` or `false`.'],
    [{ checksum: 'md5' }, 'Input `checksum` is `md5`: expected one of `sha256`, `none`.'],
    [{ extract: 'true', download: 'false' }, 'Input `extract: true` needs `download: true`'],
    [{ domain: 'https://docs.example.com/guide' }, 'has a path (/guide)'],
    [{ host: 'apache' }, 'Input `host` is `apache`: expected one of `plain`, `github-pages`'],
    [{ check: 'strict' }, 'Input `check` is `strict`: expected one of `warn`, `fail`, `off`.'],
    [{ check: 'fail', download: 'false' }, 'Input `check: fail` needs `download: true`'],
    [{ host: 'nginx', download: 'false' }, 'Input `host: nginx` needs `download: true`'],
    [
      { 'deployment-kind': 'air-gapped', download: 'false' },
      'Input `deployment-kind: air-gapped` needs `download: true`'
    ],
    [
      { wait: 'false', extract: 'true' },
      '`wait: false` stops once the job is started, so `extract: true` would never run'
    ],
    [{ wait: 'false', check: 'fail' }, 'so `check: fail` would never run'],
    [{ wait: 'false', host: 'nginx' }, 'so `host: nginx` would never run'],
    [
      { wait: 'false', 'deployment-kind': 'client-hosted' },
      'so `deployment-kind: client-hosted` would never run'
    ],
    [{ path: 'package.json' }, 'Input `path` (`package.json`) is a file, not a folder'],
    [{ path: 'package.json/site' }, 'Input `path` (`package.json/site`) lies under']
  ])('names the bad input: %j', (bad, message) => {
    const problems = problemsOf(() => readSettings(inputs({ ...base, ...bad }), {}))
    expect(problems.join('\n')).toContain(message)
  })

  it('cuts a long value it quotes back, to one readable line', () => {
    const domain = `${'a'.repeat(100_000)}.example.com/x`
    const [problem = ''] = problemsOf(() => readSettings(inputs({ ...base, domain }), {}))
    expect(problem).toContain(`(\`${'a'.repeat(120)}…\`)`)
    expect(problem.length).toBeLessThan(400)
  })

  it('keeps the prose between quoted values whole, however long, and cuts only past 120', () => {
    const problems: string[] = []
    const reader = new Reader(inputs({}), problems)
    const prose = ` ${'is the prose between two code spans, '.repeat(5)}`
    reader.problem(`Input \`a\`${prose}\`b\` and \`${'c'.repeat(200)}\`.`)
    // Exactly 120 characters stay; an unpaired backtick opens no span.
    reader.problem(`\`${'d'.repeat(120)}\` then an unpaired \`${'e'.repeat(200)}`)
    // A backtick inside a value pairs the spans wrongly: the whole is capped.
    reader.problem(`Input \`domain\` (\`a\`b${'x'.repeat(100_000)}\`) is wrong.`)
    reader.problem('f'.repeat(4000))
    expect(problems).toEqual([
      `Input \`a\`${prose}\`b\` and \`${'c'.repeat(120)}…\`.`,
      `\`${'d'.repeat(120)}\` then an unpaired \`${'e'.repeat(200)}`,
      expect.stringMatching(/^.{4000}…$/s),
      'f'.repeat(4000)
    ])
  })

  it('lists every problem at once', () => {
    const bad = () => readSettings(inputs({ mode: 'export', 'api-key': '', timeout: 'soon' }), {})
    expect(problemsOf(bad)).toHaveLength(3)
    expect(bad).toThrow(/^3 inputs need fixing:/)
  })
})

describe('a job id pasted as an address', () => {
  const key = { 'api-key': 'mint_0123456789abcdef' }
  const exportWith = (jobId: string) =>
    readSettings(inputs({ ...key, mode: 'export', 'job-id': jobId }), {})
  const watchWith = (jobId: string) =>
    readSettings(
      inputs({ ...key, mode: 'agent-watch', 'project-id': 'proj_1', 'job-id': jobId }),
      {}
    )

  it('takes the export job id from a dashboard or API address', () => {
    for (const address of [
      'https://dashboard.mintlify.com/acme/docs/static-export/se_3f9a2c1b8e7d4a06',
      'https://api.mintlify.com/v1/static-export/jobs/se_3f9a2c1b8e7d4a06?tab=logs#top'
    ])
      expect(exportWith(address)).toMatchObject({
        target: { kind: 'job', jobId: 'se_3f9a2c1b8e7d4a06' }
      })
  })

  it('takes the agent job id that follows a job segment', () => {
    expect(watchWith('https://api.mintlify.com/v2/agent/proj_1/job/job_42')).toMatchObject({
      jobId: 'job_42'
    })
  })

  it('refuses an address with no job id, or with two, naming the input', () => {
    expect(problemsOf(() => exportWith('https://dashboard.mintlify.com/acme/docs'))).toContainEqual(
      expect.stringMatching(
        /^Input `job-id` is an address .* no part of it is a job id: set `job-id` to the id alone/
      )
    )
    expect(
      problemsOf(() => exportWith('https://x.example/se_aaaaaaaa/compare/se_bbbbbbbb'))
    ).toContainEqual(expect.stringContaining('it names more than one'))
    expect(problemsOf(() => watchWith('https://dashboard.mintlify.com/acme'))).toHaveLength(1)
  })

  it('never quotes a credential of the address', () => {
    const [problem] = problemsOf(() =>
      exportWith('https://user:hunter2secret@dashboard.mintlify.com/x?token=abcdefabcdefabcdef12')
    )
    expect(problem).not.toContain('hunter2secret')
    expect(problem).not.toContain('abcdefabcdefabcdef12')
  })
})
