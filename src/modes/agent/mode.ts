import type { Mode } from '../mode.js'
import { agentCommentBody, agentCommentMarker } from '../agent-watch/report.js'
import { agentRunOutputs, agentRunSummary } from './report.js'
import { runAgent, type AgentRunReport } from './run.js'
import { readAgentStartSettings, type AgentSettings } from './settings.js'

export const agentMode: Mode<AgentSettings, AgentRunReport> = {
  name: 'agent',
  summary: 'Start an agent job (or send one a follow-up) and follow it to its pull request.',
  readSettings: readAgentStartSettings,
  run: runAgent,
  outputs: agentRunOutputs,
  summaryMarkdown: agentRunSummary,
  // No job, no comment: a step that could not start one fails where its checks are shown. Nor
  // for a follow-up the job did not take (`job` is the answer that it did): refused, cut off,
  // cancelled or timed out before it was sent, it leaves the job's comment telling the job's
  // last result (its pull request), not a failure of the agent.
  comment: (_settings, report, error) =>
    report.jobId && report.job
      ? {
          marker: agentCommentMarker(report.projectId, report.jobId),
          body: agentCommentBody(report, error)
        }
      : undefined
}
