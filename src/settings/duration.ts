/**
 * Durations in inputs: `90` (seconds), `90s`, `500ms`, `10m`, `1h`, or a sum such as `1m30s`.
 * Hand-written because the common libraries read a bare number as milliseconds and accept
 * negative values, and both would surprise a workflow author.
 */
const UNIT_MS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 }
const PART = /(\d+(?:\.\d+)?)(ms|s|m|h)/g
const WHOLE = /^(?:\d+(?:\.\d+)?(?:ms|s|m|h))+$/

/** Returns milliseconds, or undefined when the text is not a duration. */
export function parseDurationMs(text: string): number | undefined {
  const value = text.toLowerCase().replace(/\s/g, '')
  if (/^\d+(?:\.\d+)?$/.test(value)) return Math.round(Number(value) * 1000)
  if (!WHOLE.test(value)) return undefined
  let total = 0
  for (const [, amount, unit] of value.matchAll(PART)) {
    total += Number(amount) * (UNIT_MS[unit as string] as number)
  }
  return Math.round(total)
}

/** `90000` → `1m30s`, `500` → `500ms`: the form the inputs accept, for messages. */
export function formatDuration(ms: number): string {
  if (ms < 1000) return `${Math.max(0, Math.round(ms))}ms`
  let seconds = Math.round(ms / 1000)
  const hours = Math.floor(seconds / 3600)
  seconds -= hours * 3600
  const minutes = Math.floor(seconds / 60)
  seconds -= minutes * 60
  const parts = [
    hours ? `${hours}h` : '',
    minutes ? `${minutes}m` : '',
    seconds ? `${seconds}s` : ''
  ]
  return parts.join('') || '0s'
}
