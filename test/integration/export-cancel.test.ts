// A cancel that arrives while the site is being extracted, in process so that it can be timed
// to that moment exactly: a spawned action gets its signal at a moment the test cannot choose.
import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, expect, it, vi, onTestFinished } from 'vitest'
import { recordLog } from '../support/recording-host.js'
import { createAdminApi } from '../../src/api/client.js'
import { runExport } from '../../src/modes/export/run.js'
import { startEmulator, type Emulator } from '../emulator/index.ts'
import { exportSettings } from '../support/export-settings.js'

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
  const settings = await exportSettings(emulator, temp, { extract: 'true' })

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
