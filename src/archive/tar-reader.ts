import { createReadStream } from 'node:fs'
import { Readable } from 'node:stream'
import { Parser, type ReadEntry } from 'tar'
import { createGunzip, type ZlibOptions } from 'node:zlib'
import type { ArchiveEntryInfo } from './inspect.js'
import { UnsafeArchiveError } from './inspect.js'
import type { SiteWriter } from './site-writer.js'
import { untrusted } from '../util/untrusted.js'
import { discarded } from '../util/young-garbage.js'

/** Bytes read from the file at a time; gunzip inflates them in 64 KiB pieces with backpressure. */
const READ_BYTES = 64 * 1024

/**
 * Reads a tar or tar.gz and hands each entry to the writer, in one pass. Decompression is Node's
 * streaming gunzip, never node-tar's own (which inflates a whole read in one synchronous call:
 * a 10 MB bomb took 10 GB of memory); node-tar only parses the tar stream.
 */
export async function readTar(source: AsyncIterable<Buffer>, writer: SiteWriter): Promise<void> {
  // Compression is ours: a gzip (or zstd, brotli) inside the tar.gz is refused, not inflated.
  const parser = new Parser({ strict: true, brotli: false, zstd: false })
  parser.on('entry', (entry: ReadEntry) => {
    const sink = writer.begin(entryInfo(entry))
    if (!sink) return entry.resume()
    entry.on('data', (chunk: Buffer) => sink.write(chunk))
    entry.on('end', () => sink.end())
  })
  parser.on('error', (error: Error) => writer.fail(tarError(error)))
  let first = true
  for await (const chunk of source) {
    if (first && chunk[0] === 0x1f && chunk[1] === 0x8b) {
      writer.fail(
        new UnsafeArchiveError(
          'The bundle is a gzip inside a gzip, not a tar.gz; refusing to extract it.'
        )
      )
    }
    first = false
    if (writer.failure) break
    parser.write(chunk)
    if (writer.failure) break
    // Parsed and written: garbage now, unless a reader still holds a page of it.
    discarded(chunk.length)
    await writer.room()
  }
  if (writer.failure) {
    parser.abort(writer.failure)
    return
  }
  await new Promise<void>(resolve => {
    parser.on('end', resolve)
    parser.end()
  })
}

/**
 * The tar's bytes, inflated when it is a tar.gz, from a file or from bytes as they come (a
 * bundle followed while it downloads: its errors, a failed or restarted download, pass as
 * they are, not as a damaged archive).
 */
export async function* tarSource(
  input: string | AsyncIterable<Buffer>,
  gzipped: boolean
): AsyncGenerator<Buffer> {
  const raw =
    typeof input === 'string'
      ? createReadStream(input, { highWaterMark: READ_BYTES })
      : Readable.from(input, { objectMode: false })
  if (!gzipped) {
    yield* raw
    return
  }
  // Inflating works ahead of the writes by a bounded 1 MiB, so neither waits on the other.
  // (Zlib streams take Transform's options; ZlibOptions does not list them.)
  const gunzip = createGunzip({
    chunkSize: 64 * 1024,
    readableHighWaterMark: 1024 * 1024
  } as ZlibOptions)
  let sourceError: unknown
  raw.on('error', (error: Error) => {
    sourceError = error
    gunzip.destroy(error)
  })
  try {
    for await (const chunk of raw.pipe(gunzip)) yield chunk as Buffer
  } catch (error) {
    if (typeof input !== 'string' && sourceError !== undefined) throw sourceError
    throw new UnsafeArchiveError(
      `The bundle is not a readable tar.gz: ${untrusted((error as Error).message)}. It may be damaged or cut short; set \`extract: false\` to keep the file as downloaded.`
    )
  } finally {
    raw.destroy()
    gunzip.destroy()
  }
}

function entryInfo(entry: ReadEntry): ArchiveEntryInfo {
  return {
    name: entry.path,
    type: tarType(entry.type),
    sizeBytes: entry.size ?? 0,
    linkTarget: entry.linkpath
  }
}

function tarType(type: string): ArchiveEntryInfo['type'] {
  switch (type) {
    case 'File':
    case 'OldFile':
    case 'ContiguousFile':
      return 'file'
    case 'Directory':
      return 'directory'
    case 'SymbolicLink':
      return 'symlink'
    case 'Link':
      return 'hardlink'
    default:
      return 'other'
  }
}

function tarError(error: Error): UnsafeArchiveError {
  if (error instanceof UnsafeArchiveError) return error
  return new UnsafeArchiveError(
    `The bundle is not a readable tar: ${untrusted(error.message)}. It may be damaged or cut short; set \`extract: false\` to keep the file as downloaded.`
  )
}
