import { log } from '../../log.js'
import type { ExportJob } from '../../api/client.js'
import type { DownloadOptions } from '../../download/download.js'
import type { PollState } from '../../poll/poll.js'
import { estimateCompletion } from '../../poll/schedule.js'
import { WaitLog } from '../../poll/wait-log.js'
import { classifyExportJob, describeJobProgress } from './job-status.js'

/**
 * Logs a job's progress when it moved, a heartbeat with the time left in quiet spells, and an
 * unfamiliar status once, so a ten-minute export reads as a handful of lines, not one per poll.
 */
export class ProgressLog {
  /** The wait's log, for states of the wait other than the job's progress. */
  readonly wait: WaitLog
  private readonly unfamiliar = new Set<string>()

  constructor(private readonly jobId: string) {
    this.wait = new WaitLog(`Export job ${jobId}`)
  }

  stop(): void {
    this.wait.stop()
  }

  record(job: ExportJob, state?: PollState): void {
    const verdict = classifyExportJob(job)
    if (verdict.kind === 'pending' && !verdict.known && !this.unfamiliar.has(job.status)) {
      this.unfamiliar.add(job.status)
      log.info(
        `Export job ${this.jobId} reports status "${job.status}", which is not among the documented ones; waiting for completed or failed.`
      )
    }
    this.wait.update(describeJobProgress(job), state && remainingMs(state))
  }
}

/** Time left by the rate progress rose at so far (the middle of what the samples allow). */
function remainingMs(state: PollState): number | undefined {
  const estimate = estimateCompletion(state.progressHistory)
  if (!estimate) return undefined
  return Math.max(0, (estimate.earliestMs + estimate.latestMs) / 2 - state.elapsedMs)
}

/** Longest quiet spell in the download log, for bundles of unknown size or slow stretches. */
const DOWNLOAD_LOG_EVERY_MS = 30_000

/**
 * A download progress callback that logs at each tenth of the bundle, or every half minute
 * when the size is unknown or a tenth is slow to come: a twenty-minute download reads as about
 * ten lines, not one per second.
 */
export function downloadProgressLog(
  now: () => number = Date.now
): NonNullable<DownloadOptions['onProgress']> {
  let lastTenth = 0
  let lastAt = now()
  return (received, total) => {
    log.progress({ kind: 'download', receivedBytes: received, totalBytes: total })
    const tenth = total ? Math.floor((received / total) * 10) : 0
    if (tenth <= lastTenth && now() - lastAt < DOWNLOAD_LOG_EVERY_MS) return
    lastTenth = Math.max(lastTenth, tenth)
    lastAt = now()
    log.info(
      `Downloading: ${received} bytes${total ? ` of ${total} (${Math.floor((received / total) * 100)}%)` : ''}`
    )
  }
}
