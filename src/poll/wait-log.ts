import { log } from '../log.js'
import { formatDuration } from '../settings/duration.js'

/** Longest a wait goes without a line in the log, so a long wait is never mistaken for a hang. */
export const HEARTBEAT_MS = 30_000

/**
 * The log of a polled wait: a line when the state changes (not one per poll), and a heartbeat
 * with the time waited, and the time left when progress predicts it, whenever HEARTBEAT_MS
 * passed without a line. Every state also goes to the live display, where the host has one.
 */
export class WaitLog {
  private state: string | undefined
  private logged: string | undefined
  private finishAt: number | undefined
  private readonly startedAt = Date.now()
  private lastLineAt = this.startedAt
  private timer: NodeJS.Timeout | undefined

  constructor(
    /** What is waited for, e.g. `Export job se_1`. */
    private readonly subject: string,
    private readonly everyMs = HEARTBEAT_MS
  ) {}

  /** The state now; `remainingMs` when progress predicts the end. */
  update(state: string, remainingMs?: number): void {
    this.state = state
    this.finishAt = remainingMs === undefined ? undefined : Date.now() + remainingMs
    log.progress({ kind: 'job', line: `${this.subject}: ${state}` })
    if (state !== this.logged) this.write(state)
    this.arm()
  }

  /** The wait is over: no more heartbeats. */
  stop(): void {
    clearTimeout(this.timer)
    this.timer = undefined
  }

  private write(text: string): void {
    log.info(`${this.subject}: ${text}`)
    this.logged = this.state
    this.lastLineAt = Date.now()
  }

  private arm(): void {
    clearTimeout(this.timer)
    this.timer = setTimeout(
      () => {
        const now = Date.now()
        const left =
          this.finishAt === undefined
            ? ''
            : this.finishAt > now
              ? ` · ≈${formatDuration(this.finishAt - now)} left`
              : ' · due any moment'
        this.write(`still ${this.state} · waited ${formatDuration(now - this.startedAt)}${left}`)
        this.arm()
      },
      Math.max(0, this.lastLineAt + this.everyMs - Date.now())
    )
    // The poll's own sleep keeps the process alive; this timer never should.
    this.timer.unref?.()
  }
}
