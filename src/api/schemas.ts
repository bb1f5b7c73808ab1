import { z } from 'zod'

/*
 * Runtime shapes of the Admin API answers. Only the fields the action needs are required;
 * extra fields are accepted, and fields the spec leaves untyped (`progress`, `pageCount`,
 * `expiresAt`) are read loosely and dropped when unusable rather than failing the step.
 */

/** A number, or a numeric string; anything else is treated as absent. */
const looseNumber = z
  .preprocess(
    v => (typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v)) ? Number(v) : v),
    z.number().finite()
  )
  .optional()
  .catch(undefined)

const looseText = z.string().nullish().catch(undefined)
const timestamp = z.union([z.string(), z.number()]).nullish().catch(undefined)

export const exportJobBody = z.looseObject({
  jobId: z.string().min(1).optional().catch(undefined),
  status: z.string().min(1),
  progress: looseNumber,
  pageCount: looseNumber,
  error: looseText,
  message: looseText,
  bundleUrl: z.string().min(1).optional().catch(undefined),
  expiresAt: timestamp,
  sizeBytes: looseNumber
})

/** The spec shows only `jobId` here: a missing or unusable status must not lose the new job. */
export const startExportBody = exportJobBody.extend({
  jobId: z.string().min(1),
  status: z.string().min(1).optional().catch(undefined)
})

export const bundleBody = z.looseObject({
  bundleUrl: z.string().min(1),
  expiresAt: timestamp,
  sizeBytes: looseNumber
})

export const agentJobBody = z.looseObject({
  id: z.string().optional().catch(undefined),
  status: z.string().min(1),
  source: z.looseObject({ repository: looseText, ref: looseText }).optional().catch(undefined),
  model: looseText,
  prLink: looseText,
  createdAt: looseText,
  archivedAt: looseText
})

/** `field \`jobId\` is missing (expected string)`: zod's issues, in words a user can act on. */
export function describeIssues(error: z.ZodError): string {
  return error.issues
    .slice(0, 3)
    .map(issue => {
      const field = issue.path.length ? `field \`${issue.path.join('.')}\`` : 'the body'
      if (issue.code === 'invalid_type') {
        const received = (issue as { input?: unknown }).input
        return received === undefined
          ? `${field} is missing (expected ${issue.expected})`
          : `${field} is ${describeValue(received)} (expected ${issue.expected})`
      }
      return `${field}: ${issue.message}`
    })
    .join('; ')
}

function describeValue(value: unknown): string {
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'an array'
  return `a ${typeof value}`
}
