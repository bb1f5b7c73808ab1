// Static export jobs: what a job looks like at a given moment. Pure functions of time.
import { randomBytes } from 'node:crypto'
import type { ExportBehaviour } from './types.ts'

export interface ExportJob {
  jobId: string
  domain: string
  version: string | null
  paths: string[] | null
  /** Epoch ms; the timeline starts here. */
  createdAt: number
  /** Status GETs answered so far: the index into statusSequence. */
  statusReads: number
  /** Jobs made by createExportJob(…, 'completed') are completed whatever the behaviour. */
  pinned: 'completed' | null
}

export interface ExportView {
  status: string
  progress: number
  pageCount: number
  updatedAt: number
}

export function newJobId(): string {
  return `se_${randomBytes(8).toString('hex')}`
}

export function newJob(domain: string, now: number, extra: Partial<ExportJob> = {}): ExportJob {
  return {
    jobId: newJobId(),
    domain,
    version: null,
    paths: null,
    createdAt: now,
    statusReads: 0,
    pinned: null,
    ...extra
  }
}

/** Progress while running: linear in time, 100 only once completed. */
function runningView(b: ExportBehaviour, fraction: number, updatedAt: number): ExportView {
  return {
    status: 'running',
    progress: Math.min(99, Math.floor(fraction * 100)),
    pageCount: Math.floor(fraction * b.pageCount),
    updatedAt
  }
}

/** A failed job keeps the progress it had reached just before the failing page. */
function failedView(b: ExportBehaviour, updatedAt: number): ExportView {
  return { ...runningView(b, 0.99, updatedAt), status: 'failed' }
}

function completedView(b: ExportBehaviour, updatedAt: number): ExportView {
  return { status: 'completed', progress: 100, pageCount: b.pageCount, updatedAt }
}

export function timedView(b: ExportBehaviour, createdAt: number, now: number): ExportView {
  const elapsed = now - createdAt
  if (elapsed < b.queuedMs)
    return { status: 'queued', progress: 0, pageCount: 0, updatedAt: createdAt }
  if (elapsed < b.queuedMs + b.runningMs) {
    return runningView(b, (elapsed - b.queuedMs) / b.runningMs, now)
  }
  const finishedAt = createdAt + b.queuedMs + b.runningMs
  return b.outcome === 'failed' ? failedView(b, finishedAt) : completedView(b, finishedAt)
}

/** The Nth entry of statusSequence (the last repeats); progress follows the position. */
export function sequenceView(
  b: ExportBehaviour,
  sequence: string[],
  read: number,
  now: number
): ExportView {
  const index = Math.min(read, sequence.length - 1)
  const status = sequence[index] as string
  if (status === 'queued') return { status, progress: 0, pageCount: 0, updatedAt: now }
  if (status === 'completed') return completedView(b, now)
  if (status === 'failed') return failedView(b, now)
  const fraction = sequence.length > 1 ? index / (sequence.length - 1) : 0
  return { ...runningView(b, fraction, now), status }
}

/**
 * The job as seen now. `read` is the statusSequence index: the current GET's for a status
 * call, the last one answered for a bundle call.
 */
export function exportView(
  job: ExportJob,
  b: ExportBehaviour,
  now: number,
  read: number
): ExportView {
  if (job.pinned === 'completed') return completedView(b, job.createdAt)
  if (b.statusSequence && b.statusSequence.length > 0) {
    return sequenceView(b, b.statusSequence, Math.max(0, read), now)
  }
  return timedView(b, job.createdAt, now)
}

/** The job object of the vendor: jobId, status, progress, pageCount, createdAt, updatedAt, error. */
export function renderJob(
  job: ExportJob,
  view: ExportView,
  b: ExportBehaviour
): Record<string, unknown> {
  const body: Record<string, unknown> = { jobId: job.jobId, status: view.status }
  if (!b.omitProgress) {
    body.progress = view.progress
    body.pageCount = view.pageCount
  }
  body.createdAt = new Date(job.createdAt).toISOString()
  body.updatedAt = new Date(view.updatedAt).toISOString()
  if (view.status === 'failed') body[b.failureField] = b.failureReason
  return body
}

// ---------------------------------------------------------------------------------------------
// Validation of the start call

export interface StartRequest {
  domain: string
  version: string | null
  paths: string[] | null
}

/** The start body, or the reason it is refused (answered as 400). */
export function parseStart(body: unknown): StartRequest | { error: string } {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return { error: 'Request body must be a JSON object' }
  }
  const { domain, version, paths } = body as Record<string, unknown>
  if (domain === undefined || domain === null || domain === '') {
    return { error: 'domain is required' }
  }
  if (typeof domain !== 'string') return { error: 'domain must be a string' }
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(domain)) {
    return { error: `Invalid domain "${domain}": remove the scheme; use the host name only` }
  }
  if (/[/\s?#@]/.test(domain)) {
    return { error: `Invalid domain "${domain}": use the host name only, without a path` }
  }
  if (version !== undefined && version !== null && typeof version !== 'string') {
    return { error: 'version must be a string' }
  }
  if (
    paths !== undefined &&
    paths !== null &&
    !(Array.isArray(paths) && paths.every(p => typeof p === 'string'))
  ) {
    return { error: 'paths must be an array of strings' }
  }
  return { domain, version: version ?? null, paths: (paths as string[] | null | undefined) ?? null }
}
