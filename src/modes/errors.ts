/** The step's `timeout` ran out; the job goes on on the server (the CLI exits 3 for it). */
export class TimedOutError extends Error {
  override name = 'TimedOutError'
}

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
