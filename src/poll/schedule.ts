import type { PollState } from './poll.js'

/** Fixed pause between polls, where no progress predicts anything (the bundle-link retries). */
export function fixedSchedule(intervalMs: number): (state: PollState) => number {
  return () => intervalMs
}

export interface CompletionEstimate {
  /** Earliest and latest elapsed time (ms) at which progress can reach 100, if it stays linear. */
  earliestMs: number
  latestMs: number
  /** Longest time one percent can take at the slowest rate the samples allow. */
  msPerPercentSlowest: number
}

/**
 * When a linearly rising progress reaches 100. Progress comes as whole percents rounded down,
 * so each sample says only "between p and p+1": from the first and last running samples that
 * bounds the rate, and so the completion time, from both sides.
 */
export function estimateCompletion(
  history: PollState['progressHistory']
): CompletionEstimate | undefined {
  const running = history.filter(sample => sample.progress > 0 && sample.progress < 100)
  const first = running[0]
  const last = running.at(-1)
  if (!first || !last || last.atMs <= first.atMs || last.progress <= first.progress)
    return undefined
  const spanMs = last.atMs - first.atMs
  const rise = last.progress - first.progress
  const slowest = Math.max(rise - 1, 0.5) / spanMs
  const fastest = (rise + 1) / spanMs
  return {
    earliestMs: last.atMs + (100 - (last.progress + 1)) / fastest,
    latestMs: last.atMs + (100 - last.progress) / slowest,
    msPerPercentSlowest: 1 / slowest
  }
}

export interface AdaptiveScheduleOptions {
  /** Ceiling of the back-off while nothing predicts the end (the `poll-interval` input). */
  maxIntervalMs: number
  /** First pause; it doubles up to the ceiling. */
  firstDelayMs?: number
  /** A completion window at most this wide is aimed at directly. */
  aimWithinMs?: number
  /** How far beyond the ceiling a pause may stretch while aiming at a known completion. */
  stretch?: number
}

/** First pause of the default schedule: fast enough for a short job, cheap for a long one. */
const DEFAULT_FIRST_DELAY_MS = 2000

/** The schedule the action uses, from the `poll-interval` input. */
export function pollSchedule(settings: { pollIntervalMs: number }): {
  firstDelayMs: number
  nextDelayMs: (state: PollState) => number
} {
  const firstDelayMs = Math.min(DEFAULT_FIRST_DELAY_MS, settings.pollIntervalMs)
  return {
    firstDelayMs,
    nextDelayMs: adaptiveSchedule({ maxIntervalMs: settings.pollIntervalMs, firstDelayMs })
  }
}

/** No pause is shorter, whatever the estimate says. */
const MIN_PAUSE_MS = 250

/** The newest samples that share the newest progress value: how many, over how long. */
function flatTail(history: PollState['progressHistory']): { samples: number; spanMs: number } {
  const last = history.at(-1)
  let first = history.length - 1
  while (first > 0 && history[first - 1]?.progress === last?.progress) first--
  return {
    samples: history.length - first,
    spanMs: (last?.atMs ?? 0) - (history[first]?.atMs ?? 0)
  }
}

/** Late by this much at most, so the aimed poll lands just after the latest possible end. */
const AIM_AFTER_MS = 150

/**
 * Polls fast at first and backs off toward `maxIntervalMs`; once progress rises steadily, aims
 * a poll just after the latest moment it can reach 100, sampling again first while that moment
 * is still uncertain. Polls that find the job not done after the aimed moment back off anew.
 * Built for what the benchmark asks: completion noticed within ~2s, with no more requests than
 * a fixed 10-second loop.
 */
export function adaptiveSchedule(options: AdaptiveScheduleOptions): (state: PollState) => number {
  const cap = options.maxIntervalMs
  const first = Math.min(options.firstDelayMs ?? DEFAULT_FIRST_DELAY_MS, cap)
  const aimWithin = options.aimWithinMs ?? 2000
  const limit = cap * (options.stretch ?? 3)

  return state => {
    const backoff = (step: number) => Math.min(cap, first * 2 ** Math.max(0, step))
    const estimate = estimateCompletion(state.progressHistory)
    if (!estimate) return backoff(state.attempt - 1)
    // Progress that stopped moving for longer than its rate explains (stuck at 99% while the
    // bundle is packed, say) predicts nothing: back off again rather than chase a moving end.
    const flat = flatTail(state.progressHistory)
    if (flat.samples >= 2 && flat.spanMs >= 2 * estimate.msPerPercentSlowest)
      return backoff(flat.samples - 2)

    const now = state.elapsedMs
    const aimAt = estimate.latestMs + AIM_AFTER_MS
    if (aimAt <= now) {
      // Past the latest predicted end: progress was not linear after all. Back off from fast.
      const pollsSince = state.progressHistory.filter(sample => sample.atMs >= aimAt).length
      return backoff(pollsSince - 1)
    }
    const untilAim = aimAt - now
    if (estimate.latestMs - estimate.earliestMs <= aimWithin) {
      // Known well enough: land on it, in even steps if it is further than one pause may be.
      return Math.max(MIN_PAUSE_MS, untilAim / Math.ceil(untilAim / limit))
    }
    // Still uncertain: the next sample goes to the earliest moment the job can end (or one
    // stretched pause, if that is further). Either it has ended, or the window narrows sharply.
    return Math.max(first, Math.min(limit, estimate.earliestMs - now))
  }
}
