import type { DeploymentStatus } from '../../api/client.js'

export const KNOWN_DEPLOYMENT_STATUSES = ['queued', 'in_progress', 'success', 'failure'] as const

export type DeploymentVerdict =
  | { readonly kind: 'success' }
  | { readonly kind: 'failure'; readonly summary?: string }
  | { readonly kind: 'pending'; readonly known: boolean }

/** The vendor's statuses: `success` and `failure` end the wait; anything else is progress. */
export function classifyDeployment(
  deployment: Pick<DeploymentStatus, 'status' | 'summary'>
): DeploymentVerdict {
  const status = deployment.status.trim().toLowerCase()
  if (status === 'success') return { kind: 'success' }
  if (status === 'failure')
    return { kind: 'failure', ...(deployment.summary ? { summary: deployment.summary } : {}) }
  return {
    kind: 'pending',
    known: (KNOWN_DEPLOYMENT_STATUSES as readonly string[]).includes(status)
  }
}

/** How many of the build log's last lines a failure shows. */
export const FAILURE_LOG_LINES = 30

/** The last `count` lines of a build log (already one clean line each). */
export function lastLogLines(logs: readonly string[], count = FAILURE_LOG_LINES): string[] {
  return logs.filter(line => line.trim() !== '').slice(-count)
}
