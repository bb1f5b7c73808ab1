import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ApiError, STEP_TIMEOUT_CAUSE, type ApiErrorDetails } from '../../src/api/errors.js'
import { NotFoundGrace } from '../../src/poll/not-found-grace.js'
import { PollTimeoutError } from '../../src/poll/poll.js'
import type { WaitLog } from '../../src/poll/wait-log.js'

const operation = { kind: 'deployment-status', statusId: 'st_1' } as const
const request = 'GET /v1/deployments/st_1'
/** Failures as the client gives them: with the attempt of its call they ended. */
const failed = (details: Pick<ApiErrorDetails, 'kind' | 'status' | 'cause'>, attempt = 1) =>
  Object.assign(new ApiError({ ...details, operation, request }), { attempt })
const notFound = () => failed({ kind: 'http', status: 404 })
/** A 503 at the call's first attempt: its retry would not have fit before the deadline. */
const unavailable = () => failed({ kind: 'http', status: 503 })
/** A read the step's deadline cut, at this attempt of the client's call. */
const cut = (attempt: number) => failed({ kind: 'timeout', cause: STEP_TIMEOUT_CAUSE }, attempt)

class NeverFound extends Error {}

let states: string[]
let grace: NotFoundGrace
const make = (graceMs: number) =>
  new NotFoundGrace(
    graceMs,
    { update: (state: string) => void states.push(state) } as unknown as WaitLog,
    waited => new NeverFound(`never found${waited}`)
  )
/** What the poll's timeout becomes now. */
const atTimeout = () => grace.explain(new PollTimeoutError(2000), 2000)

beforeEach(() => {
  vi.useFakeTimers()
  states = []
  grace = make(10_000)
})
afterEach(() => {
  vi.useRealTimers()
})

describe('NotFoundGrace', () => {
  it('polls a 404 again during the grace, as a state of the wait', () => {
    expect(grace.pollAgain(notFound())).toBe(true)
    vi.advanceTimersByTime(9_999)
    expect(grace.pollAgain(notFound())).toBe(true)
    expect(states).toEqual([
      'not visible yet (HTTP 404); polled again for up to the 10s of `not-found-grace`',
      'not visible yet (HTTP 404); polled again for up to the 10s of `not-found-grace`'
    ])
  })

  it('counts the grace from the first 404, not from before a first poll that waited', () => {
    vi.advanceTimersByTime(60_000)
    expect(grace.pollAgain(notFound())).toBe(true)
  })

  it('fails a 404 once the grace is over, saying how long it waited', () => {
    grace.pollAgain(notFound())
    vi.advanceTimersByTime(10_000)
    expect(() => grace.pollAgain(notFound())).toThrow(
      new NeverFound('never found, still, after the 10s of `not-found-grace`')
    )
    grace = make(0)
    expect(() => grace.pollAgain(notFound())).toThrow(new NeverFound('never found'))
    expect(states).toHaveLength(1)
  })

  it('leaves any other failure to the caller', () => {
    expect(grace.pollAgain(unavailable())).toBe(false)
    expect(grace.pollAgain(new Error('not an API error'))).toBe(false)
  })

  it('takes a timeout while the latest answer was a 404 for never found, and only then', () => {
    expect(atTimeout()).toBeInstanceOf(PollTimeoutError)
    grace.pollAgain(notFound())
    expect(atTimeout()).toEqual(new NeverFound('never found, still, when `timeout` (2s) ran out'))
  })

  it('a read the deadline cut at its first attempt keeps the 404 the latest answer', () => {
    grace.pollAgain(notFound())
    expect(grace.pollAgain(cut(1))).toBe(false)
    expect(atTimeout()).toBeInstanceOf(NeverFound)
  })

  it('after an answer, a 5xx, or a read cut after a retried attempt, a timeout stays a timeout', () => {
    for (const after of [
      () => grace.answered(),
      () => grace.pollAgain(unavailable()),
      () => grace.pollAgain(cut(2))
    ]) {
      grace.pollAgain(notFound())
      after()
      expect(atTimeout()).toBeInstanceOf(PollTimeoutError)
    }
  })

  it('passes any other failure of the poll through', () => {
    grace.pollAgain(notFound())
    const other = new Error('cancelled')
    expect(grace.explain(other, 2000)).toBe(other)
  })
})
