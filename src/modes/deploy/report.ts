import { formatDuration } from '../../settings/duration.js'
import type { GitHubRun } from '../../settings/github-run.js'
import { code, html, link, type SummaryRow } from '../../report/summary.js'
import { factList, markdownText, markdownUrl, quoteMessage } from '../../util/markdown.js'
import { CancelledError, stoppedWaiting } from '../errors.js'
import type { DeploymentKind, DeploymentReport } from './follow.js'
import { classifyDeployment } from './status.js'

/*
 * What a deployment's report becomes for people and for the next step, shared by deploy and
 * preview: outputs, the summary's rows and the pull-request comment. Pure functions.
 */

/** Output name → value; a field the server did not send is left out, never "undefined". */
export function deploymentOutputs(report: DeploymentReport): Record<string, string> {
  const d = report.deployment
  const outputs: Record<string, string> = {}
  if (report.statusId) outputs['status-id'] = report.statusId
  if (!d) return outputs
  outputs.status = d.status
  outputs['commit-sha'] = d.commit?.sha ?? ''
  outputs['commit-message'] = d.commit?.message ?? ''
  outputs['screenshot-url'] = d.screenshotUrl ?? ''
  outputs['ended-at'] = d.endedAt ?? ''
  return outputs
}

export function deploymentSummaryRows(report: DeploymentReport): SummaryRow[] {
  const d = report.deployment
  const rows: SummaryRow[] = []
  if (report.statusId)
    rows.push([
      'Status id',
      `${code(report.statusId)}${report.projectId ? ` in project ${code(report.projectId)}` : ''}`
    ])
  if (d) {
    rows.push(['Status', html(d.status)])
    if (d.summary) rows.push(['Summary', html(d.summary)])
    if (d.commit?.sha)
      rows.push([
        'Commit',
        `${code(d.commit.sha.slice(0, 7))}${d.commit.message ? ` ${html(d.commit.message)}` : ''}`
      ])
    if (d.screenshotUrl) rows.push(['Screenshot', link(d.screenshotUrl)])
    if (d.endedAt) rows.push(['Ended at', html(d.endedAt)])
  }
  rows.push(['Action waited', formatDuration(report.waitedMs)])
  return rows
}

/** Where the comment's links come from: the run, and what was deployed. */
export interface CommentContext {
  run: GitHubRun
  branch?: string
  previewUrl?: string
  /** The commit being built, when known before the status names it (a preview of the run's branch). */
  expectedCommit?: string
}

const TITLES: Record<DeploymentKind, string> = {
  deployment: 'Mintlify deployment',
  preview: 'Mintlify preview'
}

/** A run cancelled before it triggered anything has nothing to tell the pull request. */
export const cancelledBeforeStart = (report: DeploymentReport, error: Error | undefined) =>
  error instanceof CancelledError && !report.statusId

/** building (no final status yet), ready, or failed (with the reason). */
export function commentState(
  report: DeploymentReport,
  error: Error | undefined
): 'building' | 'ready' | 'failed' | 'stopped' {
  if (stoppedWaiting(error)) return 'stopped'
  if (error) return 'failed'
  const d = report.deployment
  return d && classifyDeployment(d).kind === 'success' ? 'ready' : 'building'
}

/** A short SHA, linked to the commit when the repository is known. */
function commitCell(sha: string, repositoryUrl: string | undefined): string {
  const short = markdownText(sha.slice(0, 7))
  if (!/^[0-9a-f]{7,64}$/i.test(sha) || !repositoryUrl) return short
  const url = markdownUrl(`${repositoryUrl}/commit/${sha}`)
  return url ? `[${short}](${url})` : short
}

/**
 * Markdown for the pull request, one state at a time: building → ready (with the preview link
 * and the screenshot, when there is one) → or failed (with the reason); each with the workflow
 * run and the commit built. Server text is escaped: it renders as written.
 */
export function deploymentCommentBody(
  kind: DeploymentKind,
  report: DeploymentReport,
  error: Error | undefined,
  context: CommentContext
): string {
  const state = commentState(report, error)
  const heading = {
    building: `### ⏳ ${TITLES[kind]} building`,
    ready: `### ✅ ${TITLES[kind]} ready`,
    failed: `### ❌ ${TITLES[kind]} failed`,
    stopped: `### ⏳ ${TITLES[kind]} still building: this run stopped waiting`
  }[state]
  const lines = [heading, '']
  if (error) lines.push(quoteMessage(error.message), '')
  const previewUrl = context.previewUrl ? markdownUrl(context.previewUrl) : undefined
  if (state === 'ready' && previewUrl) lines.push(`**[Open the preview](${previewUrl})**`, '')
  const d = report.deployment
  const rows: Array<[string, string]> = []
  if (context.branch) rows.push(['Branch', markdownText(context.branch)])
  if (previewUrl)
    rows.push(['Preview', `[${markdownText(context.previewUrl ?? '')}](${previewUrl})`])
  // A deployment builds the project's deployment branch, not this run's commit.
  const sha = d?.commit?.sha ?? context.expectedCommit
  if (sha) rows.push(['Commit', commitCell(sha, context.run.repositoryUrl)])
  if (d) rows.push(['Status', markdownText(d.status)])
  if (report.statusId) rows.push(['Status id', markdownText(report.statusId)])
  // The workflow run's link is the comment's last line, which the action adds to every comment.
  lines.push(...factList(rows))
  const screenshot =
    state === 'ready' && d?.screenshotUrl ? markdownUrl(d.screenshotUrl) : undefined
  if (screenshot) lines.push('', `![Screenshot of the ${kind}](${screenshot})`)
  return lines.join('\n')
}

/** The `with:` lines of a deploy step that waits on this deployment (or preview) again. */
export function deploymentSnippet(report: DeploymentReport): string | undefined {
  if (!report.statusId) return undefined
  return `mode: deploy\nproject-id: ${report.projectId ?? ''}\nstatus-id: ${report.statusId}`
}
