import { afterEach, describe, expect, it } from 'vitest'
import { startEmulator, type Emulator, type EmulatorInput } from '../emulator/index.ts'
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

  async function run(mode: string, inputs: Record<string, string>, options: EmulatorInput = {}) {
    emu = await startEmulator({
      export: { queuedMs: 50, runningMs: 150 },
      agentJobs: {
        job_pr: { projectId: 'proj_1', timeline: 'completed-with-pr', activeMs: 100 },
        job_none: { projectId: 'proj_1', timeline: 'completed-no-changes', activeMs: 100 },
        job_failed: { projectId: 'proj_1', timeline: 'failed', activeMs: 100 }
      },
      ...options
    })
    const api = { 'base-url': emu.apiUrl, 'poll-interval': '100ms', timeout: '20s' }
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
    expect(result.summary).toContain('<h2>Mintlify static export</h2>')
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
})
