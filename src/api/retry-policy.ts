import { ApiError } from './errors.js'

/** Socket errors raised before a request could reach the server: sending again is safe. */
const NOT_SENT_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'UND_ERR_CONNECT_TIMEOUT'
])

/** True when the failed request certainly never reached the server. */
export function certainlyNotSent(error: ApiError): boolean {
  return error.kind === 'network' && NOT_SENT_CODES.has(error.code ?? '')
}

/**
 * Whether a request that failed so may still have taken effect on the server: it was sent and
 * no usable answer came back (a dropped connection, a timeout, an answer that cannot be read, a
 * 5xx that a proxy may have sent after the service acted, or a cancel mid-request). A 4xx is the
 * service's own refusal. Creating a job or triggering a deployment is then never repeated.
 */
export function mayHaveTakenEffect(error: ApiError): boolean {
  if (certainlyNotSent(error)) return false
  if (error.kind === 'http') return (error.status ?? 0) >= 500
  return true
}

/**
 * Whether a failed request may be sent again. Reads (and the bundle call, which only hands out
 * a fresh link) retry every transient fault. Starting a job is not idempotent as far as the
 * API says, so it is repeated only when it never arrived or the server asked for a retry.
 */
export function mayRetry(error: ApiError): boolean {
  if (!error.transient) return false
  // A new agent job (or a follow-up) may open a pull request and costs credits: sent again only
  // when it never arrived, or when a 429 says when to come back (the client waits that long
  // only if it fits before the step's deadline).
  if (error.operation.kind === 'agent-create' || error.operation.kind === 'agent-message')
    return certainlyNotSent(error) || (error.status === 429 && error.retryAfterMs !== undefined)
  // A trigger answered 429 was refused, not run: waiting and sending it again is safe.
  if (error.operation.kind === 'trigger') return certainlyNotSent(error) || error.status === 429
  if (error.operation.kind !== 'start') return true
  // A 503 may come after the service queued the job (mayHaveTakenEffect): sent again only when
  // it says when to come back, as a service that refused the request does.
  return (
    certainlyNotSent(error) ||
    error.status === 429 ||
    (error.status === 503 && error.retryAfterMs !== undefined)
  )
}

/**
 * Whether a failed status poll may be followed by another poll: transient faults, and answers
 * that could not be read (a proxy's page, a cut body), which a later poll may well not repeat.
 * A run of them is bounded by `max-poll-errors`.
 */
export function pollMayContinue(error: unknown): boolean {
  return error instanceof ApiError && (error.transient || error.kind === 'invalid-response')
}
