import * as github from '@actions/github'
import { log, secrets } from '../log.js'
import { untrusted } from '../util/untrusted.js'

export type CommentResult = 'created' | 'updated' | 'skipped' | 'failed'

type Octokit = ReturnType<typeof github.getOctokit>

export interface CommentTarget {
  owner: string
  repo: string
  issueNumber: number
}

/** The pull request this run is for, or undefined outside one. */
export function pullRequestOf(context: typeof github.context): CommentTarget | undefined {
  // A `workflow_run` names the pull requests of the run it follows (none for a fork's).
  const followed = context.eventName === 'workflow_run' ? context.payload.workflow_run : undefined
  const number =
    context.payload.pull_request?.number ??
    (context.payload.issue?.pull_request ? context.payload.issue.number : undefined) ??
    (followed?.pull_requests as Array<{ number?: unknown }> | undefined)?.[0]?.number
  if (typeof number !== 'number') return undefined
  return { ...context.repo, issueNumber: number }
}

/**
 * On a push (a merge to the default branch, say), the pull request that brought the commit in,
 * so the people on the code change hear of the result; undefined when there is none.
 */
async function mergedPullRequestOf(
  octokit: Octokit,
  context: typeof github.context
): Promise<CommentTarget | undefined> {
  if (context.eventName !== 'push' || !context.sha) return undefined
  try {
    const { data } = await octokit.rest.repos.listPullRequestsAssociatedWithCommit({
      ...context.repo,
      commit_sha: context.sha
    })
    const pull = data.find(p => p.merge_commit_sha === context.sha) ?? data[0]
    return pull ? { ...context.repo, issueNumber: pull.number } : undefined
  } catch (error) {
    log.info(
      `Could not find the pull request of commit ${context.sha.slice(0, 7)} (${untrusted((error as Error).message)}), so no comment was posted.`
    )
    return undefined
  }
}

/**
 * The open pull request whose head is `branch` of this repository, for a run that is for none
 * (a dispatch that follows a preview again); undefined when there is none or it cannot be told.
 */
async function openPullRequestOf(
  octokit: Octokit,
  context: typeof github.context,
  branch: string
): Promise<CommentTarget | undefined> {
  try {
    const { data } = await octokit.rest.pulls.list({
      ...context.repo,
      state: 'open',
      head: `${context.repo.owner}:${branch}`,
      per_page: 1
    })
    const number = data[0]?.number
    return typeof number === 'number' ? { ...context.repo, issueNumber: number } : undefined
  } catch (error) {
    log.info(
      `Could not find the open pull request of branch ${untrusted(branch)} (${untrusted((error as Error).message)}), so no comment was posted.`
    )
    return undefined
  }
}

/** The pull request a run's comment goes on: the run's own, a push's merged one, or `branch`'s. */
async function commentTarget(
  octokit: Octokit,
  context: typeof github.context,
  branch: string | undefined
): Promise<CommentTarget | undefined> {
  const own = pullRequestOf(context) ?? (await mergedPullRequestOf(octokit, context))
  if (own || !branch || context.eventName === 'push') return own
  return openPullRequestOf(octokit, context, branch)
}

/**
 * The comment's last line: the workflow run that wrote it, the commit it was for, and when, so
 * a reader knows how fresh it is and where the logs are.
 */
export function runFooter(context: typeof github.context, now = new Date()): string {
  const parts: string[] = []
  if (context.serverUrl && context.runId) {
    const repository = `${context.repo.owner}/${context.repo.repo}`
    parts.push(`[Workflow run](${context.serverUrl}/${repository}/actions/runs/${context.runId})`)
  }
  const head = context.payload.pull_request?.head as { sha?: unknown } | undefined
  const followed =
    context.eventName === 'workflow_run'
      ? (context.payload.workflow_run as { head_sha?: unknown } | undefined)
      : undefined
  // A comment on a pull request runs on the default branch: its commit is not the pull
  // request's, and the event does not say which that is.
  const sha =
    typeof head?.sha === 'string'
      ? head.sha
      : typeof followed?.head_sha === 'string'
        ? followed.head_sha
        : context.eventName === 'issue_comment'
          ? undefined
          : context.sha
  if (sha && /^[0-9a-f]{7,64}$/i.test(sha)) parts.push(`commit \`${sha.slice(0, 7)}\``)
  parts.push(`updated ${now.toISOString().slice(0, 16).replace('T', ' ')} UTC`)
  return `<sub>${parts.join(' · ')}</sub>`
}

/** A comment the listing returns: only the fields that decide whether it is ours. */
interface ListedComment {
  id: number
  body?: string | null
  user?: { login?: string } | null
}

/**
 * Ours: written by the token's own identity, with the marker as its whole first line. Anyone
 * may paste a marker into a comment; updating theirs would fail (403) or, worse, rewrite it.
 */
export function isOwnComment(
  comment: ListedComment,
  marker: string,
  author: string | undefined
): boolean {
  const firstLine = comment.body?.split('\n', 1)[0]?.replace(/\r$/, '')
  return author !== undefined && comment.user?.login === author && firstLine === marker
}

/**
 * The login comments made with `token` are shown under: `viewer` answers for every token kind
 * (the workflow token is `github-actions[bot]`, an app's token `<app>[bot]`, a user's token that
 * user), where REST `GET /user` refuses installation tokens.
 */
export async function tokenIdentity(
  octokit: Octokit,
  withoutIt: string
): Promise<string | undefined> {
  try {
    // Both are non-null in GitHub's schema (`viewer: User!`, `login: String!`).
    const answer = await octokit.graphql<{ viewer: { login: string } }>(
      'query { viewer { login } }'
    )
    return answer.viewer.login || undefined
  } catch (error) {
    log.info(
      `Could not tell who this token is (${untrusted((error as Error).message)}), so ${withoutIt}.`
    )
    return undefined
  }
}

/** Bounds the comment's requests together: a courtesy must not hold the step long. */
const COMMENT_REQUEST_TIMEOUT_MS = 30_000

function commentClient(token: string): Octokit {
  return github.getOctokit(token, {
    request: { signal: AbortSignal.timeout(COMMENT_REQUEST_TIMEOUT_MS) }
  })
}

/** The comment this token wrote with `marker` on the pull request, if any. */
async function findOwnComment(
  octokit: Octokit,
  target: CommentTarget,
  marker: string,
  withoutIt: string
): Promise<ListedComment | undefined> {
  const author = await tokenIdentity(octokit, withoutIt)
  if (!author) return undefined
  const comments: ListedComment[] = await octokit.paginate(octokit.rest.issues.listComments, {
    owner: target.owner,
    repo: target.repo,
    issue_number: target.issueNumber,
    per_page: 100
  })
  return comments.find(comment => isOwnComment(comment, marker, author))
}

/**
 * The body of the comment an earlier run wrote with `marker` on this run's pull request, for
 * what it recorded; undefined when there is none or it cannot be read (a courtesy: never fails).
 */
export async function ownCommentBody(
  token: string,
  marker: string,
  branch: string | undefined,
  context: typeof github.context = github.context
): Promise<string | undefined> {
  const octokit = commentClient(token)
  const target = await commentTarget(octokit, context, branch)
  if (!target) return undefined
  try {
    const own = await findOwnComment(octokit, target, marker, 'no earlier comment is read')
    return own?.body ?? undefined
  } catch (error) {
    log.info(
      `Could not read the earlier comment on pull request #${target.issueNumber}: ${untrusted((error as Error).message)}.`
    )
    return undefined
  }
}

/**
 * Creates one comment on the run's pull request, or updates the one this token wrote with
 * `marker` in an earlier run, so re-runs do not pile up comments. A comment is a courtesy: a
 * missing permission is a warning, never a failed step. The body is scrubbed of every secret
 * the run knows: no runner mask covers a comment.
 */
export async function upsertPullRequestComment(
  token: string,
  marker: string,
  body: string,
  context: typeof github.context = github.context,
  branch?: string
): Promise<CommentResult> {
  const octokit = commentClient(token)
  const target = await commentTarget(octokit, context, branch)
  if (!target) {
    log.info('This run is not for a pull request, so no comment was posted.')
    return 'skipped'
  }
  const fullBody = `${marker}\n${secrets.scrub(body)}\n\n${runFooter(context)}`
  const where = { owner: target.owner, repo: target.repo, issue_number: target.issueNumber }
  try {
    const existing = await findOwnComment(
      octokit,
      target,
      marker,
      'a new comment is posted instead of updating one'
    )
    if (existing) {
      await octokit.rest.issues.updateComment({
        owner: target.owner,
        repo: target.repo,
        comment_id: existing.id,
        body: fullBody
      })
      log.info(`Updated the comment on pull request #${target.issueNumber}.`)
      return 'updated'
    }
    await octokit.rest.issues.createComment({ ...where, body: fullBody })
    log.info(`Commented on pull request #${target.issueNumber}.`)
    return 'created'
  } catch (error) {
    const status = (error as { status?: number }).status
    const hint =
      status === 403 || status === 404
        ? ' Give the workflow `permissions: pull-requests: write` (a pull request from a fork gets a read-only token), or set `comment: false`.'
        : ''
    log.warning(
      `Could not comment on pull request #${target.issueNumber}${status ? ` (HTTP ${status})` : ''}: ${untrusted((error as Error).message)}.${hint}`
    )
    return 'failed'
  }
}
