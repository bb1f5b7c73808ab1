import { isUtf8 } from 'node:buffer'
import yauzl from 'yauzl'

/**
 * A zip entry's name as the archive stores it, whatever the runner's locale. yauzl reads the
 * UTF-8 flag and the Info-ZIP Unicode Path field (0x7075), and decodes CP437 otherwise; but
 * bsdtar and `git archive` write UTF-8 names without the flag, which CP437 turns into `cafÃ©`.
 * So a name with neither, whose bytes are valid UTF-8 beyond ASCII, is read as UTF-8 (as
 * Info-ZIP unzip and the system see such bytes on a UTF-8 file system); CP437 stays for the rest.
 */
export function zipEntryName(
  raw: Buffer,
  generalPurposeBitFlag: number,
  extraFields: ReadonlyArray<{ id: number; data: Buffer }>
): string {
  // The UTF-8 flag needs no test of its own: yauzl decodes a flagged name as UTF-8 too.
  const unicodePath = extraFields.some(field => field.id === 0x7075)
  if (!unicodePath && !raw.every(byte => byte < 0x80) && isUtf8(raw)) return raw.toString('utf8')
  // strictFileNames: a backslash is left as it is (the guards treat it as a separator).
  return yauzl.getFileNameLowLevel(generalPurposeBitFlag, raw, [...extraFields], true)
}
