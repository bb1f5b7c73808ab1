import { code, html, link, type SummaryRow } from '../../report/summary.js'
import { httpUrl } from '../../util/untrusted.js'
import { deploymentOutputs, deploymentSummaryRows } from '../deploy/report.js'
import type { PreviewReport } from './run.js'

/** The deployment's outputs, and `preview-url`. */
export function previewOutputs(report: PreviewReport): Record<string, string> {
  return { 'preview-url': report.previewUrl ?? '', ...deploymentOutputs(report) }
}

export function previewSummaryRows(report: PreviewReport): SummaryRow[] {
  const address: SummaryRow[] = report.previewUrl
    ? [['Preview', link(report.previewUrl)]]
    : report.resumed
      ? [['Preview', `not known to this run, which followed ${code('status-id')}: see the run that triggered it`]]
      : []
  return [['Branch', html(report.branch)], ...address, ...deploymentSummaryRows(report)]
}

/** One comment per project and branch: a later run for the branch updates it. */
export function previewCommentMarker(projectId: string, branch: string): string {
  return `<!-- mintlify-admin-action:preview:${projectId}:${encodeURIComponent(branch)} -->`
}

/** The `with:` lines of a preview step that waits on this preview again. */
export function previewSnippet(report: PreviewReport): string | undefined {
  if (!report.statusId) return undefined
  return `mode: preview\nproject-id: ${report.projectId ?? ''}\nbranch: ${yamlText(report.branch)}\nstatus-id: ${report.statusId}`
}

/**
 * A branch as YAML reads it back: quoted always, as git allows what YAML would take for
 * something else (`1.10` a number, `true`, `null`, `#…` a comment, `*…` an alias).
 */
function yamlText(text: string): string {
  return `'${text.replace(/'/g, "''")}'`
}

/**
 * The preview's address, kept out of sight in the comment (an HTML comment GitHub does not
 * show): the trigger's answer is its only source, and a later run that follows the preview by
 * `status-id` reads it back from there (or from the GitHub deployment's payload).
 */
const ADDRESS_RECORD = 'mintlify-admin-action:preview-url:'

export function previewAddressRecord(previewUrl: string | undefined): string {
  return previewUrl ? `\n\n<!-- ${ADDRESS_RECORD}${encodeURIComponent(previewUrl)} -->` : ''
}

/** The address an earlier comment recorded, when it is a web link; anything else is ignored. */
export function recordedPreviewAddress(body: string): string | undefined {
  const recorded = new RegExp(`^<!-- ${ADDRESS_RECORD}([^\\s<>]+) -->$`, 'm').exec(body)?.[1]
  if (!recorded) return undefined
  try {
    return httpUrl(decodeURIComponent(recorded))
  } catch {
    return undefined
  }
}
