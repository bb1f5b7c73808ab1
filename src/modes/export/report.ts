import { redactLink } from '../../secrets.js'
import { formatDuration } from '../../settings/duration.js'
import {
  code,
  html,
  htmlTable,
  nextStepMarkdown,
  type NextStep,
  type SummaryRow
} from '../../report/summary.js'
import { factList, markdownText, markdownUrl, quoteMessage } from '../../util/markdown.js'
import { CancelledError, stillRunning } from '../errors.js'
import { describeJobProgress } from './job-status.js'
import type { ExportReport } from './run.js'
import type { SiteCheckResult } from '../../site/check.js'
import { BROKEN_LINK_KINDS } from '../../site/messages.js'

/*
 * What an export's report becomes for people and for the next step: outputs, the summary's
 * rows and the pull-request comment. Pure functions of the report; the front doors write them.
 */

/** Output name → value; only what the export reached is set (an unset output reads as ''). */
export function exportOutputs(report: ExportReport): Record<string, string | number> {
  const outputs: Record<string, string | number> = {}
  const set = (name: string, value: string | number | undefined) => {
    if (value !== undefined) outputs[name] = value
  }
  set('job-id', report.jobId)
  set('status', report.lastJob?.status)
  set('page-count', report.lastJob?.pageCount)
  set('bundle-url', report.link?.url)
  set('expires-at', report.link?.expiresAt?.toISOString() ?? report.link?.expiresAtText)
  set('bundle-path', report.download?.path)
  set('bundle-sha256', report.download?.sha256)
  set('bundle-size', report.download?.sizeBytes)
  set('bundle-format', report.download?.format)
  set('extract-path', report.site?.path)
  set('external-hosts', report.externalHosts && [...report.externalHosts.keys()].join(','))
  set('broken-links', report.siteCheck?.broken.length)
  set('host-config', report.hostConfigPath)
  set('helm-values', report.helmValuesPath)
  set('artifact-id', report.artifact?.id)
  set('artifact-url', report.artifact?.url)
  return outputs
}

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
    const unread = report.auditSkipped?.length ?? 0
    add(
      'External hosts',
      hosts.length
        ? hosts.join('<br>')
        : unread
          ? `none in the files read; ${unread} file(s) too large to scan`
          : 'none: the site is self-contained'
    )
  }
  add('Link check', report.siteCheck && linkCheckLine(report))
  add('Host configuration', report.hostConfigPath && code(report.hostConfigPath))
  add('Artifact', report.artifact && `${code(report.artifact.name)} (id ${report.artifact.id})`)
  add('Helm values', report.helmValuesPath && code(report.helmValuesPath))
  for (const phase of report.phases) add(`Time: ${phase.name}`, formatDuration(phase.ms))
  return rows
}

function linkCheckLine(report: ExportReport): string {
  const check = report.siteCheck
  if (!check) return ''
  const broken = check.broken.length
  const verdict = broken === 0 ? 'all resolve' : `${broken} will not resolve`
  return `${check.targets} path(s) of ${check.references} reference(s) on host ${code(check.host)}: ${verdict}${unreadNote(check)}`
}

/** What a link check that skipped files too large to read adds to its verdict. */
function unreadNote(check: SiteCheckResult): string {
  const unread = check.skipped.length
  return unread ? `; ${unread} file(s) too large to read, not checked` : ''
}

/** Broken links listed in the summary; the rest are counted. */
export const SUMMARY_BROKEN_LINKS = 50

/** The summary's table of broken links (up to 50), every cell escaped: none leaves its cell. */
export function brokenLinksSection(report: ExportReport): string | undefined {
  const broken = report.siteCheck?.broken ?? []
  if (broken.length === 0) return undefined
  const rows = broken
    .slice(0, SUMMARY_BROKEN_LINKS)
    .map(link => [
      code(link.target),
      code(link.from),
      BROKEN_LINK_KINDS[link.kind],
      String(link.count)
    ])
  const more = broken.length - SUMMARY_BROKEN_LINKS
  return [
    `<h3>Broken links (${broken.length})</h3>`,
    '',
    htmlTable(['URL', 'First named in', 'Kind', 'References'], rows),
    ...(more > 0 ? ['', `<p>… and ${more} more.</p>`] : [])
  ].join('\n')
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

export const EXPORT_SUMMARY_TITLE = 'Mintlify static export'

/** The hidden marker that finds this action's earlier comment on the same subject. */
export function exportCommentMarker(subject: string): string {
  return `<!-- mintlify-admin-action:export:${subject} -->`
}

/** Markdown for the pull request; no link and no secret, only what a reviewer needs. */
export function exportCommentBody(
  report: ExportReport,
  error: Error | undefined,
  nextStep?: NextStep
): string {
  const heading = !error
    ? '✅ Mintlify static export ready'
    : stillRunning(error)
      ? '⏳ Mintlify static export still running: this run stopped waiting'
      : error instanceof CancelledError
        ? '⏹️ Mintlify static export: this run was cancelled'
        : '❌ Mintlify static export failed'
  const lines = [`### ${heading}`, '']
  if (error) lines.push(quoteMessage(error.message), '')
  const facts: Array<[string, string]> = []
  if (report.jobId) facts.push(['Job', `\`${report.jobId}\``])
  if (report.lastJob) facts.push(['Status', markdownText(describeJobProgress(report.lastJob))])
  if (report.download) {
    const format = report.download.format ?? 'unknown format'
    facts.push(['Bundle', `${formatBytes(report.download.sizeBytes)}, ${format}`])
    if (report.download.sha256) facts.push(['SHA-256', `\`${report.download.sha256}\``])
  }
  // The link itself is a credential and stays out of the comment; when it stops working matters.
  if (report.link?.expiresAt)
    facts.push(['Bundle link valid until', report.link.expiresAt.toISOString()])
  if (report.siteCheck) {
    const broken = report.siteCheck.broken.length
    facts.push([
      'Link check',
      `${broken === 0 ? 'all links resolve' : `${broken} broken`} on host \`${report.siteCheck.host}\`${unreadNote(report.siteCheck)}`
    ])
  }
  if (report.artifact) {
    const name = markdownText(report.artifact.name)
    const url = report.artifact.url && markdownUrl(report.artifact.url)
    facts.push(['Artifact', url ? `[${name}](${url})` : name])
  }
  lines.push(...factList(facts))
  if (error && nextStep) lines.push('', ...nextStepMarkdown(nextStep))
  return lines.join('\n')
}
