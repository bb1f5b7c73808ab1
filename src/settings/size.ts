const UNIT_BYTES: Record<string, number> = {
  b: 1,
  kb: 1e3,
  mb: 1e6,
  gb: 1e9,
  tb: 1e12,
  kib: 1024,
  mib: 1024 ** 2,
  gib: 1024 ** 3,
  tib: 1024 ** 4
}

/** `20GiB`, `500 MB`, `1048576`: a size in bytes, or undefined when the text is not one. */
export function parseSizeBytes(text: string): number | undefined {
  const match = /^(\d+(?:\.\d+)?)\s*([kmgt]i?b|b)?$/i.exec(text.trim())
  if (!match) return undefined
  const unit = UNIT_BYTES[(match[2] ?? 'b').toLowerCase()] as number
  return Math.round(Number(match[1]) * unit)
}
