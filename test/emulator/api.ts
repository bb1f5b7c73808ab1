// The Admin API: static export jobs (/v1) and agent jobs (/v2). Every error is {"error": string}.
import type { IncomingMessage, ServerResponse } from 'node:http'
import { randomBytes } from 'node:crypto'
import { agentViewAt, CREATED_BEFORE_MS, renderAgentJob, type AgentView } from './agent.ts'
import { respond, type Context } from './context.ts'
import {
  newDeployment,
  PREVIEWS_NOT_ON_PLAN,
  previewUrlOf,
  rateLimitWaitMs,
  renderDeployment
} from './deployments.ts'
import { exportView, newJob, parseStart, renderJob, type ExportJob } from './export-jobs.ts'
import { errorReply, jsonReply, readBody, safeDecode, type Reply } from './http.ts'
import { exportBehaviourFor } from './options.ts'
import { bundleLink } from './storage.ts'
import type { EmulatorOptions, Endpoint } from './types.ts'

export const ENTERPRISE_ONLY =
  'Static export is not enabled for this organization. It requires an Enterprise plan.'

export interface ApiRoute {
  endpoint: Endpoint | 'other'
  /** Decoded path parameters: [jobId] or [projectId, id]. */
  params: string[]
  /** For a known path with the wrong method: the method it takes. */
  allow?: string
}

const ROUTES: { endpoint: Endpoint; method: string; pattern: RegExp }[] = [
  { endpoint: 'start', method: 'POST', pattern: /^\/v1\/static-export\/jobs\/?$/ },
  { endpoint: 'status', method: 'GET', pattern: /^\/v1\/static-export\/jobs\/([^/]+)$/ },
  { endpoint: 'bundle', method: 'POST', pattern: /^\/v1\/static-export\/jobs\/([^/]+)\/bundle$/ },
  { endpoint: 'agent', method: 'GET', pattern: /^\/v2\/agent\/([^/]+)\/job\/([^/]+)$/ },
  { endpoint: 'agent-create', method: 'POST', pattern: /^\/v2\/agent\/([^/]+)\/job\/?$/ },
  {
    endpoint: 'agent-message',
    method: 'POST',
    pattern: /^\/v2\/agent\/([^/]+)\/job\/([^/]+)\/message$/
  },
  { endpoint: 'deploy', method: 'POST', pattern: /^\/v1\/project\/update\/([^/]+)$/ },
  { endpoint: 'preview', method: 'POST', pattern: /^\/v1\/project\/preview\/([^/]+)$/ },
  { endpoint: 'deploy-status', method: 'GET', pattern: /^\/v1\/project\/update-status\/([^/]+)$/ }
]

export function matchApiRoute(method: string, pathname: string): ApiRoute {
  for (const route of ROUTES) {
    const match = route.pattern.exec(pathname)
    if (!match) continue
    const params = match.slice(1).map(p => safeDecode(p ?? ''))
    if (params.some(p => p === null)) return { endpoint: 'other', params: [] }
    if (method !== route.method) return { endpoint: 'other', params: [], allow: route.method }
    return { endpoint: route.endpoint, params: params as string[] }
  }
  return { endpoint: 'other', params: [] }
}

function bearerKey(header: string | undefined): string | undefined {
  return /^Bearer\s+(\S+)\s*$/i.exec(header ?? '')?.[1]
}

/** The refusal for this key on this endpoint, or null when it may pass. */
export function authorize(
  options: EmulatorOptions,
  header: string | undefined,
  endpoint: Endpoint | 'other'
): Reply | null {
  const key = bearerKey(header)
  const challenge = { 'www-authenticate': 'Bearer' }
  if (key !== undefined && options.expiredKeys.includes(key)) {
    return errorReply(401, 'API key has expired', challenge)
  }
  const deployments =
    endpoint === 'deploy' || endpoint === 'preview' || endpoint === 'deploy-status'
  if (key !== undefined && options.forbiddenKeys.includes(key)) {
    // A valid key of an organisation without the Enterprise plan: deployments are on every plan.
    if (deployments) return null
    if (endpoint === 'agent') return errorReply(403, 'This API key may not read agent jobs')
    if (endpoint === 'agent-create' || endpoint === 'agent-message')
      return errorReply(403, 'This API key may not start agent jobs')
    if (endpoint !== 'other') return errorReply(403, ENTERPRISE_ONLY)
    return null
  }
  if (key !== options.apiKey) return errorReply(401, 'Invalid or missing API key', challenge)
  return null
}

function jobNotFound(jobId: string): Reply {
  return errorReply(404, `Export job ${jobId} not found`)
}

async function bundleFields(ctx: Context, job: ExportJob): Promise<Record<string, unknown>> {
  const archive = await ctx.archives.get(ctx.options.storage)
  const link = bundleLink(ctx, job.jobId)
  return { bundleUrl: link.url, sizeBytes: archive.size, expiresAt: link.expiresAt.toISOString() }
}

async function startJob(ctx: Context, req: IncomingMessage): Promise<Reply> {
  const raw = await readBody(req)
  if (raw === null) return errorReply(413, 'Request body is too large')
  let body: unknown
  try {
    body = raw.length > 0 ? JSON.parse(raw.toString('utf8')) : undefined
  } catch {
    return errorReply(400, 'Request body is not valid JSON')
  }
  const start = parseStart(body)
  if ('error' in start) return errorReply(400, start.error)
  const unknown = ctx.options.unknownDomains.map(d => d.toLowerCase())
  if (unknown.includes(start.domain.toLowerCase())) {
    return errorReply(400, `Invalid domain: ${start.domain}`)
  }
  const job = newJob(start.domain, Date.now(), { version: start.version, paths: start.paths })
  ctx.jobs.set(job.jobId, job)
  const b = exportBehaviourFor(ctx.options, job.domain)
  if (b.startResponse === 'jobIdOnly') return jsonReply(202, { jobId: job.jobId })
  const queued = { status: 'queued', progress: 0, pageCount: 0, updatedAt: job.createdAt }
  return jsonReply(202, renderJob(job, queued, b))
}

async function jobStatus(ctx: Context, jobId: string): Promise<Reply> {
  const job = ctx.jobs.get(jobId)
  if (!job) return jobNotFound(jobId)
  const b = exportBehaviourFor(ctx.options, job.domain)
  const view = exportView(job, b, Date.now(), job.statusReads++)
  const body = renderJob(job, view, b)
  if (view.status === 'completed' && b.bundleInStatus)
    Object.assign(body, await bundleFields(ctx, job))
  return jsonReply(200, body)
}

async function jobBundle(ctx: Context, jobId: string): Promise<Reply> {
  const job = ctx.jobs.get(jobId)
  if (!job) return jobNotFound(jobId)
  const b = exportBehaviourFor(ctx.options, job.domain)
  // With a statusSequence, the job is in whatever state the last status GET showed.
  const view = exportView(job, b, Date.now(), job.statusReads - 1)
  if (view.status !== 'completed') {
    return errorReply(409, `Export job is not completed (status: ${view.status})`)
  }
  return jsonReply(200, { jobId, ...(await bundleFields(ctx, job)) })
}

/** A follow-up the service has not picked up yet takes effect once its time comes. */
function applyPickup(ctx: Context, id: string, now: number): void {
  const pickup = ctx.agentPickups.get(id)
  if (!pickup || now < pickup.at) return
  ctx.agentPickups.delete(id)
  ctx.options.agentJobs[id] = pickup.scenario
  ctx.agentClocks.set(id, pickup.at)
}

function agentJob(ctx: Context, projectId: string, id: string): Reply {
  const notFound = errorReply(404, `Agent job ${id} not found`)
  applyPickup(ctx, id, Date.now())
  const scenario = Object.hasOwn(ctx.options.agentJobs, id) ? ctx.options.agentJobs[id] : undefined
  if (!scenario || scenario.projectId !== projectId) return notFound
  const now = Date.now()
  const startedAt = ctx.agentClocks.get(id) ?? now
  ctx.agentClocks.set(id, startedAt)
  const view = agentViewAt(scenario, now - startedAt, startedAt)
  const createdAt = ctx.agentCreated.get(id) ?? startedAt - CREATED_BEFORE_MS
  return view ? jsonReply(200, renderAgentJob(id, view, createdAt)) : notFound
}

/** `{"prompt": string}` with at least one character, or the 400 the vendor answers. */
async function readPrompt(req: IncomingMessage): Promise<string | Reply> {
  const raw = await readBody(req)
  if (raw === null) return errorReply(413, 'Request body is too large')
  try {
    const body: unknown = JSON.parse(raw.toString('utf8'))
    const prompt = (body as { prompt?: unknown } | null)?.prompt
    if (typeof prompt === 'string' && prompt.length > 0) return prompt
  } catch {
    return errorReply(400, 'Request body is not valid JSON')
  }
  return errorReply(400, 'Invalid request: prompt is required')
}

/** The hourly allowance of creates and messages, per project; null while a use is left. */
function overAllowance(ctx: Context, projectId: string): Reply | null {
  const { limit, windowMs, retryAfter } = ctx.options.agent
  const now = Date.now()
  const uses = (ctx.agentUses.get(projectId) ?? []).filter(at => at > now - windowMs)
  ctx.agentUses.set(projectId, uses)
  if (uses.length < limit) {
    uses.push(now)
    return null
  }
  const wait = Math.max(1, Math.ceil(((uses[0] as number) + windowMs - now) / 1000))
  return errorReply(
    429,
    `Rate limit exceeded: ${limit} agent requests per project per hour`,
    retryAfter ? { 'retry-after': String(wait) } : {}
  )
}

async function createAgentJob(ctx: Context, req: IncomingMessage, projectId: string) {
  const prompt = await readPrompt(req)
  if (typeof prompt !== 'string') return prompt
  const limited = overAllowance(ctx, projectId)
  if (limited) return limited
  const id = `aj_${randomBytes(8).toString('hex')}`
  const now = Date.now()
  const { timeline, activeMs } = ctx.options.agent
  ctx.options.agentJobs[id] = { projectId, timeline, activeMs }
  ctx.agentClocks.set(id, now)
  ctx.agentCreated.set(id, now)
  ctx.agentPrompts.push({ kind: 'create', projectId, jobId: id, prompt })
  const view = agentViewAt(ctx.options.agentJobs[id], 0, now) as AgentView
  return jsonReply(201, renderAgentJob(id, view, now))
}

/** A follow-up: the job works again (its clock restarts), then ends as the options say. */
async function messageAgentJob(ctx: Context, req: IncomingMessage, projectId: string, id: string) {
  const scenario = Object.hasOwn(ctx.options.agentJobs, id) ? ctx.options.agentJobs[id] : undefined
  if (!scenario || scenario.projectId !== projectId)
    return errorReply(404, `Agent job ${id} not found`)
  const prompt = await readPrompt(req)
  if (typeof prompt !== 'string') return prompt
  const limited = overAllowance(ctx, projectId)
  if (limited) return limited
  const now = Date.now()
  const createdAt = ctx.agentCreated.get(id) ?? (ctx.agentClocks.get(id) ?? now) - CREATED_BEFORE_MS
  ctx.agentCreated.set(id, createdAt)
  const { timeline, activeMs, pickupMs, bareMessageAnswer } = ctx.options.agent
  ctx.agentPrompts.push({ kind: 'message', projectId, jobId: id, prompt })
  const next = { projectId, timeline, activeMs }
  let view: AgentView
  if (pickupMs > 0) {
    // Until the service picks the message up, the job shows its previous state, answer included.
    ctx.agentPickups.set(id, { at: now + pickupMs, scenario: next })
    const startedAt = ctx.agentClocks.get(id) ?? now
    view = agentViewAt(scenario, now - startedAt, startedAt) as AgentView
  } else {
    ctx.options.agentJobs[id] = next
    ctx.agentClocks.set(id, now)
    view = agentViewAt(next, 0, now) as AgentView
  }
  if (bareMessageAnswer === 'id-only') return jsonReply(200, { id })
  if (bareMessageAnswer === 'blank-status') return jsonReply(200, { id, status: ' \u200b ' })
  return jsonReply(200, renderAgentJob(id, view, createdAt))
}

/** Both triggers: rate limits first (per organization), then the plan, then the work. */
async function triggerDeployment(
  ctx: Context,
  req: IncomingMessage,
  endpoint: 'deploy' | 'preview',
  projectId: string
): Promise<Reply> {
  const raw = await readBody(req)
  if (raw === null) return errorReply(413, 'Request body is too large')
  const b = ctx.options.deployments
  const limit = endpoint === 'deploy' ? b.deployLimit : b.previewLimit
  const times = ctx.triggerTimes[endpoint]
  const now = Date.now()
  const waitMs = rateLimitWaitMs(times, limit, now)
  if (waitMs > 0) {
    return errorReply(
      429,
      'Too many requests, please try again later.',
      b.retryAfter ? { 'retry-after': String(Math.ceil(waitMs / 1000)) } : {}
    )
  }
  let branch = b.deploymentBranch
  if (endpoint === 'preview') {
    if (!b.previewsOnPlan) return errorReply(403, PREVIEWS_NOT_ON_PLAN)
    let body: unknown
    try {
      body = raw.length > 0 ? JSON.parse(raw.toString('utf8')) : undefined
    } catch {
      return errorReply(400, 'Request body is not valid JSON')
    }
    const given = (body as { branch?: unknown } | undefined)?.branch
    if (typeof given !== 'string' || given.trim() === '')
      return errorReply(400, 'branch is required')
    branch = given
  }
  times.push(now)
  const deployment = newDeployment(
    projectId,
    endpoint === 'deploy' ? 'deployment' : 'preview',
    branch,
    now
  )
  ctx.deployments.set(deployment.statusId, deployment)
  if (endpoint === 'deploy') return jsonReply(202, { statusId: deployment.statusId })
  return jsonReply(202, {
    statusId: deployment.statusId,
    previewUrl: previewUrlOf(projectId, branch)
  })
}

function deploymentStatus(ctx: Context, statusId: string): Reply {
  const deployment = ctx.deployments.get(statusId)
  if (!deployment) return errorReply(404, `Status ${statusId} not found`)
  return jsonReply(200, renderDeployment(deployment, ctx.options.deployments, Date.now()))
}

async function answer(
  ctx: Context,
  req: IncomingMessage,
  route: ApiRoute,
  pathname: string
): Promise<Reply> {
  const denied = authorize(ctx.options, req.headers.authorization, route.endpoint)
  if (denied) return denied
  const [first = '', second = ''] = route.params
  switch (route.endpoint) {
    case 'start':
      return startJob(ctx, req)
    case 'status':
      return jobStatus(ctx, first)
    case 'bundle':
      return jobBundle(ctx, first)
    case 'agent':
      return agentJob(ctx, first, second)
    case 'agent-create':
      return createAgentJob(ctx, req, first)
    case 'agent-message':
      return messageAgentJob(ctx, req, first, second)
    case 'deploy':
    case 'preview':
      return triggerDeployment(ctx, req, route.endpoint, first)
    case 'deploy-status':
      return deploymentStatus(ctx, first)
    default:
      if (route.allow) {
        return errorReply(405, `Method ${req.method} not allowed on ${pathname}`, {
          allow: route.allow
        })
      }
      return errorReply(404, `Not found: ${req.method} ${pathname}`)
  }
}

export async function handleApi(
  ctx: Context,
  req: IncomingMessage,
  res: ServerResponse
): Promise<void> {
  const { pathname } = new URL(req.url ?? '/', 'http://api.invalid')
  const route = matchApiRoute(req.method ?? 'GET', pathname)
  const subject = route.endpoint.startsWith('agent') ? route.params[1] : route.params[0]
  await respond(ctx, req, res, { endpoint: route.endpoint, subject: subject ?? '' }, () =>
    answer(ctx, req, route, pathname)
  )
}
