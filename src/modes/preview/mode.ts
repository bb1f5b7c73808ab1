import { summaryMarkdown } from '../../report/summary.js'
import { cancelledBeforeStart, deploymentCommentBody } from '../deploy/report.js'
import type { Mode } from '../mode.js'
import { followAgain } from '../next-step.js'
import { previewedCommit } from './branch.js'
import {
  previewAddressRecord,
  previewCommentMarker,
  previewOutputs,
  previewSnippet,
  previewSummaryRows
} from './report.js'
import { runPreview, type PreviewReport } from './run.js'
import { readPreviewSettings, type PreviewSettings } from './settings.js'

export const previewMode: Mode<PreviewSettings, PreviewReport> = {
  name: 'preview',
  summary: "Deploy a branch's preview, wait until it is ready, and hand on its address.",
  readSettings: readPreviewSettings,
  run: runPreview,
  outputs: previewOutputs,
  summaryMarkdown: (report, error) =>
    summaryMarkdown('Mintlify preview', previewSummaryRows(report), error, {
      nextStep: followAgain(error, 'The preview', previewSnippet(report))
    }),
  comment: (settings, report, error) =>
    cancelledBeforeStart(report, error)
      ? undefined
      : {
          marker: previewCommentMarker(settings.projectId, settings.branch),
          // A preview followed again from a dispatch still belongs on its branch's pull request.
          branch: settings.branch,
          body:
            deploymentCommentBody('preview', report, error, {
              run: settings.github,
              branch: report.branch,
              ...(report.previewUrl ? { previewUrl: report.previewUrl } : {}),
              // A followed preview may build another commit than the one this run is for.
              ...(report.resumed
                ? {}
                : { expectedCommit: previewedCommit(report.branch, settings.github) })
            }) + previewAddressRecord(report.previewUrl)
        }
}
