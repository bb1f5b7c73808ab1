import { readEvent, textAt, valueAt } from '../github/event.js'
import { httpUrl } from '../util/untrusted.js'

/** What the engine may know of the GitHub workflow run it is part of (nothing, elsewhere). */
export interface GitHubRun {
  /** `pull_request`, `push`, … (GITHUB_EVENT_NAME). */
  readonly eventName?: string
  /** The run's page: `$GITHUB_SERVER_URL/$GITHUB_REPOSITORY/actions/runs/$GITHUB_RUN_ID`. */
  readonly runUrl?: string
  /** `$GITHUB_SERVER_URL/$GITHUB_REPOSITORY`, for links to commits. */
  readonly repositoryUrl?: string
  /** The pull request's head branch, on events that carry the pull request. */
  readonly headRef?: string
  /** That head is a fork's branch, which this repository's Mintlify project does not have. */
  readonly headFromFork?: boolean
  /** The run is for a pull request (a comment on one included), head known or not. */
  readonly forPullRequest?: boolean
  /**
   * The commit built: the pull request's head on pull-request events, the triggering run's head
   * on `workflow_run`, else GITHUB_SHA.
   */
  readonly headSha?: string
  /** The branch the workflow runs on (GITHUB_REF_NAME), unless the ref is a tag or a pull ref. */
  readonly refName?: string
}

/** The event payload, or none when it cannot be read (the run then goes by its variables). */
function eventPayload(env: NodeJS.ProcessEnv): Record<string, unknown> {
  try {
    return readEvent(env)?.payload ?? {}
  } catch {
    return {}
  }
}

/** Text at a path of the payload, trimmed; undefined when absent or blank. */
const trimmedAt = (value: unknown, ...keys: string[]): string | undefined =>
  textAt(value, ...keys)?.trim() || undefined

/** The run, from the runner's environment and its event payload. */
export function readGitHubRun(env: NodeJS.ProcessEnv): GitHubRun {
  const eventName = env.GITHUB_EVENT_NAME || undefined
  const payload = eventPayload(env)
  // Every event about a pull request carries it (review, review comment, target), not only
  // `pull_request`; a comment on one carries `issue.pull_request` but not its head.
  const head = valueAt(payload, 'pull_request', 'head')
  // A `workflow_run` (the usual second workflow after a pull request's) carries the run it
  // follows: its head branch, commit and repository, and the pull requests of that branch.
  const triggering = eventName === 'workflow_run' ? valueAt(payload, 'workflow_run') : undefined
  const triggeringPulls = valueAt(triggering, 'pull_requests')
  const forPullRequest =
    head !== undefined ||
    valueAt(payload, 'issue', 'pull_request') !== undefined ||
    (Array.isArray(triggeringPulls) && triggeringPulls.length > 0)
  const server = env.GITHUB_SERVER_URL?.replace(/\/+$/, '')
  const repository = env.GITHUB_REPOSITORY
  const repositoryUrl =
    server && repository && /^[\w.-]+\/[\w.-]+$/.test(repository)
      ? httpUrl(`${server}/${repository}`)
      : undefined
  const runUrl =
    repositoryUrl && env.GITHUB_RUN_ID && /^\d+$/.test(env.GITHUB_RUN_ID)
      ? `${repositoryUrl}/actions/runs/${env.GITHUB_RUN_ID}`
      : undefined
  const headRef =
    trimmedAt(head, 'ref') ??
    trimmedAt(triggering, 'head_branch') ??
    (env.GITHUB_HEAD_REF || undefined)
  const headRepo =
    trimmedAt(head, 'repo', 'full_name') ?? trimmedAt(triggering, 'head_repository', 'full_name')
  const baseRepo = trimmedAt(payload, 'repository', 'full_name') ?? repository
  // A head whose repository is gone (`repo: null`: a fork since deleted) is a fork's too: its
  // branch name may well be one of this repository's, which is not the change.
  const headGone = valueAt(head, 'repo') === null || valueAt(triggering, 'head_repository') === null
  const headFromFork = headGone || Boolean(headRepo && baseRepo && headRepo !== baseRepo)
  // The followed run's commit only with its branch: else branch and commit would not match.
  const followedSha = trimmedAt(triggering, 'head_branch') && trimmedAt(triggering, 'head_sha')
  const headSha = trimmedAt(head, 'sha') ?? followedSha ?? (env.GITHUB_SHA || undefined)
  // `7/merge` on pull-request events is GitHub's merge ref, not a branch.
  const pullRef = env.GITHUB_REF?.startsWith('refs/pull/') ?? false
  const refName =
    env.GITHUB_REF_TYPE === 'tag' || pullRef || !env.GITHUB_REF_NAME
      ? undefined
      : env.GITHUB_REF_NAME
  return {
    ...(eventName ? { eventName } : {}),
    ...(runUrl ? { runUrl } : {}),
    ...(repositoryUrl ? { repositoryUrl } : {}),
    ...(headRef ? { headRef } : {}),
    ...(headFromFork ? { headFromFork } : {}),
    ...(forPullRequest ? { forPullRequest } : {}),
    ...(headSha && /^[0-9a-f]{7,64}$/i.test(headSha) ? { headSha } : {}),
    ...(refName ? { refName } : {})
  }
}
