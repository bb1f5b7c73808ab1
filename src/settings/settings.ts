import * as core from '@actions/core'
import { tmpdir } from 'node:os'
import { isAbsolute, resolve } from 'node:path'
import { log } from '../log.js'
import { displayUrl, linkSecrets } from '../secrets.js'
import { isSafeId, untrusted } from '../util/untrusted.js'
import { checkServiceUrl } from './base-url.js'
import { normaliseDomain } from './domain.js'
import { formatDuration, parseDurationMs } from './duration.js'
import { parseSizeBytes } from './size.js'

const SECOND_MS = 1000
const HOUR_MS = 3_600_000

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
  /** Lets base-url and bundle links use plain http to non-loopback hosts. */
  readonly allowInsecureHttp: boolean
  /** Where temporary and default output files go (RUNNER_TEMP on a runner). */
  readonly tempDir: string
  /** Token for the pull-request comment; undefined when `comment` is off. */
  readonly commentToken?: string
}

/** What to export: a fresh job for a domain, or an existing job reused by id. */
export type ExportTarget =
  | {
      readonly kind: 'domain'
      readonly domain: string
      readonly version?: string
      readonly paths?: readonly string[]
    }
  | { readonly kind: 'job'; readonly jobId: string }

export interface ExportSettings extends CommonSettings {
  readonly mode: 'export'
  readonly target: ExportTarget
  /** false: stop after starting the job (a later run resumes it with job-id). */
  readonly wait: boolean
  /** false: stop after getting the bundle link. */
  readonly download: boolean
  readonly extract: boolean
  /** Compute the bundle's SHA-256 while downloading (`checksum: sha256`). */
  readonly sha256: boolean
  /** Largest total size the extracted site may reach (an archive-bomb guard). */
  readonly extractLimitBytes: number
  /** Folder for the archive (and `site/` when extracted); default: a per-job folder in tempDir. */
  readonly downloadDir?: string
  /** Upload the bundle as a workflow artifact. */
  readonly artifact?: {
    readonly name?: string
    readonly content: ArtifactContent
    readonly retentionDays: number
  }
  /** `staticExport.version` for the Helm values; default: derived from the bundle. */
  readonly exportVersion?: string
  /** Where the site will run; decides what external hosts mean (see audit/). */
  readonly deploymentKind: DeploymentKind
  /** Hosts the site may load from in any deployment kind. */
  readonly allowedHosts: readonly string[]
}

/** What a workflow artifact holds: the archive, the extracted site, or a Pages tarball. */
export const ARTIFACT_CONTENTS = ['archive', 'extracted', 'pages'] as const
export type ArtifactContent = (typeof ARTIFACT_CONTENTS)[number]

export const CHECKSUMS = ['sha256', 'none'] as const

export const DEPLOYMENT_KINDS = ['cloud', 'client-hosted', 'air-gapped'] as const
export type DeploymentKind = (typeof DEPLOYMENT_KINDS)[number]

export interface AgentWatchSettings extends CommonSettings {
  readonly mode: 'agent-watch'
  readonly projectId: string
  readonly jobId: string
  /** Fail when the agent completed without opening a pull request. */
  readonly requirePr: boolean
  /** How long a 404 is taken for a job that is not visible yet. */
  readonly notFoundGraceMs: number
}

export type Settings = ExportSettings | AgentWatchSettings

export const MODES = ['export', 'agent-watch'] as const

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
    return `Input \`api-key\` looks like ${other[1]} (\`${other[0]}…\`), not an admin API key; the Admin API will likely refuse it. Create an admin key on the dashboard's API keys page.`
  }
  if (!key.startsWith('mint_')) {
    return 'Input `api-key` does not begin with `mint_` as Mintlify admin keys do; check that the secret holds an admin API key.'
  }
  return undefined
}

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

/** Reads the inputs of the step. Defaults come from action.yml, as the runner applies them. */
export interface InputSource {
  text(name: string): string
  list(name: string): string[]
  flag(name: string): boolean
}

export const actionInputs: InputSource = {
  text: name => core.getInput(name),
  list: name =>
    core
      .getMultilineInput(name)
      .flatMap(line => line.split(','))
      .map(item => item.trim())
      .filter(Boolean),
  flag: name => core.getBooleanInput(name)
}

/**
 * Registers the secret inputs (`api-key`, `github-token`, and any userinfo or credential in
 * `base-url`) as secrets. Call this first: a runner masks a value only in log lines written
 * after it learns about it.
 */
export function maskSecretInputs(inputs: InputSource = actionInputs): void {
  for (const name of ['api-key', 'github-token']) log.secret(inputs.text(name))
  // `base-url` is refused with a password or a query, but the refusal must not show them.
  for (const value of linkSecrets(inputs.text('base-url'))) log.secret(value)
}

/** Parses every input once into typed settings, or throws a SettingsError listing each problem. */
export function readSettings(
  inputs: InputSource = actionInputs,
  env: NodeJS.ProcessEnv = process.env
): Settings {
  const problems: string[] = []
  const reader = new Reader(inputs, problems)

  const modeText = inputs.text('mode')
  const mode = MODES.find(m => m === modeText)
  if (!mode) {
    problems.push(
      modeText
        ? `Input \`mode\` is \`${modeText}\`: expected one of ${MODES.map(m => `\`${m}\``).join(', ')}.`
        : `Input \`mode\` is required: set it to ${MODES.map(m => `\`${m}\``).join(' or ')}.`
    )
  }

  const apiKey = inputs.text('api-key')
  if (!apiKey) {
    problems.push(
      'Input `api-key` is required: pass an admin API key from a secret, e.g. `api-key: ${{ secrets.MINTLIFY_ADMIN_KEY }}`.'
    )
  } else if (!HEADER_SAFE.test(apiKey)) {
    // Never quoted: the key is a secret, and a runner masks it only as a whole.
    problems.push(
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
  const common = {
    apiKey,
    baseUrl: baseUrl as URL,
    timeoutMs: timeoutMs as number,
    pollIntervalMs: pollIntervalMs as number,
    requestTimeoutMs: requestTimeoutMs as number,
    maxPollErrors,
    allowInsecureHttp,
    tempDir: env.RUNNER_TEMP || tmpdir(),
    ...readComment(reader)
  }

  let settings: Settings | undefined
  if (mode === 'export') settings = readExportSettings(reader, common, env)
  if (mode === 'agent-watch') settings = readAgentSettings(reader, common)

  if (problems.length > 0 || !settings) throw new SettingsError(problems)
  return settings
}

function readExportSettings(
  reader: Reader,
  common: CommonSettings,
  env: NodeJS.ProcessEnv
): ExportSettings {
  const jobId = reader.id('job-id', reader.text('job-id'))
  const domainText = reader.text('domain')
  let target: ExportTarget | undefined
  if (jobId) {
    if (domainText)
      log.warning(
        `Both \`job-id\` and \`domain\` are set: reusing job ${jobId}; \`domain\` is ignored.`
      )
    target = { kind: 'job', jobId }
  } else if (!domainText) {
    reader.problem(
      'Input `domain` is required in export mode (the host name of your docs, e.g. `docs.example.com`), unless `job-id` names an existing export job to reuse.'
    )
  } else {
    const checked = normaliseDomain(domainText)
    if (!checked.ok) {
      reader.problem(`Input \`domain\` (\`${domainText}\`) ${checked.problem}.`)
    } else {
      if (checked.normalisedFrom) {
        log.notice(
          `Input \`domain\`: using the host name \`${checked.domain}\` from \`${checked.normalisedFrom}\`.`
        )
      }
      const version = reader.text('site-version')
      const paths = reader.list('paths')
      target = {
        kind: 'domain',
        domain: checked.domain,
        ...(version ? { version } : {}),
        ...(paths.length ? { paths } : {})
      }
    }
  }

  const wait = reader.flag('wait')
  const download = reader.flag('download')
  const artifact = readArtifact(reader, env)
  const deploymentKind = reader.choice('deployment-kind', DEPLOYMENT_KINDS)
  const extractAsked = reader.flag('extract')
  // Uploading the site and auditing it both need it extracted: asking for them implies extract.
  const extract =
    extractAsked ||
    (artifact !== undefined && artifact.content !== 'archive') ||
    (download && deploymentKind !== 'cloud')
  if (!download && extractAsked) {
    reader.problem(
      'Input `extract: true` needs `download: true`: there is no archive to extract otherwise.'
    )
  }
  if (!download && artifact) {
    reader.problem(
      'Input `upload-artifact: true` needs `download: true`: there is no bundle to upload otherwise.'
    )
  }
  const exportVersion = reader.text('export-version')
  const pathText = reader.text('path')
  const downloadDir = pathText
    ? isAbsolute(pathText)
      ? pathText
      : resolve(env.GITHUB_WORKSPACE || process.cwd(), pathText)
    : undefined

  return {
    ...common,
    mode: 'export',
    target: target as ExportTarget,
    wait,
    download,
    extract,
    sha256: reader.choice('checksum', CHECKSUMS) === 'sha256',
    extractLimitBytes: reader.size('extract-limit', { min: 1024 }),
    ...(downloadDir ? { downloadDir } : {}),
    ...(artifact ? { artifact } : {}),
    ...(exportVersion ? { exportVersion } : {}),
    deploymentKind,
    allowedHosts: reader.list('allowed-hosts')
  }
}

/** The runner variables the artifact service needs; absent in local runs. */
const ARTIFACT_RUNTIME_VARIABLES = ['ACTIONS_RUNTIME_TOKEN', 'ACTIONS_RESULTS_URL'] as const

function readArtifact(reader: Reader, env: NodeJS.ProcessEnv): ExportSettings['artifact'] {
  if (!reader.flag('upload-artifact')) return undefined
  // Checked now, not after a long download: a local run cannot upload.
  const missing = ARTIFACT_RUNTIME_VARIABLES.filter(name => !env[name])
  if (missing.length > 0) {
    reader.problem(
      `Input \`upload-artifact: true\` needs the runner's artifact service, but ${missing.join(' and ')} ${missing.length > 1 ? 'are' : 'is'} not set (as in a local run). Set \`upload-artifact: false\` outside GitHub Actions.`
    )
  }
  const name = reader.text('artifact-name')
  if (name && /["<>|*?\\/:\r\n]/.test(name)) {
    reader.problem(
      `Input \`artifact-name\` (\`${name}\`) may not contain " : < > | * ? \\ / or line breaks.`
    )
  }
  return {
    ...(name ? { name } : {}),
    content: reader.choice('artifact-content', ARTIFACT_CONTENTS),
    retentionDays: reader.count('retention-days', { min: 0, max: 90 })
  }
}

function readAgentSettings(reader: Reader, common: CommonSettings): AgentWatchSettings {
  const projectId = reader.id(
    'project-id',
    reader.required('project-id', 'the project id shown on the dashboard’s API keys page')
  )
  const jobId = reader.id('job-id', reader.required('job-id', 'the id of the agent job to watch'))
  return {
    ...common,
    mode: 'agent-watch',
    projectId,
    jobId,
    requirePr: reader.flag('require-pr'),
    notFoundGraceMs: reader.duration('not-found-grace', { min: 0, max: HOUR_MS }) as number
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

/** Input parsing with problems collected rather than thrown one at a time. */
class Reader {
  constructor(
    private readonly inputs: InputSource,
    private readonly problems: string[]
  ) {}

  problem(message: string): void {
    this.problems.push(message)
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
    if (checked.ok) return checked.url
    const hint = checked.problem.includes('in clear')
      ? 'use https, or set `allow-insecure-http: true` if the network path is trusted'
      : 'expected an address such as `https://api.mintlify.com`'
    // Quoted without userinfo or query: either may hold a credential.
    this.problem(`Input \`${name}\` (\`${displayUrl(text)}\`) ${checked.problem}: ${hint}.`)
    return undefined
  }
}
