import { spawn } from 'node:child_process'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parse } from 'yaml'

export const ROOT = fileURLToPath(new URL('../..', import.meta.url))
export const DIST_ENTRY = join(ROOT, 'dist', 'index.js')

export interface ActionRun {
  exitCode: number | null
  /**
   * What the runner would show: add-mask lines removed, masked values as `***` from then on,
   * debug lines only when RUNNER_DEBUG is 1.
   */
  log: string
  /** stdout and stderr as written, masks not applied (for checking the masking itself). */
  rawLog: string
  outputs: Record<string, string>
  summary: string
  /** RUNNER_TEMP of the run; removed by cleanup(). */
  runnerTemp: string
  workspace: string
  /** With `signalWhen`: from the signal to the exit. */
  msFromSignalToExit?: number
  cleanup(): Promise<void>
}

export interface RunOptions {
  env?: Record<string, string>
  /** Kill the action after this long (the test then fails on exit code). */
  killAfterMs?: number
  /** Send a signal after this long, as a cancelled workflow does. */
  sendSignal?: { signal: NodeJS.Signals; afterMs: number }
  /** Send a signal once the log shows `text` (explicit synchronisation, no timing guess). */
  signalWhen?: { signal: NodeJS.Signals; text: string }
  /** Called once the process started, e.g. to watch its output. */
  onStdout?: (chunk: string) => void
}

/** Inputs with defaults, as declared in action.yml: a runner sets INPUT_* for each. */
export async function actionDefaults(): Promise<Record<string, string>> {
  const action = parse(await readFile(join(ROOT, 'action.yml'), 'utf8')) as {
    inputs: Record<string, { default?: string }>
  }
  const defaults: Record<string, string> = {}
  for (const [name, spec] of Object.entries(action.inputs)) {
    if (spec.default !== undefined) defaults[name] = String(spec.default)
  }
  return defaults
}

/** Runs the bundled action like a runner: INPUT_* env, GITHUB_OUTPUT, GITHUB_STEP_SUMMARY, RUNNER_TEMP. */
export async function runAction(
  inputs: Record<string, string>,
  options: RunOptions = {}
): Promise<ActionRun> {
  const runnerTemp = await mkdtemp(join(tmpdir(), 'action-run-'))
  const workspace = join(runnerTemp, 'workspace')
  const outputFile = join(runnerTemp, 'github_output')
  const summaryFile = join(runnerTemp, 'step_summary')
  await writeFile(outputFile, '')
  await writeFile(summaryFile, '')

  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? runnerTemp,
    RUNNER_TEMP: runnerTemp,
    GITHUB_WORKSPACE: workspace,
    GITHUB_OUTPUT: outputFile,
    GITHUB_STEP_SUMMARY: summaryFile,
    GITHUB_ACTIONS: 'true',
    CI: 'true',
    // `npm run coverage` collects what the bundle runs in each child (see scripts/coverage.ts).
    ...childCoverage()
  }
  for (const [name, value] of Object.entries({ ...(await actionDefaults()), ...inputs })) {
    env[`INPUT_${name.replace(/ /g, '_').toUpperCase()}`] = value
  }
  Object.assign(env, options.env)

  const child = spawn(process.execPath, [DIST_ENTRY], { env, stdio: ['ignore', 'pipe', 'pipe'] })
  let rawLog = ''
  let signalledAt: number | undefined
  const signalOnText = () => {
    if (!options.signalWhen || signalledAt !== undefined) return
    if (!rawLog.includes(options.signalWhen.text)) return
    signalledAt = Date.now()
    child.kill(options.signalWhen.signal)
  }
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    rawLog += chunk
    options.onStdout?.(chunk)
    signalOnText()
  })
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    rawLog += chunk
    signalOnText()
  })
  const killer = setTimeout(() => child.kill('SIGKILL'), options.killAfterMs ?? 25_000)
  const signaller = options.sendSignal
    ? setTimeout(() => child.kill(options.sendSignal?.signal), options.sendSignal.afterMs)
    : undefined
  const exitCode = await new Promise<number | null>(resolve =>
    child.on('close', code => resolve(code))
  )
  const exitedAt = Date.now()
  clearTimeout(killer)
  clearTimeout(signaller)

  return {
    exitCode,
    rawLog,
    log: applyRunnerMasks(rawLog, { showDebug: env.RUNNER_DEBUG === '1' }),
    outputs: parseOutputFile(await readFile(outputFile, 'utf8')),
    summary: await readFile(summaryFile, 'utf8'),
    runnerTemp,
    workspace,
    ...(signalledAt !== undefined ? { msFromSignalToExit: exitedAt - signalledAt } : {}),
    cleanup: () => rm(runnerTemp, { recursive: true, force: true })
  }
}

/** NODE_V8_COVERAGE for a child, when `npm run coverage` asked for it. */
export function childCoverage(): Record<string, string> {
  const folder = process.env.CHILD_V8_COVERAGE
  return folder ? { NODE_V8_COVERAGE: folder } : {}
}

/** The inputs that point the action at an emulator, with fast polling for tests. */
export function emulatorInputs(emu: { apiKey: string; apiUrl: string }): Record<string, string> {
  return { 'api-key': emu.apiKey, 'base-url': emu.apiUrl, 'poll-interval': '100ms', timeout: '20s' }
}

/**
 * What a runner shows: `::add-mask::` lines vanish, and each masked value is replaced by `***`
 * in the lines after it, not before.
 */
export function applyRunnerMasks(log: string, { showDebug = false } = {}): string {
  const masks: string[] = []
  const shown: string[] = []
  for (const line of log.split('\n')) {
    const mask = /^::add-mask::(.*)$/.exec(line)
    if (mask) {
      if (mask[1]) masks.push(unescapeCommandData(mask[1]))
      continue
    }
    if (!showDebug && line.startsWith('::debug::')) continue
    shown.push(maskText(line, masks))
  }
  return shown.join('\n')
}

/** Workflow commands escape their data (`%` as %25, newlines as %0A); the runner undoes it. */
function unescapeCommandData(data: string): string {
  return data.replace(/%0D/g, '\r').replace(/%0A/g, '\n').replace(/%25/g, '%')
}

/** Every value the log registered with `::add-mask::`, as the runner reads it. */
export function maskedValues(log: string): string[] {
  return [...log.matchAll(/^::add-mask::(.+)$/gm)].map(match =>
    unescapeCommandData(match[1] as string)
  )
}

export function maskText(text: string, masks: readonly string[]): string {
  return masks.reduce((result, value) => result.split(value).join('***'), text)
}

/** Reads `name<<DELIMITER … DELIMITER` blocks as @actions/core writes them. */
export function parseOutputFile(text: string): Record<string, string> {
  const outputs: Record<string, string> = {}
  const lines = text.split('\n')
  for (let i = 0; i < lines.length; i++) {
    const head = /^([^<]+)<<(.+)$/.exec(lines[i] as string)
    if (!head) continue
    const [, name, delimiter] = head
    const value: string[] = []
    for (i += 1; i < lines.length && lines[i] !== delimiter; i++) value.push(lines[i] as string)
    outputs[name as string] = value.join('\n')
  }
  return outputs
}
