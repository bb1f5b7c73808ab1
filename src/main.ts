import { watchAgentJob } from './agent/watch.js'
import { createAdminApi, type AdminApi } from './api/client.js'
import {
  agentCommentBody,
  agentCommentMarker,
  exportCommentBody,
  exportCommentMarker
} from './comment/comment-body.js'
import { runExport } from './export/export.js'
import { log } from './log.js'
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
      new CancelledError(`Cancelled by ${signal}: stopped, leaving no partial files.`)
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
    log.fail(error instanceof Error ? error.message : String(error))
    if (error instanceof Error && error.stack) log.debug(error.stack)
  } finally {
    process.off('SIGINT', cancel)
    process.off('SIGTERM', cancel)
  }
}

/** The API client and the step's deadline, one instant shared by the client and the mode. */
function modeDeps(settings: CommonSettings, signal: AbortSignal) {
  const deadline = Date.now() + settings.timeoutMs
  const api: AdminApi = createAdminApi({
    baseUrl: settings.baseUrl,
    apiKey: settings.apiKey,
    requestTimeoutMs: settings.requestTimeoutMs,
    deadline
  })
  return { api, signal, deadline }
}

async function exportMode(settings: ExportSettings, signal: AbortSignal): Promise<void> {
  const { report, error } = await runExport(settings, modeDeps(settings, signal))
  setExportOutputs(report)
  await besideOutcome('the job summary', () => writeExportSummary(report, error))
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
  const { report, error } = await watchAgentJob(settings, modeDeps(settings, signal))
  setAgentOutputs(report)
  await besideOutcome('the job summary', () => writeAgentSummary(report, error))
  if (settings.commentToken) {
    await comment(
      settings.commentToken,
      agentCommentMarker(settings.projectId, settings.jobId),
      agentCommentBody(report, error)
    )
  }
  if (error) throw error
}

/** Work beside the step's outcome (the summary): its failure is a warning, never the result. */
async function besideOutcome(what: string, work: () => Promise<void>): Promise<void> {
  try {
    await work()
  } catch (error) {
    log.warning(
      `Could not write ${what}: ${error instanceof Error ? error.message : String(error)}`
    )
  }
}

/** Creates or updates the step's pull-request comment; its module loads only when asked for. */
async function comment(token: string, marker: string, body: string): Promise<void> {
  const { upsertPullRequestComment } = await import('./comment/pr-comment.js')
  await upsertPullRequestComment(token, marker, body)
}
