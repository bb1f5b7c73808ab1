import type { AgentJob } from '../../api/client.js'
import { untrusted } from '../../util/untrusted.js'

export const KNOWN_AGENT_STATUSES = ['active', 'completed', 'archived', 'failed'] as const

export type AgentVerdict =
  | { readonly kind: 'completed'; readonly prLink?: string }
  | { readonly kind: 'archived'; readonly prLink?: string }
  | { readonly kind: 'failed'; readonly reason?: string }
  | { readonly kind: 'pending'; readonly known: boolean }

/** The spec's client rule: poll until `completed`, `archived` or `failed`; all else is progress. */
export function classifyAgentJob(job: AgentJob): AgentVerdict {
  const status = job.status.trim().toLowerCase()
  if (status === 'completed')
    return { kind: 'completed', ...(job.prLink ? { prLink: job.prLink } : {}) }
  // Archived after it ended (vendor-facts.md): completed with or without a pull request, or failed.
  if (status === 'archived')
    return { kind: 'archived', ...(job.prLink ? { prLink: job.prLink } : {}) }
  if (status === 'failed')
    return { kind: 'failed', ...(failureReason(job) ? { reason: failureReason(job) } : {}) }
  return { kind: 'pending', known: (KNOWN_AGENT_STATUSES as readonly string[]).includes(status) }
}

/** The spec gives a failed job no reason field; use one if the server sends it anyway. */
function failureReason(job: AgentJob): string | undefined {
  for (const key of ['error', 'message', 'failureReason', 'reason']) {
    const value = job.raw[key]
    if (typeof value === 'string' && value.trim()) return untrusted(value)
  }
  return undefined
}

/** What to show for a job without a pull request: only a completed job made none for good. */
export function pullRequestAbsence(job: AgentJob): string {
  const verdict = classifyAgentJob(job)
  if (verdict.kind === 'completed') return 'none (no file changes)'
  return verdict.kind === 'pending' ? 'none yet' : 'none'
}
