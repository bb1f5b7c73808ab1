import { INPUTS, modeDefault, setByWorkflow } from '../inputs.js'
import { readCommonSettings } from '../settings/common.js'
import { Reader, SettingsError, type InputSource } from '../settings/reader.js'
import { agentMode } from './agent/mode.js'
import type { AgentSettings } from './agent/settings.js'
import { agentWatchMode } from './agent-watch/mode.js'
import type { AgentWatchSettings } from './agent-watch/settings.js'
import { deployMode } from './deploy/mode.js'
import type { DeploySettings } from './deploy/settings.js'
import { exportMode } from './export/mode.js'
import type { ExportSettings } from './export/settings.js'
import type { Mode } from './mode.js'
import { previewMode } from './preview/mode.js'
import type { PreviewSettings } from './preview/settings.js'

/** Every mode, by name: adding one is a folder under modes/ and a line here. */
export const MODES = {
  export: exportMode,
  'agent-watch': agentWatchMode,
  agent: agentMode,
  deploy: deployMode,
  preview: previewMode
} as const

export type ModeName = keyof typeof MODES
export const MODE_NAMES = Object.keys(MODES) as ModeName[]

export type Settings =
  ExportSettings | AgentWatchSettings | AgentSettings | DeploySettings | PreviewSettings

/** The mode that runs these settings, typed loosely: the front doors pass its own report back. */
export function modeOf(settings: Settings): Mode<Settings, unknown> {
  return MODES[settings.mode] as unknown as Mode<Settings, unknown>
}

/** Parses every input once into typed settings, or throws a SettingsError listing each problem. */
export function readSettings(inputs: InputSource, env: NodeJS.ProcessEnv = process.env): Settings {
  const problems: string[] = []
  const modeText = inputs.text('mode')
  const mode = MODE_NAMES.find(name => name === modeText)
  const reader = new Reader(withModeDefaults(inputs, mode), problems)
  if (!mode) {
    const names = MODE_NAMES.map(name => `\`${name}\``)
    problems.push(
      modeText
        ? `Input \`mode\` is \`${modeText}\`: expected one of ${names.join(', ')}.`
        : `Input \`mode\` is required: set it to ${names.join(' or ')}.`
    )
  }
  if (mode) problems.push(...inputsNotRead(inputs, mode))
  const common = readCommonSettings(reader, env)
  const settings = mode ? (MODES[mode].readSettings(reader, common, env) as Settings) : undefined
  if (problems.length > 0 || !settings) throw new SettingsError(problems)
  return settings
}

/**
 * Inputs given a value of their own that the mode never reads: refused, not ignored. An
 * export given `status-id` would start an export instead of waiting on that deployment; a
 * deploy given `wait: false` would wait anyway.
 */
function inputsNotRead(inputs: InputSource, mode: ModeName): string[] {
  return INPUTS.filter(input => !input.modes.includes(mode)).flatMap(input => {
    if (!setByWorkflow(input.name, inputs.text(input.name))) return []
    const readers = input.modes.map(name => `\`${name}\``).join(', ')
    const hint =
      input.name === 'status-id'
        ? ' To wait on a deployment or a preview started elsewhere, use `mode: deploy` or `mode: preview` with its `status-id`.'
        : ''
    return [
      `Input \`${input.name}\` is not read by \`mode: ${mode}\` (only by ${readers}): remove it, or choose the mode it is for.${hint}`
    ]
  })
}

/** The inputs with the mode's own defaults in place of those left empty (`timeout` for agent jobs). */
function withModeDefaults(inputs: InputSource, mode: ModeName | undefined): InputSource {
  const byName = new Map(INPUTS.filter(input => input.modeDefaults).map(i => [i.name, i]))
  return {
    list: name => inputs.list(name),
    flag: name => inputs.flag(name),
    text: name => {
      const value = inputs.text(name)
      const declared = byName.get(name)
      return value || !declared ? value : modeDefault(declared, mode)
    }
  }
}
