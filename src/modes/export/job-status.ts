import type { ExportJob } from '../../api/client.js'

/** The statuses the vendor documents; any other value is logged once and polled through. */
export const KNOWN_EXPORT_STATUSES = ['queued', 'running', 'completed', 'failed'] as const

export type ExportVerdict =
  | { readonly kind: 'completed' }
  | { readonly kind: 'failed'; readonly reason: string }
  | { readonly kind: 'pending'; readonly known: boolean }

/** Only `completed` and `failed` end the wait (the spec's client rule); everything else is progress. */
export function classifyExportJob(job: ExportJob): ExportVerdict {
  const status = job.status.trim().toLowerCase()
  if (status === 'completed') return { kind: 'completed' }
  if (status === 'failed')
    return { kind: 'failed', reason: job.reason?.trim() || 'the service gave no reason' }
  return { kind: 'pending', known: (KNOWN_EXPORT_STATUSES as readonly string[]).includes(status) }
}

/** `running · 45% · 120 pages`: one line describing how far a job got. */
export function describeJobProgress(
  job: Pick<ExportJob, 'status' | 'progress' | 'pageCount'>
): string {
  const parts = [job.status]
  if (job.progress !== undefined) parts.push(`${Math.round(job.progress)}%`)
  if (job.pageCount !== undefined)
    parts.push(`${job.pageCount} page${job.pageCount === 1 ? '' : 's'}`)
  return parts.join(' · ')
}
