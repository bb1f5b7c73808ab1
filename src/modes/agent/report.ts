import { secrets } from '../../log.js'
import { code, html, summaryMarkdown } from '../../report/summary.js'
import { agentOutputs, agentSummaryRows, agentWatchSnippet } from '../agent-watch/report.js'
import { followAgain } from '../next-step.js'
import type { AgentRunReport } from './run.js'

/*
 * What an `agent` run's report becomes: agent-watch's outputs with the job id, its summary with
 * the prompt that was sent, and one pull-request comment per job, updated as the job moves.
 */

export function agentRunOutputs(report: AgentRunReport): Record<string, string> {
  return report.jobId ? { 'job-id': report.jobId, ...agentOutputs(report) } : {}
}

/** The prompt in a folded block: `<pre>` keeps its lines, and its escaping keeps it inert. */
export function promptDetails(report: AgentRunReport): string {
  if (!report.prompt) return ''
  const kind = report.request === 'create' ? 'Prompt sent' : 'Follow-up sent'
  const escaped = secrets
    .scrub(report.prompt)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/@/g, '@\u200b')
  const from = report.context ? `, with the ${html(report.context)}` : ''
  return `<details><summary>${kind} (${report.prompt.length} characters${from})</summary>\n\n<pre>${escaped}</pre>\n\n</details>\n`
}

export function agentRunSummary(report: AgentRunReport, error: Error | undefined): string {
  const rows = agentSummaryRows(report)
  if (!report.jobId) rows.shift()
  rows.unshift([
    'Request',
    report.request === 'create'
      ? `new job in project ${code(report.projectId)}`
      : `follow-up to ${code(report.jobId)}`
  ])
  if (!report.waited && report.job) rows.push(['Followed', `no (${code('wait: false')})`])
  const nextStep = followAgain(error, 'The agent job', agentWatchSnippet(report))
  return `${summaryMarkdown('Mintlify agent job', rows, error, { nextStep })}\n${promptDetails(report)}`
}
