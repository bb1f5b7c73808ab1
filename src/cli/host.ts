import type { Host, ProgressStep } from '../host.js'
import { formatDuration } from '../settings/duration.js'
import { inFlagWords } from './inputs.js'

/**
 * The terminal: every human line on stderr (stdout is for `--json`), annotations as a word
 * before the line, debug lines only with `--verbose`. On a TTY one live line below the log shows
 * where the job or the download is (log-update redraws it in place); elsewhere (a CI log) only
 * the plain lines appear. Secrets are scrubbed by the log itself.
 */
export async function cliHost({
  verbose,
  stream = process.stderr
}: {
  verbose: boolean
  stream?: NodeJS.WriteStream
}): Promise<Host> {
  const live = stream.isTTY ? await liveLine(stream) : undefined
  // `… 2>&1 | head`, or `2> log` on a full disk: once the log cannot be written, lines go
  // nowhere, and the run goes on to its end (its outputs, its temp folder removed, its exit
  // code), not to an uncaught error that would leave a job started and no outputs of it.
  let readerGone = false
  stream.on('error', () => {
    readerGone = true
  })
  const write = (text: string) => {
    if (readerGone) return
    // Messages name the action's inputs; here they are flags.
    const line = inFlagWords(text)
    live?.clear()
    stream.write(`${line}\n`)
    live?.redraw()
  }
  return {
    info: write,
    notice: message => write(`notice: ${message}`),
    warning: message => write(`warning: ${message}`),
    error: message => write(`error: ${message}`),
    debug: message => {
      if (verbose) write(`debug: ${message}`)
    },
    mask: () => undefined,
    // A terminal has no folding: the title is a line, and the group's lines follow it.
    group: title => write(title),
    endGroup: () => undefined,
    ...(live ? { progress: (step: ProgressStep) => live.show(step) } : {})
  }
}

async function liveLine(stream: NodeJS.WriteStream) {
  // Loaded for a terminal only: log-update and its helpers take some 20 ms to load, which every
  // start in a CI log would pay for a line it never draws.
  const { createLogUpdate } = await import('log-update')
  const update = createLogUpdate(stream, { showCursor: true })
  const speed = downloadSpeed()
  let text = ''
  return {
    show(step: ProgressStep) {
      if (step.kind === 'done') {
        text = ''
        update.clear()
        return
      }
      text = step.kind === 'job' ? step.line : downloadLine(step, speed(step.receivedBytes))
      update(text)
    },
    clear: () => update.clear(),
    redraw: () => {
      if (text) update(text)
    }
  }
}

/** `Downloading 45.2 MiB of 118.0 MiB (38%) · 12.3 MiB/s · about 6s left` */
export function downloadLine(
  step: { receivedBytes: number; totalBytes: number | undefined },
  bytesPerSecond: number | undefined
): string {
  const parts = [`Downloading ${mebibytes(step.receivedBytes)}`]
  if (step.totalBytes) {
    parts[0] += ` of ${mebibytes(step.totalBytes)} (${Math.floor((step.receivedBytes / step.totalBytes) * 100)}%)`
  }
  if (bytesPerSecond) {
    parts.push(`${mebibytes(bytesPerSecond)}/s`)
    if (step.totalBytes && step.totalBytes > step.receivedBytes) {
      const leftMs = ((step.totalBytes - step.receivedBytes) / bytesPerSecond) * 1000
      parts.push(`about ${formatDuration(Math.max(1000, Math.round(leftMs / 1000) * 1000))} left`)
    }
  }
  return parts.join(' · ')
}

const mebibytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`

/** Speed over the last few seconds of steps, so one slow second does not swing the estimate. */
export function downloadSpeed(now: () => number = Date.now, windowMs = 5000) {
  const samples: Array<{ at: number; bytes: number }> = []
  return (bytes: number): number | undefined => {
    const at = now()
    samples.push({ at, bytes })
    while (samples.length > 2 && at - (samples[0] as { at: number }).at > windowMs) samples.shift()
    const first = samples[0] as { at: number; bytes: number }
    const seconds = (at - first.at) / 1000
    return seconds > 0 ? (bytes - first.bytes) / seconds : undefined
  }
}
