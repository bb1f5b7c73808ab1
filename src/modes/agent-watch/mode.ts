import { summaryMarkdown } from '../../report/summary.js'
import type { Mode } from '../mode.js'
import { followAgain } from '../next-step.js'
import {
  agentCommentBody,
  agentWatchSnippet,
  agentCommentMarker,
  agentOutputs,
  agentSummaryRows
} from './report.js'
import { watchAgentJob, type AgentReport } from './run.js'
import { readAgentSettings, type AgentWatchSettings } from './settings.js'

export const agentWatchMode: Mode<AgentWatchSettings, AgentReport> = {
  name: 'agent-watch',
  summary: 'Follow an agent job to its end and hand on its pull request.',
  readSettings: readAgentSettings,
  run: watchAgentJob,
  outputs: agentOutputs,
  summaryMarkdown: (report, error) =>
    summaryMarkdown('Mintlify agent job', agentSummaryRows(report), error, {
      nextStep: followAgain(error, 'The agent job', agentWatchSnippet(report))
    }),
  comment: (settings, report, error) => ({
    marker: agentCommentMarker(settings.projectId, settings.jobId),
    body: agentCommentBody(report, error)
  })
}
