// Public types of the emulator: the contract that tests, the demo and benchmarks rely on.

export interface EmulatorOptions {
  /** The one admin key that is accepted. */
  apiKey: string
  /** Keys of an organisation without static export: 403 on export endpoints and on agent jobs. */
  forbiddenKeys: string[]
  /** Keys that have expired: 401 "API key has expired". */
  expiredKeys: string[]
  /** Default behaviour of every export job. */
  export: ExportBehaviour
  /** Per-domain overrides, merged over `export` when a job's status is computed. */
  domains: Record<string, Partial<ExportBehaviour>>
  /** Starting an export for one of these answers 400 (the vendor's "invalid domain"). */
  unknownDomains: string[]
  storage: StorageBehaviour
  /** Agent jobs that exist, keyed by agent job id (jobs created through the API are added). */
  agentJobs: Record<string, AgentScenario>
  /** What jobs created through the API do, and the hourly allowance of creates and messages. */
  agent: AgentBehaviour
  /** Deployments and previews (every project id is known). */
  deployments: DeploymentBehaviour
}

export interface AgentBehaviour {
  /** The timeline of a created job, and of a job after a follow-up message. */
  timeline: 'completed-with-pr' | 'completed-no-changes' | 'failed'
  activeMs: number
  /** Creates and follow-up messages per project per window (the vendor's: 100 an hour). */
  limit: number
  windowMs: number
  /** A 429 says when the window frees a use (`Retry-After`); the vendor documents none. */
  retryAfter: boolean
  /** How long a follow-up waits before the job works on it (it shows its old state until then). */
  pickupMs: number
  /** A follow-up's answer without a usable status (the vendor requires no field of it). */
  bareMessageAnswer: false | 'id-only' | 'blank-status'
}

/** A prompt the agent endpoints received, in order. */
export interface ReceivedPrompt {
  kind: 'create' | 'message'
  projectId: string
  jobId: string
  prompt: string
}

export interface TriggerLimit {
  requests: number
  windowMs: number
}

export interface DeploymentBehaviour {
  /** Time in 'queued' after the trigger. */
  queuedMs: number
  /** Time in 'in_progress' before the outcome. */
  inProgressMs: number
  outcome: 'success' | 'failure'
  /** `summary` of a failed deployment. */
  failureSummary: string
  /** Lines of the build log once done (half of them while in progress). */
  logLines: number
  /** false: a preview trigger answers 403, as for a plan without previews. */
  previewsOnPlan: boolean
  /** The vendor's limits, per organization: 10 per 10 s (deployments), 5 per minute (previews). */
  deployLimit: TriggerLimit
  previewLimit: TriggerLimit
  /** A 429 says when the window frees a trigger (`Retry-After`); the vendor documents none. */
  retryAfter: boolean
  /** The branch a deployment builds. */
  deploymentBranch: string
  /** A successful deployment has screenshot URLs. */
  screenshot: boolean
}

/**
 * What startEmulator accepts: any option may be left out, and `export` and `storage` may be
 * partial too (each is merged over its defaults). Every Partial<EmulatorOptions> fits.
 */
export type EmulatorInput = Partial<
  Omit<EmulatorOptions, 'export' | 'storage' | 'agent' | 'deployments'>
> & {
  export?: Partial<ExportBehaviour>
  storage?: Partial<StorageBehaviour>
  agent?: Partial<AgentBehaviour>
  deployments?: Partial<DeploymentBehaviour>
}

export interface ExportBehaviour {
  /** Time in 'queued' after the start call. */
  queuedMs: number
  /** Time in 'running' before the outcome. */
  runningMs: number
  /** Pages when done (default: the number of pages in the site). */
  pageCount: number
  outcome: 'completed' | 'failed'
  failureReason: string | null
  /** Which field carries the reason on a failed status. */
  failureField: 'error' | 'message'
  /** If set, the Nth status GET of a job returns statusSequence[N] (the last one repeats). */
  statusSequence: string[] | null
  /** Status responses carry no progress/pageCount (a proposed API change). */
  omitProgress: boolean
  /** A completed status response also carries bundleUrl, expiresAt and sizeBytes (proposed). */
  bundleInStatus: boolean
  /** The vendor answers the start call with the whole job; the spec only promises {jobId}. */
  startResponse: 'full' | 'jobIdOnly'
}

export interface StorageBehaviour {
  format: 'tar.gz' | 'zip' | 'tar'
  /** The URL path ends in /bundle, and Content-Type is application/octet-stream. */
  hideExtension: boolean
  /** Lifetime of a presigned link. */
  linkTtlMs: number
  /** Adds one incompressible file of this many bytes to the archive. */
  padBytes: number
  /** 0 = unlimited; otherwise each response is paced to this rate. */
  bytesPerSecondPerConnection: number
  /** When false, Range headers are ignored and the full body is sent with 200. */
  acceptRanges: boolean
  /** When true, a strong sha256-based ETag is sent and If-Range is honoured. */
  etag: boolean
  /**
   * Serve a range whatever If-Range (and If-Match) say, as radosgw 16.2 and s3rver do: a resume
   * of a replaced object gets the new object's bytes under its new ETag.
   */
  ignoreIfRange: boolean
  /** When true, a whole-object answer carries `x-amz-checksum-sha256` (base64), as S3 does with checksum mode on. */
  checksum: boolean
  /** Raw entries appended to the archive as given (path-traversal tests). */
  extraEntries: ArchiveEntry[]
  /**
   * A ready archive file served as the bundle instead of one built from the site (the
   * benchmark's archive bombs); `format` still names its type. null: build as usual.
   */
  prebuiltPath: string | null
  /**
   * A file whose bytes answer ranged requests, under the object's own ETag and size: a store
   * that contradicts itself (its ranges are not its body). null: ranges of the object.
   */
  rangesFromPath: string | null
}

export interface ArchiveEntry {
  name: string
  type: 'file' | 'symlink' | 'directory'
  content?: string | Buffer
  linkTarget?: string
  /** zip only: the size the headers claim, when they lie (a zip bomb); tar has no such field. */
  declaredSize?: number
}

export interface AgentScenario {
  projectId: string
  timeline:
    | 'completed-with-pr'
    | 'completed-no-changes'
    | 'failed'
    | 'archived'
    | 'archived-with-pr'
    | 'unknown-status'
    | 'not-found-then-found'
  /**
   * Time spent 'active' before the final state; the clock starts at the first GET of the job.
   * The 'archived' timelines end archived at once, as a job archived before anyone followed it
   * shows itself: 'archived' completed without changes, 'archived-with-pr' with its pull request.
   */
  activeMs: number
  /** For 'unknown-status': the status shown instead of 'active' (default 'paused'). */
  unknownStatus?: string
}

export type Endpoint =
  | 'start'
  | 'status'
  | 'bundle'
  | 'download'
  | 'agent'
  | 'agent-create'
  | 'agent-message'
  | 'deploy'
  | 'preview'
  | 'deploy-status'

export type Fault =
  | { kind: 'http'; status: number; body?: string; headers?: Record<string, string> }
  | { kind: 'html'; status: number }
  | { kind: 'malformed-json' }
  | { kind: 'wrong-shape' }
  | { kind: 'empty' }
  | { kind: 'reset' }
  | { kind: 'stall'; ms: number }
  | { kind: 'stall-body'; afterBytes: number; ms: number }
  /** `beforeCut` runs once the bytes are out and before the connection drops (replace the object, say). */
  | { kind: 'cut'; afterBytes: number; beforeCut?: () => void | Promise<void> }
  | { kind: 'corrupt' }
  | { kind: 'redirect'; location: string }
  /** The service does the work (a trigger takes effect), then the connection drops unanswered. */
  | { kind: 'drop' }

export interface RecordedRequest {
  endpoint: Endpoint | 'other'
  method: string
  url: string
  headers: Record<string, string | string[] | undefined>
  at: number
}

export interface Emulator {
  /** 'http://127.0.0.1:<port>', no trailing slash. */
  apiUrl: string
  /** 'http://localhost:<port2>': a different host name than the API. */
  storageUrl: string
  apiKey: string
  /** Live: tests may mutate it between requests. */
  options: EmulatorOptions
  /** Queues one-shot faults; each request to that endpoint consumes the next one. */
  inject(endpoint: Endpoint, ...faults: Fault[]): void
  /** Every request received by either server, in order. */
  requests: RecordedRequest[]
  /** Every prompt the agent create and message endpoints accepted, in order. */
  agentPrompts: ReceivedPrompt[]
  /** Creates a job directly (for reuse-by-job-id tests) and returns its id. */
  createExportJob(domain: string, state?: 'completed' | 'running'): string
  /** Relative path -> content of the site inside the archive, without padding or extra entries. */
  expectedSite(): Map<string, Buffer>
  /** The archive that would be served for that job. */
  bundleFile(jobId: string): Promise<{ path: string; sha256: string; size: number }>
  /** A deployment (or preview) started elsewhere, running from now on; returns its status id. */
  createDeployment(projectId: string, kind?: 'deployment' | 'preview'): string
  /** Closes both servers, destroys open sockets, removes temp files; idempotent. */
  close(): Promise<void>
}

/** Settings of the process rather than of the emulated service (used by the CLI). */
export interface StartSettings {
  /** Port of the Admin API server (default 0: a free port). */
  apiPort?: number
  /** Port of the object store (default 0: a free port). */
  storagePort?: number
  /** Serve the object store over https with this key and certificate (PEM), as real stores are. */
  storageTls?: { key: string; cert: string }
  /** Receives one line per finished request. */
  log?: (line: string) => void
  /** The files of the exported site (default: the small site of test/emulator/site.ts). */
  site?: Map<string, Buffer>
}
