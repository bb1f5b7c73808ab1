import { stderrHost, type Host, type ProgressStep } from './host.js'
import { linkSecrets, Secrets, type SecretKind } from './secrets.js'

/** Every secret the run has learnt; `log`, the summary, the comment and outputs scrub them. */
export const secrets = new Secrets()

/**
 * Line starts the runner may read as a command: `::` after white space or characters that its
 * culture-sensitive comparison ignores (the same classes `untrusted()` removes).
 */
const COMMAND_START = /^([\s\p{Cc}\p{Cf}\p{Default_Ignorable_Code_Point}]*):(?=:)/u

/**
 * The last guard between a message and stdout: every line of it with secrets scrubbed, no
 * control character but the line breaks we wrote, and nothing the runner would take for a
 * workflow command. Outside text is already one clean line (`untrusted()`); this holds for
 * whatever reaches a log call, our own words and any text a library put in an error.
 */
export function commandSafe(message: string): string {
  return secrets
    .scrub(message)
    .split(/\r\n|\r|\n|\u0085|\u2028|\u2029/)
    .map(line =>
      line
        .replace(/(?![\t])\p{Cc}/gu, ' ')
        .replace(/##\[/g, '# #[')
        .replace(COMMAND_START, '$1: ')
    )
    .join('\n')
}

let host: Host = stderrHost

/** The front door's host: every log line and secret goes there from now on. */
export function useHost(next: Host): void {
  host = next
}

/** The engine's log. Nothing else in the engine writes output or registers a secret. */
export const log = {
  info: (message: string): void => host.info(commandSafe(message)),
  notice: (message: string): void => host.notice(commandSafe(message)),
  warning: (message: string): void => host.warning(commandSafe(message)),
  error: (message: string): void => host.error(commandSafe(message)),
  debug: (message: string): void => host.debug(commandSafe(message)),
  /** Runs `work` with its lines in one group (folded on a runner), closed however it ends. */
  async group<T>(title: string, work: () => Promise<T>): Promise<T> {
    host.group(commandSafe(title))
    try {
      return await work()
    } finally {
      host.endGroup()
    }
  },
  /** A step for a live display, when the host has one (a job's line is guarded like any line). */
  progress(step: ProgressStep): void {
    host.progress?.(step.kind === 'job' ? { kind: 'job', line: commandSafe(step.line) } : step)
  },
  /** Masked by the host from the next line on, and scrubbed from everything we write. */
  secret(value: string, kind: SecretKind = 'credential'): void {
    if (secrets.add(value, kind)) host.mask(value)
  }
}

/**
 * Registers a link's credentials as secrets, so that logs show `***` in their place. Call it
 * before anything could print the link: a runner masks only lines written after it learns a value.
 */
export function maskLink(link: string): void {
  for (const secret of linkSecrets(link)) log.secret(secret, 'link')
}
