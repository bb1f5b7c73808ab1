import * as core from '@actions/core'
import { watchAgentJob } from './agent/watch.js'
import { createAdminApi, type AdminApi } from './api/client.js'
import {
  agentCommentBody,
  agentCommentMarker,
  exportCommentBody,
  exportCommentMarker
} from './comment/comment-body.js'
import { runExport } from './export/export.js'
import { setAgentOutputs, writeAgentSummary } from './outputs/agent-outputs.js'
import { setExportOutputs } from './outputs/export-outputs.js'
import { writeExportSummary } from './outputs/export-summary.js'
import {
  maskSecretInputs,
  readSettings,
  type AgentWatchSettings,
  type CommonSettings,
  type ExportSettings
} from './settings/settings.js'

export class CancelledError extends Error {
  override name = 'CancelledError'
}

/** Entry point: inputs → settings → mode → outputs. Only here does a failure fail the step. */
export async function run(): Promise<void> {
  const controller = new AbortController()
  const cancel = (signal: NodeJS.Signals) =>
    controller.abort(
      new CancelledError(`Cancelled by ${signal}: stopped waiting and removed partial files.`)
    )
  process.once('SIGINT', cancel)
  process.once('SIGTERM', cancel)
  try {
    // Before anything else can print them: a runner masks a value only from the next line on.
    maskSecretInputs()
    const settings = readSettings()
    if (settings.mode === 'export') await exportMode(settings, controller.signal)
    else await agentWatchMode(settings, controller.signal)
  } catch (error) {
    core.setFailed(error instanceof Error ? error.message : String(error))
    if (error instanceof Error && error.stack) core.debug(error.stack)
  } finally {
    process.off('SIGINT', cancel)
    process.off('SIGTERM', cancel)
  }
}

function apiFor(settings: CommonSettings): AdminApi {
  return createAdminApi({
    baseUrl: settings.baseUrl,
    apiKey: settings.apiKey,
    requestTimeoutMs: settings.requestTimeoutMs,
    deadline: Date.now() + settings.timeoutMs
  })
}

async function exportMode(settings: ExportSettings, signal: AbortSignal): Promise<void> {
  const { report, error } = await runExport(settings, { api: apiFor(settings), signal })
  setExportOutputs(report)
  await writeExportSummary(report, error)
  if (settings.commentToken) {
    const subject =
      settings.target.kind === 'domain' ? settings.target.domain : settings.target.jobId
    await comment(
      settings.commentToken,
      exportCommentMarker(subject),
      exportCommentBody(report, error)
    )
  }
  if (error) throw error
}

async function agentWatchMode(settings: AgentWatchSettings, signal: AbortSignal): Promise<void> {
  const { report, error } = await watchAgentJob(settings, { api: apiFor(settings), signal })
  setAgentOutputs(report)
  await writeAgentSummary(report, error)
  if (settings.commentToken) {
    await comment(
      settings.commentToken,
      agentCommentMarker(settings.projectId),
      agentCommentBody(report, error)
    )
  }
  if (error) throw error
}

/** Creates or updates the step's pull-request comment; its module loads only when asked for. */
async function comment(token: string, marker: string, body: string): Promise<void> {
  const { upsertPullRequestComment } = await import('./comment/pr-comment.js')
  await upsertPullRequestComment(token, marker, body)
}
