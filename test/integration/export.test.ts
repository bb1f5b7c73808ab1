import { createHash } from 'node:crypto'
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { startEmulator, type Emulator, type EmulatorOptions } from '../emulator/index.ts'
import { emulatorInputs, runAction, type ActionRun } from '../support/action-runner.js'
import {
  errorsOf,
  expectCleanFailure,
  expectNoSecretsShown,
  exists,
  readTree,
  signatureOf,
  warningsOf
} from '../support/assertions.js'
import { renderGfm } from '../support/markdown.js'
import { selfSignedCertificate } from '../support/tls.js'

/** S3's answer to a presigned link past its expiry. */
const LINK_EXPIRED = {
  kind: 'http',
  status: 403,
  body: '<Error><Code>AccessDenied</Code><Message>Request has expired</Message></Error>'
} as const

const FAST = { queuedMs: 100, runningMs: 500 }
const NOT_FOUND = { kind: 'http', status: 404, body: '{"error":"Export job not found"}' } as const
let emulator: Emulator | undefined
let runs: ActionRun[] = []

async function emulate(options: Partial<EmulatorOptions> = {}): Promise<Emulator> {
  emulator = await startEmulator({
    ...options,
    export: { ...FAST, ...options.export } as EmulatorOptions['export']
  })
  return emulator
}

/** Runs the bundled action's export against the emulator with fast polling. */
async function exportRun(
  inputs: Record<string, string> = {},
  env?: Record<string, string>
): Promise<ActionRun> {
  const emu = emulator as Emulator
  const run = await runAction(
    {
      mode: 'export',
      ...emulatorInputs(emu),
      domain: 'docs.example.com',
      ...inputs
    },
    { env }
  )
  runs.push(run)
  return run
}

const count = (emu: Emulator, endpoint: string, method?: string) =>
  emu.requests.filter(r => r.endpoint === endpoint && (!method || r.method === method)).length

afterEach(async () => {
  await emulator?.close()
  emulator = undefined
  await Promise.all(runs.map(run => run.cleanup()))
  runs = []
})

describe('export, end to end against the emulator', () => {
  it('exports, downloads, verifies and extracts the site', async () => {
    const emu = await emulate()
    const run = await exportRun({ extract: 'true' })
    expect(run.exitCode, run.log).toBe(0)

    const out = run.outputs
    expect(out['job-id']).toMatch(/^se_[0-9a-f]{16}$/)
    expect(out.status).toBe('completed')
    // The last line says where the result is.
    expect(run.log.trimEnd().split('\n').at(-1)).toBe(
      `Export ${out['job-id']} is ready (12 pages): the site is in ${out['extract-path']}; the bundle is at ${out['bundle-path']}; Helm values are in ${out['helm-values']}.`
    )
    // The download folds under one line on a runner: opened before it, closed after it.
    const lines = run.log.split('\n')
    const opened = lines.indexOf(`::group::Downloading the bundle of export job ${out['job-id']}`)
    const closed = lines.indexOf('::endgroup::', opened)
    const downloaded = lines.findIndex(line => line.startsWith('Downloaded '))
    expect(opened).toBeGreaterThan(0)
    expect(closed).toBeGreaterThan(opened)
    expect(downloaded).toBeGreaterThan(closed)
    expect(Number(out['page-count'])).toBe(emu.options.export.pageCount)
    expect(out['bundle-url']).toMatch(
      new RegExp(`^${emu.storageUrl}/exports/${out['job-id']}/bundle\\.tar\\.gz\\?`)
    )
    expect(Date.parse(out['expires-at'] as string)).toBeGreaterThan(Date.now())
    expect(out['bundle-format']).toBe('tar.gz')

    // The file is the archive the store served, byte for byte.
    const served = await emu.bundleFile(out['job-id'] as string)
    const bytes = await readFile(out['bundle-path'] as string)
    expect(createHash('sha256').update(bytes).digest('hex')).toBe(served.sha256)
    expect(out['bundle-sha256']).toBe(served.sha256)
    expect(Number(out['bundle-size'])).toBe(served.size)
    expect(out['bundle-path']?.startsWith(run.runnerTemp)).toBe(true)

    // The extracted site is the emulator's site, file for file.
    const site = await readTree(out['extract-path'] as string)
    const expected = emu.expectedSite()
    expect([...site.keys()].sort()).toEqual([...expected.keys()].sort())
    for (const [path, content] of expected) expect(site.get(path)?.equals(content), path).toBe(true)

    // No partial file, and the key never went to the store.
    expect(
      (await readdir(dirname(out['bundle-path'] as string))).filter(f => f.endsWith('.part'))
    ).toEqual([])
    const downloads = emu.requests.filter(r => r.endpoint === 'download')
    expect(downloads.length).toBeGreaterThan(0)
    for (const request of downloads) expect(request.headers.authorization).toBeUndefined()

    // Progress is logged as it changes, not once per poll.
    const progressLines = run.log
      .split('\n')
      .filter(line => line.includes(`Export job ${out['job-id']}:`))
    expect(progressLines.length).toBeGreaterThan(1)
    expect(new Set(progressLines).size).toBe(progressLines.length)
    expect(progressLines.some(line => /running · \d+% · \d+ pages?/.test(line))).toBe(true)

    // The summary has the table, the phases and the time left on the link.
    expect(run.summary).toContain('Mintlify static export')
    expect(run.summary).toContain(served.sha256)
    expect(run.summary).toMatch(/Link expires.*in \d+m/s)
    expect(run.summary).toContain('Time: download')

    expectNoSecretsShown(run, [emu.apiKey, signatureOf(out['bundle-url'] as string)])
  })

  it('downloads over TLS from a store the runner trusts through NODE_EXTRA_CA_CERTS', async () => {
    // Real stores speak https only; the bundle's own GET (direct-get.ts) does TLS itself.
    const certificate = selfSignedCertificate()
    emulator = await startEmulator({ export: FAST }, { storageTls: certificate })
    const caFile = join(await mkdtemp(join(tmpdir(), 'ca-')), 'store-ca.pem')
    await writeFile(caFile, certificate.cert)
    try {
      const run = await exportRun({ extract: 'true' }, { NODE_EXTRA_CA_CERTS: caFile })
      expect(run.exitCode, run.log).toBe(0)
      expect(run.outputs['bundle-url']).toMatch(/^https:\/\/localhost:\d+\//)
      const served = await emulator.bundleFile(run.outputs['job-id'] as string)
      expect(run.outputs['bundle-sha256']).toBe(served.sha256)
      expect(await exists(join(run.outputs['extract-path'] as string, 'index.html'))).toBe(true)

      // Without the certificate authority, the step fails and says how to trust it.
      const untrusted = await exportRun({ 'job-id': run.outputs['job-id'] as string })
      expectCleanFailure(
        untrusted,
        'the TLS certificate is self-signed (behind a TLS-inspecting proxy, point NODE_EXTRA_CA_CERTS at its CA certificate) [DEPTH_ZERO_SELF_SIGNED_CERT]'
      )
    } finally {
      await rm(dirname(caFile), { recursive: true, force: true })
    }
  })

  it('extracts names as the zip stores them on a job without a UTF-8 locale', async () => {
    // The system's unzip, run before, wrote `caf#U00e9/…` here and reported success.
    emulator = await startEmulator({
      export: FAST,
      storage: {
        format: 'zip',
        extraEntries: [{ name: 'café/menú.html', type: 'file', content: '<p>olé</p>' }]
      }
    })
    const run = await exportRun({ extract: 'true' }, { LANG: 'C', LC_ALL: 'C' })
    expect(run.exitCode, run.log).toBe(0)
    const site = await readTree(run.outputs['extract-path'] as string)
    expect(site.get('café/menú.html')?.toString('utf8')).toBe('<p>olé</p>')
  })

  it('masks the key and the link signature before they could be printed', async () => {
    const emu = await emulate()
    const run = await exportRun({}, { RUNNER_DEBUG: '1' })
    expect(run.exitCode, run.log).toBe(0)
    const signature = signatureOf(run.outputs['bundle-url'] as string)
    expect(signature).toMatch(/^[0-9a-f]{64}$/)
    // The raw stream does register both with the runner...
    expect(run.rawLog).toContain(`::add-mask::${emu.apiKey}`)
    expect(run.rawLog).toContain(`::add-mask::${signature}`)
    // ...and once applied line by line, as a runner does, neither shows, debug output included.
    expectNoSecretsShown(run, [emu.apiKey, signature])
  })

  it('takes a job id pasted as a dashboard address, with a notice', async () => {
    const emu = await emulate()
    const jobId = emu.createExportJob('docs.example.com', 'completed')
    const pasted = `https://dashboard.mintlify.com/acme/docs/static-export/${jobId}?tab=logs`
    const run = await exportRun({ 'job-id': pasted, domain: '' })
    expect(run.exitCode, run.log).toBe(0)
    expect(run.log).toContain(`::notice::Input \`job-id\`: using \`${jobId}\``)
    expect(run.outputs['job-id']).toBe(jobId)
    expect(count(emu, 'start')).toBe(0)
  })

  it('reuses an existing job by job-id without starting a new one', async () => {
    const emu = await emulate()
    const jobId = emu.createExportJob('docs.example.com', 'completed')
    const run = await exportRun({ 'job-id': jobId, domain: '' })
    expect(run.exitCode, run.log).toBe(0)
    expect(run.outputs['job-id']).toBe(jobId)
    expect(count(emu, 'start')).toBe(0)
    expect(run.log).toContain(`Reusing export job ${jobId}`)
    expect(run.outputs['bundle-sha256']).toBe((await emu.bundleFile(jobId)).sha256)
  })

  it('stops at the link with download: false', async () => {
    const emu = await emulate()
    const run = await exportRun({ download: 'false' })
    expect(run.exitCode, run.log).toBe(0)
    expect(run.outputs['bundle-url']).toContain('X-Amz-Signature=')
    expect(run.outputs['expires-at']).toBeTruthy()
    expect(run.outputs['bundle-path']).toBeUndefined()
    expect(count(emu, 'download')).toBe(0)
  })

  it('stops after starting with wait: false, and a later run resumes by job-id', async () => {
    const emu = await emulate()
    const started = await exportRun({ wait: 'false' })
    expect(started.exitCode, started.log).toBe(0)
    const jobId = started.outputs['job-id'] as string
    expect(jobId).toMatch(/^se_/)
    expect(started.outputs.status).toBe('queued')
    expect(count(emu, 'status')).toBe(0)

    const resumed = await exportRun({ 'job-id': jobId, domain: '' })
    expect(resumed.exitCode, resumed.log).toBe(0)
    expect(resumed.outputs.status).toBe('completed')
    expect(count(emu, 'start')).toBe(1)
  })

  it('fails with the server’s reason when the job fails', async () => {
    await emulate({
      export: {
        outcome: 'failed',
        failureReason: 'Build failed: page /broken could not be rendered'
      } as never
    })
    const run = await exportRun()
    expectCleanFailure(
      run,
      /Export job se_\w+ failed: Build failed: page \/broken could not be rendered/
    )
    expect(run.outputs['job-id']).toMatch(/^se_/)
    expect(run.outputs.status).toBe('failed')
  })

  it('reads the reason from `message` when the server puts it there', async () => {
    await emulate({
      export: {
        outcome: 'failed',
        failureReason: 'Quota exceeded',
        failureField: 'message'
      } as never
    })
    expectCleanFailure(await exportRun(), 'failed: Quota exceeded')
  })

  it('times out with how far the job got and how to resume', async () => {
    await emulate({ export: { queuedMs: 100, runningMs: 60_000 } as never })
    const run = await exportRun({ timeout: '2s' })
    expectCleanFailure(
      run,
      /Timed out after 2s waiting for export job se_\w+ \(last seen: running · \d+% · \d+ pages?\)/
    )
    expect(errorsOf(run).join()).toContain(`resume with \`job-id: ${run.outputs['job-id']}\``)
  })

  it('explains a refused key (401)', async () => {
    await emulate()
    const run = await exportRun({ 'api-key': 'mint_wrong_key' })
    expectCleanFailure(
      run,
      /HTTP 401: "[^"]+"\. Check that `api-key` holds a current admin key .*create one at https:\/\/app\.mintlify\.com\/settings\/organization\/api-keys\./
    )
  })

  it('explains static export not being enabled (403)', async () => {
    await emulate({ forbiddenKeys: ['mint_no_enterprise'] })
    const run = await exportRun({ 'api-key': 'mint_no_enterprise' })
    expectCleanFailure(run, /HTTP 403.*Enterprise plan/)
  })

  it('names the job that was not found (404), after `not-found-grace`', async () => {
    const emu = await emulate()
    const run = await exportRun({
      'job-id': 'se_doesnotexist',
      domain: '',
      'not-found-grace': '500ms',
      'poll-interval': '100ms'
    })
    expectCleanFailure(
      run,
      'Export job `se_doesnotexist` was not found, still, after the 500ms of `not-found-grace`. Check `job-id` (`se_doesnotexist`)'
    )
    expect(count(emu, 'status')).toBeGreaterThan(1)
  })

  it('polls through a job it just started that the API does not show yet (404)', async () => {
    const emu = await emulate()
    emu.inject('status', NOT_FOUND, NOT_FOUND)
    const run = await exportRun({ 'poll-interval': '100ms', download: 'false' })
    expect(run.exitCode, run.log).toBe(0)
    expect(run.outputs.status).toBe('completed')
    // Once, however many polls: a state of the wait, with its heartbeat.
    const states = run.log.match(
      /^Export job se_\w+: not visible yet \(HTTP 404\); polled again for up to the 10s of `not-found-grace`$/gm
    )
    expect(states).toHaveLength(1)
    expect(run.log).not.toContain('::warning')
  })

  it('a job it started that the API never shows: follow it later by job-id, start no other', async () => {
    const emu = await emulate()
    emu.inject('status', ...Array.from({ length: 200 }, () => NOT_FOUND))
    const inputs = { 'poll-interval': '100ms', download: 'false' }
    const run = await exportRun({ ...inputs, 'not-found-grace': '1s' })
    expectCleanFailure(
      run,
      /^Export job (se_\w+) was started, but the API answers 404 for it, still, after the 1s of `not-found-grace`\. It may not be recorded yet: follow it with `job-id: \1` in a later run/
    )
    expect(run.outputs['job-id']).toMatch(/^se_/)
    // Out of time while it still answers 404: never found too, not "still running".
    const timedOut = await exportRun({ ...inputs, 'not-found-grace': '1h', timeout: '2s' })
    expectCleanFailure(
      timedOut,
      /^Export job se_\w+ was started, but the API answers 404 for it, still, when `timeout` \(2s\) ran out\./
    )
  })

  it('a job seen after a 404 and still running when `timeout` runs out is a timeout', async () => {
    const emu = await emulate({ export: { queuedMs: 100, runningMs: 60_000 } as never })
    emu.inject('status', NOT_FOUND)
    const run = await exportRun({
      'poll-interval': '100ms',
      'not-found-grace': '1h',
      timeout: '2s'
    })
    expectCleanFailure(
      run,
      /^Timed out after 2s waiting for export job se_\w+ \(last seen: running/
    )
  })

  it('a job seen and then answering 404 fails at once as removed', async () => {
    const emu = await emulate({ export: { queuedMs: 100, runningMs: 60_000 } as never })
    emu.inject('status', { kind: 'stall', ms: 0 }, NOT_FOUND)
    const run = await exportRun({
      'poll-interval': '100ms',
      'not-found-grace': '1h',
      timeout: '5s'
    })
    expectCleanFailure(
      run,
      /^Export job se_\w+ was seen \(last status: (queued|running)\) but the API now answers 404: it may have been removed\. Start a new export\.$/
    )
    expect(count(emu, 'status')).toBe(2)
  })

  it('a bundle call answering 404 for a job read as completed: gone, start a new export', async () => {
    const emu = await emulate()
    emu.inject('bundle', NOT_FOUND)
    const run = await exportRun({ 'poll-interval': '100ms' })
    expectCleanFailure(
      run,
      /^Export job se_\w+ was read as completed, but the API answers 404 when asked for its bundle: the job may have been removed\. Start a new export\.$/
    )
    // Reusing its id would meet the same 404: the next step starts another, no `job-id` snippet.
    expect(run.summary).toContain('The API no longer knows this job: run the step again')
    expect(run.summary).not.toContain('job-id:')
    expect(count(emu, 'bundle')).toBe(1)
  })

  it('a reused job whose fresh link answers 404 mid-download: gone, start one with `domain`', async () => {
    const emu = await emulate()
    const jobId = emu.createExportJob('docs.example.com', 'completed')
    emu.inject('download', LINK_EXPIRED)
    emu.inject('bundle', { kind: 'stall', ms: 0 }, NOT_FOUND)
    const run = await exportRun({ 'job-id': jobId, domain: '' })
    expectCleanFailure(
      run,
      `Export job ${jobId} was read as completed, but the API answers 404 when asked for its bundle: the job may have been removed. Start a new export (with \`domain\`, not \`job-id\`).`
    )
    expect(renderGfm(run.summary)).toContain(
      'run the step with the domain instead of the job id to start a new export'
    )
    expect(run.summary).not.toContain('job-id:')
    expect(count(emu, 'bundle')).toBe(2)
  })

  it('a job only ever answered 404, then a reset, at `timeout`: its status was never read', async () => {
    const emu = await emulate()
    const resets = Array.from({ length: 400 }, () => ({ kind: 'reset' }) as const)
    emu.inject('status', ...Array.from({ length: 8 }, () => NOT_FOUND), ...resets)
    const run = await exportRun({
      'poll-interval': '100ms',
      'not-found-grace': '1h',
      timeout: '3s'
    })
    expectCleanFailure(
      run,
      /^Timed out after 3s waiting for export job se_\w+ \(its status was never read; the start answered queued\)\./
    )
  })

  it('names the domain the service refused (400, as the vendor answers an unknown one)', async () => {
    await emulate({ unknownDomains: ['docs.unknown.com'] })
    expectCleanFailure(
      await exportRun({ domain: 'docs.unknown.com' }),
      'HTTP 400: "Invalid domain: docs.unknown.com". The service refused the domain or the paths: check `domain` (`docs.unknown.com`) against the domains of your Mintlify project, and `paths` if given.'
    )
  })

  it('waits out a 503 with Retry-After on a status poll, as long as told', async () => {
    const emu = await emulate()
    // Without the header, the first retry of a 503 waits at most 500 ms.
    emu.inject('status', { kind: 'http', status: 503, headers: { 'retry-after': '1' } })
    const started = Date.now()
    const run = await exportRun()
    expect(run.exitCode, run.log).toBe(0)
    expect(run.log).toMatch(/HTTP 503.*Retrying in 1s\./)
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000)
  })

  it('polls through a burst of 500s', async () => {
    const emu = await emulate()
    emu.inject(
      'status',
      { kind: 'http', status: 500 },
      { kind: 'html', status: 502 },
      { kind: 'http', status: 503 }
    )
    const run = await exportRun()
    expect(run.exitCode, run.log).toBe(0)
    expect(run.log).toMatch(/HTTP 500/)
    expect(run.log).toMatch(/HTTP 502.*HTML page/)
    expect(run.outputs.status).toBe('completed')
  })

  it('logs an unknown status value once and keeps polling', async () => {
    await emulate({
      export: {
        statusSequence: ['queued', 'rendering', 'rendering', 'rendering', 'running', 'completed']
      } as never
    })
    const run = await exportRun()
    expect(run.exitCode, run.log).toBe(0)
    const notes = run.log
      .split('\n')
      .filter(line => line.includes('"rendering", which is not among the documented ones'))
    expect(notes).toHaveLength(1)
  })

  it('asks for a fresh link when the store says the link expired', async () => {
    const emu = await emulate()
    emu.inject('download', LINK_EXPIRED)
    const run = await exportRun()
    expect(run.exitCode, run.log).toBe(0)
    expect(count(emu, 'bundle')).toBe(2)
    expect(run.log).toContain('The bundle link has expired')
  })

  it('goes on from where it stopped with a fresh link when the link expires mid-download', async () => {
    const emu = await emulate()
    emu.inject('download', { kind: 'cut', afterBytes: 2000 }, LINK_EXPIRED)
    const run = await exportRun()
    expect(run.exitCode, run.log).toBe(0)
    expect(count(emu, 'bundle')).toBe(2)
    expect(run.log).toContain('Asking the API for a fresh link to go on with.')
    const served = await emu.bundleFile(run.outputs['job-id'] as string)
    expect(run.outputs['bundle-sha256']).toBe(served.sha256)
    const ranged = emu.requests.filter(r => r.endpoint === 'download' && r.headers.range)
    expect(ranged.map(r => r.headers.range)).toEqual(['bytes=2000-', 'bytes=2000-'])
  })

  it('downloads without a SHA-256 when `checksum` is `none`', async () => {
    const emu = await emulate()
    const run = await exportRun({ checksum: 'none' })
    expect(run.exitCode, run.log).toBe(0)
    expect(run.outputs['bundle-sha256'] ?? '').toBe('')
    const served = await emu.bundleFile(run.outputs['job-id'] as string)
    const file = await readFile(run.outputs['bundle-path'] as string)
    expect(createHash('sha256').update(file).digest('hex')).toBe(served.sha256)
    // The emulator's store announces a checksum, as S3 does: said to go unchecked.
    expect(run.log).toContain(
      'The store announced a SHA-256; not checked, as `checksum` is `none`.'
    )
    expect(run.summary).not.toContain('SHA-256')
  })

  it('resumes a download that is cut short', async () => {
    const emu = await emulate()
    emu.inject('download', { kind: 'cut', afterBytes: 2000 })
    const run = await exportRun()
    expect(run.exitCode, run.log).toBe(0)
    const served = await emu.bundleFile(run.outputs['job-id'] as string)
    expect(run.outputs['bundle-sha256']).toBe(served.sha256)
    const ranged = emu.requests.filter(r => r.endpoint === 'download' && r.headers.range)
    expect(ranged.map(r => r.headers.range)).toEqual(['bytes=2000-'])
    expect(warningsOf(run).join()).toContain('resuming at byte 2000')
  })

  it('fails cleanly, leaving no partial file, when every transfer is cut', async () => {
    const emu = await emulate()
    const cut = { kind: 'cut' as const, afterBytes: 100 }
    emu.inject('download', cut, cut, cut, cut, cut, cut)
    emu.options.storage.acceptRanges = false
    const run = await exportRun()
    // Five transfers, each closed by the store after 100 bytes: one message that says so.
    expectCleanFailure(
      run,
      /^Downloading the bundle from localhost:\d+ failed: the connection was closed by the other side before the body ended\. Check the runner's network path/
    )
    expect(emu.requests.filter(r => r.endpoint === 'download')).toHaveLength(5)
    const folder = `${run.runnerTemp}/mintlify-export/${run.outputs['job-id']}`
    expect(await exists(`${folder}/bundle.part`)).toBe(false)
  })
})

describe('bad inputs get one clear message, no stack trace', () => {
  it.each([
    [{ domain: '' }, 'Input `domain` is required in export mode'],
    [{ mode: 'publish' }, 'Input `mode` is `publish`: expected one of `export`'],
    [{ timeout: 'soon' }, 'Input `timeout` is `soon`: expected a duration'],
    [
      { 'base-url': 'api.mintlify.com' },
      'Input `base-url` (`api.mintlify.com`) is not an absolute URL'
    ],
    [{ 'base-url': 'http://api.example.com' }, 'would send the admin key in clear'],
    [{ domain: 'https://docs.example.com/guides' }, 'has a path (/guides)']
  ])('%j', async (inputs, message) => {
    const emu = await emulate()
    const run = await exportRun(inputs)
    expectCleanFailure(run, message)
    expect(emu.requests).toHaveLength(0)
  })

  it('warns about a key of the wrong kind but still tries it', async () => {
    await emulate()
    const run = await exportRun({ 'api-key': 'mint_dsc_assistantkey' })
    expect(warningsOf(run).join()).toContain('assistant')
    expectCleanFailure(run, 'HTTP 401')
  })

  it('reduces a pasted site address to its host, with a notice', async () => {
    const emu = await emulate()
    const run = await exportRun({ domain: 'https://docs.example.com/', download: 'false' })
    expect(run.exitCode, run.log).toBe(0)
    expect(run.log).toContain('using the host name `docs.example.com`')
    expect(emu.requests.find(r => r.endpoint === 'start')).toBeDefined()
  })
})
