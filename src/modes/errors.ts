/** The step's `timeout` ran out; the job goes on on the server (the CLI exits 3 for it). */
export class TimedOutError extends Error {
  override name = 'TimedOutError'
}
