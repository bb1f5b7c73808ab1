import * as core from '@actions/core'
import { createAdminApi } from './api/client.js'
import { runExport } from './export/export.js'
import { setExportOutputs } from './outputs/export-outputs.js'
import { writeExportSummary } from './outputs/export-summary.js'
import {
  readApiKey,
  readSettings,
  type AgentWatchSettings,
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
      new CancelledError(`Cancelled by ${signal}: stopped waiting; partial files were removed.`)
    )
  process.once('SIGINT', cancel)
  process.once('SIGTERM', cancel)
  try {
    // Before anything else can print it: the runner masks a value only from the next line on.
    readApiKey()
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

async function exportMode(settings: ExportSettings, signal: AbortSignal): Promise<void> {
  const api = createAdminApi({ baseUrl: settings.baseUrl, apiKey: settings.apiKey })
  const { report, error } = await runExport(settings, { api, signal })
  setExportOutputs(report)
  await writeExportSummary(report, error)
  if (error) throw error
}

async function agentWatchMode(_settings: AgentWatchSettings, _signal: AbortSignal): Promise<void> {
  throw new Error('Mode `agent-watch` is not available in this version yet.')
}
