import { log } from '../../log.js'
import { untrusted } from '../../util/untrusted.js'
import type { RunDeps } from '../mode.js'
import { explainWait, followDeployment, trigger, type DeploymentReport } from '../deploy/follow.js'
import type { PreviewSettings } from './settings.js'

export interface PreviewReport extends DeploymentReport {
  branch: string
  /**
   * The preview's address, from the trigger's answer; when following a `status-id`, from the
   * records of the run that triggered it, when the front door found them (`onStarted`).
   */
  previewUrl?: string
  /** Followed by `status-id`, not triggered by this run. */
  resumed?: boolean
}

export interface PreviewOutcome {
  report: PreviewReport
  error?: Error
}

/**
 * Triggers (or redeploys) the branch's preview, or follows the one `status-id` names, and
 * waits until it succeeds or fails. Returns the error beside the report, so that outputs, the
 * comment and the GitHub deployment are set.
 */
export async function runPreview(
  settings: PreviewSettings,
  deps: RunDeps
): Promise<PreviewOutcome> {
  const report: PreviewReport = {
    projectId: settings.projectId,
    branch: settings.branch,
    waitedMs: 0
  }
  const started = Date.now()
  try {
    if (settings.statusId) {
      report.statusId = settings.statusId
      report.resumed = true
      log.info(
        `Following preview ${settings.statusId} of branch ${settings.branch} (not triggering one: \`status-id\` is set).`
      )
      // The front door may find the address in what the run that triggered it recorded.
      await deps.onStarted?.(report)
      log.info(
        report.previewUrl
          ? `Its address, as recorded when it was triggered: ${report.previewUrl}.`
          : 'Its address is in the log of the run that triggered it: only the trigger gives it.'
      )
    } else {
      const triggered = await trigger('preview', () =>
        deps.api.triggerPreview(settings.projectId, settings.branch, deps.signal)
      )
      report.statusId = triggered.statusId
      if (triggered.previewUrl) report.previewUrl = triggered.previewUrl
      log.info(
        `Triggered preview ${triggered.statusId} of branch ${settings.branch}${triggered.previewUrl ? `: ${triggered.previewUrl}` : ''}.`
      )
      await deps.onStarted?.(report)
    }
    await followDeployment('preview', report.statusId, report, settings, deps, {
      triggeredHere: !report.resumed
    }).finally(() => warnOtherBranch(settings, report))
    report.waitedMs = Date.now() - started
    log.info(
      `Preview of ${settings.branch} is ready${report.previewUrl ? ` at ${report.previewUrl}` : ''}.`
    )
    return { report }
  } catch (error) {
    report.waitedMs = Date.now() - started
    return { report, error: explainWait('preview', error, report, settings) }
  }
}

/**
 * A status followed by id that builds another branch than `branch` (given, or the run's): the
 * comment and the GitHub deployment are `branch`'s, so the reader is told.
 */
function warnOtherBranch(settings: PreviewSettings, report: PreviewReport): void {
  const ref = report.deployment?.commit?.ref?.replace(/^refs\/heads\//, '')
  if (!report.resumed || !ref || ref === settings.branch) return
  log.warning(
    `Preview ${report.statusId} builds ${untrusted(ref, 100)}, not branch ${settings.branch}: this run's comment and GitHub deployment are those of ${settings.branch}. Give the branch it builds as \`branch\`.`
  )
}
