import * as core from '@actions/core'
import type { ExportJob } from '../api/client.js'
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
      core.info(
        `Export job ${this.jobId} reports status "${job.status}", which is not among the documented ones; waiting for completed or failed.`
      )
    }
    const line = describeJobProgress(job)
    if (line !== this.lastLine) {
      this.lastLine = line
      core.info(`Export job ${this.jobId}: ${line}`)
    }
  }
}
