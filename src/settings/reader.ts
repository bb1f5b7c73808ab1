import { log } from '../log.js'
import { displayUrl } from '../secrets.js'
import { isSafeId, untrusted } from '../util/untrusted.js'
import { checkServiceUrl } from './base-url.js'
import { formatDuration, parseDurationMs } from './duration.js'
import { parseSizeBytes } from './size.js'

export const SECOND_MS = 1000

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment)
  } catch {
    return segment
  }
}

/** Path segments that follow a `job` or `jobs` segment: where addresses put job ids. */
export function segmentsAfterJob(segments: string[]): string[] {
  return segments.slice(1).filter((_, i) => /^jobs?$/i.test(segments[i] as string))
}
export const HOUR_MS = 3_600_000

/** Bad inputs, all of them at once, each naming the input and how to fix it. */
export class SettingsError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(
      problems.length === 1
        ? (problems[0] as string)
        : `${problems.length} inputs need fixing:\n${problems.map(p => `  - ${p}`).join('\n')}`
    )
    this.name = 'SettingsError'
  }
}

/**
 * Where the inputs come from: a runner's `INPUT_*` (defaults from action.yml) or the CLI's
 * flags (the same defaults, from the declarations). Each front door supplies one.
 */
export interface InputSource {
  text(name: string): string
  list(name: string): string[]
  flag(name: string): boolean
}

/** Input parsing with problems collected rather than thrown one at a time. */
/**
 * The API's root from an address as users paste it: the vendor's OpenAPI files give the server
 * as `https://api.mintlify.com/v1`, while the action's paths begin with `/v1/…` and `/v2/…`, so a
 * trailing `/v1` or `/v2` would be doubled. It is dropped, with a notice.
 */
function apiRoot(url: URL, name: string): URL {
  const version = /\/v[12]\/?$/.exec(url.pathname)
  if (!version) return url
  const root = new URL(url.href)
  // An empty path is `/` in an http(s) URL.
  root.pathname = url.pathname.slice(0, version.index)
  log.notice(
    `Input \`${name}\`: using \`${root.origin}${root.pathname === '/' ? '' : root.pathname}\`, the API's root; the action adds \`${version[0].replace(/\/$/, '')}/…\` to its requests itself.`
  )
  return root
}

export class Reader {
  constructor(
    private readonly inputs: InputSource,
    private readonly problems: string[]
  ) {}

  problem(message: string): void {
    // A value quoted back (a code span: the odd parts between backticks) is cut: a 100 KB
    // input must not make a 100 KB error line. The prose between spans is kept whole.
    const parts = message.split('`')
    const cut = parts.map((part, at) =>
      at % 2 === 1 && at < parts.length - 1 && part.length > 120 ? `${part.slice(0, 120)}…` : part
    )
    // A backtick inside a value pairs the spans wrongly: the whole is capped as well.
    const whole = cut.join('`')
    this.problems.push(whole.length > 4000 ? `${whole.slice(0, 4000)}…` : whole)
  }

  text(name: string): string {
    return this.inputs.text(name)
  }

  list(name: string): string[] {
    return this.inputs.list(name)
  }

  required(name: string, what: string): string {
    const value = this.inputs.text(name)
    if (!value) this.problem(`Input \`${name}\` is required in this mode: set it to ${what}.`)
    return value
  }

  /** An id that goes into URL paths and folder names: checked against the one id pattern. */
  id(name: string, value: string): string {
    if (value && !isSafeId(value)) {
      this.problem(
        `Input \`${name}\` (\`${untrusted(value, 80)}\`) is not an id: expected letters, digits, \`_\`, \`-\` or \`.\`, beginning with a letter or digit (e.g. \`se_3f9a2c1b8e7d4a06\`).`
      )
    }
    return value
  }

  /**
   * A job id, or the one inside an address pasted in its place (a dashboard or API link), taken
   * with a notice when the address names exactly one: `pick` says which path segments can be it.
   */
  jobId(name: string, value: string, pick: (segments: string[]) => string[]): string {
    if (!/^https?:\/\//i.test(value)) return this.id(name, value)
    let segments: string[] = []
    try {
      segments = new URL(value).pathname.split('/').filter(Boolean)
    } catch {
      // Not an address after all: the id check below says what is wrong with it.
    }
    const candidates = [...new Set(pick(segments.map(s => safeDecode(s))).filter(isSafeId))]
    if (candidates.length === 1) {
      const id = candidates[0] as string
      log.notice(`Input \`${name}\`: using \`${id}\`, the job id in the address given.`)
      return id
    }
    this.problem(
      `Input \`${name}\` is an address (\`${displayUrl(value)}\`), not a job id, and ${candidates.length ? 'it names more than one' : 'no part of it is a job id'}: set \`${name}\` to the id alone, e.g. \`se_3f9a2c1b8e7d4a06\`.`
    )
    return ''
  }

  flag(name: string): boolean {
    try {
      return this.inputs.flag(name)
    } catch {
      this.problem(
        `Input \`${name}\` is \`${this.inputs.text(name)}\`: expected \`true\` or \`false\`.`
      )
      return false
    }
  }

  duration(name: string, { min, max }: { min: number; max: number }): number | undefined {
    const text = this.inputs.text(name)
    const ms = parseDurationMs(text)
    if (ms === undefined) {
      this.problem(
        `Input \`${name}\` is \`${text}\`: expected a duration such as \`90\` (seconds), \`90s\`, \`500ms\`, \`10m\` or \`1h\`.`
      )
    } else if (ms < min || ms > max) {
      this.problem(
        `Input \`${name}\` is \`${text}\`: it must be between ${formatDuration(min)} and ${formatDuration(max)}.`
      )
    }
    return ms
  }

  choice<T extends string>(name: string, allowed: readonly T[]): T {
    const text = this.inputs.text(name)
    const found = allowed.find(option => option === text)
    if (!found) {
      this.problem(
        `Input \`${name}\` is \`${text}\`: expected one of ${allowed.map(o => `\`${o}\``).join(', ')}.`
      )
    }
    return found ?? (allowed[0] as T)
  }

  size(name: string, { min }: { min: number }): number {
    const text = this.inputs.text(name)
    const bytes = parseSizeBytes(text)
    if (bytes === undefined || bytes < min) {
      this.problem(
        `Input \`${name}\` is \`${text}\`: expected a size such as \`500MiB\` or \`20GiB\` (at least ${min} bytes).`
      )
    }
    return bytes ?? 0
  }

  count(name: string, { min, max }: { min: number; max: number }): number {
    const text = this.inputs.text(name)
    const value = /^\d+$/.test(text) ? Number(text) : NaN
    if (!(value >= min && value <= max)) {
      this.problem(
        `Input \`${name}\` is \`${text}\`: expected a whole number from ${min} to ${max}.`
      )
    }
    return value
  }

  serviceUrl(name: string, allowInsecureHttp: boolean): URL | undefined {
    const text = this.inputs.text(name)
    const checked = checkServiceUrl(text, allowInsecureHttp)
    // Request paths are appended to it: a query or fragment would swallow them.
    if (checked.ok && (checked.url.search || checked.url.hash)) {
      this.problem(
        `Input \`${name}\` (\`${displayUrl(text)}\`) has a query or fragment: expected an address such as \`https://api.mintlify.com\`.`
      )
      return undefined
    }
    if (checked.ok) return apiRoot(checked.url, name)
    const hint = checked.problem.includes('in clear')
      ? 'use https, or set `allow-insecure-http: true` if the network path is trusted'
      : 'expected an address such as `https://api.mintlify.com`'
    // Quoted without userinfo or query: either may hold a credential.
    this.problem(`Input \`${name}\` (\`${displayUrl(text)}\`) ${checked.problem}: ${hint}.`)
    return undefined
  }
}
