import type { PollState } from './poll.js'

/** Fixed pause between polls; the adaptive schedule replaces this. */
export function fixedSchedule(intervalMs: number): (state: PollState) => number {
  return () => intervalMs
}
