// The emulator itself, over real sockets: the API it emulates, the object store, real archives
// checked with the system's tar and unzip, faults, and clean shutdown.
import { execFile, spawn } from 'node:child_process'
import { createHash } from 'node:crypto'
import { once } from 'node:events'
import { existsSync } from 'node:fs'
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import http from 'node:http'
import type { LookupFunction } from 'node:net'
import { tmpdir } from 'node:os'
import { join, relative } from 'node:path'
import { createInterface } from 'node:readline'
import { promisify } from 'node:util'
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest'
import { startEmulator, type Emulator, type EmulatorInput } from './emulator/index.ts'

const run = promisify(execFile)
const FAST = { queuedMs: 60, runningMs: 240 }
const ENTERPRISE =
  'Static export is not enabled for this organization. It requires an Enterprise plan.'

let emulators: Emulator[] = []
let scratch: string[] = []

afterEach(async () => {
  await Promise.all(emulators.map(emu => emu.close()))
  await Promise.all(scratch.map(dir => rm(dir, { recursive: true, force: true })))
  emulators = []
  scratch = []
})

async function emulate(options: EmulatorInput = {}): Promise<Emulator> {
  const emu = await startEmulator({ ...options, export: { ...FAST, ...options.export } })
  emulators.push(emu)
  return emu
}

async function tempDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'emulator-test-'))
  scratch.push(dir)
  return dir
}

const sleep = (ms: number) => new Promise(resolve => setTimeout(resolve, ms))
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex')

interface Call {
  method?: string
  body?: unknown
  /** null: no Authorization header. */
  key?: string | null
  headers?: Record<string, string>
}

function call(emu: Emulator, path: string, { method = 'GET', body, key, headers }: Call = {}) {
  const auth = key === null ? {} : { authorization: `Bearer ${key ?? emu.apiKey}` }
  return fetch(`${emu.apiUrl}${path}`, {
    method,
    headers: {
      ...auth,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...headers
    },
    body: body === undefined ? undefined : JSON.stringify(body)
  })
}

async function json(response: Response): Promise<Record<string, unknown>> {
  return (await response.json()) as Record<string, unknown>
}

async function startJob(emu: Emulator, domain = 'docs.example.com'): Promise<string> {
  const response = await call(emu, '/v1/static-export/jobs', { method: 'POST', body: { domain } })
  expect(response.status).toBe(202)
  return (await json(response)).jobId as string
}

const statusOf = async (emu: Emulator, jobId: string) =>
  json(await call(emu, `/v1/static-export/jobs/${jobId}`))

async function bundle(emu: Emulator, jobId: string): Promise<Record<string, unknown>> {
  const response = await call(emu, `/v1/static-export/jobs/${jobId}/bundle`, { method: 'POST' })
  expect(response.status).toBe(200)
  return json(response)
}

/** A link for a pre-completed job. */
async function link(emu: Emulator): Promise<{ jobId: string; url: string }> {
  const jobId = emu.createExportJob('docs.example.com')
  return { jobId, url: (await bundle(emu, jobId)).bundleUrl as string }
}

async function download(url: string, headers: Record<string, string> = {}) {
  const response = await fetch(url, { headers })
  return { response, body: Buffer.from(await response.arrayBuffer()) }
}

async function readTree(root: string): Promise<Map<string, Buffer>> {
  const files = new Map<string, Buffer>()
  for (const entry of await readdir(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue
    const path = join(entry.parentPath, entry.name)
    files.set(relative(root, path), await readFile(path))
  }
  return files
}

describe('static export jobs', () => {
  it('goes queued → running → completed, with rising progress and pageCount', async () => {
    const emu = await emulate({ export: { queuedMs: 100, runningMs: 500 } })
    const response = await call(emu, '/v1/static-export/jobs', {
      method: 'POST',
      body: { domain: 'docs.example.com', version: 'v2', paths: ['/quickstart'] }
    })
    expect(response.status).toBe(202)
    const started = await json(response)
    expect(started).toMatchObject({ status: 'queued', progress: 0, pageCount: 0 })
    expect(started.jobId).toMatch(/^se_[0-9a-f]{16}$/)
    expect(Date.parse(started.createdAt as string)).toBe(Date.parse(started.updatedAt as string))

    const seen: Record<string, unknown>[] = []
    for (let i = 0; i < 60 && seen.at(-1)?.status !== 'completed'; i++) {
      seen.push(await statusOf(emu, started.jobId as string))
      await sleep(25)
    }
    const statuses = [...new Set(seen.map(s => s.status))]
    expect(statuses).toEqual(['queued', 'running', 'completed'])
    const progress = seen.map(s => s.progress as number)
    expect(progress).toEqual([...progress].sort((a, b) => a - b))
    expect(progress.some(p => p > 0 && p < 100)).toBe(true)
    const pages = seen.map(s => s.pageCount as number)
    expect(pages).toEqual([...pages].sort((a, b) => a - b))

    const site = [...emu.expectedSite().keys()].filter(p => p.endsWith('index.html'))
    expect(emu.options.export.pageCount).toBe(site.length)
    expect(seen.at(-1)).toMatchObject({ progress: 100, pageCount: site.length })
  })

  it('answers the start call with only the jobId, per domain', async () => {
    const emu = await emulate({ domains: { 'terse.example.com': { startResponse: 'jobIdOnly' } } })
    const response = await call(emu, '/v1/static-export/jobs', {
      method: 'POST',
      body: { domain: 'terse.example.com' }
    })
    expect(Object.keys(await json(response))).toEqual(['jobId'])
  })

  it('fails with the reason in `error`, or in `message`', async () => {
    const emu = await emulate({
      export: { outcome: 'failed', queuedMs: 0, runningMs: 50 },
      domains: { 'other.example.com': { failureField: 'message', failureReason: 'Quota exceeded' } }
    })
    const first = await startJob(emu)
    const second = await startJob(emu, 'other.example.com')
    await sleep(80)
    const failed = await statusOf(emu, first)
    expect(failed).toMatchObject({
      status: 'failed',
      error: 'Build failed: page /broken could not be rendered'
    })
    expect(failed.progress).toBeLessThan(100)
    expect(await statusOf(emu, second)).toMatchObject({
      status: 'failed',
      message: 'Quota exceeded'
    })
    const refused = await call(emu, `/v1/static-export/jobs/${first}/bundle`, { method: 'POST' })
    expect(refused.status).toBe(409)
    expect(await json(refused)).toEqual({ error: 'Export job is not completed (status: failed)' })
  })

  it('follows statusSequence, unknown values included, the last one repeating', async () => {
    const sequence = ['queued', 'rendering', 'warming-cache', 'running', 'completed']
    const emu = await emulate({ export: { statusSequence: sequence } })
    const jobId = await startJob(emu)
    const seen = []
    for (let i = 0; i < 7; i++) seen.push(await statusOf(emu, jobId))
    expect(seen.map(s => s.status)).toEqual([...sequence, 'completed', 'completed'])
    expect(seen.map(s => s.progress)).toEqual([0, 25, 50, 75, 100, 100, 100])
  })

  it('can omit progress and put the bundle in a completed status (proposed API)', async () => {
    const emu = await emulate({ export: { omitProgress: true, bundleInStatus: true } })
    const jobId = emu.createExportJob('docs.example.com', 'completed')
    const status = await statusOf(emu, jobId)
    expect(status).not.toHaveProperty('progress')
    expect(status).not.toHaveProperty('pageCount')
    expect(status.sizeBytes).toBe((await emu.bundleFile(jobId)).size)
    expect(status.bundleUrl).toMatch(/^http:\/\/localhost:\d+\/exports\/se_/)
    expect(Date.parse(status.expiresAt as string)).toBeGreaterThan(Date.now())
  })

  it('creates jobs directly, completed or running', async () => {
    const emu = await emulate()
    const running = emu.createExportJob('docs.example.com', 'running')
    expect((await statusOf(emu, running)).status).toBe('running')
    const response = await call(emu, `/v1/static-export/jobs/${running}/bundle`, { method: 'POST' })
    expect(response.status).toBe(409)
    expect(await json(response)).toEqual({ error: 'Export job is not completed (status: running)' })
  })

  it('validates the start body and refuses unknown domains (400, as the vendor)', async () => {
    const emu = await emulate({ unknownDomains: ['docs.unknown.com'] })
    const bad = [
      {},
      { domain: 42 },
      { domain: '' },
      { domain: 'https://docs.example.com' },
      { domain: 'docs.example.com/guides' },
      { domain: 'docs.example.com', paths: '/quickstart' },
      { domain: 'docs.example.com', paths: [1] },
      []
    ]
    for (const body of bad) {
      const response = await call(emu, '/v1/static-export/jobs', { method: 'POST', body })
      expect(response.status, JSON.stringify(body)).toBe(400)
      expect(typeof (await json(response)).error).toBe('string')
    }
    const notJson = await call(emu, '/v1/static-export/jobs', {
      method: 'POST',
      headers: { 'content-type': 'application/json' }
    })
    expect(notJson.status).toBe(400)
    const unknown = await call(emu, '/v1/static-export/jobs', {
      method: 'POST',
      body: { domain: 'docs.unknown.com' }
    })
    expect(unknown.status).toBe(400)
    expect(await json(unknown)).toEqual({ error: 'Invalid domain: docs.unknown.com' })
  })

  it('answers 404 for unknown jobs and paths, 405 for a wrong method', async () => {
    const emu = await emulate()
    const status = await call(emu, '/v1/static-export/jobs/se_doesnotexist')
    expect(status.status).toBe(404)
    expect(await json(status)).toEqual({ error: 'Export job se_doesnotexist not found' })
    const bundle = await call(emu, '/v1/static-export/jobs/se_nope/bundle', { method: 'POST' })
    expect(bundle.status).toBe(404)
    const other = await call(emu, '/v1/nothing-here')
    expect(other.status).toBe(404)
    expect(typeof (await json(other)).error).toBe('string')
    const wrong = await call(emu, '/v1/static-export/jobs')
    expect(wrong.status).toBe(405)
    expect(emu.requests.map(r => r.endpoint)).toEqual(['status', 'bundle', 'other', 'other'])
  })
})

describe('authentication', () => {
  it('refuses missing, wrong and expired keys (401) and keys without the plan (403)', async () => {
    const emu = await emulate({
      forbiddenKeys: ['mint_no_enterprise'],
      expiredKeys: ['mint_old'],
      agentJobs: { job_1: { projectId: 'proj', timeline: 'completed-with-pr', activeMs: 0 } }
    })
    const invalid = { error: 'Invalid or missing API key' }
    for (const key of [null, 'mint_wrong']) {
      const response = await call(emu, '/v1/static-export/jobs/se_x', { key })
      expect(response.status).toBe(401)
      expect(await json(response)).toEqual(invalid)
    }
    const expired = await call(emu, '/v1/static-export/jobs/se_x', { key: 'mint_old' })
    expect([expired.status, await json(expired)]).toEqual([401, { error: 'API key has expired' }])

    const jobId = emu.createExportJob('docs.example.com')
    for (const [path, method] of [
      ['/v1/static-export/jobs', 'POST'],
      [`/v1/static-export/jobs/${jobId}`, 'GET'],
      [`/v1/static-export/jobs/${jobId}/bundle`, 'POST']
    ] as const) {
      const body = method === 'POST' ? { domain: 'docs.example.com' } : undefined
      const response = await call(emu, path, { method, key: 'mint_no_enterprise', body })
      expect([response.status, await json(response)]).toEqual([403, { error: ENTERPRISE }])
    }
    const agent = await call(emu, '/v2/agent/proj/job/job_1', { key: 'mint_no_enterprise' })
    expect(agent.status).toBe(403)
    // Deployments are not an Enterprise feature: the same key triggers one.
    const deploy = await call(emu, '/v1/project/update/proj', {
      method: 'POST',
      key: 'mint_no_enterprise'
    })
    expect(deploy.status).toBe(202)

    // Auth comes before routing; an injected fault (a proxy) comes before auth.
    expect((await call(emu, '/nowhere', { key: null })).status).toBe(401)
    emu.inject('status', { kind: 'http', status: 503 })
    expect((await call(emu, '/v1/static-export/jobs/se_x', { key: null })).status).toBe(503)
  })
})

describe('agent jobs', () => {
  it('plays every timeline, with the AgentJob fields of the spec', async () => {
    // Virtual time: the emulator (in this process) reads the clock the test moves, so a
    // loaded machine cannot carry a job past the 120 ms it is asked to be in a state.
    vi.useFakeTimers({ toFake: ['Date'] })
    onTestFinished(() => void vi.useRealTimers())
    const later = (ms: number) => vi.setSystemTime(Date.now() + ms)
    const activeMs = 120
    const timelines = [
      'completed-with-pr',
      'completed-no-changes',
      'failed',
      'archived',
      'archived-with-pr',
      'unknown-status',
      'not-found-then-found'
    ] as const
    const emu = await emulate({
      agentJobs: Object.fromEntries(
        timelines.map(timeline => [
          `job_${timeline}`,
          { projectId: 'proj_1', timeline, activeMs, unknownStatus: 'paused' }
        ])
      )
    })
    const get = (id: string, project = 'proj_1') => call(emu, `/v2/agent/${project}/job/${id}`)
    const first = await Promise.all(timelines.map(t => get(`job_${t}`)))
    expect(first.map(r => r.status)).toEqual([200, 200, 200, 200, 200, 200, 404])
    const active = await Promise.all(first.slice(0, 6).map(json))
    expect(active.map(j => j.status)).toEqual([
      'active',
      'active',
      'active',
      'active',
      'active',
      'paused'
    ])
    expect(Object.keys(active[0] as object)).toEqual([
      'id',
      'status',
      'source',
      'model',
      'prLink',
      'createdAt',
      'archivedAt'
    ])
    expect(active[0]).toMatchObject({
      id: 'job_completed-with-pr',
      source: { repository: 'https://github.com/acme/docs', ref: 'main' },
      model: 'claude-sonnet-4',
      prLink: null,
      archivedAt: null
    })

    later(activeMs + 30)
    const final = await Promise.all(timelines.map(async t => json(await get(`job_${t}`))))
    const pr = 'https://github.com/acme/docs/pull/42'
    expect(final.map(j => [j.status, j.prLink])).toEqual([
      ['completed', pr],
      ['completed', null],
      ['failed', null],
      ['archived', null],
      ['archived', pr],
      ['completed', pr],
      ['active', null]
    ])
    for (const archived of [final[3], final[4]])
      expect(Date.parse(archived?.archivedAt as string)).toBeLessThanOrEqual(Date.now())
    later(activeMs)
    expect(await json(await get('job_not-found-then-found'))).toMatchObject({ prLink: pr })

    const wrongProject = await get('job_failed', 'proj_2')
    expect(wrongProject.status).toBe(404)
    expect(await json(wrongProject)).toEqual({ error: 'Agent job job_failed not found' })
    expect((await get('job_unknown')).status).toBe(404)
  })
})

describe('object store', () => {
  it('serves, on another host name, the archive the bundle call links to', async () => {
    const emu = await emulate()
    const jobId = emu.createExportJob('docs.example.com')
    const linked = await bundle(emu, jobId)
    const url = new URL(linked.bundleUrl as string)
    expect(url.hostname).toBe('localhost')
    expect(new URL(emu.apiUrl).hostname).toBe('127.0.0.1')
    expect(url.pathname).toBe(`/exports/${jobId}/bundle.tar.gz`)
    expect(url.searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/)
    const signedAt = url.searchParams.get('X-Amz-Date') as string
    const ttl = Number(url.searchParams.get('X-Amz-Expires'))
    expect(ttl).toBe(900)
    const iso = signedAt.replace(/^(\d{4})(\d\d)(\d\d)T(\d\d)(\d\d)(\d\d)Z$/, '$1-$2-$3T$4:$5:$6Z')
    expect(Date.parse(linked.expiresAt as string)).toBe(Date.parse(iso) + ttl * 1000)

    const served = await emu.bundleFile(jobId)
    expect(linked.sizeBytes).toBe(served.size)
    const { response, body } = await download(url.href)
    expect(response.status).toBe(200)
    expect(sha256(body)).toBe(served.sha256)
    expect(response.headers.get('content-type')).toBe('application/gzip')
    expect(response.headers.get('content-length')).toBe(String(served.size))
    expect(response.headers.get('etag')).toBe(`"${served.sha256}"`)
    expect(response.headers.get('accept-ranges')).toBe('bytes')
    expect(Date.parse(response.headers.get('last-modified') as string)).not.toBeNaN()

    const head = await fetch(url, { method: 'HEAD' })
    expect([head.status, head.headers.get('content-length')]).toEqual([200, String(served.size)])
    expect(emu.requests.filter(r => r.endpoint === 'download').map(r => r.method)).toEqual([
      'GET',
      'HEAD'
    ])
    // A second bundle call signs a fresh link to the same bytes.
    expect((await download((await bundle(emu, jobId)).bundleUrl as string)).body).toEqual(body)
  })

  it.each(['tar.gz', 'tar', 'zip'] as const)(
    'builds a real %s that the system tools extract to the site, byte for byte',
    async format => {
      const emu = await emulate({ storage: { format } })
      const { url } = await link(emu)
      const { body } = await download(url)
      const dir = await tempDir()
      const file = join(dir, `bundle.${format}`)
      await writeFile(file, body)
      const out = join(dir, 'site')
      await mkdir(out)
      if (format === 'zip') await run('unzip', ['-q', file, '-d', out])
      else await run('tar', [format === 'tar' ? '-xf' : '-xzf', file, '-C', out])
      const site = await readTree(out)
      const expected = emu.expectedSite()
      expect([...site.keys()].sort()).toEqual([...expected.keys()].sort())
      for (const [path, content] of expected)
        expect(site.get(path)?.equals(content), path).toBe(true)
    }
  )

  it('hides the extension and the type when asked, so the format must come from the bytes', async () => {
    const emu = await emulate({ storage: { format: 'zip', hideExtension: true } })
    const { url } = await link(emu)
    expect(new URL(url).pathname).toMatch(/\/bundle$/)
    const { response, body } = await download(url)
    expect(response.headers.get('content-type')).toBe('application/octet-stream')
    expect(body.subarray(0, 4)).toEqual(Buffer.from('PK\u0003\u0004', 'latin1'))
  })

  it('adds extra entries as given, and keeps them out of expectedSite()', async () => {
    const extraEntries = [
      { name: '../evil.txt', type: 'file' as const, content: 'gotcha' },
      { name: 'escape', type: 'symlink' as const, linkTarget: '/etc/passwd' },
      { name: `${'deep/'.repeat(30)}long.txt`, type: 'file' as const, content: 'long name' }
    ]
    const listings: string[] = []
    for (const format of ['tar.gz', 'zip'] as const) {
      const emu = await emulate({ storage: { format, extraEntries } })
      const { jobId } = await link(emu)
      const { path } = await emu.bundleFile(jobId)
      const list =
        format === 'zip' ? await run('unzip', ['-Z', path]) : await run('tar', ['-tvzf', path])
      listings.push(list.stdout)
      expect([...emu.expectedSite().keys()].some(p => p.includes('evil'))).toBe(false)
    }
    for (const listing of listings) {
      expect(listing).toContain('../evil.txt')
      expect(listing).toMatch(/^l.*escape/m)
      expect(listing).toContain(`${'deep/'.repeat(30)}long.txt`)
    }
  })

  it('serves the site it is given, and a ready archive instead of building one', async () => {
    const site = new Map([['index.html', Buffer.from('<h1>given</h1>')]])
    const emu = await startEmulator({ export: FAST, storage: { format: 'tar.gz' } }, { site })
    emulators.push(emu)
    expect([...emu.expectedSite().keys()]).toEqual(['index.html'])
    const { jobId } = await link(emu)
    const built = await emu.bundleFile(jobId)
    expect((await run('tar', ['-tzf', built.path])).stdout.trim()).toBe('index.html')

    const ready = join(await tempDir(), 'ready.zip')
    await writeFile(ready, 'PK\u0005\u0006 not really a zip')
    emu.options.storage.format = 'zip'
    emu.options.storage.prebuiltPath = ready
    const served = await emu.bundleFile(jobId)
    expect(served.path).toBe(ready)
    expect(served.sha256).toBe(sha256(await readFile(ready)))
    const { body } = await download((await link(emu)).url)
    expect(body).toEqual(await readFile(ready))
  })

  it('answers ranges with 206, honours If-Range, and 416 past the end', async () => {
    const emu = await emulate({ storage: { format: 'tar' } })
    const { jobId, url } = await link(emu)
    const served = await emu.bundleFile(jobId)
    const whole = await readFile(served.path)
    const size = served.size

    const cases: [string, number, number][] = [
      ['bytes=0-99', 0, 100],
      ['bytes=100-', 100, size],
      ['bytes=-50', size - 50, size],
      [`bytes=10-${size + 1000}`, 10, size]
    ]
    for (const [range, start, end] of cases) {
      const { response, body } = await download(url, { range })
      expect(response.status, range).toBe(206)
      expect(response.headers.get('content-range')).toBe(`bytes ${start}-${end - 1}/${size}`)
      expect(body.equals(whole.subarray(start, end)), range).toBe(true)
    }
    const past = await download(url, { range: `bytes=${size}-` })
    expect(past.response.status).toBe(416)
    expect(past.response.headers.get('content-range')).toBe(`bytes */${size}`)

    const etag = `"${served.sha256}"`
    expect((await download(url, { range: 'bytes=5-', 'if-range': etag })).response.status).toBe(206)
    const stale = await download(url, { range: 'bytes=5-', 'if-range': '"something-else"' })
    expect([stale.response.status, stale.body.length]).toEqual([200, size])

    emu.options.storage.acceptRanges = false
    emu.options.storage.etag = false
    const ignored = await download(url, { range: 'bytes=0-9' })
    expect([ignored.response.status, ignored.body.length]).toEqual([200, size])
    expect(ignored.response.headers.get('etag')).toBeNull()
    expect(ignored.response.headers.get('accept-ranges')).toBeNull()
  })

  it('refuses expired links, bad signatures and a second auth mechanism, S3-style', async () => {
    const emu = await emulate({ storage: { linkTtlMs: 0 } })
    const { url } = await link(emu)
    const expired = await fetch(url)
    expect(expired.status).toBe(403)
    expect(expired.headers.get('content-type')).toBe('application/xml')
    expect(await expired.text()).toContain(
      '<Error><Code>AccessDenied</Code><Message>Request has expired</Message></Error>'
    )

    emu.options.storage.linkTtlMs = 60_000
    const { url: fresh } = await link(emu)
    const tampered = new URL(fresh)
    tampered.searchParams.set('X-Amz-Expires', '999999')
    const bad = await fetch(tampered)
    expect([bad.status, await bad.text()]).toEqual([
      403,
      expect.stringContaining('SignatureDoesNotMatch')
    ])
    const unsigned = new URL(fresh)
    unsigned.searchParams.delete('X-Amz-Signature')
    expect(await (await fetch(unsigned)).text()).toContain('<Code>SignatureDoesNotMatch</Code>')

    const twice = await fetch(fresh, { headers: { authorization: `Bearer ${emu.apiKey}` } })
    expect(twice.status).toBe(400)
    expect(await twice.text()).toContain(
      '<Code>InvalidArgument</Code><Message>Only one auth mechanism allowed'
    )
    expect((await fetch(fresh)).status).toBe(200)
  })

  it('throttles each response to bytesPerSecondPerConnection', async () => {
    const emu = await emulate({
      storage: { format: 'tar', padBytes: 192 * 1024, bytesPerSecondPerConnection: 512 * 1024 }
    })
    const { jobId, url } = await link(emu)
    const started = Date.now()
    const { body } = await download(url)
    const elapsed = Date.now() - started
    expect(sha256(body)).toBe((await emu.bundleFile(jobId)).sha256)
    // ~240 KiB at 512 KiB/s cannot come sooner (a machine under load only makes it later).
    expect(elapsed).toBeGreaterThanOrEqual(400)
  })
})

describe('fault injection', () => {
  it('answers each queued fault once, in order, then normally', async () => {
    const emu = await emulate()
    const jobId = emu.createExportJob('docs.example.com')
    const path = `/v1/static-export/jobs/${jobId}`
    emu.inject(
      'status',
      { kind: 'http', status: 429, headers: { 'Retry-After': '1' } },
      { kind: 'http', status: 400, body: '{"error":"custom"}' },
      { kind: 'html', status: 502 },
      { kind: 'malformed-json' },
      { kind: 'wrong-shape' },
      { kind: 'empty' },
      { kind: 'redirect', location: 'http://127.0.0.2:1/elsewhere' }
    )
    const limited = await call(emu, path)
    expect([limited.status, limited.headers.get('retry-after')]).toEqual([429, '1'])
    expect(await json(limited)).toEqual({ error: 'Too Many Requests' })

    const custom = await call(emu, path)
    expect([custom.status, await json(custom)]).toEqual([400, { error: 'custom' }])

    const html = await call(emu, path)
    expect([html.status, html.headers.get('content-type')]).toEqual([502, 'text/html'])
    expect(await html.text()).toContain('<h1>502 Bad Gateway</h1>')

    const malformed = await call(emu, path)
    expect(malformed.headers.get('content-type')).toBe('application/json')
    await expect(malformed.json()).rejects.toThrow()

    const shape = await json(await call(emu, path))
    expect(typeof shape.status).toBe('number')

    const empty = await call(emu, path)
    expect([empty.status, await empty.text()]).toEqual([200, ''])

    const moved = await fetch(`${emu.apiUrl}${path}`, {
      headers: { authorization: `Bearer ${emu.apiKey}` },
      redirect: 'manual'
    })
    expect([moved.status, moved.headers.get('location')]).toEqual([
      302,
      'http://127.0.0.2:1/elsewhere'
    ])

    expect((await statusOf(emu, jobId)).status).toBe('completed')
    expect(emu.requests.filter(r => r.endpoint === 'status')).toHaveLength(8)
  })

  it('resets the connection, or stalls before answering', async () => {
    const emu = await emulate()
    emu.inject('start', { kind: 'reset' }, { kind: 'stall', ms: 300 })
    const body = { domain: 'docs.example.com' }
    await expect(call(emu, '/v1/static-export/jobs', { method: 'POST', body })).rejects.toThrow()
    const started = Date.now()
    const stalled = await call(emu, '/v1/static-export/jobs', { method: 'POST', body })
    expect(stalled.status).toBe(202)
    expect(Date.now() - started).toBeGreaterThanOrEqual(280)
    expect(emu.requests.map(r => r.endpoint)).toEqual(['start', 'start'])
  })

  it('disturbs downloads: stall mid-body, cut short, corrupted bytes', async () => {
    const emu = await emulate({ storage: { format: 'tar' } })
    const { jobId, url } = await link(emu)
    const served = await emu.bundleFile(jobId)
    emu.inject(
      'download',
      { kind: 'stall-body', afterBytes: 1000, ms: 300 },
      { kind: 'cut', afterBytes: 2000 },
      { kind: 'corrupt' }
    )
    // Stall: the first 1000 bytes come at once, the rest after the pause.
    const stalled = await fetch(url)
    const reader = (stalled.body as ReadableStream<Uint8Array>).getReader()
    const first = await reader.read()
    const firstAt = Date.now()
    let received = first.value?.length ?? 0
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
      received += chunk.value.length
    }
    expect(first.value?.length).toBe(1000)
    expect(Date.now() - firstAt).toBeGreaterThanOrEqual(280)
    expect(received).toBe(served.size)

    // Cut: a full Content-Length, 2000 bytes, then the connection drops.
    const cut = await fetch(url)
    expect(cut.headers.get('content-length')).toBe(String(served.size))
    const cutReader = (cut.body as ReadableStream<Uint8Array>).getReader()
    let cutBytes = 0
    await expect(
      (async () => {
        for (let chunk = await cutReader.read(); !chunk.done; chunk = await cutReader.read()) {
          cutBytes += chunk.value.length
        }
      })()
    ).rejects.toThrow()
    expect(cutBytes).toBe(2000)

    // Corrupt: same length, other bytes.
    const corrupt = await download(url)
    expect(corrupt.body.length).toBe(served.size)
    expect(sha256(corrupt.body)).not.toBe(served.sha256)

    expect(sha256((await download(url)).body)).toBe(served.sha256)
  })
})

describe('lifecycle and scale', () => {
  it('closes promptly with keep-alive and stalled connections, removes its files, twice', async () => {
    const emu = await startEmulator()
    const jobId = emu.createExportJob('docs.example.com')
    const { path } = await emu.bundleFile(jobId)
    expect(existsSync(path)).toBe(true)
    const agent = new http.Agent({ keepAlive: true })
    const get = (url: string) =>
      new Promise<http.IncomingMessage>((resolve, reject) => {
        http
          .get(url, { agent, headers: { authorization: `Bearer ${emu.apiKey}` } }, resolve)
          .on('error', reject)
      })
    const idle = await get(`${emu.apiUrl}/v1/static-export/jobs/${jobId}`)
    idle.resume()
    await once(idle, 'end')
    emu.inject('status', { kind: 'stall', ms: 20_000 })
    const stalled = get(`${emu.apiUrl}/v1/static-export/jobs/${jobId}`)
    stalled.catch(() => {})
    await sleep(50)

    const started = Date.now()
    await emu.close()
    // Closed while the stalled answer still had 20 s to go: it did not wait for it.
    expect(Date.now() - started).toBeLessThan(10_000)
    await expect(stalled).rejects.toThrow()
    expect(existsSync(path)).toBe(false)
    await emu.close()
    agent.destroy()
  })

  it('streams a 64 MiB padded archive without holding it in memory', async () => {
    const padBytes = 64 * 1024 * 1024
    // Paced, so that the garbage of the 25 ms between two samples stays small (~6 MiB) while
    // holding the archive would show as all of its 64 MiB.
    const emu = await emulate({
      storage: { padBytes, bytesPerSecondPerConnection: 256 * 1024 * 1024 }
    })
    const { jobId, url } = await link(emu)
    // Built (to disk) before sampling: only what serving it holds is measured.
    const served = await emu.bundleFile(jobId)
    expect(served.size).toBeGreaterThan(padBytes)

    setFlagsFromString('--expose-gc')
    const gc = runInNewContext('gc') as () => void
    setFlagsFromString('--no-expose-gc')
    gc()
    const baseline = process.memoryUsage().arrayBuffers
    let peak = 0
    // A full GC costs a few ms; every 25 ms keeps the sampling honest without starving I/O.
    const sample = setInterval(() => {
      gc()
      peak = Math.max(peak, process.memoryUsage().arrayBuffers - baseline)
    }, 25)
    try {
      const hash = createHash('sha256')
      let size = 0
      for await (const chunk of (await fetch(url)).body as ReadableStream<Uint8Array>) {
        hash.update(chunk)
        size += chunk.length
      }
      expect([size, hash.digest('hex')]).toEqual([served.size, served.sha256])
    } finally {
      clearInterval(sample)
    }
    expect(peak).toBeLessThan(20 * 1024 * 1024)
  })

  it('reaches the store at localhost even when ::1 is tried first', async () => {
    const emu = await emulate()
    const { url } = await link(emu)
    // What a host with "::1 localhost" in /etc/hosts answers; nothing listens on ::1.
    const lookup = ((_host, _options, callback) =>
      callback(null, [
        { address: '::1', family: 6 },
        { address: '127.0.0.1', family: 4 }
      ])) as LookupFunction
    const status = await new Promise<number | undefined>((resolve, reject) => {
      http
        .get(url, { lookup }, response => {
          response.resume()
          resolve(response.statusCode)
        })
        .on('error', reject)
    })
    expect(status).toBe(200)
  })
})

describe('command line', () => {
  it('prints its addresses, serves, logs to stderr and exits 0 on SIGTERM', async () => {
    const cli = spawn(
      process.execPath,
      ['test/emulator/cli.ts', '--job-ms', '100', '--format', 'zip'],
      {
        stdio: ['ignore', 'pipe', 'pipe']
      }
    )
    const exited = once(cli, 'exit') as Promise<[number | null]>
    let stderr = ''
    cli.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk))
    try {
      const [line] = (await once(createInterface({ input: cli.stdout }), 'line')) as [string]
      const { apiUrl, storageUrl, apiKey } = JSON.parse(line) as Record<string, string>
      expect(apiUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
      expect(storageUrl).toMatch(/^http:\/\/localhost:\d+$/)
      const response = await fetch(`${apiUrl}/v1/static-export/jobs`, {
        method: 'POST',
        headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
        body: JSON.stringify({ domain: 'docs.example.com' })
      })
      expect(response.status).toBe(202)
    } finally {
      // On a failed check too: the emulator must not outlive the test.
      cli.kill('SIGTERM')
    }
    const [code] = await exited
    expect(code).toBe(0)
    expect(stderr).toContain('POST /v1/static-export/jobs → 202')
  })

  it('prints usage and exits 2 on a bad flag', async () => {
    const result = await run(process.execPath, ['test/emulator/cli.ts', '--format', 'rar']).catch(
      (error: { code: number; stderr: string }) => error
    )
    expect('code' in result && result.code).toBe(2)
    expect(result.stderr).toContain('Usage: node test/emulator/cli.ts')
  })
})

describe('deployments and previews', () => {
  const post = (emu: Emulator, path: string, body?: unknown) =>
    fetch(`${emu.apiUrl}${path}`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${emu.apiKey}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' })
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) })
    })
  const statusOf = async (emu: Emulator, statusId: string) => {
    const response = await fetch(`${emu.apiUrl}/v1/project/update-status/${statusId}`, {
      headers: { authorization: `Bearer ${emu.apiKey}` }
    })
    return { code: response.status, body: (await response.json()) as Record<string, unknown> }
  }

  it('moves a deployment queued → in_progress → success, with logs, commit and screenshots', async () => {
    const emu = await emulate({ deployments: { queuedMs: 0, inProgressMs: 60_000, logLines: 8 } })
    const answer = await post(emu, '/v1/project/update/proj_1')
    expect(answer.status).toBe(202)
    const { statusId } = (await answer.json()) as { statusId: string }
    expect(statusId).toMatch(/^[0-9a-f]{24}$/)
    const running = await statusOf(emu, statusId)
    expect(running.body).toMatchObject({ status: 'in_progress', endedAt: null, screenshot: null })
    expect(running.body.logs).toHaveLength(4)
    emu.options.deployments.inProgressMs = 0
    const done = await statusOf(emu, statusId)
    expect(done.body).toMatchObject({
      _id: statusId,
      projectId: 'proj_1',
      status: 'success',
      commit: { ref: 'main', message: 'Publish the docs' },
      screenshot: `https://screenshots.mintlify.example/${statusId}.png`
    })
    expect(done.body.logs).toHaveLength(8)
    expect(Date.parse(done.body.endedAt as string)).toBeGreaterThan(0)
  })

  it('ends a failed build with its summary and the error as the last log line', async () => {
    const emu = await emulate({ deployments: { queuedMs: 0, inProgressMs: 0, outcome: 'failure' } })
    const { statusId } = (await (await post(emu, '/v1/project/update/p')).json()) as {
      statusId: string
    }
    const { body } = await statusOf(emu, statusId)
    expect(body).toMatchObject({
      status: 'failure',
      summary: expect.stringContaining('Build failed')
    })
    expect((body.logs as string[]).at(-1)).toContain('unexpected closing tag')
  })

  it('previews a branch at its own address; 400 without a branch, 403 off the plan', async () => {
    const emu = await emulate()
    const answer = await post(emu, '/v1/project/preview/proj_1', { branch: 'docs/x' })
    expect(answer.status).toBe(202)
    expect(await answer.json()).toMatchObject({ previewUrl: 'https://proj-1-docs-x.mintlify.app' })
    expect((await post(emu, '/v1/project/preview/proj_1', {})).status).toBe(400)
    emu.options.deployments.previewsOnPlan = false
    const refused = await post(emu, '/v1/project/preview/proj_1', { branch: 'docs/x' })
    expect(refused.status).toBe(403)
    expect(await refused.json()).toEqual({
      error: 'Preview deployments are not available on your plan'
    })
    expect((await statusOf(emu, 'nope')).code).toBe(404)
  })

  it('limits triggers per organization, without Retry-After as the vendor, or with it', async () => {
    const emu = await emulate({ deployments: { previewLimit: { requests: 2, windowMs: 60_000 } } })
    for (const branch of ['a', 'b'])
      expect((await post(emu, '/v1/project/preview/p', { branch })).status).toBe(202)
    const limited = await post(emu, '/v1/project/preview/other', { branch: 'c' })
    expect(limited.status).toBe(429)
    expect(limited.headers.get('retry-after')).toBeNull()
    emu.options.deployments.retryAfter = true
    const told = await post(emu, '/v1/project/preview/other', { branch: 'c' })
    expect(told.status).toBe(429)
    const wait = Number(told.headers.get('retry-after'))
    expect(wait).toBeGreaterThan(0)
    expect(wait).toBeLessThanOrEqual(60)
    // The deployment limit is a window of its own.
    expect((await post(emu, '/v1/project/update/p')).status).toBe(202)
  })

  it('drops the answer of a trigger it carried out (`drop`)', async () => {
    const emu = await emulate()
    emu.inject('deploy', { kind: 'drop' })
    await expect(post(emu, '/v1/project/update/p')).rejects.toThrow()
    expect(emu.requests.filter(r => r.endpoint === 'deploy')).toHaveLength(1)
  })
})
