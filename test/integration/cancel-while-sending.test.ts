// A cancel that meets a request that starts work (an agent job, a deployment, an export), in
// process so that it lands at a chosen moment: while the request is out, or just after its
// answer arrived. The first must say that the work may have started; the second must keep what
// was started, so that the outputs name it.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest'
import { createAdminApi } from '../../src/api/client.js'
import type { AgentSettings } from '../../src/modes/agent/settings.js'
import { runAgent } from '../../src/modes/agent/run.js'
import type { DeploySettings } from '../../src/modes/deploy/settings.js'
import { runDeploy } from '../../src/modes/deploy/run.js'
import { runExport } from '../../src/modes/export/run.js'
import type { Settings } from '../../src/modes/modes.js'
import type { RunDeps } from '../../src/modes/mode.js'
import { startEmulator, type Emulator } from '../emulator/index.ts'
import type { Endpoint } from '../emulator/types.ts'
import { exportSettings, modeSettings } from '../support/export-settings.js'
import { recordLog } from '../support/recording-host.js'

let emulator: Emulator | undefined
let temp: string | undefined
afterEach(async () => {
  vi.unstubAllEnvs()
  await emulator?.close()
  if (temp) await rm(temp, { recursive: true, force: true })
  emulator = temp = undefined
})

const cancelled = new Error('Cancelled by SIGINT.')

async function setUp(inputs: Record<string, string> & { mode: string }) {
  emulator = await startEmulator({ agent: { activeMs: 60_000 } })
  temp = await mkdtemp(join(tmpdir(), 'cancel-sending-'))
  const settings =
    inputs.mode === 'export'
      ? await exportSettings(emulator, temp, inputs)
      : await modeSettings(emulator, temp, { ...inputs, 'project-id': 'proj_docs' })
  const controller = new AbortController()
  const deps: RunDeps = {
    api: createAdminApi({ baseUrl: settings.baseUrl, apiKey: settings.apiKey }),
    signal: controller.signal,
    deadline: Date.now() + settings.timeoutMs
  }
  return { emu: emulator, settings, controller, deps }
}

/** Cancels once the emulator has received a request for `endpoint`, which it holds. */
async function cancelWhileOut(emu: Emulator, endpoint: Endpoint, controller: AbortController) {
  emu.inject(endpoint, { kind: 'stall', ms: 30_000 })
  await vi.waitFor(() => expect(emu.requests.some(r => r.endpoint === endpoint)).toBe(true), {
    timeout: 10_000
  })
  controller.abort(cancelled)
}

/** Cancels as the client logs the answer to a POST: read whole, not yet returned. */
function cancelOnAnswer(controller: AbortController) {
  const recorded = recordLog((kind, message) => {
    if (kind === 'debug' && /^POST .* → 20\d/.test(message)) controller.abort(cancelled)
  })
  onTestFinished(recorded.restore)
  return recorded
}

const run = (settings: Settings, deps: RunDeps) =>
  settings.mode === 'agent'
    ? runAgent(settings as AgentSettings, deps)
    : runDeploy(settings as DeploySettings, deps)

describe('a cancel while the request that starts the work is out', () => {
  it.each([
    ['agent', 'agent-create', { prompt: 'Document the new flag.' }, /a job may have been created/],
    ['deploy', 'deploy', {}, /a deployment may have started/]
  ] as const)(
    '%s: says the work may have started, and what to look at',
    async (mode, endpoint, inputs, said) => {
      const { emu, settings, controller, deps } = await setUp({ mode, ...inputs })
      const outcome = run(settings, deps)
      await cancelWhileOut(emu, endpoint, controller)
      const { error } = await outcome
      expect(error?.message).toMatch(said)
      expect(error?.message).toMatch(/cancel/)
      expect(emu.requests.filter(r => r.endpoint === endpoint)).toHaveLength(1)
    }
  )

  it('export: warns that a job may exist, and ends as the cancel', async () => {
    const { emu, settings, controller, deps } = await setUp({ mode: 'export' })
    const recorded = recordLog()
    onTestFinished(recorded.restore)
    const outcome = runExport(settings as Parameters<typeof runExport>[0], deps)
    await cancelWhileOut(emu, 'start', controller)
    const { error } = await outcome
    expect(error).toBe(cancelled)
    expect(recorded.of('warning').join('\n')).toMatch(
      /a job for docs\.example\.com may exist anyway/
    )
  })
})

describe('a cancel just after the answer that started the work arrived', () => {
  it.each([
    ['agent', { prompt: 'Document the new flag.' }],
    ['deploy', {}]
  ] as const)('%s: keeps the id of what was started', async (mode, inputs) => {
    const { settings, controller, deps } = await setUp({ mode, ...inputs })
    cancelOnAnswer(controller)
    const { report, error } = await run(settings, deps)
    expect(error).toBe(cancelled)
    const started = 'jobId' in report ? report.jobId : report.statusId
    expect(started).toMatch(/\w{4,}/)
  })

  it('export: keeps the job id', async () => {
    const { settings, controller, deps } = await setUp({ mode: 'export' })
    cancelOnAnswer(controller)
    const { report, error } = await runExport(settings as Parameters<typeof runExport>[0], deps)
    expect(error).toBe(cancelled)
    expect(report.jobId).toMatch(/\w{4,}/)
  })
})

it('a cancel before the request is sent sends nothing and says nothing may have started', async () => {
  const { emu, settings, controller, deps } = await setUp({
    mode: 'agent',
    prompt: 'Document the new flag.'
  })
  controller.abort(cancelled)
  const { error } = await runAgent(settings as AgentSettings, deps)
  expect(error).toBe(cancelled)
  expect(emu.requests.filter(r => r.endpoint === 'agent-create')).toHaveLength(0)
})

it('a cancel during the wait before a retry keeps the answer that may have acted (export: a job may exist)', async () => {
  const { emu, settings, controller, deps } = await setUp({ mode: 'export' })
  // A 503 with Retry-After: the service may have queued the job, and asks to come back.
  emu.inject('start', { kind: 'http', status: 503, headers: { 'retry-after': '30' } })
  const recorded = recordLog((kind, message) => {
    if (kind === 'info' && message.includes('Retrying in')) controller.abort(cancelled)
  })
  onTestFinished(recorded.restore)
  const { error } = await runExport(settings as Parameters<typeof runExport>[0], deps)
  expect(error).toBe(cancelled)
  expect(recorded.of('warning').join('\n')).toMatch(/may exist anyway/)
  expect(emu.requests.filter(r => r.endpoint === 'start')).toHaveLength(1)
})

it('a deadline carried by the signal is a timeout, not a cancel', async () => {
  const { emu, settings } = await setUp({ mode: 'export' })
  const jobId = emu.createExportJob('docs.example.com', 'completed')
  emu.inject('bundle', { kind: 'stall', ms: 10_000 })
  const api = createAdminApi({ baseUrl: settings.baseUrl, apiKey: settings.apiKey })
  const error = await api
    .createBundle(jobId, AbortSignal.any([new AbortController().signal, AbortSignal.timeout(200)]))
    .catch((failure: unknown) => failure)
  expect(error).toMatchObject({ name: 'ApiError', kind: 'timeout', stepTimedOut: true })
})

it('a cancel during the wait before asking for the link again is the cancel (the link call does nothing)', async () => {
  const { emu, settings, controller } = await setUp({ mode: 'export' })
  const jobId = emu.createExportJob('docs.example.com', 'completed')
  emu.inject('bundle', { kind: 'http', status: 503 })
  const recorded = recordLog((kind, message) => {
    if (kind === 'info' && message.includes('Retrying in')) controller.abort(cancelled)
  })
  onTestFinished(recorded.restore)
  const api = createAdminApi({ baseUrl: settings.baseUrl, apiKey: settings.apiKey })
  await expect(api.createBundle(jobId, controller.signal)).rejects.toBe(cancelled)
})
