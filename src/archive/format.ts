export type ArchiveFormat = 'zip' | 'tar.gz' | 'tar'

/** Bytes needed by detectArchiveFormat: the tar magic sits at offset 257. */
export const FORMAT_SNIFF_BYTES = 262

/**
 * The archive format from its first bytes. The vendor names none (its API example links a
 * `.tar.gz`, its CLI writes a zip), so the bytes decide, never the URL.
 */
export function detectArchiveFormat(head: Uint8Array): ArchiveFormat | undefined {
  if (
    head[0] === 0x50 &&
    head[1] === 0x4b &&
    (head[2] === 0x03 || head[2] === 0x05) &&
    (head[3] === 0x04 || head[3] === 0x06)
  ) {
    return 'zip'
  }
  if (head[0] === 0x1f && head[1] === 0x8b) return 'tar.gz'
  if (Buffer.from(head.subarray(257, 262)).toString('latin1') === 'ustar') return 'tar'
  return undefined
}
