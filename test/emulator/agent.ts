// Agent job timelines: what GET /v2/agent/{projectId}/job/{id} shows at a given moment.
import { agentScenario } from './options.ts'
import type { AgentScenario } from './types.ts'

export const AGENT_SOURCE = { repository: 'https://github.com/acme/docs', ref: 'main' }
export const AGENT_MODEL = 'claude-sonnet-4'
export const AGENT_PR_LINK = 'https://github.com/acme/docs/pull/42'

/** How long before the first GET the job "was created": it was started by someone else. */
export const CREATED_BEFORE_MS = 60_000

export interface AgentView {
  status: string
  prLink: string | null
  archivedAt: number | null
}

/**
 * The job `elapsed` ms after its clock started (its first GET), or null while it does not
 * exist yet ('not-found-then-found').
 */
export function agentViewAt(
  input: AgentScenario,
  elapsed: number,
  startedAt: number
): AgentView | null {
  const s = agentScenario(input)
  const active: AgentView = { status: 'active', prLink: null, archivedAt: null }
  const withPr: AgentView = { status: 'completed', prLink: AGENT_PR_LINK, archivedAt: null }
  switch (s.timeline) {
    case 'not-found-then-found':
      if (elapsed < s.activeMs) return null
      return elapsed < 2 * s.activeMs ? active : withPr
    case 'unknown-status':
      return elapsed < s.activeMs ? { ...active, status: s.unknownStatus } : withPr
    default:
      if (elapsed < s.activeMs) return active
  }
  switch (s.timeline) {
    case 'completed-with-pr':
      return withPr
    case 'completed-no-changes':
      return { status: 'completed', prLink: null, archivedAt: null }
    case 'failed':
      return { status: 'failed', prLink: null, archivedAt: null }
    case 'archived':
      return { status: 'archived', prLink: null, archivedAt: startedAt + s.activeMs }
    case 'archived-with-pr':
      return { status: 'archived', prLink: AGENT_PR_LINK, archivedAt: startedAt + s.activeMs }
  }
}

/** The AgentJob resource of the spec, every field present. */
export function renderAgentJob(
  id: string,
  view: AgentView,
  createdAt: number
): Record<string, unknown> {
  return {
    id,
    status: view.status,
    source: { ...AGENT_SOURCE },
    model: AGENT_MODEL,
    prLink: view.prLink,
    createdAt: new Date(createdAt).toISOString(),
    archivedAt: view.archivedAt === null ? null : new Date(view.archivedAt).toISOString()
  }
}
