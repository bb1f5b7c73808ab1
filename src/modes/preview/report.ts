import { html, link, type SummaryRow } from '../../report/summary.js'
import { deploymentOutputs, deploymentSummaryRows } from '../deploy/report.js'
import type { PreviewReport } from './run.js'

/** The deployment's outputs, and `preview-url`. */
export function previewOutputs(report: PreviewReport): Record<string, string> {
  return { 'preview-url': report.previewUrl ?? '', ...deploymentOutputs(report) }
}

export function previewSummaryRows(report: PreviewReport): SummaryRow[] {
  return [
    ['Branch', html(report.branch)],
    ...(report.previewUrl ? ([['Preview', link(report.previewUrl)]] as SummaryRow[]) : []),
    ...deploymentSummaryRows(report)
  ]
}

/** One comment per project and branch: a later run for the branch updates it. */
export function previewCommentMarker(projectId: string, branch: string): string {
  return `<!-- mintlify-admin-action:preview:${projectId}:${encodeURIComponent(branch)} -->`
}
