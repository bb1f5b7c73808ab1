import { sleep } from './sleep.js'
import { messageOf } from '../util/errors.js'

/** What one check of a polled operation found. */
export type PollStep<T> =
  { readonly done: true; readonly value: T } | { readonly done: false; readonly progress?: number }

export interface PollState {
  /** Checks made so far, including the failed ones. */
  readonly attempt: number
  readonly elapsedMs: number
  /** Progress (0–100) reported by the checks so far, with the time each was seen. */
  readonly progressHistory: ReadonlyArray<{ readonly atMs: number; readonly progress: number }>
}

export interface PollOptions<T> {
  check: (state: PollState) => Promise<PollStep<T>>
  /** Pause before the next check; see schedule.ts. */
  nextDelayMs: (state: PollState) => number
  /** Epoch ms by which the poll ends; requests are cut off there too (the step's `timeout`). */
  deadline: number
  /**
   * The last check starts this long before the deadline, so that its request can still be
   * answered; a check right at the deadline would be cut off at once. Default 1 s.
   */
  lastCheckLeadMs?: number
  /** Pause before the first check (0: check at once). */
  initialDelayMs?: number
  signal?: AbortSignal
  /** Whether a failed check may be tried again (a 429, a 5xx, a reset). */
  isTransient: (error: unknown) => boolean
  /** Transient failures in a row after which the poll gives up. */
  maxConsecutiveErrors: number
  /** Told of each transient failure, before the wait; `retryInMs` is that wait. */
  onTransientError?: (error: unknown, consecutive: number, retryInMs: number) => void
  /** A server-requested wait (Retry-After) for a transient error, if it gave one. */
  retryAfterMs?: (error: unknown) => number | undefined
  now?: () => number
}

export class PollTimeoutError extends Error {
  constructor(
    readonly elapsedMs: number,
    /** The failure of the last check, when it failed (a 503, a 429, a reset, …). */
    readonly lastError?: unknown
  ) {
    super(`gave up after ${elapsedMs}ms`)
    this.name = 'PollTimeoutError'
  }
}

/** " The last check failed: …" when the poll timed out on a failure, else "". */
export function lastFailureNote(error: PollTimeoutError): string {
  const failure = error.lastError
  if (failure === undefined) return ''
  return ` The last check failed: ${messageOf(failure)}`
}

/**
 * Checks until `check` says done, the deadline passes (PollTimeoutError), the signal aborts,
 * or a permanent error (or too many transient ones in a row) is thrown by `check`.
 */
export async function pollUntil<T>(options: PollOptions<T>): Promise<T> {
  const now = options.now ?? Date.now
  const started = now()
  const lastCheckAt = options.deadline - (options.lastCheckLeadMs ?? 1000)
  let attempt = 0
  let consecutiveErrors = 0
  const progressHistory: Array<{ atMs: number; progress: number }> = []
  const state = (): PollState => ({ attempt, elapsedMs: now() - started, progressHistory })
  if (options.initialDelayMs)
    await sleep(Math.min(options.initialDelayMs, Math.max(0, lastCheckAt - now())), options.signal)

  for (;;) {
    options.signal?.throwIfAborted()
    attempt += 1
    let delayMs: number
    let failure: unknown
    try {
      const step = await options.check(state())
      if (step.done) return step.value
      consecutiveErrors = 0
      if (step.progress !== undefined)
        progressHistory.push({ atMs: now() - started, progress: step.progress })
      delayMs = options.nextDelayMs(state())
    } catch (error) {
      if (options.signal?.aborted) throw options.signal.reason ?? error
      if (!options.isTransient(error)) throw error
      // The step's time ran out during this check (its request was cut off): a timeout, not a fault.
      if (now() >= lastCheckAt) throw new PollTimeoutError(now() - started, error)
      consecutiveErrors += 1
      if (consecutiveErrors >= options.maxConsecutiveErrors) throw error
      failure = error
      delayMs = Math.max(options.nextDelayMs(state()), options.retryAfterMs?.(error) ?? 0)
    }
    const remainingMs = lastCheckAt - now()
    if (remainingMs <= 0) throw new PollTimeoutError(now() - started, failure)
    // One last check shortly before the deadline rather than giving up early.
    const waitMs = Math.min(delayMs, remainingMs)
    if (failure !== undefined) options.onTransientError?.(failure, consecutiveErrors, waitMs)
    await sleep(waitMs, options.signal)
  }
}
