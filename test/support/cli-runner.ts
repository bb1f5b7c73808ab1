import { spawn } from 'node:child_process'
import { closeSync, openSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { childCoverage, ROOT } from './action-runner.js'

export const CLI_ENTRY = join(ROOT, 'cli', 'mintlify-admin.js')

interface SignalWhen {
  text: string
  signal: NodeJS.Signals
  then?: SignalWhen
}

export interface CliRun {
  exitCode: number | null
  stdout: string
  stderr: string
  /** A temp folder the run used as its working directory and RUNNER_TEMP stand-in (TMPDIR). */
  folder: string
  cleanup(): Promise<void>
}

/** Runs the bundled CLI as a CI job would: arguments, environment, no TTY. */
export async function runCli(
  args: string[],
  options: {
    env?: Record<string, string>
    stdin?: string
    entry?: string
    node?: string
    /**
     * Send this signal once stderr shows `text` (explicit synchronisation, no timing guess), and
     * `then` another once it shows that one's text.
     */
    signalWhen?: SignalWhen
    /** Send this signal after so long (when there is nothing to synchronise on). */
    sendSignal?: { signal: NodeJS.Signals; afterMs: number }
    /** Leave stdin open (a pipe nobody writes to), as a CI step with no input can. */
    keepStdinOpen?: boolean
    /** Send stdout or stderr to this file (`/dev/full`, say) instead of collecting it. */
    stdoutTo?: string
    stderrTo?: string
  } = {}
): Promise<CliRun> {
  const folder = await mkdtemp(join(tmpdir(), 'cli-run-'))
  const fileFor = (path: string | undefined) => (path === undefined ? 'pipe' : openSync(path, 'w'))
  const stdio = ['pipe', fileFor(options.stdoutTo), fileFor(options.stderrTo)] as const
  const child = spawn(options.node ?? process.execPath, [options.entry ?? CLI_ENTRY, ...args], {
    cwd: folder,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: folder,
      TMPDIR: folder,
      ...childCoverage(),
      ...options.env
    },
    stdio: [...stdio]
  })
  for (const fd of stdio) if (typeof fd === 'number') closeSync(fd)
  let stdout = ''
  let stderr = ''
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk))
  let nextSignal = options.signalWhen
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk
    while (nextSignal && stderr.includes(nextSignal.text)) {
      child.kill(nextSignal.signal)
      nextSignal = nextSignal.then
    }
  })
  if (!options.keepStdinOpen) child.stdin?.end(options.stdin ?? '')
  const signaller = options.sendSignal
    ? setTimeout(() => child.kill(options.sendSignal?.signal), options.sendSignal.afterMs)
    : undefined
  const killer = setTimeout(() => child.kill('SIGKILL'), 25_000)
  const exitCode = await new Promise<number | null>(resolve => child.on('close', resolve))
  clearTimeout(killer)
  clearTimeout(signaller)
  return {
    exitCode,
    stdout,
    stderr,
    folder,
    cleanup: () => rm(folder, { recursive: true, force: true })
  }
}
