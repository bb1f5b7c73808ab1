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
  return etag && !etag.startsWith('W/') ? etag : undefined
}
