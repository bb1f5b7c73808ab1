import { ApiError } from '../api/errors.js'
import { pollMayContinue } from '../api/retry-policy.js'
import { log } from '../log.js'
import { formatDuration } from '../settings/duration.js'
import type { PollOptions } from './poll.js'
import { pollSchedule } from './schedule.js'

/**
 * What every status poll of the Admin API shares (an export, an agent job, a deployment): the
 * step's deadline and cancel signal, the back-off schedule, the failures it polls through (up to
 * `max-poll-errors` in a row), a server's Retry-After, and one warning per failed poll.
 */
export function statusPollOptions(
  what: string,
  settings: { readonly pollIntervalMs: number; readonly maxPollErrors: number },
  deps: { readonly deadline: number; readonly signal: AbortSignal }
): Omit<PollOptions<never>, 'check'> {
  return {
    deadline: deps.deadline,
    signal: deps.signal,
    nextDelayMs: pollSchedule(settings).nextDelayMs,
    maxConsecutiveErrors: settings.maxPollErrors,
    isTransient: pollMayContinue,
    retryAfterMs: error => (error instanceof ApiError ? error.retryAfterMs : undefined),
    onTransientError: (error, consecutive, retryInMs) =>
      log.warning(
        `${what} failed (${consecutive}/${settings.maxPollErrors} in a row): ${(error as Error).message} Polling again in ${formatDuration(retryInMs)}.`
      )
  }
}
