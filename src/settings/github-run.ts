import { readFileSync } from 'node:fs'
import { httpUrl } from '../util/untrusted.js'

/** What the engine may know of the GitHub workflow run it is part of (nothing, elsewhere). */
export interface GitHubRun {
  /** `pull_request`, `push`, … (GITHUB_EVENT_NAME). */
  readonly eventName?: string
  /** The run's page: `$GITHUB_SERVER_URL/$GITHUB_REPOSITORY/actions/runs/$GITHUB_RUN_ID`. */
  readonly runUrl?: string
  /** `$GITHUB_SERVER_URL/$GITHUB_REPOSITORY`, for links to commits. */
  readonly repositoryUrl?: string
  /** The pull request's head branch, on pull-request events. */
  readonly headRef?: string
  /** The commit built: the pull request's head on pull-request events, else GITHUB_SHA. */
  readonly headSha?: string
  /** The branch the workflow runs on (GITHUB_REF_NAME), unless the ref is a tag. */
  readonly refName?: string
}

const PULL_REQUEST_EVENTS = new Set(['pull_request', 'pull_request_target'])

/** The event payload is a file; it is read here and nowhere else in the engine. */
function readEvent(path: string | undefined): Record<string, unknown> {
  if (!path) return {}
  try {
    const value: unknown = JSON.parse(readFileSync(path, 'utf8'))
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : {}
  } catch {
    return {}
  }
}

const textAt = (value: unknown, ...keys: string[]): string | undefined => {
  let here = value
  for (const key of keys) {
    if (!here || typeof here !== 'object') return undefined
    here = (here as Record<string, unknown>)[key]
  }
  return typeof here === 'string' && here.trim() ? here.trim() : undefined
}

/** The run, from the runner's environment and its event payload. */
export function readGitHubRun(env: NodeJS.ProcessEnv): GitHubRun {
  const eventName = env.GITHUB_EVENT_NAME || undefined
  const onPullRequest = eventName !== undefined && PULL_REQUEST_EVENTS.has(eventName)
  const event = onPullRequest ? readEvent(env.GITHUB_EVENT_PATH) : {}
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
  const headRef = onPullRequest
    ? (textAt(event, 'pull_request', 'head', 'ref') ?? (env.GITHUB_HEAD_REF || undefined))
    : undefined
  const headSha =
    (onPullRequest ? textAt(event, 'pull_request', 'head', 'sha') : undefined) ??
    (env.GITHUB_SHA || undefined)
  const refName =
    env.GITHUB_REF_TYPE === 'tag' || !env.GITHUB_REF_NAME ? undefined : env.GITHUB_REF_NAME
  return {
    ...(eventName ? { eventName } : {}),
    ...(runUrl ? { runUrl } : {}),
    ...(repositoryUrl ? { repositoryUrl } : {}),
    ...(headRef ? { headRef } : {}),
    ...(headSha && /^[0-9a-f]{7,64}$/i.test(headSha) ? { headSha } : {}),
    ...(refName ? { refName } : {})
  }
}
