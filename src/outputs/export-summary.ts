import * as core from '@actions/core'
import type { ExportReport } from '../export/export.js'
import { describeJobProgress } from '../export/job-status.js'
import { redactLink } from '../secrets.js'
import { formatDuration } from '../settings/duration.js'

type Row = [label: string, value: string]

/** The rows of the summary table, a pure function of the report. */
export function exportSummaryRows(report: ExportReport, now = Date.now()): Row[] {
  const rows: Row[] = []
  const add = (label: string, value: string | number | undefined) => {
    if (value !== undefined && value !== '') rows.push([label, String(value)])
  }
  add('Job', report.jobId && `${code(report.jobId)}${report.started === false ? ' (reused)' : ''}`)
  add('Status', report.lastJob && describeJobProgress(report.lastJob))
  // The whole link is a credential: the summary names the object, never the signature.
  add('Bundle link', report.link && redactLink(report.link.url))
  if (report.link?.expiresAt) {
    const leftMs = report.link.expiresAt.getTime() - now
    add(
      'Link expires',
      `${report.link.expiresAt.toISOString()} (${leftMs > 0 ? `in ${formatDuration(leftMs)}` : 'expired'})`
    )
  } else if (report.link) {
    add(
      'Link expires',
      report.link.expiresAtText ? `unreadable: ${report.link.expiresAtText}` : 'not given'
    )
  }
  add('Bundle file', report.download && code(report.download.path))
  add('Format', report.download?.format)
  add('Size', report.download && formatBytes(report.download.sizeBytes))
  add('SHA-256', report.download && code(report.download.sha256))
  add('Extracted to', report.site && `${code(report.site.path)} (${report.site.files} files)`)
  for (const phase of report.phases) add(`Time: ${phase.name}`, formatDuration(phase.ms))
  return rows
}

/** The table is HTML, where Markdown backticks do not render. */
export function code(text: string): string {
  return `<code>${text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')}</code>`
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
  if (!process.env.GITHUB_STEP_SUMMARY) return
  const summary = core.summary.addHeading(
    error ? 'Mintlify static export failed' : 'Mintlify static export',
    2
  )
  if (error) summary.addRaw(`> ${error.message.replace(/\n/g, '\n> ')}\n\n`)
  summary.addTable([
    [
      { data: 'Item', header: true },
      { data: 'Value', header: true }
    ],
    ...exportSummaryRows(report)
  ])
  await summary.write()
}
