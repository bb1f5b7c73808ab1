// The bundled action (dist/index.js) as a runner starts it, with the benchmark's process
// handling: INPUT_* from action.yml's defaults plus the given inputs, GITHUB_OUTPUT,
// GITHUB_STEP_SUMMARY and RUNNER_TEMP in a temp folder that is removed afterwards.
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { cp } from 'node:fs/promises'
import { dirname } from 'node:path'
import { actionDefaults, DIST_ENTRY, parseOutputFile, ROOT } from '../test/support/action-runner.ts'
import { runProcess, type ProcessResult } from './process.ts'

/** The bundle the benchmark runs: dist/ itself, or a copy taken at the start. */
let actionEntry = DIST_ENTRY

/** The dist/ folder that runs use. */
export function actionDist(): string {
  return dirname(actionEntry)
}

/**
 * Copies dist/ into `folder`/dist and runs that copy from now on, so that a rebuild of dist/
 * while the benchmark runs (a long one lasts a quarter of an hour) cannot mix two builds.
 */
export async function snapshotDist(folder: string): Promise<string> {
  const copy = join(folder, 'dist')
  await cp(dirname(DIST_ENTRY), copy, { recursive: true })
  actionEntry = join(copy, 'index.js')
  return actionEntry
}

export interface BenchActionRun extends ProcessResult {
  outputs: Record<string, string>
  summary: string
}

export interface BenchActionOptions {
  /** Parent of the run's RUNNER_TEMP. */
  tempRoot: string
  timeoutMs: number
  peakRss?: boolean
  onLine?: (line: string, at: number) => void
  /** Node options before the entry, e.g. `--import` of a tracing hook. */
  nodeArgs?: string[]
  /** Extra environment variables, over the runner's. */
  env?: Record<string, string>
  /** See ProcessOptions.rssLimitKiB. */
  rssLimitKiB?: number
}

/** The environment a runner gives an action step, for these inputs. */
export async function runnerEnv(
  inputs: Record<string, string>,
  runnerTemp: string
): Promise<Record<string, string>> {
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? runnerTemp,
    RUNNER_TEMP: runnerTemp,
    GITHUB_WORKSPACE: join(runnerTemp, 'workspace'),
    GITHUB_OUTPUT: join(runnerTemp, 'github_output'),
    GITHUB_STEP_SUMMARY: join(runnerTemp, 'step_summary'),
    GITHUB_ACTIONS: 'true',
    CI: 'true'
  }
  for (const [name, value] of Object.entries({ ...(await actionDefaults()), ...inputs })) {
    env[`INPUT_${name.replace(/ /g, '_').toUpperCase()}`] = value
  }
  return env
}

/** Runs dist/index.js on this Node (the harness runs on the project's Node 24). */
export async function runBundledAction(
  inputs: Record<string, string>,
  options: BenchActionOptions
): Promise<BenchActionRun> {
  const runnerTemp = await mkdtemp(join(options.tempRoot, 'runner-'))
  try {
    const env = { ...(await runnerEnv(inputs, runnerTemp)), ...options.env }
    await mkdir(env.GITHUB_WORKSPACE as string)
    await writeFile(env.GITHUB_OUTPUT as string, '')
    await writeFile(env.GITHUB_STEP_SUMMARY as string, '')
    const run = await runProcess(process.execPath, [...(options.nodeArgs ?? []), actionEntry], {
      env,
      cwd: ROOT,
      timeoutMs: options.timeoutMs,
      timeFile: options.peakRss ? join(runnerTemp, 'peak-rss') : undefined,
      onLine: options.onLine,
      rssLimitKiB: options.rssLimitKiB
    })
    return {
      ...run,
      outputs: parseOutputFile(await readFile(env.GITHUB_OUTPUT as string, 'utf8')),
      summary: await readFile(env.GITHUB_STEP_SUMMARY as string, 'utf8')
    }
  } finally {
    await rm(runnerTemp, { recursive: true, force: true })
  }
}

/** `Time: <phase>` from the step summary, in ms (whole seconds past 1 s, as it is printed). */
export function summaryPhaseMs(summary: string, phase: string): number | undefined {
  const cell = new RegExp(`<td>Time: ${phase}</td><td>([^<]+)</td>`).exec(summary)?.[1]
  if (!cell) return undefined
  let total = 0
  for (const [, amount, unit] of cell.matchAll(/(\d+)(ms|h|m|s)/g)) {
    total += Number(amount) * ({ ms: 1, s: 1000, m: 60_000, h: 3_600_000 }[unit as string] ?? 0)
  }
  return total
}

/** The last lines of a run's output, for error messages. */
export function tail(run: ProcessResult, lines = 8): string {
  return `${run.stdout}\n${run.stderr}`.trim().split('\n').slice(-lines).join('\n')
}
