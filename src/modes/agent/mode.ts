import type { Mode } from '../mode.js'
import {
  agentRunCommentBody,
  agentRunCommentMarker,
  agentRunOutputs,
  agentRunSummary
} from './report.js'
import { runAgent, type AgentRunReport } from './run.js'
import { readAgentStartSettings, type AgentSettings } from './settings.js'

export const agentMode: Mode<AgentSettings, AgentRunReport> = {
  name: 'agent',
  summary: 'Start an agent job (or send one a follow-up) and follow it to its pull request.',
  readSettings: readAgentStartSettings,
  run: runAgent,
  outputs: agentRunOutputs,
  summaryMarkdown: agentRunSummary,
  comment: (_settings, report, error) => ({
    marker: agentRunCommentMarker(report),
    body: agentRunCommentBody(report, error)
  })
}
