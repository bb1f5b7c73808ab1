// Export settings read as the action reads them, for the tests that run the export in process
// against the emulator: action.yml's defaults, the emulator's address and key, then `inputs`,
// stubbed as INPUT_* variables (vi.unstubAllEnvs() undoes them).
import { vi } from 'vitest'
import { actionInputs } from '../../src/action/inputs.js'
import { readSettings, type Settings } from '../../src/modes/modes.js'
import type { ExportSettings } from '../../src/modes/export/settings.js'
import { actionDefaults, emulatorInputs } from './action-runner.js'

export async function exportSettings(
  emulator: { apiKey: string; apiUrl: string },
  runnerTemp: string,
  inputs: Record<string, string>
): Promise<ExportSettings> {
  return (await modeSettings(emulator, runnerTemp, {
    mode: 'export',
    domain: 'docs.example.com',
    ...inputs
  })) as ExportSettings
}

/** Any mode's settings, read the same way (`inputs` names the mode). */
export async function modeSettings(
  emulator: { apiKey: string; apiUrl: string },
  runnerTemp: string,
  inputs: Record<string, string> & { mode: string }
): Promise<Settings> {
  const all = { ...(await actionDefaults()), ...emulatorInputs(emulator), ...inputs }
  for (const [name, value] of Object.entries(all))
    vi.stubEnv(`INPUT_${name.replace(/ /g, '_').toUpperCase()}`, value)
  return readSettings(actionInputs, { RUNNER_TEMP: runnerTemp })
}
