import { log } from '../../log.js'
import type { RunDeps } from '../mode.js'
import { explainWait, followDeployment, trigger, type DeploymentReport } from './follow.js'
import type { DeploySettings } from './settings.js'

export interface DeployOutcome {
  report: DeploymentReport
  error?: Error
}

/**
 * Deploys the project's configured branch (or follows the deployment `status-id` names) until
 * it succeeds or fails. Returns the error beside the report, so that outputs are still set.
 */
export async function runDeploy(settings: DeploySettings, deps: RunDeps): Promise<DeployOutcome> {
  const report: DeploymentReport = { projectId: settings.projectId, waitedMs: 0 }
  const started = Date.now()
  try {
    let statusId = settings.statusId
    if (statusId) {
      log.info(`Following deployment ${statusId} (not triggering one: \`status-id\` is set).`)
    } else {
      const triggered = await trigger('deployment', () =>
        deps.api.triggerDeployment(settings.projectId, deps.signal)
      )
      statusId = triggered.statusId
      log.info(`Triggered deployment ${statusId} of project ${settings.projectId}.`)
    }
    report.statusId = statusId
    await deps.onStarted?.(report)
    const deployment = await followDeployment('deployment', statusId, report, settings, deps, {
      triggeredHere: !settings.statusId
    })
    report.deployment = deployment
    report.waitedMs = Date.now() - started
    log.info(
      `Deployment ${statusId} is live${deployment.commit?.sha ? ` (commit ${deployment.commit.sha.slice(0, 7)})` : ''}.`
    )
    return { report }
  } catch (error) {
    report.waitedMs = Date.now() - started
    return {
      report,
      error: explainWait('deployment', error, report, settings)
    }
  }
}
