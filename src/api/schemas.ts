import { z } from 'zod'
import { idPattern, untrusted } from '../util/untrusted.js'

/*
 * Runtime shapes of the Admin API answers. Only the fields the action needs are required;
 * extra fields are accepted, and fields the spec leaves untyped (`progress`, `pageCount`,
 * `expiresAt`) are read loosely and dropped when unusable rather than failing the step.
 * Every text is made safe to quote here, once, as it enters (`untrusted()`); ids must match
 * the one id pattern, as they become folder names and URL path segments.
 */

/** A number, or a numeric string; anything else is treated as absent. */
const looseNumber = z
  .preprocess(
    v => (typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v)) ? Number(v) : v),
    z.number().finite()
  )
  .optional()
  .catch(undefined)

/** Server text, as one clean line. */
const text = (max?: number) => z.string().transform(value => untrusted(value, max))
const looseText = text().nullish().catch(undefined)
const timestamp = z
  .union([text(64), z.number()])
  .nullish()
  .catch(undefined)
const status = text(64).pipe(z.string().min(1))
/**
 * Text passed on whole (a pull request's link, a repository, a branch, a screenshot's link): a
 * cut link leads elsewhere and a cut name names another, so one longer than any real one is
 * dropped instead of cut. Links are checked as web URLs where they are used.
 */
const WHOLE_MAX_CHARS = 2048
const wholeText = z
  .string()
  .max(WHOLE_MAX_CHARS)
  .transform(value => untrusted(value, WHOLE_MAX_CHARS))
  .nullish()
  .catch(undefined)
const id = z.string().regex(idPattern(), {
  error: 'is not an id (letters, digits, `_`, `-` or `.`, beginning with a letter or digit)'
})

export const exportJobBody = z.looseObject({
  jobId: id.optional().catch(undefined),
  status,
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
  jobId: id,
  status: status.optional().catch(undefined)
})

export const bundleBody = z.looseObject({
  bundleUrl: z.string().min(1),
  expiresAt: timestamp,
  sizeBytes: looseNumber
})

export const agentJobBody = z.looseObject({
  id: text(128).optional().catch(undefined),
  status,
  source: z.looseObject({ repository: wholeText, ref: wholeText }).optional().catch(undefined),
  model: looseText,
  prLink: wholeText,
  createdAt: looseText,
  archivedAt: looseText
})

/**
 * The answer to creating a job or sending it a message: the vendor marks no field required, and
 * a job that was created must not be lost over a missing status (it is working, then).
 */
export const agentAnswerBody = agentJobBody.extend({
  status: status.optional().catch(undefined)
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
      if (issue.code === 'invalid_format') return `${field} ${issue.message}`
      return `${field}: ${issue.message}`
    })
    .join('; ')
}

function describeValue(value: unknown): string {
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'an array'
  return `a ${typeof value}`
}

/** `POST /v1/project/update/{projectId}` → 202 `{statusId}`; the preview adds `previewUrl`. */
export const triggerBody = z.looseObject({
  statusId: id,
  previewUrl: z.string().min(1).optional().catch(undefined)
})

/** One line of a deployment's build log: outside text, bounded, never a command. */
const logLine = z
  .unknown()
  .transform(value => (typeof value === 'string' ? untrusted(value, 400) : undefined))

/** `GET /v1/project/update-status/{statusId}`: no field is marked required but `status` matters. */
export const deploymentStatusBody = z.looseObject({
  _id: text(128).optional().catch(undefined),
  projectId: text(128).optional().catch(undefined),
  status,
  summary: text(1000).nullish().catch(undefined),
  logs: z.array(logLine).nullish().catch(undefined),
  createdAt: timestamp,
  endedAt: timestamp,
  subdomain: looseText,
  screenshot: wholeText,
  screenshotLight: wholeText,
  screenshotDark: wholeText,
  commit: z
    .looseObject({ sha: looseText, ref: looseText, message: text(300).nullish().catch(undefined) })
    .nullish()
    .catch(undefined)
})
