import { summaryMarkdown } from '../../report/summary.js'
import type { Mode } from '../mode.js'
import {
  exportCommentBody,
  exportCommentMarker,
  exportOutputs,
  exportSummaryRows
} from './report.js'
import { runExport, type ExportReport } from './run.js'
import { readExportSettings, type ExportSettings } from './settings.js'

export const exportMode: Mode<ExportSettings, ExportReport> = {
  name: 'export',
  summary:
    'Start (or reuse) a static export, wait for it, download, verify and extract the bundle.',
  readSettings: readExportSettings,
  run: runExport,
  outputs: exportOutputs,
  summaryMarkdown: (report, error) =>
    summaryMarkdown('Mintlify static export', exportSummaryRows(report), error),
  comment: (settings, report, error) => ({
    marker: exportCommentMarker(
      settings.target.kind === 'domain' ? settings.target.domain : settings.target.jobId
    ),
    body: exportCommentBody(report, error)
  })
}
