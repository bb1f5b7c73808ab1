// The action's front door when a mode's outputs cannot be made: in process, since only a
// stand-in mode can be made to fail there (the bundled modes give no way to).
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, expect, it, vi } from 'vitest'
import { run } from '../../src/action/main.js'
import { MODES } from '../../src/modes/modes.js'
import { startEmulator, type Emulator } from '../emulator/index.ts'
import { actionDefaults, emulatorInputs } from '../support/action-runner.js'

let emulator: Emulator | undefined
let folder: string | undefined
afterEach(async () => {
  vi.unstubAllEnvs()
  vi.restoreAllMocks()
  process.exitCode = undefined
  await emulator?.close()
  if (folder) await rm(folder, { recursive: true, force: true })
  emulator = folder = undefined
})

it('a mode whose outputs cannot be made fails the step, and still writes its summary', async () => {
  emulator = await startEmulator({
    agentJobs: { job_1: { projectId: 'proj_1', timeline: 'completed-with-pr', activeMs: 0 } }
  })
  folder = await mkdtemp(join(tmpdir(), 'action-outputs-'))
  const summary = join(folder, 'summary.md')
  await writeFile(summary, '')
  const inputs = {
    ...(await actionDefaults()),
    ...emulatorInputs(emulator),
    mode: 'agent-watch',
    'project-id': 'proj_1',
    'job-id': 'job_1'
  }
  for (const [name, value] of Object.entries(inputs))
    vi.stubEnv(`INPUT_${name.replace(/ /g, '_').toUpperCase()}`, value)
  vi.stubEnv('GITHUB_OUTPUT', join(folder, 'output'))
  vi.stubEnv('GITHUB_STEP_SUMMARY', summary)
  vi.stubEnv('RUNNER_TEMP', folder)
  vi.spyOn(MODES['agent-watch'], 'outputs').mockImplementation(() => {
    throw new Error('outputs broke')
  })
  vi.spyOn(process.stdout, 'write').mockImplementation(() => true)

  await run()

  expect(process.exitCode).toBe(1)
  const written = await readFile(summary, 'utf8')
  expect(written).toContain('❌ Mintlify agent job failed')
  expect(written).toContain('outputs broke')
})
