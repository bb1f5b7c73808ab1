import { readFileSync } from 'node:fs'
import { untrusted } from '../util/untrusted.js'

/*
 * The GitHub event that started the run, read from the runner's environment (GITHUB_EVENT_NAME,
 * GITHUB_EVENT_PATH): the same for the action and for the CLI run inside a workflow, and absent
 * elsewhere. Its text is written by whoever opened the pull request or wrote the comment.
 */

export interface GitHubEvent {
  readonly name: string
  readonly payload: Record<string, unknown>
}

/** The event, or undefined outside a workflow; throws when the payload file cannot be read. */
export function readEvent(env: NodeJS.ProcessEnv): GitHubEvent | undefined {
  const name = env.GITHUB_EVENT_NAME
  const path = env.GITHUB_EVENT_PATH
  if (!name || !path) return undefined
  let payload: unknown
  try {
    payload = JSON.parse(readFileSync(path, 'utf8'))
  } catch (error) {
    throw new Error(
      `The event payload GITHUB_EVENT_PATH (${path}) cannot be read: ${(error as Error).message}.`,
      { cause: error }
    )
  }
  return { name, payload: isRecord(payload) ? payload : {} }
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** `payload.a.b.c` when every step is an object and the end a string. */
export function textAt(payload: unknown, ...keys: string[]): string | undefined {
  const value = valueAt(payload, ...keys)
  return typeof value === 'string' ? value : undefined
}

export function valueAt(payload: unknown, ...keys: string[]): unknown {
  let value = payload
  for (const key of keys) {
    if (!isRecord(value)) return undefined
    value = value[key]
  }
  return value
}

/**
 * Associations of people of the repository's organisation or invited to the repository: not
 * the same as write access (a MEMBER may have read access only), but never a stranger.
 */
const TRUSTED_ASSOCIATIONS = ['OWNER', 'MEMBER', 'COLLABORATOR']

/**
 * Events whose text anyone who can open an issue or a pull request may write, and where the
 * payload says who wrote it. `pull_request_target` runs with the base repository's secrets for
 * a fork's pull request; the others run with them for any commenter.
 */
const AUTHOR_OF: Record<string, string[]> = {
  issue_comment: ['comment', 'author_association'],
  pull_request_review_comment: ['comment', 'author_association'],
  pull_request_review: ['review', 'author_association'],
  pull_request_target: ['pull_request', 'author_association'],
  issues: ['issue', 'author_association'],
  discussion: ['discussion', 'author_association'],
  discussion_comment: ['comment', 'author_association']
}

/**
 * Why a run started by this event must not use the admin key on text from it, or undefined
 * when it may: the event is not one anyone can start, or its author belongs to the repository
 * (owner, member or collaborator).
 */
export function untrustedTrigger(event: GitHubEvent | undefined): string | undefined {
  if (!event) return undefined
  const repository = textAt(event.payload, 'repository', 'full_name')
  if (event.name === 'workflow_run') {
    // Runs with this repository's secrets after a workflow that a fork's change started.
    // A head repository not given (a fork since deleted) is no proof of this one: refused.
    const from = textAt(event.payload, 'workflow_run', 'head_repository', 'full_name')
    if (from !== undefined && from === repository) return undefined
    return `This run was started by a \`workflow_run\` event after a run on a change from ${from ? `\`${untrusted(from, 80)}\`` : 'a repository it does not name'}, another repository: its text is anyone's, and the agent would act on it with the admin key. Set \`allow-untrusted-trigger: true\` if that is intended.`
  }
  // A fork's pull request (repositories that send secrets to forks' runs); one whose head
  // repository is not given (a fork since deleted) is taken for a fork.
  const head = textAt(event.payload, 'pull_request', 'head', 'repo', 'full_name')
  const fork = event.name === 'pull_request' && (head === undefined || head !== repository)
  const path = fork ? ['pull_request', 'author_association'] : AUTHOR_OF[event.name]
  if (!path) return undefined
  const association = textAt(event.payload, ...path)
  if (association && TRUSTED_ASSOCIATIONS.includes(association)) return undefined
  const who = textAt(event.payload, path[0] as string, 'user', 'login')
  return `This run was started by a \`${event.name}\` event from ${who ? `\`${untrusted(who, 40)}\`` : 'someone'} whose association with the repository is ${association ? `\`${untrusted(association, 40)}\`` : 'not given'}, not OWNER, MEMBER or COLLABORATOR: anyone can write such text, and the agent would act on it with the admin key. Gate the workflow on \`github.event.comment.author_association\` (or the event's own), or set \`allow-untrusted-trigger: true\` if that is intended.`
}
