import { log } from '../log.js'
import type { ExportReport } from '../export/export.js'

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
  set('helm-values', report.helmValuesPath)
  set('artifact-id', report.artifact?.id)
  set('artifact-url', report.artifact?.url)
  return outputs
}

export function setExportOutputs(report: ExportReport): void {
  for (const [name, value] of Object.entries(exportOutputs(report))) log.output(name, value)
}
