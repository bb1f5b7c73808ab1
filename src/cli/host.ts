import type { Host } from '../host.js'

/**
 * The terminal: every human line on stderr (stdout is for `--json`), annotations as a word
 * before the line, debug lines only with `--verbose`. Secrets are scrubbed by the log itself.
 */
export function cliHost({ verbose }: { verbose: boolean }): Host {
  const write = (line: string) => process.stderr.write(`${line}\n`)
  return {
    info: write,
    notice: message => write(`notice: ${message}`),
    warning: message => write(`warning: ${message}`),
    error: message => write(`error: ${message}`),
    debug: message => {
      if (verbose) write(`debug: ${message}`)
    },
    mask: () => undefined
  }
}
