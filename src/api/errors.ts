/** What the action was doing when a request failed; decides the advice in the message. */
export type Operation =
  | { kind: 'start'; domain: string }
  | { kind: 'status'; jobId: string }
  | { kind: 'bundle'; jobId: string }
  | { kind: 'agent'; projectId: string; jobId: string }
  /** Not idempotent: each create may open a pull request and costs credits. */
  | { kind: 'agent-create'; projectId: string }
  | { kind: 'agent-message'; projectId: string; jobId: string }
  /** Triggering a deployment or a preview: not idempotent, like `start`. */
  | { kind: 'trigger'; what: 'deployment' | 'preview'; projectId: string }
  | { kind: 'deployment-status'; statusId: string }

export type FailureKind = 'http' | 'network' | 'timeout' | 'invalid-response' | 'aborted'

/** The cause of a request the step's deadline ended. */
export const STEP_TIMEOUT_CAUSE = "the step's `timeout` ran out before the answer was complete"

/** The vendor's documented limits on triggers, named when one answers 429. */
export const TRIGGER_LIMITS = {
  deployment:
    'deployment triggers share 10 requests per 10 seconds per organization with automation triggers',
  preview: 'previews are limited to 5 previews per minute per organization'
} as const

/** The windows of those limits: how long a 429 without Retry-After may last at most. */
export const TRIGGER_WINDOW_MS = { deployment: 10_000, preview: 60_000 } as const

/** Statuses worth another try: the request may succeed unchanged a little later. */
const TRANSIENT_STATUSES = new Set([408, 429, 500, 502, 503, 504])

export interface ApiErrorDetails {
  kind: FailureKind
  operation: Operation
  /** Method and path, e.g. `GET /v1/static-export/jobs/se_1`. */
  request: string
  /** Host (and port) of the Admin API, named when it could not be reached. */
  host?: string
  status?: number
  /** The server's own words (`error` or `message` of the body), already cut to a sane length. */
  serverMessage?: string
  retryAfterMs?: number
  requestId?: string
  /** Underlying cause for network failures, in words. */
  cause?: string
  /** Error code of a network failure, e.g. ECONNREFUSED. */
  code?: string
  /** A network failure that retrying will not cure (a proxy's refusal by its rules). */
  permanent?: boolean
}

/** One error shape for every failed API call; `message` is written for the workflow author. */
export class ApiError extends Error {
  readonly kind: FailureKind
  readonly operation: Operation
  readonly status?: number
  readonly serverMessage?: string
  readonly retryAfterMs?: number
  readonly code?: string
  /** The cause of a network failure or timeout, in words. */
  readonly reason?: string
  /** The step's `timeout` ended the request (not a silence of the server). */
  readonly stepTimedOut: boolean
  /** True when the same request may succeed later (network faults, 408, 429, 5xx). */
  readonly transient: boolean
  /**
   * Set by the client when it stopped retrying a request it could have sent again: its next
   * wait would pass the step's deadline, or it had made all its attempts.
   */
  retriesEnded?: 'deadline' | 'attempts'
  /**
   * Set by the client: which attempt of its call ended in this error (1: the first). The ones
   * before it failed in a way the client sends again after (a 5xx, a 429, a reset).
   */
  attempt?: number

  constructor(details: ApiErrorDetails) {
    super(describeFailure(details))
    this.name = 'ApiError'
    this.kind = details.kind
    this.operation = details.operation
    this.status = details.status
    this.serverMessage = details.serverMessage
    this.retryAfterMs = details.retryAfterMs
    this.code = details.code
    this.reason = details.cause
    this.stepTimedOut = details.kind === 'timeout' && details.cause === STEP_TIMEOUT_CAUSE
    this.transient =
      (details.kind === 'network' && !details.permanent) ||
      details.kind === 'timeout' ||
      (details.kind === 'http' && TRANSIENT_STATUSES.has(details.status ?? 0))
  }
}

export function describeFailure(d: ApiErrorDetails): string {
  const said = d.serverMessage ? `: "${d.serverMessage}"` : ''
  const ref = d.requestId ? ` (request id ${d.requestId})` : ''
  const head = `${d.request} failed`
  switch (d.kind) {
    case 'network':
      return `${head}: could not reach the Admin API${d.host ? ` at ${d.host}` : ''} (${d.cause ?? 'connection failed'}). Check \`base-url\`, and that the runner can reach that host (a proxy in HTTPS_PROXY, a firewall).`
    case 'timeout':
      return `${head}: the Admin API did not answer in time (${d.cause ?? 'timeout'}).`
    case 'aborted':
      return `${head}: cancelled.`
    case 'invalid-response':
      return `${head}: the Admin API sent an answer the action cannot use${ref}: ${d.cause}. Check that \`base-url\` points at the Mintlify Admin API.`
    case 'http':
      return `${head} with HTTP ${d.status}${said}${ref}. ${adviceFor(d.status ?? 0, d.operation, d.retryAfterMs, Boolean(d.serverMessage))}`
  }
}

/** Where admin keys and project ids are, on the dashboard. */
export const API_KEYS_PAGE = 'https://app.mintlify.com/settings/organization/api-keys'

/** The agent's documented allowance, shared by new jobs and follow-ups. */
export const AGENT_HOURLY_LIMIT = '100 agent jobs and follow-up messages per project per hour'

/**
 * What to do about a refusal. The fact (not found, refused) is stated only when the server did
 * not say it already, so a message says each thing once.
 */
function adviceFor(
  status: number,
  op: Operation,
  retryAfterMs: number | undefined,
  serverSaid: boolean
): string {
  const agentWrite = op.kind === 'agent-create' || op.kind === 'agent-message'
  const fact = (text: string) => (serverSaid ? '' : `${text} `)
  if (status === 401) {
    return `${fact('The admin API key was refused.')}Check that \`api-key\` holds a current admin key (it begins with \`mint_\`; an expired key answers 401); create one at ${API_KEYS_PAGE}.`
  }
  if (status === 403 && op.kind === 'trigger' && op.what === 'preview') {
    return 'Preview deployments are not on your organization’s Mintlify plan (or the key may not create them: a key whose IP allow-list excludes this runner, or that lacks the `write` scope, also answers 403).'
  }
  if (status === 403) {
    const exportHint =
      op.kind === 'agent' || agentWrite || op.kind === 'trigger' || op.kind === 'deployment-status'
        ? ''
        : ' Static export is a private beta that needs the Enterprise plan and must be enabled for your organization.'
    // GETs (status, agent job) need the `read` scope; POSTs (start, bundle link) `write`.
    const scope =
      op.kind === 'start' || op.kind === 'bundle' || op.kind === 'trigger' || agentWrite
        ? 'the `write` scope (needed for POST)'
        : 'the `read` scope (needed for GET)'
    return `The key may not do this.${exportHint} A key whose IP allow-list excludes this runner, or that lacks ${scope}, also answers 403.`
  }
  if (status === 404) {
    switch (op.kind) {
      case 'start':
        return `${fact(`No deployment was found for domain \`${op.domain}\`.`)}Check \`domain\` (\`${op.domain}\`) against the domains of your Mintlify project.`
      case 'status':
      case 'bundle':
        return `${fact(`Export job \`${op.jobId}\` was not found.`)}Check \`job-id\` (\`${op.jobId}\`), and that the key belongs to the organization that started it.`
      case 'trigger':
      case 'agent-create':
        if (op.kind === 'trigger' && op.what === 'preview')
          return `${fact(`Project \`${op.projectId}\` or the branch was not found.`)}Check \`project-id\` (\`${op.projectId}\`; shown at ${API_KEYS_PAGE}), that the key belongs to its organization, and that \`branch\` exists in the repository connected to that project.`
        return `${fact(`Project \`${op.projectId}\` was not found.`)}Check \`project-id\` (\`${op.projectId}\`; shown at ${API_KEYS_PAGE}) and that the key belongs to its organization.`
      case 'deployment-status':
        return `${fact(`Deployment status \`${op.statusId}\` was not found.`)}Check \`status-id\` (\`${op.statusId}\`), and that the key belongs to the organization of that deployment.`
      case 'agent':
      case 'agent-message':
        return `${fact(`Agent job \`${op.jobId}\` was not found in project \`${op.projectId}\`.`)}Check \`job-id\` (\`${op.jobId}\`) and \`project-id\` (\`${op.projectId}\`; shown at ${API_KEYS_PAGE}).`
    }
  }
  // Documented for the bundle link only; elsewhere a conflict with what runs already.
  if (status === 409 && op.kind === 'bundle')
    return 'The export job has not finished yet, so there is no bundle to package.'
  if (status === 409 && op.kind === 'trigger')
    return `The service refused it as conflicting: ${op.what === 'preview' ? 'a preview of this branch' : 'a deployment of this project'} may be under way already. Follow that one with its \`status-id\` (shown on the Mintlify dashboard), or run this again once it ended.`
  if (status === 409 && op.kind === 'agent-message')
    return `The job refused the message in its current state: check it with \`mode: agent-watch\` and \`job-id: ${op.jobId}\`, then send it again.`
  if (status === 409)
    return 'The service refused it as conflicting with the state of the job or project; try again once what runs there has ended.'
  if (status === 429 && agentWrite) {
    const reset =
      retryAfterMs === undefined
        ? 'the service did not say when it resets'
        : `the service says to try again after ${new Date(Date.now() + retryAfterMs).toISOString()}`
    return `The agent allows ${AGENT_HOURLY_LIMIT}, and this project has used them (${reset}); this request created nothing.`
  }
  if (status === 429 && op.kind === 'trigger')
    return `The Admin API is rate-limiting this organization: ${TRIGGER_LIMITS[op.what]}.`
  if (status === 429) return 'The Admin API is rate-limiting this key; wait before trying again.'
  if (status === 400 && op.kind === 'start')
    return `The service refused the domain or the paths: check \`domain\` (\`${op.domain}\`) against the domains of your Mintlify project, and \`paths\` if given.`
  if (status === 400 || status === 422)
    return 'The request was refused as invalid: check the inputs named in the message.'
  // A trigger's 5xx may have started one: the caller says what to look at before trying again.
  if (status >= 500 && op.kind === 'trigger') return 'This is an error on the service side.'
  if (status >= 500)
    return 'This is an error on the service side; try again later, and contact Mintlify support if it persists.'
  if (status >= 300 && status < 400) {
    return 'The Admin API answered with a redirect, which the action does not follow so that the key is never sent elsewhere: check `base-url`.'
  }
  return 'Unexpected answer from the Admin API.'
}
