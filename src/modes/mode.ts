import { createAdminApi, type AdminApi } from '../api/client.js'
import type { CommonSettings } from '../settings/common.js'
import type { Reader } from '../settings/reader.js'

/** What every mode is given to run: the API client and the step's bounds. */
export interface RunDeps {
  api: AdminApi
  signal: AbortSignal
  /** Epoch ms at which the step's `timeout` runs out; the API client's requests end there too. */
  deadline: number
  /**
   * Told once the work started on the server and before the wait, with the mode's report so far
   * (the action comments "building" and records a GitHub deployment then). Never throws.
   */
  onStarted?: (report: unknown) => Promise<void>
}

/**
 * The API client and the step's deadline, one instant shared by the client and the mode, for
 * both front doors (`userAgent` says which).
 */
export function runDeps(
  settings: CommonSettings,
  signal: AbortSignal,
  userAgent?: string
): RunDeps {
  const deadline = Date.now() + settings.timeoutMs
  const api = createAdminApi({
    baseUrl: settings.baseUrl,
    apiKey: settings.apiKey,
    requestTimeoutMs: settings.requestTimeoutMs,
    deadline,
    ...(userAgent ? { userAgent } : {})
  })
  return { api, signal, deadline }
}

/** A mode's run ends with its report, and the error beside it when it failed. */
export interface Outcome<R> {
  report: R
  error?: Error
}

/**
 * One mode, all in its folder: how it reads its inputs, runs, and turns its report into
 * outputs, a summary and a pull-request comment. The front doors know modes only through this.
 */
export interface Mode<S extends CommonSettings, R> {
  readonly name: S extends { mode: infer N } ? N : string
  /** What the mode does, in a line (the CLI's help). */
  readonly summary: string
  readSettings(reader: Reader, common: CommonSettings, env: NodeJS.ProcessEnv): S
  run(settings: S, deps: RunDeps): Promise<Outcome<R>>
  /** Output name → value, the same for the action's outputs and the CLI's `--json`. */
  outputs(report: R): Record<string, string | number>
  /** The job summary as Markdown. */
  summaryMarkdown(report: R, error: Error | undefined): string
  /**
   * The pull-request comment: the marker that finds it again, and its body; none for none. With
   * `branch`, a run for no pull request comments on the open one of that branch.
   */
  comment(
    settings: S,
    report: R,
    error: Error | undefined
  ): { marker: string; body: string; branch?: string } | undefined
}
