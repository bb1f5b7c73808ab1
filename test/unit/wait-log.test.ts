import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { HEARTBEAT_MS, WaitLog } from '../../src/poll/wait-log.js'
import { ProgressLog } from '../../src/modes/export/progress-log.js'
import { recordLog } from '../support/recording-host.js'

describe('WaitLog: a line when the state moves, a heartbeat in quiet spells', () => {
  let recorder: ReturnType<typeof recordLog>
  beforeEach(() => {
    vi.useFakeTimers()
    recorder = recordLog()
  })
  afterEach(() => {
    recorder.restore()
    vi.useRealTimers()
  })

  it('logs each new state once, however often it is polled', async () => {
    const wait = new WaitLog('Agent job j')
    for (let i = 0; i < 5; i++) {
      wait.update('active')
      await vi.advanceTimersByTimeAsync(5000)
    }
    wait.update('completed')
    wait.stop()
    expect(recorder.of('info')).toEqual(['Agent job j: active', 'Agent job j: completed'])
  })

  it('says it is still waiting at least every HEARTBEAT_MS, with the time waited', async () => {
    const wait = new WaitLog('Agent job j')
    wait.update('active')
    await vi.advanceTimersByTimeAsync(HEARTBEAT_MS - 1)
    expect(recorder.of('info')).toHaveLength(1)
    await vi.advanceTimersByTimeAsync(1)
    expect(recorder.of('info')[1]).toBe('Agent job j: still active · waited 30s')
    await vi.advanceTimersByTimeAsync(HEARTBEAT_MS)
    expect(recorder.of('info')[2]).toBe('Agent job j: still active · waited 1m')
    wait.stop()
    await vi.advanceTimersByTimeAsync(10 * HEARTBEAT_MS)
    expect(recorder.of('info')).toHaveLength(3)
  })

  it('a new state restarts the quiet spell', async () => {
    const wait = new WaitLog('Agent job j')
    wait.update('active')
    await vi.advanceTimersByTimeAsync(20_000)
    wait.update('reviewing')
    await vi.advanceTimersByTimeAsync(20_000)
    expect(recorder.of('info')).toEqual(['Agent job j: active', 'Agent job j: reviewing'])
    wait.stop()
  })

  it('an export shows the time left that its progress predicts', async () => {
    const progress = new ProgressLog('se_1')
    const job = (p: number) => ({ status: 'running', progress: p, pageCount: p })
    // 10% every 10 s from 10%: about 80 s left at 20%.
    progress.record(job(10), { attempt: 1, elapsedMs: 10_000, progressHistory: [] })
    progress.record(job(20), {
      attempt: 2,
      elapsedMs: 20_000,
      progressHistory: [
        { atMs: 10_000, progress: 10 },
        { atMs: 20_000, progress: 20 }
      ]
    })
    await vi.advanceTimersByTimeAsync(HEARTBEAT_MS)
    progress.stop()
    const heartbeat = recorder.of('info').at(-1) ?? ''
    expect(heartbeat).toMatch(
      /^Export job se_1: still running · 20% · 20 pages · waited 30s · ≈(\d+)s left$/
    )
    const left = Number(/≈(\d+)s/.exec(heartbeat)?.[1])
    expect(left).toBeGreaterThan(40)
    expect(left).toBeLessThan(60)
  })
})
