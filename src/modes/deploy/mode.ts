import { summaryMarkdown } from '../../report/summary.js'
import type { Mode } from '../mode.js'
import { followAgain } from '../next-step.js'
import type { DeploymentReport } from './follow.js'
import {
  cancelledBeforeStart,
  deploymentCommentBody,
  deploymentOutputs,
  deploymentSnippet,
  deploymentSummaryRows
} from './report.js'
import { runDeploy } from './run.js'
import { readDeploySettings, type DeploySettings } from './settings.js'

export const deployMode: Mode<DeploySettings, DeploymentReport> = {
  name: 'deploy',
  summary: 'Deploy the docs (the configured branch) and wait until they are live.',
  readSettings: readDeploySettings,
  run: runDeploy,
  outputs: deploymentOutputs,
  summaryMarkdown: (report, error) =>
    summaryMarkdown('Mintlify deployment', deploymentSummaryRows(report), error, {
      nextStep: followAgain(error, 'The deployment', deploymentSnippet(report))
    }),
  comment: (settings, report, error) =>
    cancelledBeforeStart(report, error)
      ? undefined
      : {
          marker: `<!-- mintlify-admin-action:deploy:${settings.projectId} -->`,
          body: deploymentCommentBody('deployment', report, error, { run: settings.github })
        }
}
