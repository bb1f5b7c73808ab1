import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  pollUntil,
  PollTimeoutError,
  type PollOptions,
  type PollStep
} from '../../src/poll/poll.js'
import { sleep } from '../../src/poll/sleep.js'

class Transient extends Error {
  constructor(readonly retryAfterMs?: number) {
    super('transient')
  }
}

/** A poll over scripted answers; each call of check takes the next one. */
function scripted<T>(answers: Array<PollStep<T> | Error>, overrides: Partial<PollOptions<T>> = {}) {
  const checkTimes: number[] = []
  const started = Date.now()
  const options: PollOptions<T> = {
    check: async () => {
      checkTimes.push(Date.now() - started)
      const next = answers.shift()
      if (!next) throw new Error('script ran out')
      if (next instanceof Error) throw next
      return next
    },
    nextDelayMs: () => 1000,
    deadline: started + 60_000,
    isTransient: error => error instanceof Transient,
    retryAfterMs: error => (error instanceof Transient ? error.retryAfterMs : undefined),
    maxConsecutiveErrors: 3,
    ...overrides
  }
  return { promise: pollUntil(options), checkTimes }
}

describe('pollUntil', () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('checks on the schedule until done', async () => {
    const { promise, checkTimes } = scripted<string>([
      { done: false },
      { done: false },
      { done: true, value: 'ok' }
    ])
    await vi.advanceTimersByTimeAsync(5000)
    await expect(promise).resolves.toBe('ok')
    expect(checkTimes).toEqual([0, 1000, 2000])
  })

  it('waits out transient errors, honouring a longer Retry-After', async () => {
    const onTransientError = vi.fn()
    const { promise, checkTimes } = scripted<string>(
      [new Transient(5000), new Transient(), { done: true, value: 'ok' }],
      { onTransientError }
    )
    await vi.advanceTimersByTimeAsync(10_000)
    await expect(promise).resolves.toBe('ok')
    expect(checkTimes).toEqual([0, 5000, 6000])
    expect(onTransientError.mock.calls.map(call => call.slice(1))).toEqual([
      [1, 5000],
      [2, 1000]
    ])
  })

  it('gives up after too many transient errors in a row', async () => {
    const { promise } = scripted<string>([new Transient(), new Transient(), new Transient()])
    const settled = expect(promise).rejects.toBeInstanceOf(Transient)
    await vi.advanceTimersByTimeAsync(5000)
    await settled
  })

  it('counts only consecutive errors', async () => {
    const { promise } = scripted<string>([
      new Transient(),
      new Transient(),
      { done: false },
      new Transient(),
      new Transient(),
      { done: true, value: 'ok' }
    ])
    await vi.advanceTimersByTimeAsync(10_000)
    await expect(promise).resolves.toBe('ok')
  })

  it('throws a permanent error at once', async () => {
    const { promise, checkTimes } = scripted<string>([new Error('404')])
    await expect(promise).rejects.toThrow('404')
    expect(checkTimes).toEqual([0])
  })

  it('makes a last check shortly before the deadline, then times out', async () => {
    const pending = { done: false } as const
    const { promise, checkTimes } = scripted<string>([pending, pending, pending, pending], {
      deadline: Date.now() + 3500,
      lastCheckLeadMs: 1000
    })
    const settled = expect(promise).rejects.toBeInstanceOf(PollTimeoutError)
    await vi.advanceTimersByTimeAsync(5000)
    await settled
    // The last check leaves a second for its request before the step's deadline cuts it off.
    expect(checkTimes).toEqual([0, 1000, 2000, 2500])
  })

  it('times out, naming the failure, when the last check fails as time runs out', async () => {
    const onTransientError = vi.fn()
    const { promise, checkTimes } = scripted<string>(
      [{ done: false }, new Transient(), new Transient()],
      { deadline: Date.now() + 2500, lastCheckLeadMs: 500, onTransientError }
    )
    const settled = promise.catch(error => error)
    await vi.advanceTimersByTimeAsync(5000)
    const error = await settled
    expect(error).toBeInstanceOf(PollTimeoutError)
    expect((error as PollTimeoutError).lastError).toBeInstanceOf(Transient)
    expect(checkTimes).toEqual([0, 1000, 2000])
    // The failure at 1 s is told (a wait follows); the one that ends the poll is in the error.
    expect(onTransientError).toHaveBeenCalledTimes(1)
  })

  it('tells of a wait no longer than the time left', async () => {
    const waits: number[] = []
    const { promise } = scripted<string>([new Transient(3_600_000), { done: true, value: 'ok' }], {
      deadline: Date.now() + 10_000,
      lastCheckLeadMs: 1000,
      onTransientError: (_error, _count, retryInMs) => waits.push(retryInMs)
    })
    await vi.advanceTimersByTimeAsync(10_000)
    await expect(promise).resolves.toBe('ok')
    expect(waits).toEqual([9000])
  })

  it('stops at once when cancelled', async () => {
    const controller = new AbortController()
    const { promise, checkTimes } = scripted<string>([{ done: false }, { done: false }], {
      signal: controller.signal,
      nextDelayMs: () => 60_000,
      deadline: Date.now() + 600_000
    })
    const settled = expect(promise).rejects.toThrow('cancelled')
    await vi.advanceTimersByTimeAsync(10)
    controller.abort(new Error('cancelled'))
    await settled
    expect(checkTimes).toEqual([0])
  })

  it('passes the progress history to the schedule', async () => {
    const seen: number[][] = []
    const { promise } = scripted<string>(
      [
        { done: false, progress: 10 },
        { done: false, progress: 20 },
        { done: true, value: 'ok' }
      ],
      {
        nextDelayMs: state => {
          seen.push(state.progressHistory.map(p => p.progress))
          return 1000
        }
      }
    )
    await vi.advanceTimersByTimeAsync(5000)
    await promise
    expect(seen).toEqual([[10], [10, 20]])
  })
})

describe('sleep', () => {
  it('rejects with the abort reason', async () => {
    const controller = new AbortController()
    const pending = sleep(10_000, controller.signal)
    controller.abort(new Error('stop'))
    await expect(pending).rejects.toThrow('stop')
  })
})
