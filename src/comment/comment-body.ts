import type { AgentReport } from '../agent/watch.js'
import type { ExportReport } from '../export/export.js'
import { describeJobProgress } from '../export/job-status.js'
import { formatBytes } from '../outputs/export-summary.js'

/** Hidden markers that find this action's earlier comment; one per mode and subject. */
export function exportCommentMarker(subject: string): string {
  return `<!-- mintlify-admin-action:export:${subject} -->`
}

export function agentCommentMarker(projectId: string): string {
  return `<!-- mintlify-admin-action:agent-watch:${projectId} -->`
}

/** Markdown for the pull request; no link and no secret, only what a reviewer needs. */
export function exportCommentBody(report: ExportReport, error: Error | undefined): string {
  const lines = [`### Mintlify static export ${error ? 'failed ❌' : 'ready ✅'}`, '']
  if (error) lines.push(`> ${error.message.split('\n')[0]}`, '')
  lines.push('| | |', '|---|---|')
  if (report.jobId) lines.push(`| Job | \`${report.jobId}\` |`)
  if (report.lastJob) lines.push(`| Status | ${describeJobProgress(report.lastJob)} |`)
  if (report.download) {
    lines.push(
      `| Bundle | ${formatBytes(report.download.sizeBytes)}, ${report.download.format ?? 'unknown format'} |`
    )
    lines.push(`| SHA-256 | \`${report.download.sha256}\` |`)
  }
  if (report.link?.expiresAt)
    lines.push(`| Link expires | ${report.link.expiresAt.toISOString()} |`)
  if (report.artifact)
    lines.push(`| Artifact | [${report.artifact.name}](${report.artifact.url}) |`)
  return lines.join('\n')
}

export function agentCommentBody(report: AgentReport, error: Error | undefined): string {
  const job = report.job
  const state = error ? 'failed ❌' : job?.prLink ? 'opened a pull request ✅' : 'finished ✅'
  const lines = [`### Mintlify agent job ${state}`, '']
  if (error) lines.push(`> ${error.message.split('\n')[0]}`, '')
  lines.push('| | |', '|---|---|', `| Job | \`${report.jobId}\` |`)
  if (job) {
    lines.push(`| Status | ${job.status} |`)
    lines.push(`| Pull request | ${job.prLink ?? 'none (no file changes)'} |`)
  }
  return lines.join('\n')
}
