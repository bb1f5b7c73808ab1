import yauzl from 'yauzl'
import type { Readable } from 'node:stream'
import type { ArchiveEntryInfo } from './inspect.js'
import { quoted, UnsafeArchiveError } from './inspect.js'
import type { SiteWriter } from './site-writer.js'
import { zipEntryName } from './zip-names.js'
import { untrusted } from '../util/untrusted.js'

const S_IFMT = 0o170000
const S_IFLNK = 0o120000
/** A link's target is a path; anything longer is not one a site needs. */
const MAX_LINK_TARGET_BYTES = 4096

const OPEN_OPTIONS: yauzl.Options = {
  lazyEntries: true,
  // Names are decoded by zipEntryName and checked by the writer's guards, like tar's.
  decodeStrings: false,
  // yauzl proves each entry inflates to the size its headers declare (a zip may lie about it).
  validateEntrySizes: true,
  autoClose: true
}

/**
 * Reads a zip and hands each entry to the writer. The central directory is read first, alone
 * (no inflating), so that the sizes it declares are checked against the limit and the free
 * space before any byte is written; then every entry is inflated once, as a stream.
 */
export async function readZip(file: string, writer: SiteWriter): Promise<void> {
  let declared = 0
  let count = 0
  await eachEntry(file, async (_zip, entry) => {
    declared += entry.uncompressedSize
    count += 1
    return true
  })
  writer.declareTotal(declared, count)
  await eachEntry(file, async (zip, entry) => {
    const info = entryInfo(entry)
    if (info.type === 'symlink') {
      const target = await readAll(await openStream(zip, entry), info)
      writer.begin({ ...info, linkTarget: target })
      return !writer.failure
    }
    const sink = writer.begin(info)
    if (!sink) return !writer.failure
    const stream = await openStream(zip, entry)
    try {
      for await (const chunk of stream) {
        sink.write(chunk as Buffer)
        if (writer.failure) return false
        await writer.room()
      }
    } catch (error) {
      throw sizeError(error, info)
    } finally {
      stream.destroy()
    }
    sink.end()
    return !writer.failure
  })
}

function entryInfo(entry: yauzl.Entry): ArchiveEntryInfo {
  const name = zipEntryName(
    entry.fileName as unknown as Buffer,
    entry.generalPurposeBitFlag,
    entry.extraFields
  )
  const mode = (entry.externalFileAttributes >>> 16) & S_IFMT
  const type = name.endsWith('/') ? 'directory' : mode === S_IFLNK ? 'symlink' : 'file'
  return { name, type, sizeBytes: entry.uncompressedSize }
}

/** Calls `visit` for each entry in order until it returns false; rejects on a damaged zip. */
function eachEntry(
  file: string,
  visit: (zip: yauzl.ZipFile, entry: yauzl.Entry) => Promise<boolean>
): Promise<void> {
  return new Promise((resolve, reject) => {
    yauzl.open(file, OPEN_OPTIONS, (error, zip) => {
      if (error || !zip) return reject(zipError(error))
      let done = false
      const stop = (failure?: unknown) => {
        if (done) return
        done = true
        zip.close()
        if (failure) reject(failure)
        else resolve()
      }
      zip.on('error', (failure: Error) => stop(zipError(failure)))
      zip.on('end', () => stop())
      zip.on('entry', (entry: yauzl.Entry) => {
        visit(zip, entry).then(
          goOn => (goOn ? zip.readEntry() : stop()),
          (failure: unknown) => stop(failure)
        )
      })
      zip.readEntry()
    })
  })
}

function openStream(zip: yauzl.ZipFile, entry: yauzl.Entry): Promise<Readable> {
  return new Promise((resolve, reject) =>
    zip.openReadStream(entry, (error, stream) =>
      error || !stream ? reject(zipError(error)) : resolve(stream)
    )
  )
}

async function readAll(stream: Readable, info: ArchiveEntryInfo): Promise<string> {
  const chunks: Buffer[] = []
  let size = 0
  try {
    for await (const chunk of stream) {
      size += (chunk as Buffer).length
      if (size > MAX_LINK_TARGET_BYTES)
        throw new UnsafeArchiveError(
          `The bundle is unsafe to extract: link ${quoted(info.name)} has a target longer than ${MAX_LINK_TARGET_BYTES} bytes.`
        )
      chunks.push(chunk as Buffer)
    }
  } catch (error) {
    throw sizeError(error, info)
  } finally {
    stream.destroy()
  }
  return Buffer.concat(chunks).toString('utf8')
}

function sizeError(error: unknown, info: ArchiveEntryInfo): Error {
  if (error instanceof UnsafeArchiveError) return error
  if (/bytes in the stream/.test((error as Error).message ?? ''))
    return new UnsafeArchiveError(
      `The bundle is unsafe to extract: ${quoted(info.name)} does not inflate to the ${info.sizeBytes} bytes its header declares (an archive bomb, or a damaged zip).`
    )
  return zipError(error as Error)
}

function zipError(error: Error | null): UnsafeArchiveError {
  if (error instanceof UnsafeArchiveError) return error
  return new UnsafeArchiveError(
    `The bundle is not a readable zip: ${untrusted(error?.message ?? 'unknown error')}.`
  )
}
