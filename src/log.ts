import * as core from '@actions/core'
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

/** The action's log. Nothing else in src/ writes to stdout or registers a secret. */
export const log = {
  info: (message: string): void => core.info(commandSafe(message)),
  notice: (message: string): void => core.notice(commandSafe(message)),
  warning: (message: string): void => core.warning(commandSafe(message)),
  error: (message: string): void => core.error(commandSafe(message)),
  debug: (message: string): void => core.debug(commandSafe(message)),
  /** Masked by the runner from the next line on, and scrubbed from everything we write. */
  secret(value: string, kind: SecretKind = 'credential'): void {
    if (secrets.add(value, kind)) core.setSecret(value)
  },
  /** Fails the step with `message` as its error annotation. */
  fail(message: string): void {
    core.setFailed(commandSafe(message))
  },
  /**
   * A step output. Outputs may carry a link (`bundle-url` is the point of the step), never a
   * credential; a runner drops a job output that holds a masked value, so none crosses jobs.
   */
  output(name: string, value: string | number): void {
    core.setOutput(name, typeof value === 'number' ? value : secrets.scrub(value, ['credential']))
  }
}

/**
 * Registers a link's credentials as secrets, so that logs show `***` in their place. Call it
 * before anything could print the link: a runner masks only lines written after it learns a value.
 */
export function maskLink(link: string): void {
  for (const secret of linkSecrets(link)) log.secret(secret, 'link')
}
