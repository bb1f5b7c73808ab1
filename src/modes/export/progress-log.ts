import { log } from '../../log.js'
import type { ExportJob } from '../../api/client.js'
import type { DownloadOptions } from '../../download/download.js'
import { classifyExportJob, describeJobProgress } from './job-status.js'

/**
 * Logs a job's progress only when it moved, and an unfamiliar status once, so a ten-minute
 * export reads as a handful of lines rather than one per poll.
 */
export class ProgressLog {
  private lastLine: string | undefined
  private readonly unfamiliar = new Set<string>()

  constructor(private readonly jobId: string) {}

  record(job: ExportJob): void {
    const verdict = classifyExportJob(job)
    if (verdict.kind === 'pending' && !verdict.known && !this.unfamiliar.has(job.status)) {
      this.unfamiliar.add(job.status)
      log.info(
        `Export job ${this.jobId} reports status "${job.status}", which is not among the documented ones; waiting for completed or failed.`
      )
    }
    const line = describeJobProgress(job)
    log.progress({ kind: 'job', line: `Export job ${this.jobId}: ${line}` })
    if (line !== this.lastLine) {
      this.lastLine = line
      log.info(`Export job ${this.jobId}: ${line}`)
    }
  }
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
