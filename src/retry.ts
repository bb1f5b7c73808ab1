/** Upper bound of the first retry's wait; it doubles with each attempt. */
const BASE_DELAY_MS = 500
const MAX_DELAY_MS = 15_000

/**
 * Exponential backoff with full jitter (a random wait between 0 and the exponential cap), so
 * that many runners retrying at once spread out; never shorter than a server's Retry-After.
 */
export function backoffDelayMs(
  attempt: number,
  retryAfterMs = 0,
  random: () => number = Math.random
): number {
  const cap = Math.min(MAX_DELAY_MS, BASE_DELAY_MS * 2 ** Math.max(0, attempt - 1))
  return Math.max(retryAfterMs, Math.round(random() * cap))
}
