import { summaryMarkdown, type NextStep, type SummaryRow } from '../../report/summary.js'
import { followAgain, ownNextStep } from '../next-step.js'
import type { Mode } from '../mode.js'
import {
  brokenLinksSection,
  exportCommentBody,
  exportCommentMarker,
  exportOutputs,
  exportSummaryRows
} from './report.js'
import { ExportJobGoneError, jobCompleted, runExport, type ExportReport } from './run.js'
import { readExportSettings, type ExportSettings } from './settings.js'

export const exportMode: Mode<ExportSettings, ExportReport> = {
  name: 'export',
  summary:
    'Start (or reuse) a static export, wait for it, download, verify and extract the bundle.',
  readSettings: readExportSettings,
  run: runExport,
  outputs: exportOutputs,
  summaryMarkdown: (report, error) => {
    const rows = exportSummaryRows(report)
    const timing = (row: SummaryRow) => row[0].startsWith('Time: ')
    return summaryMarkdown(
      'Mintlify static export',
      rows.filter(row => !timing(row)),
      error,
      {
        details: rows.filter(timing),
        nextStep: exportNextStep(report, error),
        sections: [brokenLinksSection(report)].filter((s): s is string => s !== undefined)
      }
    )
  },
  comment: (settings, report, error) => ({
    marker: exportCommentMarker(
      settings.target.kind === 'domain' ? settings.target.domain : settings.target.jobId
    ),
    body: exportCommentBody(report, error, exportNextStep(report, error))
  })
}

/**
 * A job that ran out of time, or finished while its link or download failed: reuse it. One the
 * API no longer knows: start another.
 */
function exportNextStep(report: ExportReport, error: Error | undefined): NextStep | undefined {
  if (!error || !report.jobId) return undefined
  const own = ownNextStep(error)
  if (own) return own
  if (error instanceof ExportJobGoneError)
    return {
      text: `The API no longer knows this job: ${report.started ? 'run the step again' : 'run the step with the domain instead of the job id'} to start a new export.`
    }
  const snippet = `job-id: ${report.jobId}`
  if (jobCompleted(report))
    return {
      text: 'The export itself finished: run the step again with its job id for a fresh link, without rendering the site again.',
      snippet
    }
  return followAgain(error, 'The export', snippet)
}
