import { createReadStream } from 'node:fs'
import { pipeline, Readable } from 'node:stream'
import { Parser, type ReadEntry } from 'tar'
import { createGunzip, type ZlibOptions } from 'node:zlib'
import type { ArchiveEntryInfo } from './inspect.js'
import { UnsafeArchiveError } from './inspect.js'
import type { SiteWriter } from './site-writer.js'
import { untrusted } from '../util/untrusted.js'
import { discarded } from '../util/young-garbage.js'

/** What every gzip stream begins with. */
const GZIP_MAGIC = Buffer.from([0x1f, 0x8b])

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
  // The stream's first two bytes, however the source splits them (a read may hold one byte; past
  // the first two, this adds none). node-tar would inflate a gzip it finds there itself.
  let start = Buffer.alloc(0)
  for await (const chunk of source) {
    start = Buffer.concat([start, chunk.subarray(0, 2 - start.length)])
    if (start.equals(GZIP_MAGIC)) {
      writer.fail(
        new UnsafeArchiveError(
          'The bundle is a gzip inside a gzip, not a tar.gz; refusing to extract it.'
        )
      )
    }
    if (writer.failure) break
    parser.write(chunk)
    if (writer.failure) break
    // Parsed and written: garbage now, unless a reader still holds a page of it.
    discarded(chunk.length)
    await writer.room()
  }
  // After a failure, what the parser still holds is not wanted: it is left unread.
  if (writer.failure) return
  await new Promise<void>(resolve => {
    parser.on('end', resolve)
    parser.end()
  })
}

/**
 * The tar's bytes, inflated when it is a tar.gz, from a file or from bytes as they come (a
 * bundle followed while it downloads). A failure of such a source (a failed or restarted
 * download) passes as it is: it says nothing of the archive.
 */
export async function* tarSource(
  input: string | AsyncIterable<Buffer>,
  gzipped: boolean
): AsyncGenerator<Buffer> {
  // Read 64 KiB at a time (the default); gunzip inflates them in 64 KiB pieces with backpressure.
  const raw =
    typeof input === 'string'
      ? createReadStream(input)
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
  raw.on('error', (error: Error) => (sourceError = error))
  // pipeline destroys both streams when either fails or the reading stops early (the file is
  // closed); the loop gets the failure from gunzip, so pipeline's own callback has nothing to do.
  const inflated = pipeline(raw, gunzip, ignore)
  try {
    for await (const chunk of inflated) yield chunk as Buffer
  } catch (error) {
    if (typeof input !== 'string' && sourceError !== undefined) throw sourceError
    throw new UnsafeArchiveError(
      `The bundle is not a readable tar.gz: ${untrusted((error as Error).message)}. It may be damaged or cut short; set \`extract: false\` to keep the file as downloaded.`
    )
  }
}

function ignore(): void {}

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
    // node-tar reads an old-style type (`\0`) as File.
    case 'File':
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
  return new UnsafeArchiveError(
    `The bundle is not a readable tar: ${untrusted(error.message)}. It may be damaged or cut short; set \`extract: false\` to keep the file as downloaded.`
  )
}
