// A cancel that arrives while the site is being extracted, in process so that it can be timed
// to that moment exactly: a spawned action gets its signal at a moment the test cannot choose.
import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, expect, it, vi, onTestFinished } from 'vitest'
import { recordLog } from '../support/recording-host.js'
import { createAdminApi } from '../../src/api/client.js'
import { runExport } from '../../src/modes/export/run.js'
import { actionInputs } from '../../src/action/inputs.js'
import { readSettings } from '../../src/modes/modes.js'
import type { ExportSettings } from '../../src/modes/export/settings.js'
import { startEmulator, type Emulator } from '../emulator/index.ts'
import { actionDefaults, emulatorInputs } from '../support/action-runner.js'

let emulator: Emulator | undefined
let temp: string | undefined
afterEach(async () => {
  vi.unstubAllEnvs()
  vi.restoreAllMocks()
  await emulator?.close()
  if (temp) await rm(temp, { recursive: true, force: true })
  emulator = temp = undefined
})

it('stops after the extraction it was cancelled in, and removes the site', async () => {
  emulator = await startEmulator()
  temp = await mkdtemp(join(tmpdir(), 'export-cancel-'))
  const inputs = {
    ...(await actionDefaults()),
    ...emulatorInputs(emulator),
    mode: 'export',
    domain: 'docs.example.com',
    extract: 'true'
  }
  for (const [name, value] of Object.entries(inputs))
    vi.stubEnv(`INPUT_${name.replace(/ /g, '_').toUpperCase()}`, value)
  const settings = readSettings(actionInputs, { RUNNER_TEMP: temp }) as ExportSettings

  const controller = new AbortController()
  const cancelled = new Error('cancelled while extracting')
  const recorded = recordLog((_kind, message) => {
    if (message.startsWith('Extracted ')) controller.abort(cancelled)
  })
  onTestFinished(recorded.restore)
  const api = createAdminApi({ baseUrl: settings.baseUrl, apiKey: settings.apiKey })
  const deadline = Date.now() + settings.timeoutMs
  const { report, error } = await runExport(settings, {
    api,
    signal: controller.signal,
    deadline
  })

  expect(error).toBe(cancelled)
  expect(report.download?.sha256).toMatch(/^[0-9a-f]{64}$/)
  expect(report.site).toBeUndefined()
  expect(report.helmValuesPath).toBeUndefined()
  const left = await readdir(join(temp, 'mintlify-export', report.jobId as string))
  expect(left.filter(name => name === 'site')).toEqual([])
})
