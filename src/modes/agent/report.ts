import { secrets } from '../../log.js'
import { code, html, summaryMarkdown } from '../../report/summary.js'
import { markdownText, markdownUrl } from '../../util/markdown.js'
import { classifyAgentJob } from '../agent-watch/agent-status.js'
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

/** Working, done (with the docs pull request, or no changes needed), or failed with the reason. */
export function agentRunCommentBody(report: AgentRunReport, error: Error | undefined): string {
  const job = report.job
  const verdict = job ? classifyAgentJob(job) : undefined
  const prUrl = job?.prLink ? markdownUrl(job.prLink) : undefined
  let headline: string
  if (error) headline = '❌ The docs agent failed'
  else if (!verdict || verdict.kind === 'pending')
    headline = report.waited ? '⏳ The docs agent is working' : '⏳ The docs agent started'
  else if (verdict.kind === 'archived') headline = '🗄️ The docs agent job is archived'
  else if (prUrl) headline = `✅ The docs agent opened a pull request: ${prUrl}`
  else headline = '✅ The docs agent finished: no documentation changes needed'
  const lines = [`### ${headline}`, '']
  if (error) lines.push(`> ${markdownText(error.message)}`, '')
  const facts: string[] = []
  if (report.jobId) facts.push(`Agent job \`${report.jobId}\` in project \`${report.projectId}\``)
  if (job) facts.push(`status: ${markdownText(job.status)}`)
  if (report.request === 'follow-up') facts.push('after a follow-up message')
  if (report.context) facts.push(`context: the ${markdownText(report.context)}`)
  lines.push(facts.join(' · '))
  if (error) {
    lines.push(
      '',
      report.jobId
        ? `**Next step:** read the reason above; to follow the job again, run \`mode: agent-watch\` with \`job-id: ${report.jobId}\`.`
        : '**Next step:** read the reason above, fix what it names, and run the workflow again.'
    )
  }
  return lines.join('\n')
}
