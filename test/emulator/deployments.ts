// Deployments and previews: POST /v1/project/update/{projectId}, POST /v1/project/preview/{projectId}
// and GET /v1/project/update-status/{statusId}, as timelines of the time since the trigger.
import { randomBytes } from 'node:crypto'
import type { DeploymentBehaviour, TriggerLimit } from './types.ts'

export interface Deployment {
  statusId: string
  projectId: string
  kind: 'deployment' | 'preview'
  /** The branch built: the configured one for a deployment, the given one for a preview. */
  ref: string
  /** Epoch ms; the timeline starts here. */
  createdAt: number
  sha: string
}

export const PREVIEWS_NOT_ON_PLAN = 'Preview deployments are not available on your plan'

export function defaultDeployments(): DeploymentBehaviour {
  return {
    queuedMs: 100,
    inProgressMs: 300,
    outcome: 'success',
    failureSummary: 'Build failed: 1 page could not be rendered',
    logLines: 40,
    previewsOnPlan: true,
    deployLimit: { requests: 10, windowMs: 10_000 },
    retryAfter: false,
    previewLimit: { requests: 5, windowMs: 60_000 },
    deploymentBranch: 'main',
    screenshot: true
  }
}

export function newDeployment(
  projectId: string,
  kind: Deployment['kind'],
  ref: string,
  now: number
): Deployment {
  return {
    // A Mongo-style object id, as the vendor's `_id` looks.
    statusId: randomBytes(12).toString('hex'),
    projectId,
    kind,
    ref,
    createdAt: now,
    sha: randomBytes(20).toString('hex')
  }
}

/** The preview's address: a subdomain per branch. */
export function previewUrlOf(projectId: string, branch: string): string {
  const slug = branch
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
  return `https://${projectId.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${slug || 'branch'}.mintlify.app`
}

/** The build log: `lines` lines, the last ones saying why it failed. */
function buildLog(b: DeploymentBehaviour, upTo: number, failed: boolean): string[] {
  const lines = Array.from(
    { length: b.logLines },
    (_, i) => `Step ${i + 1}/${b.logLines}: rendering pages (batch ${i + 1})`
  )
  if (failed && lines.length > 0)
    lines[lines.length - 1] = 'Error: guides/broken.mdx: unexpected closing tag </Card> at line 12'
  return lines.slice(0, upTo)
}

/** The status resource at `now`, every documented field present. */
export function renderDeployment(
  d: Deployment,
  b: DeploymentBehaviour,
  now: number
): Record<string, unknown> {
  const elapsed = now - d.createdAt
  const endsAt = d.createdAt + b.queuedMs + b.inProgressMs
  const status =
    elapsed < b.queuedMs
      ? 'queued'
      : elapsed < b.queuedMs + b.inProgressMs
        ? 'in_progress'
        : b.outcome
  const done = status === 'success' || status === 'failure'
  const logs =
    status === 'queued'
      ? []
      : buildLog(b, done ? b.logLines : Math.floor(b.logLines / 2), status === 'failure')
  const shot = (variant: string) =>
    done && status === 'success' && b.screenshot
      ? `https://screenshots.mintlify.example/${d.statusId}${variant}.png`
      : null
  return {
    _id: d.statusId,
    projectId: d.projectId,
    createdAt: new Date(d.createdAt).toISOString(),
    endedAt: done ? new Date(endsAt).toISOString() : null,
    status,
    summary: status === 'failure' ? b.failureSummary : done ? 'Deployed successfully' : '',
    logs,
    subdomain: d.projectId,
    screenshot: shot(''),
    screenshotLight: shot('-light'),
    screenshotDark: shot('-dark'),
    author: null,
    commit: {
      sha: d.sha,
      ref: d.ref,
      message: d.kind === 'preview' ? `Update docs on ${d.ref}` : 'Publish the docs',
      filesChanged: { added: [], modified: ['index.mdx'], removed: [] }
    },
    source: 'api'
  }
}

/** A sliding window per organization: the wait in ms before another request is taken, or 0. */
export function rateLimitWaitMs(times: number[], limit: TriggerLimit, now: number): number {
  while (times.length > 0 && (times[0] as number) <= now - limit.windowMs) times.shift()
  if (times.length < limit.requests) return 0
  return (times[0] as number) + limit.windowMs - now
}
