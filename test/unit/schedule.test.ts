import { describe, expect, it } from 'vitest'
import type { PollState } from '../../src/poll/poll.js'
import {
  adaptiveSchedule,
  estimateCompletion,
  fixedSchedule,
  pollSchedule
} from '../../src/poll/schedule.js'

type Schedule = (state: PollState) => number

/**
 * A job in virtual time: queued, then progress rising linearly (whole percents, rounded down,
 * as the emulator and the vendor report it) until it completes. Returns when the schedule's
 * polls noticed completion and how many status requests that took.
 */
function simulate(
  schedule: Schedule,
  job: { queuedMs: number; runningMs: number },
  initialDelayMs: number
) {
  const endMs = job.queuedMs + job.runningMs
  const progressHistory: Array<{ atMs: number; progress: number }> = []
  let now = initialDelayMs
  for (let attempt = 1; attempt < 1000; attempt++) {
    if (now >= endMs) return { delayMs: now - endMs, requests: attempt }
    const fraction = (now - job.queuedMs) / job.runningMs
    progressHistory.push({
      atMs: now,
      progress: now < job.queuedMs ? 0 : Math.min(99, Math.floor(fraction * 100))
    })
    now += schedule({ attempt, elapsedMs: now, progressHistory })
  }
  throw new Error('the schedule never noticed completion')
}

/** A deterministic spread of sub-second offsets, so the sweep is not one tuned case. */
const OFFSETS_MS = [0, 137, 421, 777, 903]

describe('adaptive schedule, against the vendor’s fixed 10-second loop', () => {
  const defaults = pollSchedule({ pollIntervalMs: 10_000 })
  const cases = [30, 45, 60, 90, 120, 180, 300, 450, 600].flatMap(seconds =>
    [500, 2000, 5000].map(queuedMs => ({ seconds, queuedMs }))
  )

  it.each(cases)(
    '$seconds s job, queued $queuedMs ms: ≤ 2s late, no more requests',
    ({ seconds, queuedMs }) => {
      for (const offset of OFFSETS_MS) {
        const job = { queuedMs, runningMs: seconds * 1000 + offset }
        const ours = simulate(defaults.nextDelayMs, job, defaults.firstDelayMs)
        const naive = simulate(fixedSchedule(10_000), job, 0)
        expect(ours.delayMs).toBeLessThanOrEqual(2000)
        expect(ours.requests).toBeLessThanOrEqual(naive.requests)
      }
    }
  )

  it('backs off towards poll-interval while nothing predicts the end (agent jobs)', () => {
    const schedule = adaptiveSchedule({ maxIntervalMs: 10_000, firstDelayMs: 2000 })
    const delays = [1, 2, 3, 4, 5].map(attempt =>
      schedule({ attempt, elapsedMs: 0, progressHistory: [] })
    )
    expect(delays).toEqual([2000, 4000, 8000, 10_000, 10_000])
  })

  it('backs off again, not faster and faster, when progress sticks at 99%', () => {
    const schedule = adaptiveSchedule({ maxIntervalMs: 10_000, firstDelayMs: 2000 })
    const history = [
      { atMs: 0, progress: 10 },
      { atMs: 10_000, progress: 60 },
      { atMs: 20_000, progress: 99 }
    ]
    const pauses: number[] = []
    for (let poll = 0; poll < 5; poll++) {
      const elapsedMs = (history.at(-1) as { atMs: number }).atMs
      const pause = schedule({ attempt: history.length, elapsedMs, progressHistory: history })
      pauses.push(Math.round(pause))
      history.push({ atMs: elapsedMs + pause, progress: 99 })
    }
    // At most two quick aimed polls, then a back-off up to poll-interval.
    expect(pauses.filter(pause => pause < 1000).length).toBeLessThanOrEqual(2)
    expect(pauses.slice(-3)).toEqual([4000, 8000, 10_000])
  })
})

describe('estimateCompletion', () => {
  it('brackets the end of a linear job from quantized samples', () => {
    const estimate = estimateCompletion([
      { atMs: 3000, progress: 3 },
      { atMs: 7000, progress: 16 }
    ])
    expect(estimate?.earliestMs).toBeCloseTo(7000 + 83 / (14 / 4000), 0)
    expect(estimate?.latestMs).toBeCloseTo(7000 + 84 / (12 / 4000), 0)
  })
  it('needs two rising running samples', () => {
    expect(
      estimateCompletion([
        { atMs: 0, progress: 0 },
        { atMs: 10, progress: 5 }
      ])
    ).toBeUndefined()
    expect(
      estimateCompletion([
        { atMs: 0, progress: 5 },
        { atMs: 10, progress: 5 }
      ])
    ).toBeUndefined()
  })
})
