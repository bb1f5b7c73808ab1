import { afterEach, describe, expect, it } from 'vitest'
import { startEmulator, type Emulator, type EmulatorInput } from '../emulator/index.ts'
import { DEFAULT_API_KEY } from '../emulator/options.ts'
import { actionDoor, cliDoor, type DoorRun } from '../support/front-doors.js'

/**
 * The same scenarios through both front doors: the same emulator answers give the same outcome
 * and the same outputs, whether the engine runs as the GitHub Action or as `mintlify-admin`.
 */
describe.each([actionDoor, cliDoor])('through the $name front door', door => {
  let emu: Emulator | undefined
  afterEach(async () => {
    await emu?.close()
    emu = undefined
  })

  async function run(
    mode: string,
    inputs: Record<string, string>,
    options: EmulatorInput = {},
    faults?: (emu: Emulator) => void,
    baseUrlSuffix = ''
  ) {
    emu = await startEmulator({
      export: { queuedMs: 50, runningMs: 150 },
      agentJobs: {
        job_pr: { projectId: 'proj_1', timeline: 'completed-with-pr', activeMs: 100 },
        job_none: { projectId: 'proj_1', timeline: 'completed-no-changes', activeMs: 100 },
        job_failed: { projectId: 'proj_1', timeline: 'failed', activeMs: 100 },
        job_archived: { projectId: 'proj_1', timeline: 'archived', activeMs: 100 },
        job_late: { projectId: 'proj_1', timeline: 'not-found-then-found', activeMs: 300 },
        job_odd: { projectId: 'proj_1', timeline: 'unknown-status', activeMs: 200 }
      },
      ...options
    })
    faults?.(emu)
    const api = {
      'base-url': `${emu.apiUrl}${baseUrlSuffix}`,
      'poll-interval': '100ms',
      timeout: '20s'
    }
    return door.run(mode, { ...api, ...inputs }, emu.apiKey)
  }

  const expectOutcome = (result: DoorRun, outcome: DoorRun['outcome']) =>
    expect(result.outcome, result.error).toBe(outcome)

  it('exports and extracts', async () => {
    const result = await run('export', { domain: 'docs.example.com', extract: 'true' })
    expectOutcome(result, 'success')
    const served = await (emu as Emulator).bundleFile(result.outputs['job-id'] as string)
    expect(result.outputs).toMatchObject({
      status: 'completed',
      'page-count': '12',
      'bundle-sha256': served.sha256,
      'bundle-size': String(served.size),
      'bundle-format': 'tar.gz',
      'external-hosts': ''
    })
    expect(result.summary).toContain('<h2>✅ Mintlify static export</h2>')
  })

  it('stops after the link with no download', async () => {
    const result = await run('export', { domain: 'docs.example.com', download: 'false' })
    expectOutcome(result, 'success')
    expect(result.outputs['bundle-path']).toBeUndefined()
    expect(result.outputs['bundle-url']).toMatch(/^http:\/\/localhost:\d+\/exports\//)
  })

  it('fails a failed export job with its reason, keeping the job id', async () => {
    const result = await run(
      'export',
      { domain: 'docs.example.com' },
      { export: { outcome: 'failed' } }
    )
    expectOutcome(result, 'failed')
    expect(result.error).toMatch(
      /^Export job se_\w+ failed: Build failed: page \/broken could not be rendered/
    )
    expect(result.outputs['job-id']).toMatch(/^se_\w+$/)
  })

  it('times out on a job that outlasts the timeout', async () => {
    const result = await run(
      'export',
      { domain: 'docs.example.com', timeout: '1s' },
      { export: { runningMs: 60_000 } }
    )
    expectOutcome(result, 'timedOut')
    expect(result.outputs['job-id']).toMatch(/^se_\w+$/)
  })

  it('refuses bad input before any request', async () => {
    const result = await run('export', { domain: 'docs example com' })
    expectOutcome(result, 'usage')
    expect((emu as Emulator).requests).toEqual([])
  })

  it('follows an agent job to its pull request', async () => {
    const result = await run('agent-watch', { 'project-id': 'proj_1', 'job-id': 'job_pr' })
    expectOutcome(result, 'success')
    expect(result.outputs).toMatchObject({
      status: 'completed',
      'pr-link': 'https://github.com/acme/docs/pull/42'
    })
  })

  it('fails an agent job without changes when require-pr is on', async () => {
    const result = await run('agent-watch', {
      'project-id': 'proj_1',
      'job-id': 'job_none',
      'require-pr': 'true'
    })
    expectOutcome(result, 'failed')
    expect(result.outputs['pr-link']).toBe('')
  })

  it('fails a failed agent job', async () => {
    const result = await run('agent-watch', { 'project-id': 'proj_1', 'job-id': 'job_failed' })
    expectOutcome(result, 'failed')
    expect(result.outputs['status']).toBe('failed')
  })

  it.each(['zip', 'tar'] as const)('exports a %s bundle and extracts it', async format => {
    const result = await run(
      'export',
      { domain: 'docs.example.com', extract: 'true' },
      { storage: { format } }
    )
    expectOutcome(result, 'success')
    expect(result.outputs['bundle-format']).toBe(format)
    expect(result.outputs['extract-path']).toMatch(/site$/)
  })

  it('resumes a download cut mid-body, and refreshes a link the store says expired', async () => {
    const expired = '<Error><Code>AccessDenied</Code><Message>Request has expired</Message></Error>'
    const result = await run('export', { domain: 'docs.example.com' }, {}, emu =>
      emu.inject(
        'download',
        { kind: 'cut', afterBytes: 1500 },
        { kind: 'http', status: 403, body: expired }
      )
    )
    expectOutcome(result, 'success')
    const served = await (emu as Emulator).bundleFile(result.outputs['job-id'] as string)
    expect(result.outputs['bundle-sha256']).toBe(served.sha256)
    const ranges = (emu as Emulator).requests
      .filter(r => r.endpoint === 'download')
      .map(r => r.headers.range ?? '')
    expect(ranges).toEqual(['', 'bytes=1500-', 'bytes=1500-'])
  })

  it('polls through a 429 and 5xx answers', async () => {
    const result = await run('export', { domain: 'docs.example.com' }, {}, emu =>
      emu.inject(
        'status',
        { kind: 'http', status: 429, headers: { 'retry-after': '1' } },
        { kind: 'http', status: 503 }
      )
    )
    expectOutcome(result, 'success')
  })

  it('fails clearly when the key has expired', async () => {
    const result = await run(
      'export',
      { domain: 'docs.example.com' },
      { expiredKeys: [DEFAULT_API_KEY] }
    )
    expectOutcome(result, 'failed')
    expect(result.error).toMatch(
      /HTTP 401: "[^"]+"\. Check that `(api-key|MINTLIFY_API_KEY)` holds a current admin key/
    )
  })

  it('succeeds on an archived agent job', async () => {
    const result = await run('agent-watch', { 'project-id': 'proj_1', 'job-id': 'job_archived' })
    expectOutcome(result, 'success')
    expect(result.outputs['status']).toBe('archived')
  })

  it('waits out a 404 for a job created a moment ago', async () => {
    const result = await run('agent-watch', {
      'project-id': 'proj_1',
      'job-id': 'job_late',
      'not-found-grace': '5s'
    })
    expectOutcome(result, 'success')
  })

  it('polls through an undocumented agent status', async () => {
    const result = await run('agent-watch', { 'project-id': 'proj_1', 'job-id': 'job_odd' })
    expectOutcome(result, 'success')
    expect(result.outputs['status']).toBe('completed')
  })

  it.each(['/v1', '/v2/'])(
    'takes the API address with %s, as the vendor writes it',
    async suffix => {
      const result = await run(
        'export',
        { domain: 'docs.example.com', download: 'false' },
        {},
        undefined,
        suffix
      )
      expectOutcome(result, 'success')
      expect(
        (emu as Emulator).requests.map(r => r.url).filter(url => url.includes('/v1/v1'))
      ).toEqual([])
    }
  )

  it('deploys the docs and waits until they are live', async () => {
    const result = await run('deploy', { 'project-id': 'proj_1' })
    expectOutcome(result, 'success')
    expect(result.outputs).toMatchObject({
      status: 'success',
      'status-id': expect.stringMatching(/^[0-9a-f]{24}$/),
      'commit-sha': expect.stringMatching(/^[0-9a-f]{40}$/)
    })
    expect(result.summary).toContain('<h2>✅ Mintlify deployment</h2>')
  })

  it('fails a failed deployment with its summary, keeping the status id', async () => {
    const result = await run(
      'deploy',
      { 'project-id': 'proj_1' },
      { deployments: { outcome: 'failure' } }
    )
    expectOutcome(result, 'failed')
    expect(result.error).toMatch(
      /^Deployment \w+ failed: Build failed: 1 page could not be rendered/
    )
    expect(result.outputs['status-id']).toMatch(/^[0-9a-f]{24}$/)
  })

  it('previews a branch and hands on its address', async () => {
    const result = await run('preview', { 'project-id': 'proj_1', branch: 'docs/x' })
    expectOutcome(result, 'success')
    expect(result.outputs['preview-url']).toBe('https://proj-1-docs-x.mintlify.app')
  })

  it('says previews are not on the plan', async () => {
    const result = await run(
      'preview',
      { 'project-id': 'proj_1', branch: 'docs/x' },
      { deployments: { previewsOnPlan: false } }
    )
    expectOutcome(result, 'failed')
    expect(result.error).toContain(
      'Preview deployments are not on your organization’s Mintlify plan'
    )
  })

  it('refuses a job id that could become a path', async () => {
    const result = await run('agent-watch', { 'project-id': 'proj_1', 'job-id': '../x' })
    expectOutcome(result, 'usage')
    expect((emu as Emulator).requests).toEqual([])
  })
})
