import * as core from '@actions/core'
import * as github from '@actions/github'

export type CommentResult = 'created' | 'updated' | 'skipped' | 'failed'

type Octokit = ReturnType<typeof github.getOctokit>

export interface CommentTarget {
  owner: string
  repo: string
  issueNumber: number
}

/** The pull request this run is for, or undefined outside one. */
export function pullRequestOf(context: typeof github.context): CommentTarget | undefined {
  const number =
    context.payload.pull_request?.number ??
    (context.payload.issue?.pull_request ? context.payload.issue.number : undefined)
  if (typeof number !== 'number') return undefined
  return { ...context.repo, issueNumber: number }
}

/**
 * Creates one comment on the run's pull request, or updates the one carrying `marker` from an
 * earlier run, so re-runs do not pile up comments. A comment is a courtesy: a missing
 * permission is a warning, never a failed step.
 */
export async function upsertPullRequestComment(
  token: string,
  marker: string,
  body: string,
  context: typeof github.context = github.context
): Promise<CommentResult> {
  const target = pullRequestOf(context)
  if (!target) {
    core.info('This run is not for a pull request, so no comment was posted.')
    return 'skipped'
  }
  const fullBody = `${marker}\n${body}`
  const octokit: Octokit = github.getOctokit(token)
  const where = { owner: target.owner, repo: target.repo, issue_number: target.issueNumber }
  try {
    const comments = await octokit.paginate(octokit.rest.issues.listComments, {
      ...where,
      per_page: 100
    })
    const existing = comments.find(comment => comment.body?.includes(marker))
    if (existing) {
      await octokit.rest.issues.updateComment({
        owner: target.owner,
        repo: target.repo,
        comment_id: existing.id,
        body: fullBody
      })
      core.info(`Updated the comment on pull request #${target.issueNumber}.`)
      return 'updated'
    }
    await octokit.rest.issues.createComment({ ...where, body: fullBody })
    core.info(`Commented on pull request #${target.issueNumber}.`)
    return 'created'
  } catch (error) {
    const status = (error as { status?: number }).status
    const hint =
      status === 403 || status === 404
        ? ' Give the workflow `permissions: pull-requests: write` (a pull request from a fork gets a read-only token), or set `comment: false`.'
        : ''
    core.warning(
      `Could not comment on pull request #${target.issueNumber}${status ? ` (HTTP ${status})` : ''}: ${(error as Error).message}.${hint}`
    )
    return 'failed'
  }
}
