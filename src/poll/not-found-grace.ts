import { ApiError } from '../api/errors.js'
import { formatDuration } from '../settings/duration.js'
import { PollTimeoutError } from './poll.js'
import type { WaitLog } from './wait-log.js'

/** Whether the API answered that the thing asked for does not exist (HTTP 404). */
export const isNotFound = (error: unknown): boolean =>
  error instanceof ApiError && error.status === 404

/**
 * A 404 for something never seen yet (an agent job or a deployment status created a moment ago
 * may not be readable yet) is a race for `not-found-grace`, a state of the wait with its
 * heartbeat; after the grace, or when `timeout` runs out while the latest answer is still that
 * 404, it is never found: a failure of its own (`neverFound`), not "still running".
 */
export class NotFoundGrace {
  /** The first 404: the grace runs from there, not from a first poll that waited. */
  private firstNotFoundAt: number | undefined
  /** Whether the latest answer was that 404. */
  private latestNotFound = false

  constructor(
    private readonly graceMs: number,
    private readonly wait: WaitLog,
    /** The failure, given how long it was waited for (", still, after …"). */
    private readonly neverFound: (waited: string) => Error
  ) {}

  /** The read answered. */
  answered(): void {
    this.latestNotFound = false
  }

  /**
   * The read of what was never seen failed: true for a 404 within the grace (poll again),
   * false for any other failure (the caller's); throws `neverFound` once the grace is over.
   */
  pollAgain(error: unknown): boolean {
    // A read the deadline cut at its first attempt got no answer: the latest answer is still
    // what it was. One cut at a later attempt was answered first (a 5xx the client retried).
    const unanswered = error instanceof ApiError && error.stepTimedOut && error.attempt === 1
    if (!unanswered) this.latestNotFound = false
    if (!isNotFound(error)) return false
    this.firstNotFoundAt ??= Date.now()
    if (Date.now() - this.firstNotFoundAt >= this.graceMs) {
      throw this.neverFound(
        this.graceMs > 0
          ? `, still, after the ${formatDuration(this.graceMs)} of \`not-found-grace\``
          : ''
      )
    }
    this.latestNotFound = true
    this.wait.update(
      `not visible yet (HTTP 404); polled again for up to the ${formatDuration(this.graceMs)} of \`not-found-grace\``
    )
    return true
  }

  /** The poll's failure: out of time while the latest answer was that 404 is never found. */
  explain(error: unknown, timeoutMs: number): unknown {
    return error instanceof PollTimeoutError && this.latestNotFound
      ? this.neverFound(`, still, when \`timeout\` (${formatDuration(timeoutMs)}) ran out`)
      : error
  }
}
