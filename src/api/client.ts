import { log } from '../log.js'
import { request, type Dispatcher } from '../util/undici.js'
import { createIdleBoundAgent } from '../util/http-agent.js'
import type { z } from 'zod'
import pRetry from 'p-retry'
import { sleep } from '../poll/sleep.js'
import { formatDuration } from '../settings/duration.js'
import { Secrets } from '../secrets.js'
import {
  describeNetworkError,
  errorCode,
  proxyRefusalStatus,
  refusedByProxyRules
} from '../util/network-error.js'
import { httpUrl, untrusted } from '../util/untrusted.js'
import { backoffDelayMs } from '../retry.js'
import { ApiError, STEP_TIMEOUT_CAUSE, TRIGGER_WINDOW_MS, type Operation } from './errors.js'
import { mayHaveTakenEffect, mayRetry } from './retry-policy.js'
import {
  agentAnswerBody,
  agentJobBody,
  bundleBody,
  deploymentStatusBody,
  describeIssues,
  exportJobBody,
  startExportBody,
  triggerBody
} from './schemas.js'

/** A static export job as the action understands it, whatever the server's exact shape. */
export interface ExportJob {
  jobId?: string
  /** Raw status; `completed` and `failed` end a poll, anything else is still going. */
  status: string
  /** Percent, 0–100, when the server reports it. */
  progress?: number
  pageCount?: number
  /** The server's reason on a failed job (`error`, else `message`). */
  reason?: string
  /** The link, when the status already carries one (a proposed API change for completed jobs). */
  bundle?: BundleLink
}

export interface BundleLink {
  url: string
  /** Undefined when the server gave no usable time. */
  expiresAt?: Date
  /** The raw `expiresAt`, kept for messages when it could not be read. */
  expiresAtText?: string
  sizeBytes?: number
}

export interface AgentJob {
  id?: string
  status: string
  /** The answer gave no usable status: `status` is the assumed `active`. */
  statusAssumed?: true
  repository?: string
  ref?: string
  model?: string
  prLink?: string
  /** The answer named a pull request by a link the action cannot use (no web link, too long). */
  prLinkUnusable?: true
  createdAt?: string
  archivedAt?: string
  /** The body as received (before any field was read), for the `job` output. */
  raw: Record<string, unknown>
}

/** A deployment or a preview, as `GET /v1/project/update-status/{statusId}` shows it. */
export interface DeploymentStatus {
  /** Raw status: `queued`, `in_progress`, `success`, `failure` (others are taken as progress). */
  status: string
  summary?: string
  /** The build log's lines, each one clean line. */
  logs: string[]
  createdAt?: string
  endedAt?: string
  /** Only an http(s) link; the first of `screenshot`, `screenshotLight`, `screenshotDark`. */
  screenshotUrl?: string
  commit?: { sha?: string; ref?: string; message?: string }
}

/** The answer to a trigger: the status to follow, and for a preview its address. */
export interface Triggered {
  statusId: string
  /** Only an http(s) link. */
  previewUrl?: string
}

export interface StartExportRequest {
  domain: string
  version?: string
  paths?: readonly string[]
}

/** The Admin API calls this action makes. */
export interface AdminApi {
  startExport(req: StartExportRequest, signal?: AbortSignal): Promise<ExportJob & { jobId: string }>
  getExportJob(jobId: string, signal?: AbortSignal): Promise<ExportJob>
  createBundle(jobId: string, signal?: AbortSignal): Promise<BundleLink>
  getAgentJob(projectId: string, jobId: string, signal?: AbortSignal): Promise<AgentJob>
  /** Starts an agent job (201); never sent twice unless it certainly never arrived. */
  createAgentJob(projectId: string, prompt: string, signal?: AbortSignal): Promise<AgentJob>
  /** Sends a follow-up prompt to an agent job (200); the same rule as creating one. */
  sendAgentMessage(
    projectId: string,
    jobId: string,
    prompt: string,
    signal?: AbortSignal
  ): Promise<AgentJob>
  /** Deploys the project's configured branch. Not idempotent: see retry-policy.ts. */
  triggerDeployment(projectId: string, signal?: AbortSignal): Promise<Triggered>
  /** Creates the branch's preview, or redeploys it. Not idempotent either. */
  triggerPreview(projectId: string, branch: string, signal?: AbortSignal): Promise<Triggered>
  getDeploymentStatus(statusId: string, signal?: AbortSignal): Promise<DeploymentStatus>
}

export interface AdminApiOptions {
  baseUrl: URL
  apiKey: string
  /** Longest silence on a request: for the response headers, and between body chunks. */
  requestTimeoutMs?: number
  /** Attempts per call for transient faults (see retry-policy.ts); a rate limit gets more. */
  maxAttempts?: number
  /** Epoch ms after which no retry is started (the step's overall timeout). */
  deadline?: number
  dispatcher?: Dispatcher
  userAgent?: string
  /** Waits between attempts; a test's virtual clock. */
  sleep?: typeof sleep
}

/** One Admin API request, and the shape its answer must have. */
interface ApiCall<S extends z.ZodType> {
  method: 'GET' | 'POST'
  path: string
  operation: Operation
  schema: S
  body?: unknown
  signal?: AbortSignal
}

/** A checked answer, and the JSON it was read from. */
interface Answer<S extends z.ZodType> {
  data: z.output<S>
  body: unknown
}

/** Bodies larger than this are not an Admin API answer (error pages included). */
const MAX_BODY_BYTES = 1024 * 1024

/**
 * The wait before retrying `error`. A 429 without Retry-After (the vendor sends none) says
 * nothing of how long the limit lasts: a trigger waits out its documented window (a preview's
 * minute) and a jittered back-off on top, so that the runners it limited at once do not all
 * come back at once; anything else a few seconds at least, not the sub-second first back-off
 * of a dropped connection.
 */
const RATE_LIMITED_MIN_DELAY_MS = 2000
/**
 * Attempts of a call the API keeps rate-limiting, while the step's deadline allows: other
 * runners of the organization share the limit, so one window may not be enough.
 */
const RATE_LIMITED_ATTEMPTS = 10

function retryDelayMs(error: ApiError, attempt: number): number {
  if (error.status !== 429 || error.retryAfterMs !== undefined)
    return backoffDelayMs(attempt, error.retryAfterMs ?? 0)
  if (error.operation.kind === 'trigger')
    return TRIGGER_WINDOW_MS[error.operation.what] + backoffDelayMs(attempt)
  return backoffDelayMs(attempt, RATE_LIMITED_MIN_DELAY_MS)
}

export function createAdminApi(options: AdminApiOptions): AdminApi {
  const timeoutMs = options.requestTimeoutMs ?? 30_000
  const deadline = options.deadline ?? Number.POSITIVE_INFINITY
  const wait = options.sleep ?? sleep
  const dispatcher = options.dispatcher ?? createIdleBoundAgent(timeoutMs)
  const base = options.baseUrl.href.replace(/\/+$/, '')
  const headers = {
    authorization: `Bearer ${options.apiKey}`,
    accept: 'application/json',
    'user-agent': options.userAgent ?? 'mintlify-admin-action'
  }

  /** A proxy may echo our Authorization header back, in any escaped form: never quote the key. */
  const key = new Secrets()
  key.add(options.apiKey, 'credential')
  // Only the key: an answer's own links (the bundle's) are data, used as they come.
  const scrub = (text: string): string => key.scrub(text, ['credential'])

  async function callOnce<S extends z.ZodType>(apiCall: ApiCall<S>): Promise<Answer<S>> {
    const { method, path, operation, schema, body, signal } = apiCall
    const requestLine = `${method} ${path}`
    const fail = (
      details: Omit<ConstructorParameters<typeof ApiError>[0], 'operation' | 'request'>
    ) => new ApiError({ ...details, operation, request: requestLine, host: options.baseUrl.host })
    // The idle timeouts bound each silence, not a whole answer: a server that trickles bytes
    // would otherwise hold the step past its `timeout`.
    const stepTimeout = Number.isFinite(deadline)
      ? AbortSignal.timeout(Math.max(1, deadline - Date.now()))
      : undefined
    // undici rejects with the signal's reason, which may be any error the host chose. A mode's
    // signal may carry the step's deadline too (AbortSignal.timeout): that is a timeout.
    const requestFailure = (error: unknown) =>
      stepTimeout?.aborted || isTimeoutReason(signal)
        ? fail({ kind: 'timeout', cause: STEP_TIMEOUT_CAUSE })
        : signal?.aborted
          ? fail({ kind: 'aborted', cause: 'cancelled' })
          : fail(classifyRequestError(error))

    let response: Dispatcher.ResponseData
    let text: string
    try {
      response = await request(`${base}${path}`, {
        method,
        dispatcher,
        signal:
          signal && stepTimeout ? AbortSignal.any([signal, stepTimeout]) : (signal ?? stepTimeout),
        headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body)
      })
    } catch (error) {
      throw requestFailure(error)
    }

    const started = Date.now()
    try {
      // Scrubbed whole, before any cut could split the key into parts the runner does not mask.
      text = scrub(await readLimited(response.body, MAX_BODY_BYTES))
    } catch (error) {
      if (error instanceof BodyTooLarge) {
        throw fail({
          kind: 'invalid-response',
          status: response.statusCode,
          cause: `the body is larger than ${MAX_BODY_BYTES} bytes`
        })
      }
      throw requestFailure(error)
    }
    log.debug(`${requestLine} → ${response.statusCode} in ${Date.now() - started}ms`)

    const parsed = parseJson(text)
    const requestId =
      firstHeader(response.headers, 'x-request-id') ?? firstHeader(response.headers, 'cf-ray')
    if (response.statusCode >= 300) {
      throw fail({
        kind: 'http',
        status: response.statusCode,
        serverMessage: serverMessageOf(parsed, text, response.headers, scrub),
        retryAfterMs: parseRetryAfter(firstHeader(response.headers, 'retry-after')),
        requestId
      })
    }
    if (!parsed.ok) {
      throw fail({
        kind: 'invalid-response',
        status: response.statusCode,
        requestId,
        cause:
          text.trim() === '' ? 'the body is empty' : `the body is not JSON (${untrusted(text)})`
      })
    }
    const result = schema.safeParse(parsed.value, { reportInput: true })
    if (!result.success) {
      throw fail({
        kind: 'invalid-response',
        status: response.statusCode,
        requestId,
        cause: describeIssues(result.error)
      })
    }
    return { data: result.data, body: parsed.value }
  }

  /** One call with the retry policy applied; the delays are ours (full jitter, Retry-After). */
  async function call<S extends z.ZodType>(apiCall: ApiCall<S>): Promise<Answer<S>> {
    const { signal } = apiCall
    // Cancelled before it is sent: nothing was asked of the service.
    signal?.throwIfAborted()
    // p-retry asks onFailedAttempt, then shouldRetry: decide (and draw the delay) once, in the
    // first, so that the wait logged is the wait slept and the deadline check sees the same.
    let retrying = false
    const maxAttempts = options.maxAttempts ?? 3
    // No `signal` for p-retry: it throws the abort reason after an attempt even when the
    // answer has arrived, and before onFailedAttempt sees the attempt's error, so a job created
    // just before a cancel would be lost, and a POST cut while out not told as one (our own
    // waits below end on the signal).
    const attempts = pRetry(() => callOnce(apiCall), {
      retries: Math.max(maxAttempts, RATE_LIMITED_ATTEMPTS) - 1,
      minTimeout: 0,
      onFailedAttempt: async ({ error, attemptNumber }) => {
        retrying = false
        if (!(error instanceof ApiError)) return
        error.attempt = attemptNumber
        if (!mayRetry(error)) return
        const attempts = error.status === 429 ? RATE_LIMITED_ATTEMPTS : maxAttempts
        if (attemptNumber >= attempts) {
          error.retriesEnded = 'attempts'
          return
        }
        const delayMs = retryDelayMs(error, attemptNumber)
        if (Date.now() + delayMs >= deadline) {
          error.retriesEnded = 'deadline'
          return
        }
        retrying = true
        log.info(`${error.message} Retrying in ${formatDuration(delayMs)}.`)
        // Cancelled while waiting: the attempt's own error goes up (a 503 to a POST may have
        // acted, which the mode must say), not the bare cancellation.
        await wait(delayMs, signal).catch(() => {
          throw error
        })
      },
      shouldRetry: () => retrying
    })
    try {
      return await attempts
    } catch (error) {
      // A cancel ends the call as the cancellation itself, but for a POST that may have done
      // its work: the mode says so (a job may exist), so its error goes up as it is.
      // (The bundle call only hands out a link: asked again, it does no harm.)
      const mayHaveActed =
        apiCall.method === 'POST' &&
        apiCall.operation.kind !== 'bundle' &&
        error instanceof ApiError &&
        mayHaveTakenEffect(error)
      if (signal?.aborted && !isTimeoutReason(signal) && !mayHaveActed) throw signal.reason
      throw error
    }
  }

  const jobPath = (jobId: string) => `/v1/static-export/jobs/${encodeURIComponent(jobId)}`

  return {
    async startExport(req, signal) {
      const body = {
        domain: req.domain,
        ...(req.version ? { version: req.version } : {}),
        ...(req.paths?.length ? { paths: req.paths } : {})
      }
      const { data } = await call({
        method: 'POST',
        path: '/v1/static-export/jobs',
        operation: { kind: 'start', domain: req.domain },
        schema: startExportBody,
        body,
        signal
      })
      // The spec shows no status in this answer: a job just started is queued.
      return { ...toExportJob({ ...data, status: data.status ?? 'queued' }), jobId: data.jobId }
    },
    async getExportJob(jobId, signal) {
      const { data } = await call({
        method: 'GET',
        path: jobPath(jobId),
        operation: { kind: 'status', jobId },
        schema: exportJobBody,
        signal
      })
      return toExportJob(data)
    },
    async createBundle(jobId, signal) {
      const { data } = await call({
        method: 'POST',
        path: `${jobPath(jobId)}/bundle`,
        operation: { kind: 'bundle', jobId },
        schema: bundleBody,
        signal
      })
      return toBundleLink(data.bundleUrl, data.expiresAt, data.sizeBytes)
    },
    async getAgentJob(projectId, jobId, signal) {
      const { data, body } = await call({
        method: 'GET',
        path: agentJobPath(projectId, jobId),
        operation: { kind: 'agent', projectId, jobId },
        schema: agentJobBody,
        signal
      })
      return toAgentJob(data, body)
    },
    async createAgentJob(projectId, prompt, signal) {
      const { data, body } = await call({
        method: 'POST',
        path: `/v2/agent/${encodeURIComponent(projectId)}/job`,
        operation: { kind: 'agent-create', projectId },
        schema: agentAnswerBody,
        body: { prompt },
        signal
      })
      return toAgentJob(data, body)
    },
    async sendAgentMessage(projectId, jobId, prompt, signal) {
      const { data, body } = await call({
        method: 'POST',
        path: `${agentJobPath(projectId, jobId)}/message`,
        operation: { kind: 'agent-message', projectId, jobId },
        schema: agentAnswerBody,
        body: { prompt },
        signal
      })
      return toAgentJob(data, body)
    },
    async triggerDeployment(projectId, signal) {
      const { data } = await call({
        method: 'POST',
        path: `/v1/project/update/${encodeURIComponent(projectId)}`,
        operation: { kind: 'trigger', what: 'deployment', projectId },
        schema: triggerBody,
        signal
      })
      return { statusId: data.statusId }
    },
    async triggerPreview(projectId, branch, signal) {
      const { data } = await call({
        method: 'POST',
        path: `/v1/project/preview/${encodeURIComponent(projectId)}`,
        operation: { kind: 'trigger', what: 'preview', projectId },
        schema: triggerBody,
        body: { branch },
        signal
      })
      const previewUrl = data.previewUrl ? previewAddress(data.previewUrl) : undefined
      return { statusId: data.statusId, ...(previewUrl ? { previewUrl } : {}) }
    },
    async getDeploymentStatus(statusId, signal) {
      const { data, body } = await call({
        method: 'GET',
        path: `/v1/project/update-status/${encodeURIComponent(statusId)}`,
        operation: { kind: 'deployment-status', statusId },
        schema: deploymentStatusBody,
        signal
      })
      return toDeploymentStatus(data, body)
    }
  }
}

function agentJobPath(projectId: string, jobId: string): string {
  return `/v2/agent/${encodeURIComponent(projectId)}/job/${encodeURIComponent(jobId)}`
}

function toAgentJob(data: z.output<typeof agentAnswerBody>, body: unknown): AgentJob {
  // Only a web link is a link: other text here is not shown as one, nor output.
  const prLink = data.prLink ? httpUrl(data.prLink) : undefined
  const givenLink = (body as { prLink?: unknown } | null)?.prLink
  return {
    id: data.id,
    status: data.status ?? 'active',
    ...(data.status ? {} : { statusAssumed: true as const }),
    repository: data.source?.repository ?? undefined,
    ref: data.source?.ref ?? undefined,
    model: data.model ?? undefined,
    prLink,
    ...(typeof givenLink === 'string' && givenLink.trim() && !prLink
      ? { prLinkUnusable: true as const }
      : {}),
    createdAt: data.createdAt ?? undefined,
    archivedAt: data.archivedAt ?? undefined,
    raw: cutDeep(body, RAW_MAX_DEPTH) as Record<string, unknown>
  }
}

/** Deeper than any answer the API documents (three levels), far below what overflows a stack. */
const RAW_MAX_DEPTH = 32

/**
 * `value` with what lies deeper than `depth` levels replaced by a note. A megabyte of answer
 * can nest a few hundred thousand levels, and a few thousand already overflow the stack of
 * JSON.stringify, which would fail a job that succeeded when its body is output.
 */
function cutDeep(value: unknown, depth: number): unknown {
  if (value === null || typeof value !== 'object') return value
  if (depth === 0) return '(nested too deep to keep)'
  if (Array.isArray(value)) return value.map(item => cutDeep(item, depth - 1))
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [key, cutDeep(item, depth - 1)])
  )
}

/** Whether `signal` ended by a deadline (AbortSignal.timeout), not a cancel. */
function isTimeoutReason(signal: AbortSignal | undefined): boolean {
  const reason: unknown = signal?.aborted ? signal.reason : undefined
  return reason instanceof DOMException && reason.name === 'TimeoutError'
}

/** A timestamp as ISO 8601 when it can be read, else as sent. */
function isoTime(value: string | number | null | undefined): string | undefined {
  if (value === undefined || value === null || value === '') return undefined
  return parseTimestamp(value)?.toISOString() ?? untrusted(String(value), 64)
}

function toDeploymentStatus(
  data: z.output<typeof deploymentStatusBody>,
  body: unknown
): DeploymentStatus {
  const given = (body ?? {}) as Partial<
    Record<'screenshot' | 'screenshotLight' | 'screenshotDark', unknown>
  >
  // A link whose text cleaning changed (a signature scrubbed as a credential, say) leads
  // nowhere: left out rather than handed on broken.
  const whole = (name: keyof typeof given, url: string | null | undefined) =>
    url && url === given[name] ? httpUrl(url) : undefined
  const screenshot =
    whole('screenshot', data.screenshot) ??
    whole('screenshotLight', data.screenshotLight) ??
    whole('screenshotDark', data.screenshotDark)
  const commit = data.commit
    ? {
        sha: data.commit.sha ?? undefined,
        ref: data.commit.ref ?? undefined,
        message: data.commit.message ?? undefined
      }
    : undefined
  return {
    status: data.status,
    summary: data.summary || undefined,
    logs: (data.logs ?? []).filter((line): line is string => line !== undefined),
    createdAt: isoTime(data.createdAt),
    endedAt: isoTime(data.endedAt),
    ...(screenshot ? { screenshotUrl: screenshot } : {}),
    ...(commit ? { commit } : {})
  }
}

function toExportJob(data: z.output<typeof exportJobBody>): ExportJob {
  return {
    jobId: data.jobId,
    status: data.status,
    progress: data.progress,
    pageCount: data.pageCount,
    reason: data.error ?? data.message ?? undefined,
    // Used only once the job is completed (the caller classifies the status).
    bundle: data.bundleUrl
      ? toBundleLink(data.bundleUrl, data.expiresAt, data.sizeBytes)
      : undefined
  }
}

function toBundleLink(
  url: string,
  expiresAt: string | number | null | undefined,
  sizeBytes: number | undefined
): BundleLink {
  const link: BundleLink = { url }
  if (sizeBytes !== undefined && sizeBytes >= 0) link.sizeBytes = sizeBytes
  if (expiresAt === undefined || expiresAt === null) return link
  const date = parseTimestamp(expiresAt)
  if (date) link.expiresAt = date
  else link.expiresAtText = String(expiresAt)
  return link
}

/** ISO 8601 text, or a Unix time in seconds or milliseconds (the spec does not give the type). */
export function parseTimestamp(value: string | number): Date | undefined {
  let ms: number
  if (typeof value === 'number') ms = value < 1e12 ? value * 1000 : value
  else if (/^\d+(\.\d+)?$/.test(value.trim())) return parseTimestamp(Number(value))
  else ms = Date.parse(value)
  return Number.isFinite(ms) ? new Date(ms) : undefined
}

/** `Retry-After` as seconds or an HTTP date, in milliseconds from now. */
export function parseRetryAfter(value: string | undefined, now = Date.now()): number | undefined {
  if (!value) return undefined
  const text = value.trim()
  if (/^\d+$/.test(text)) return Number(text) * 1000
  const date = Date.parse(text)
  return Number.isFinite(date) ? Math.max(0, date - now) : undefined
}

type Parsed = { ok: true; value: unknown } | { ok: false }

function parseJson(text: string): Parsed {
  try {
    return { ok: true, value: JSON.parse(text) }
  } catch {
    return { ok: false }
  }
}

/**
 * The server's own explanation: `{"error": …}` or `{"message": …}`, else the start of the
 * text, as one clean line; scrubbed again once parsed, as JSON escapes may have hidden the key.
 */
function serverMessageOf(
  parsed: Parsed,
  text: string,
  headers: Dispatcher.ResponseData['headers'],
  scrub: (text: string) => string
): string | undefined {
  const snippet = (said: string) => untrusted(scrub(said))
  if (parsed.ok && parsed.value && typeof parsed.value === 'object') {
    const body = parsed.value as Record<string, unknown>
    for (const key of ['error', 'message']) {
      const value = body[key]
      if (typeof value === 'string' && value.trim()) return snippet(value)
      if (
        value &&
        typeof value === 'object' &&
        typeof (value as { message?: unknown }).message === 'string'
      ) {
        return snippet((value as { message: string }).message)
      }
    }
  }
  const type = firstHeader(headers, 'content-type') ?? ''
  if (type.includes('html')) {
    const title = htmlTitle(text)
    return `an HTML page${title ? ` titled "${snippet(title)}"` : ''} instead of JSON`
  }
  return text.trim() ? snippet(text) : undefined
}

function htmlTitle(html: string): string | undefined {
  return /<title[^>]*>([^<]{1,400})<\/title>/i.exec(html)?.[1]?.trim()
}

function firstHeader(
  headers: Dispatcher.ResponseData['headers'],
  name: string
): string | undefined {
  const value = headers[name]
  return Array.isArray(value) ? value[0] : value
}

class BodyTooLarge extends Error {}

async function readLimited(body: AsyncIterable<Buffer>, limit: number): Promise<string> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of body) {
    size += chunk.length
    if (size > limit) {
      ;(body as unknown as { destroy?: () => void }).destroy?.()
      throw new BodyTooLarge()
    }
    chunks.push(chunk)
  }
  return Buffer.concat(chunks).toString('utf8')
}

/** Maps undici and socket errors to our failure kinds, with the cause in words. */
export function classifyRequestError(error: unknown): {
  kind: 'network' | 'timeout' | 'aborted'
  cause: string
  code?: string
  permanent?: boolean
} {
  const name = (error as { name?: string } | undefined)?.name
  const code = errorCode(error)
  const cause = describeNetworkError(error)
  if (proxyRefusalStatus(error) !== undefined)
    return { kind: 'network', cause, code, permanent: refusedByProxyRules(error) }
  if (name === 'AbortError' || code === 'UND_ERR_ABORTED')
    return { kind: 'aborted', cause: 'cancelled', code }
  if (code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT')
    return { kind: 'timeout', cause, code }
  return { kind: 'network', cause, code }
}

/**
 * The preview's address, documented only as a string: a bare host name (`docs-x.mintlify.app`)
 * is taken as https; anything else that is no web link is left out, and said so.
 */
function previewAddress(text: string): string | undefined {
  const hostFirst = /^[a-z0-9-]+(\.[a-z0-9-]+)+(?::\d+)?(?:\/\S*)?$/i.test(text)
  const url = httpUrl(text) ?? (hostFirst ? httpUrl(`https://${text}`) : undefined)
  if (!url)
    log.warning(
      `The preview's address is not a web link (${untrusted(text)}): \`preview-url\` stays empty.`
    )
  return url
}
