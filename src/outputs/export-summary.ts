import type { ExportReport } from '../export/export.js'
import { describeJobProgress } from '../export/job-status.js'
import { redactLink } from '../secrets.js'
import { formatDuration } from '../settings/duration.js'
import { code, html, writeSummaryTable, type SummaryRow } from './summary.js'

/** The rows of the summary table, a pure function of the report. */
export function exportSummaryRows(report: ExportReport, now = Date.now()): SummaryRow[] {
  const rows: SummaryRow[] = []
  const add = (label: string, value: string | number | undefined) => {
    if (value !== undefined && value !== '') rows.push([label, String(value)])
  }
  add('Job', report.jobId && `${code(report.jobId)}${report.started === false ? ' (reused)' : ''}`)
  add('Status', report.lastJob && html(describeJobProgress(report.lastJob)))
  // The whole link is a credential: the summary names the object, never the signature.
  add('Bundle link', report.link && html(redactLink(report.link.url)))
  if (report.link?.expiresAt) {
    const leftMs = report.link.expiresAt.getTime() - now
    add(
      'Link expires',
      `${report.link.expiresAt.toISOString()} (${leftMs > 0 ? `in ${formatDuration(leftMs)}` : 'expired'})`
    )
  } else if (report.link) {
    add(
      'Link expires',
      report.link.expiresAtText ? `unreadable: ${html(report.link.expiresAtText)}` : 'not given'
    )
  }
  add('Bundle file', report.download && code(report.download.path))
  add('Format', report.download?.format)
  add('Size', report.download && formatBytes(report.download.sizeBytes))
  add('SHA-256', report.download?.sha256 && code(report.download.sha256))
  add('Extracted to', report.site && `${code(report.site.path)} (${report.site.files} files)`)
  if (report.externalHosts) {
    const hosts = [...report.externalHosts].map(([host, file]) => `${code(host)} (${code(file)})`)
    add('External hosts', hosts.length ? hosts.join('<br>') : 'none: the site is self-contained')
  }
  add('Artifact', report.artifact && `${code(report.artifact.name)} (id ${report.artifact.id})`)
  add('Helm values', report.helmValuesPath && code(report.helmValuesPath))
  for (const phase of report.phases) add(`Time: ${phase.name}`, formatDuration(phase.ms))
  return rows
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`
  const units = ['KiB', 'MiB', 'GiB', 'TiB']
  let value = bytes
  let unit = -1
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024
    unit += 1
  }
  return `${value.toFixed(1)} ${units[unit]} (${bytes} bytes)`
}

export async function writeExportSummary(
  report: ExportReport,
  error: Error | undefined
): Promise<void> {
  await writeSummaryTable('Mintlify static export', exportSummaryRows(report), error)
}
