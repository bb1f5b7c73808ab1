import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { INPUTS } from '../../src/inputs.js'
import { runAction } from './action-runner.js'
import { runCli } from './cli-runner.js'

/** One run through either front door, as the other front door would report it. */
export interface DoorRun {
  /** success, failed (the job or a check), usage (bad input), timedOut */
  outcome: 'success' | 'failed' | 'usage' | 'timedOut'
  outputs: Record<string, string>
  /** The error message shown, in the action's words (`::error::`) or the CLI's (`error:`). */
  error: string
  summary: string
}

export interface FrontDoor {
  name: 'action' | 'cli'
  run(mode: string, inputs: Record<string, string>, apiKey: string): Promise<DoorRun>
}

export const actionDoor: FrontDoor = {
  name: 'action',
  async run(mode, inputs, apiKey) {
    const run = await runAction({ mode, 'api-key': apiKey, ...inputs })
    try {
      const error = (/^::error::(.*)$/m.exec(run.log)?.[1] ?? '').replace(/%0A/g, '\n')
      const timedOut = /^Timed out after /.test(error)
      const usage = /^Input `|inputs need fixing/.test(error)
      return {
        outcome:
          run.exitCode === 0 ? 'success' : timedOut ? 'timedOut' : usage ? 'usage' : 'failed',
        outputs: run.outputs,
        error,
        summary: run.summary
      }
    } finally {
      await run.cleanup()
    }
  }
}

/** The action's inputs as the CLI's flags: `--name value`, `--flag` / `--no-flag`. */
export function asFlags(inputs: Record<string, string>): string[] {
  return Object.entries(inputs).flatMap(([name, value]) => {
    const declared = INPUTS.find(input => input.name === name)
    if (declared?.kind === 'flag') return [value === 'true' ? `--${name}` : `--no-${name}`]
    return [`--${name}`, value]
  })
}

const CLI_OUTCOMES = { 0: 'success', 1: 'failed', 2: 'usage', 3: 'timedOut' } as const

export const cliDoor: FrontDoor = {
  name: 'cli',
  async run(mode, inputs, apiKey) {
    const run = await runCli([mode, ...asFlags(inputs), '--json', '--summary', 'summary.md'], {
      env: { MINTLIFY_API_KEY: apiKey }
    })
    try {
      const json = JSON.parse(run.stdout || '{}') as Record<string, string | number>
      const { error = '', ...outputs } = json
      const summary = await readFile(join(run.folder, 'summary.md'), 'utf8').catch(() => '')
      return {
        outcome: CLI_OUTCOMES[run.exitCode as keyof typeof CLI_OUTCOMES] ?? 'failed',
        outputs: Object.fromEntries(Object.entries(outputs).map(([k, v]) => [k, String(v)])),
        error: String(error),
        summary
      }
    } finally {
      await run.cleanup()
    }
  }
}
