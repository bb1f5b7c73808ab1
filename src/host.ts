/**
 * What the engine asks of the place it runs in. The engine (settings, API client, polling,
 * download, archive, audit, the modes) imports no `@actions/*` package: the GitHub Action and
 * the CLI each hand it a Host, the way actions/cache hands its implementation a state provider.
 */
export interface Host {
  /** A line of progress or result, for people. */
  info(message: string): void
  /** Something worth seeing but not wrong (an annotation on a runner). */
  notice(message: string): void
  warning(message: string): void
  error(message: string): void
  /** Detail for debugging, shown only when asked for. */
  debug(message: string): void
  /** Registers a secret with whatever hides it in this place's output (the runner's masks). */
  mask(secret: string): void
  /** The lines until `endGroup()` belong together (a runner folds them under `title`). */
  group(title: string): void
  endGroup(): void
  /**
   * Every progress step, for a live display (a terminal); optional, since the log already has
   * lines for the steps worth keeping.
   */
  progress?(step: ProgressStep): void
}

/** A step of progress: a job's state in one line, or the download's bytes so far. */
export type ProgressStep =
  | { kind: 'job'; line: string }
  | { kind: 'download'; receivedBytes: number; totalBytes: number | undefined }
  /** The run is over: a live display gives its line back. */
  | { kind: 'done' }

/** Until a front door installs its own: plain lines on stderr, debug only with DEBUG set. */
export const stderrHost: Host = {
  info: message => process.stderr.write(`${message}\n`),
  notice: message => process.stderr.write(`${message}\n`),
  warning: message => process.stderr.write(`warning: ${message}\n`),
  error: message => process.stderr.write(`error: ${message}\n`),
  debug: message => {
    if (process.env.DEBUG) process.stderr.write(`debug: ${message}\n`)
  },
  mask: () => undefined,
  group: title => process.stderr.write(`${title}\n`),
  endGroup: () => undefined
}
