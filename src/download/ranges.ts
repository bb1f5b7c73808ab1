export function parseContentRange(
  value: string | undefined
): { start: number; end: number; total?: number } | undefined {
  const match = /^bytes (\d+)-(\d+)\/(\d+|\*)$/.exec(value?.trim() ?? '')
  if (!match) return undefined
  return {
    start: Number(match[1]),
    end: Number(match[2]),
    ...(match[3] === '*' ? {} : { total: Number(match[3]) })
  }
}

/** Weak ETags cannot validate a byte range (RFC 9110 §13.1.5). */
export function strongValidator(etag: string | undefined): string | undefined {
  // One that could not be sent back as written (RFC 9110's obs-text, a control) names nothing.
  return etag && !etag.startsWith('W/') && /^[\x21-\x7e]+$/.test(etag) ? etag : undefined
}

/** The object a transfer began with: its validator (strong ETag, else Last-Modified) and size. */
export interface ObjectIdentity {
  validator: string | undefined
  totalBytes: number | undefined
}

/**
 * Headers that make a ranged request fail rather than return another object's bytes: If-Range
 * (a compliant store answers 200 with the new object) and If-Match / If-Unmodified-Since (a
 * store that ignores If-Range, as radosgw and s3rver do, may still answer 412).
 */
export function conditionalHeaders(validator: string | undefined): Record<string, string> {
  if (!validator) return {}
  return validator.startsWith('"')
    ? { 'if-range': validator, 'if-match': validator }
    : { 'if-range': validator, 'if-unmodified-since': validator }
}

export type RangedAnswerProblem = { kind: 'changed' | 'range'; detail: string }

/**
 * Why a 206 is not the asked part of the object the transfer began with, or undefined. Checked
 * before a byte of it is written: a store that ignores If-Range sends the new object's bytes
 * under its new validator, and those must never be joined to the old ones.
 */
export function rangedAnswerProblem(
  headers: { contentRange?: string; etag?: string; lastModified?: string },
  asked: { start: number; end: number | undefined },
  identity: ObjectIdentity
): RangedAnswerProblem | undefined {
  const { validator, totalBytes } = identity
  if (validator?.startsWith('"') && headers.etag !== validator)
    return { kind: 'changed', detail: `its ETag is ${headers.etag ?? 'missing'}, was ${validator}` }
  if (validator && !validator.startsWith('"') && headers.lastModified !== validator) {
    return {
      kind: 'changed',
      detail: `it was modified ${headers.lastModified ?? 'at an unknown time'}, was ${validator}`
    }
  }
  const range = parseContentRange(headers.contentRange)
  if (!range) return { kind: 'range', detail: 'the answer has no usable Content-Range' }
  if (totalBytes !== undefined && range.total !== undefined && range.total !== totalBytes)
    return { kind: 'changed', detail: `it now has ${range.total} bytes, was ${totalBytes}` }
  const end = asked.end ?? (totalBytes ?? range.total ?? 0) - 1
  if (range.start !== asked.start || range.end !== end) {
    return {
      kind: 'range',
      detail: `asked for bytes ${asked.start}-${end}, got ${range.start}-${range.end}`
    }
  }
  return undefined
}
