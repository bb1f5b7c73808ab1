// Child processes of the benchmark: timed, bounded, optionally wrapped in /usr/bin/time for the
// peak RSS, and all killed (by process group) when the harness stops, errs or is interrupted.
import { spawn, type ChildProcess } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'
import { readFile, rm } from 'node:fs/promises'

/** GNU time: `-f '%M %U %S'` prints the peak resident set size in KiB and the CPU seconds. */
export const TIME_BINARY = '/usr/bin/time'

export interface ProcessResult {
  exitCode: number | null
  signal: NodeJS.Signals | null
  /** Date.now() just before spawn: comparable with the emulator's request timestamps. */
  spawnedAt: number
  /** Spawn to exit, from the monotonic clock. */
  wallMs: number
  stdout: string
  stderr: string
  /** Peak RSS in KiB, when wrapped in /usr/bin/time. */
  peakRssKiB?: number
  /** User plus system CPU time of the command and what it waited for, when so wrapped. */
  cpuMs?: number
  /** Killed because it ran past `timeoutMs`. */
  timedOut: boolean
  /** Killed because a process of its tree passed `rssLimitKiB`. */
  rssLimitHit?: boolean
}

export interface ProcessOptions {
  env?: NodeJS.ProcessEnv
  cwd?: string
  /** Killed (SIGKILL to its group) after this long. */
  timeoutMs: number
  /** Wrap the command in `/usr/bin/time -o <file>` (peak RSS, CPU); the file is removed afterwards. */
  timeFile?: string
  /** Each complete stdout line, with Date.now() when it arrived. */
  onLine?: (line: string, at: number) => void
  /**
   * Killed (SIGKILL to its group) once any process of its tree holds more than this many KiB
   * resident: an archive bomb must not take the shared machine's memory. Polled every 100 ms.
   */
  rssLimitKiB?: number
}

const live = new Set<ChildProcess>()
let stopping = false

/** Kills every child still running, synchronously (usable from 'exit' and signal handlers). */
export function killAllChildren(): void {
  stopping = true
  for (const child of live) killGroup(child)
}

function killGroup(child: ChildProcess): void {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return
  try {
    // Each child leads its own process group (detached), so the wrapper and what it runs go
    // together: GNU time does not pass signals on to its child.
    process.kill(-child.pid, 'SIGKILL')
  } catch {
    // already gone
  }
}

/** Runs a command to its end (or its time limit), capturing stdout and stderr. */
export async function runProcess(
  command: string,
  args: readonly string[],
  options: ProcessOptions
): Promise<ProcessResult> {
  if (stopping) throw new Error('The benchmark is stopping; no new process is started.')
  const [file, argv] = options.timeFile
    ? [TIME_BINARY, ['-o', options.timeFile, '-f', '%M %U %S', command, ...args]]
    : [command, [...args]]
  const spawnedAt = Date.now()
  const started = performance.now()
  const child = spawn(file, argv, {
    env: options.env,
    cwd: options.cwd,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true
  })
  live.add(child)
  let stdout = ''
  let stderr = ''
  let partial = ''
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    const at = Date.now()
    stdout += chunk
    if (!options.onLine) return
    const lines = (partial + chunk).split('\n')
    partial = lines.pop() ?? ''
    for (const line of lines) options.onLine(line, at)
  })
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk))
  let timedOut = false
  const killer = setTimeout(() => {
    timedOut = true
    killGroup(child)
  }, options.timeoutMs)
  let rssLimitHit = false
  const watchdog =
    options.rssLimitKiB === undefined
      ? undefined
      : setInterval(() => {
          if (child.pid !== undefined && treeRssKiB(child.pid) > (options.rssLimitKiB as number)) {
            rssLimitHit = true
            killGroup(child)
          }
        }, 100)
  let wallMs = 0
  try {
    const [exitCode, signal] = await new Promise<[number | null, NodeJS.Signals | null]>(
      (resolve, reject) => {
        child.once('error', reject)
        child.once('exit', () => (wallMs = performance.now() - started))
        child.once('close', (code, sig) => resolve([code, sig]))
      }
    )
    const result: ProcessResult = {
      exitCode,
      signal,
      spawnedAt,
      wallMs,
      stdout,
      stderr,
      timedOut,
      ...(rssLimitHit ? { rssLimitHit } : {})
    }
    if (options.timeFile) Object.assign(result, await readTimeFile(options.timeFile))
    return result
  } finally {
    clearTimeout(killer)
    clearInterval(watchdog)
    killGroup(child)
    live.delete(child)
    if (options.timeFile) await rm(options.timeFile, { force: true })
  }
}

/** The largest resident set (KiB) among `pid` and its descendants, from /proc (Linux). */
function treeRssKiB(pid: number): number {
  let largest = 0
  const pending = [pid]
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    try {
      const status = readFileSync(`/proc/${next}/status`, 'utf8')
      largest = Math.max(largest, Number(/^VmRSS:\s+(\d+)/m.exec(status)?.[1] ?? 0))
      for (const task of readdirSync(`/proc/${next}/task`)) {
        const children = readFileSync(`/proc/${next}/task/${task}/children`, 'utf8')
        pending.push(...children.split(' ').filter(Boolean).map(Number))
      }
    } catch {
      // gone meanwhile, or not Linux
    }
  }
  return largest
}

/** The last line of GNU time's output (a killed command gets a line about the signal first). */
async function readTimeFile(path: string): Promise<Pick<ProcessResult, 'peakRssKiB' | 'cpuMs'>> {
  const text = await readFile(path, 'utf8').catch(() => '')
  const last = text.trim().split('\n').at(-1) ?? ''
  const m = /^(\d+) (\d+(?:\.\d+)?) (\d+(?:\.\d+)?)$/.exec(last)
  if (!m) return {}
  return { peakRssKiB: Number(m[1]), cpuMs: (Number(m[2]) + Number(m[3])) * 1000 }
}
