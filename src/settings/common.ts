import { tmpdir } from 'node:os'
import { log } from '../log.js'
import { linkSecrets } from '../secrets.js'
import { HOUR_MS, SECOND_MS, type InputSource, type Reader } from './reader.js'
import { API_KEYS_PAGE } from '../api/errors.js'

/** Everything both modes need to reach the API and bound their wait. */
export interface CommonSettings {
  /** Admin API key, already registered as a secret. */
  readonly apiKey: string
  /** Base of the Admin API, e.g. https://api.mintlify.com (the client appends request paths to it). */
  readonly baseUrl: URL
  /** Whole wait of the step, from start to the last byte downloaded. */
  readonly timeoutMs: number
  /** Longest pause between two status polls. */
  readonly pollIntervalMs: number
  /** Longest silence on one request (headers, or between body chunks) before it is retried. */
  readonly requestTimeoutMs: number
  /** Failed status polls in a row (after the client's own retries) that end the wait. */
  readonly maxPollErrors: number
  /** How long a 404 is a race for a job or status not seen yet (`not-found-grace`). */
  readonly notFoundGraceMs: number
  /** Lets base-url and bundle links use plain http to non-loopback hosts. */
  readonly allowInsecureHttp: boolean
  /** Where temporary and default output files go (RUNNER_TEMP on a runner). */
  readonly tempDir: string
  /** Token for the pull-request comment; undefined when `comment` is off. */
  readonly commentToken?: string
}

/** Visible ASCII only: what an `Authorization: Bearer` value may hold. */
const HEADER_SAFE = /^[\x21-\x7e]+$/

/** Admin keys begin with `mint_`; these other Mintlify key kinds are a common mix-up. */
const OTHER_KEY_KINDS: ReadonlyArray<[prefix: string, kind: string]> = [
  ['mint_dsc_', 'an assistant (discovery) key'],
  ['mint_us_', 'a search index key']
]

/** A warning for a key that does not look like an admin key; the server has the last word. */
export function keyPrefixWarning(key: string): string | undefined {
  const other = OTHER_KEY_KINDS.find(([prefix]) => key.startsWith(prefix))
  if (other) {
    return `Input \`api-key\` looks like ${other[1]} (\`${other[0]}…\`), not an admin API key; the Admin API will likely refuse it. Create an admin key on the API keys page (${API_KEYS_PAGE}).`
  }
  if (!key.startsWith('mint_')) {
    return 'Input `api-key` does not begin with `mint_` as Mintlify admin keys do; check that the secret holds an admin API key.'
  }
  return undefined
}

/**
 * Registers the secret inputs (`api-key`, `github-token`, and any userinfo or credential in
 * `base-url`) as secrets. Call this first: a runner masks a value only in log lines written
 * after it learns about it.
 */
export function maskSecretInputs(inputs: InputSource): void {
  for (const name of ['api-key', 'github-token']) log.secret(inputs.text(name))
  // `base-url` is refused with a password or a query, but the refusal must not show them.
  for (const value of linkSecrets(inputs.text('base-url'))) log.secret(value)
}

/** The inputs every mode reads: the key, the API's address, the waits and the comment. */
export function readCommonSettings(reader: Reader, env: NodeJS.ProcessEnv): CommonSettings {
  const apiKey = reader.text('api-key')
  if (!apiKey) {
    reader.problem(
      'Input `api-key` is required: pass an admin API key from a secret, e.g. `api-key: ${{ secrets.MINTLIFY_ADMIN_KEY }}`.'
    )
  } else if (!HEADER_SAFE.test(apiKey)) {
    // Never quoted: the key is a secret, and a runner masks it only as a whole.
    reader.problem(
      'Input `api-key` holds a space or a character that cannot be sent in an HTTP header (often an invisible one pasted with the key): set the secret again to the key alone.'
    )
  } else {
    const warning = keyPrefixWarning(apiKey)
    if (warning) log.warning(warning)
  }
  const allowInsecureHttp = reader.flag('allow-insecure-http')
  const baseUrl = reader.serviceUrl('base-url', allowInsecureHttp)
  const timeoutMs = reader.duration('timeout', { min: SECOND_MS, max: 24 * HOUR_MS })
  const pollIntervalMs = reader.duration('poll-interval', { min: 100, max: HOUR_MS })
  const requestTimeoutMs = reader.duration('request-timeout', { min: 100, max: HOUR_MS })
  const maxPollErrors = reader.count('max-poll-errors', { min: 1, max: 1000 })
  return {
    apiKey,
    baseUrl: baseUrl as URL,
    timeoutMs: timeoutMs as number,
    pollIntervalMs: pollIntervalMs as number,
    requestTimeoutMs: requestTimeoutMs as number,
    maxPollErrors,
    notFoundGraceMs: reader.duration('not-found-grace', { min: 0, max: HOUR_MS }) as number,
    allowInsecureHttp,
    tempDir: env.RUNNER_TEMP || tmpdir(),
    ...readComment(reader)
  }
}

function readComment(reader: Reader): { commentToken?: string } {
  if (!reader.flag('comment')) return {}
  const token = reader.text('github-token')
  if (!token) {
    reader.problem(
      'Input `comment: true` needs `github-token` (default: the workflow token `${{ github.token }}`).'
    )
    return {}
  }
  return { commentToken: token }
}
