import { pullRequestAbsence } from '../agent/agent-status.js'
import type { AgentReport } from '../agent/watch.js'
import type { ExportReport } from '../export/export.js'
import { describeJobProgress } from '../export/job-status.js'
import { formatBytes } from '../outputs/export-summary.js'
import { markdownText, markdownUrl } from '../util/markdown.js'

/** Hidden markers that find this action's earlier comment; one per mode and subject. */
export function exportCommentMarker(subject: string): string {
  return `<!-- mintlify-admin-action:export:${subject} -->`
}

/** One comment per agent job: two watches on one pull request keep their own. */
export function agentCommentMarker(projectId: string, jobId: string): string {
  return `<!-- mintlify-admin-action:agent-watch:${projectId}:${jobId} -->`
}

/** Markdown for the pull request; no link and no secret, only what a reviewer needs. */
export function exportCommentBody(report: ExportReport, error: Error | undefined): string {
  const lines = [`### Mintlify static export ${error ? 'failed ❌' : 'ready ✅'}`, '']
  if (error) lines.push(`> ${markdownText(error.message)}`, '')
  lines.push('| | |', '|---|---|')
  if (report.jobId) lines.push(`| Job | ${markdownText(report.jobId)} |`)
  if (report.lastJob)
    lines.push(`| Status | ${markdownText(describeJobProgress(report.lastJob))} |`)
  if (report.download) {
    lines.push(
      `| Bundle | ${formatBytes(report.download.sizeBytes)}, ${report.download.format ?? 'unknown format'} |`
    )
    if (report.download.sha256) lines.push(`| SHA-256 | \`${report.download.sha256}\` |`)
  }
  if (report.link?.expiresAt)
    lines.push(`| Link expires | ${report.link.expiresAt.toISOString()} |`)
  if (report.artifact) {
    const name = markdownText(report.artifact.name)
    const url = report.artifact.url && markdownUrl(report.artifact.url)
    lines.push(`| Artifact | ${url ? `[${name}](${url})` : name} |`)
  }
  return lines.join('\n')
}

export function agentCommentBody(report: AgentReport, error: Error | undefined): string {
  const job = report.job
  const state = error ? 'failed ❌' : job?.prLink ? 'opened a pull request ✅' : 'finished ✅'
  const lines = [`### Mintlify agent job ${state}`, '']
  if (error) lines.push(`> ${markdownText(error.message)}`, '')
  lines.push('| | |', '|---|---|', `| Job | ${markdownText(report.jobId)} |`)
  if (job) {
    lines.push(`| Status | ${markdownText(job.status)} |`)
    const prUrl = job.prLink ? markdownUrl(job.prLink) : undefined
    lines.push(
      `| Pull request | ${prUrl ?? (job.prLink ? markdownText(job.prLink) : pullRequestAbsence(job))} |`
    )
  }
  return lines.join('\n')
}
