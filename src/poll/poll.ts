import { sleep } from './sleep.js'

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
  /** Epoch ms after which no further check is started. */
  deadline: number
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
  constructor(readonly elapsedMs: number) {
    super(`gave up after ${elapsedMs}ms`)
    this.name = 'PollTimeoutError'
  }
}

/**
 * Checks until `check` says done, the deadline passes (PollTimeoutError), the signal aborts,
 * or a permanent error (or too many transient ones in a row) is thrown by `check`.
 */
export async function pollUntil<T>(options: PollOptions<T>): Promise<T> {
  const now = options.now ?? Date.now
  const started = now()
  let attempt = 0
  let consecutiveErrors = 0
  const progressHistory: Array<{ atMs: number; progress: number }> = []
  const state = (): PollState => ({ attempt, elapsedMs: now() - started, progressHistory })
  if (options.initialDelayMs)
    await sleep(
      Math.min(options.initialDelayMs, Math.max(0, options.deadline - now())),
      options.signal
    )

  for (;;) {
    options.signal?.throwIfAborted()
    attempt += 1
    let delayMs: number
    try {
      const step = await options.check(state())
      if (step.done) return step.value
      consecutiveErrors = 0
      if (step.progress !== undefined)
        progressHistory.push({ atMs: now() - started, progress: step.progress })
      delayMs = options.nextDelayMs(state())
    } catch (error) {
      if (options.signal?.aborted) throw options.signal.reason ?? error
      consecutiveErrors += 1
      if (!options.isTransient(error) || consecutiveErrors >= options.maxConsecutiveErrors)
        throw error
      delayMs = Math.max(options.nextDelayMs(state()), options.retryAfterMs?.(error) ?? 0)
      options.onTransientError?.(error, consecutiveErrors, delayMs)
    }
    const remainingMs = options.deadline - now()
    if (remainingMs <= 0) throw new PollTimeoutError(now() - started)
    // One last check right at the deadline rather than giving up early.
    await sleep(Math.min(delayMs, remainingMs), options.signal)
  }
}
