import { secrets } from '../../log.js'
import { formatDuration } from '../../settings/duration.js'
import { code, html, link, type SummaryRow } from '../../report/summary.js'
import { markdownText, markdownUrl, quoteMessage } from '../../util/markdown.js'
import { stoppedWaiting } from '../errors.js'
import { classifyAgentJob, pullRequestAbsence } from './agent-status.js'
import type { AgentRunReport } from '../agent/run.js'
import type { AgentReport } from './run.js'

/*
 * What an agent watch's report becomes for people and for the next step: outputs, the
 * summary's rows and the pull-request comment. Pure functions; the front doors write them.
 */

/** Output name → value for agent-watch; a null field is an empty string, never "null". */
export function agentOutputs(report: AgentReport): Record<string, string> {
  const job = report.job
  if (!job) return {}
  return {
    // Only a status the service gave: one taken as `active` for an answer without any is not.
    status: job.statusAssumed ? '' : job.status,
    'pr-link': job.prLink ?? '',
    model: job.model ?? '',
    repository: job.repository ?? '',
    ref: job.ref ?? '',
    'created-at': job.createdAt ?? '',
    'archived-at': job.archivedAt ?? '',
    // The body as received, less any credential the server echoed; JSON escapes every control
    // character but U+2028/U+2029, which some readers take for line breaks.
    job: JSON.stringify(secrets.scrubValue(job.raw, ['credential'])).replace(
      /[\u2028\u2029]/g,
      c => `\\u${c.charCodeAt(0).toString(16)}`
    )
  }
}

/**
 * How long the job ran: createdAt to archivedAt. The spec gives no end time for a job that is
 * not archived, and its age (createdAt to now) would pass for a run time, so none then.
 */
export function agentRunMs(report: AgentReport): number | undefined {
  const created = report.job?.createdAt ? Date.parse(report.job.createdAt) : NaN
  const archived = report.job?.archivedAt ? Date.parse(report.job.archivedAt) : NaN
  if (!Number.isFinite(created) || !Number.isFinite(archived)) return undefined
  return Math.max(0, archived - created)
}

export function agentSummaryRows(report: AgentReport): SummaryRow[] {
  const job = report.job
  const rows: SummaryRow[] = [['Job', `${code(report.jobId)} in project ${code(report.projectId)}`]]
  if (job) {
    rows.push(['Status', job.statusAssumed ? 'not in the last answer' : html(job.status)])
    if (job.model) rows.push(['Model', html(job.model)])
    if (job.repository)
      rows.push(['Repository', `${html(job.repository)}${job.ref ? ` @ ${code(job.ref)}` : ''}`])
    rows.push(['Pull request', job.prLink ? link(job.prLink) : pullRequestAbsence(job)])
    if (job.archivedAt) rows.push(['Archived at', html(job.archivedAt)])
  }
  const ran = agentRunMs(report)
  if (ran !== undefined) rows.push(['Job ran for', formatDuration(ran)])
  rows.push(['Action waited', formatDuration(report.waitedMs)])
  return rows
}

/** The `with:` lines of an agent-watch step that follows this job again. */
export function agentWatchSnippet(report: AgentReport): string | undefined {
  if (!report.jobId) return undefined
  return `mode: agent-watch\nproject-id: ${report.projectId}\njob-id: ${report.jobId}`
}

export const AGENT_SUMMARY_TITLE = 'Mintlify agent job'

/**
 * One comment per agent job, the same for `agent` and `agent-watch` (a job started with
 * `wait: false` and followed later keeps one comment); two jobs on one pull request keep theirs.
 */
export function agentCommentMarker(projectId: string, jobId: string): string {
  return `<!-- mintlify-admin-action:agent:${projectId}:${jobId} -->`
}

/** Working, done (with the docs pull request, or no changes needed), or failed with the reason. */
export function agentCommentBody(
  report: AgentReport & Partial<Pick<AgentRunReport, 'request' | 'context' | 'waited'>>,
  error: Error | undefined
): string {
  const job = report.job
  const verdict = job ? classifyAgentJob(job) : undefined
  const prUrl = job?.prLink ? markdownUrl(job.prLink) : undefined
  let headline: string
  if (stoppedWaiting(error))
    headline = '⏳ The docs agent is still working: this run stopped waiting'
  // The job was not seen to end: the step could not follow it (a refused read, say).
  else if (error && (!verdict || verdict.kind === 'pending'))
    headline = '⚠️ Could not follow the docs agent: it may still be working'
  else if (error && verdict?.kind === 'failed') headline = '❌ The docs agent failed'
  else if (error) headline = '❌ The docs agent finished without a pull request to hand on'
  else if (!verdict || verdict.kind === 'pending')
    headline =
      report.waited !== false
        ? '⏳ The docs agent is working'
        : report.request === 'follow-up'
          ? '⏳ The docs agent took the follow-up'
          : '⏳ The docs agent started'
  else if (verdict.kind === 'archived')
    headline = prUrl
      ? `🗄️ The docs agent job is archived; its pull request: ${prUrl}`
      : '🗄️ The docs agent job is archived, with no pull request'
  else if (prUrl) headline = `✅ The docs agent opened a pull request: ${prUrl}`
  else if (job?.prLinkUnusable)
    headline = '⚠️ The docs agent finished; its pull request link could not be used'
  else headline = '✅ The docs agent finished: no documentation changes needed'
  const lines = [`### ${headline}`, '']
  if (error) lines.push(quoteMessage(error.message), '')
  const facts: string[] = []
  if (report.jobId) facts.push(`Agent job \`${report.jobId}\` in project \`${report.projectId}\``)
  if (job && !job.statusAssumed) facts.push(`status: ${markdownText(job.status)}`)
  if (report.request === 'follow-up') facts.push('after a follow-up message')
  if (report.context) facts.push(`context: the ${markdownText(report.context)}`)
  lines.push(facts.join(' · '))
  if (error) {
    lines.push(
      '',
      report.jobId
        ? `**Next step:** read the reason above; to follow the job again, run a step with \`mode: agent-watch\` and \`job-id: ${report.jobId}\`.`
        : '**Next step:** read the reason above, fix what it names, and run the workflow again.'
    )
  }
  return lines.join('\n')
}
