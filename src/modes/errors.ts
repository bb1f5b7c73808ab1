/**
 * The step's `timeout` ran out (the CLI exits 3 for it). Mostly while the job goes on on the
 * server; an export can also run out of time after its job finished (downloading the bundle),
 * when nothing is still running and the outcome is a failure to say so.
 */
export class TimedOutError extends Error {
  override name = 'TimedOutError'
  constructor(
    message: string,
    /** Whether the work this step waited for goes on on the server. */
    readonly workGoesOn = true
  ) {
    super(message)
  }
}

/** A timeout while the work goes on: a step that stopped waiting, not one that failed. */
export const stillRunning = (error: Error | undefined): boolean =>
  error instanceof TimedOutError && error.workGoesOn

/** The run was cancelled (the runner's cancel, SIGINT, SIGTERM); what it started goes on. */
export class CancelledError extends Error {
  override name = 'CancelledError'
}

/**
 * The run stopped waiting (timed out or cancelled), which ends nothing on the server: a
 * deployment, a preview or an agent job started goes on, and is not said to have failed.
 */
export const stoppedWaiting = (error: Error | undefined): boolean =>
  error instanceof TimedOutError || error instanceof CancelledError
