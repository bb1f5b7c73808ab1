import { createReadStream, readSync } from 'node:fs'
import { open } from 'node:fs/promises'
import { crc32, inflateRawSync } from 'node:zlib'
import yauzl from 'yauzl'
import type { Readable } from 'node:stream'
import type { ArchiveEntryInfo } from './inspect.js'
import { quoted, UnsafeArchiveError } from './inspect.js'
import type { FileSink, SiteWriter } from './site-writer.js'
import { zipEntryName } from './zip-names.js'
import { untrusted } from '../util/untrusted.js'
import { discarded } from '../util/young-garbage.js'

const S_IFMT = 0o170000
const S_IFLNK = 0o120000
/**
 * The longest link target Linux takes (PATH_MAX less the final NUL): a longer one is no path a
 * site needs, and refused here it is refused in words naming the link, not by symlink() later.
 */
const MAX_LINK_TARGET_BYTES = 4095

const OPEN_OPTIONS: yauzl.Options = {
  lazyEntries: true,
  // Names are decoded by zipEntryName and checked by the writer's guards, like tar's.
  decodeStrings: false,
  // yauzl proves each entry inflates to the size its headers declare (a zip may lie about it).
  validateEntrySizes: true,
  autoClose: true
}

/**
 * Where a zip's bytes come from: its file once downloaded (zipFile), or the bundle while it
 * downloads (growing-zip.ts).
 */
export interface ZipSource {
  /** yauzl's view of the bytes, one per pass over the directory (yauzl closes it when done). */
  reader(): { reader: yauzl.RandomAccessReader; size: number }
  /** Reads into `buffer` from `position`: at least `atLeast` bytes unless the zip ends first. */
  readInto(buffer: Buffer, position: number, atLeast: number): Promise<number>
  /** Said once the directory was read alone: every later read is of the entries. */
  directoryRead(): void
  /** Once every entry is extracted: the result stands only if this resolves. */
  finish(): Promise<void>
  /** A failure of the source itself, which wins over yauzl's words for it. */
  readonly failure: unknown
  close(): Promise<void>
}

/**
 * Reads a zip and hands each entry to the writer. The central directory is read first, alone
 * (no inflating), so that the sizes it declares are checked against the limit and the free
 * space before any byte is written; then every entry is inflated once, as a stream.
 */
export async function readZip(zip: string | ZipSource, writer: SiteWriter): Promise<void> {
  const source = typeof zip === 'string' ? await zipFile(zip) : zip
  try {
    let declared = 0
    let count = 0
    await eachEntry(source, async (_zip, entry) => {
      declared += entry.uncompressedSize
      count += 1
      return true
    })
    source.directoryRead()
    writer.declareTotal(declared, count)
    await extractEntries(source, writer, new ReadWindow(source))
    await source.finish()
  } catch (error) {
    throw source.failure ?? error
  } finally {
    await source.close()
  }
}

/** A downloaded zip. */
export async function zipFile(path: string): Promise<ZipSource> {
  const handle = await open(path, 'r')
  // Closed here when it cannot be measured: nobody else holds it yet.
  const { size } = await handle.stat().catch(async (error: unknown) => {
    // The stat's error is the one to report, whatever closing says.
    await handle.close().catch(() => undefined)
    throw error
  })
  return {
    reader: () => ({ reader: new WindowedReader(path, handle.fd), size }),
    readInto: async (buffer, position) =>
      (await handle.read(buffer, 0, buffer.length, position)).bytesRead,
    directoryRead: () => undefined,
    finish: async () => undefined,
    failure: undefined,
    close: () => handle.close()
  }
}

async function extractEntries(
  source: ZipSource,
  writer: SiteWriter,
  window: ReadWindow
): Promise<void> {
  await eachEntry(source, async (zip, entry) => {
    const info = entryInfo(entry)
    if (info.type === 'symlink') {
      const target = await linkTarget(await openStream(zip, entry), entry, info)
      writer.begin({ ...info, linkTarget: target })
      return !writer.failure
    }
    const sink = writer.begin(info)
    if (!sink) return !writer.failure
    if (isSmall(entry))
      await window.inflate(entry, info, bytes => {
        sink.write(bytes)
        sink.end()
      })
    else {
      await streamEntry(await openStream(zip, entry), entry, info, sink, writer)
      sink.end()
    }
    // The file may now be with a reader of the site: wait while they hold too much unread. (Only
    // end() hands a file over, so within an entry there is nothing more to wait for.)
    await writer.room()
    return !writer.failure
  })
}

/**
 * A large entry, inflated by yauzl as a stream (which proves its size as it goes) and written
 * as it comes; its CRC-32 is computed on the way and checked at the end, which yauzl does not
 * do. A file the writer gathers whole (one a reader of the site wants) is handed over only
 * after that check, by `end()`; a streamed one is on disk already, and the refusal removes it.
 */
async function streamEntry(
  stream: Readable,
  entry: yauzl.Entry,
  info: ArchiveEntryInfo,
  sink: FileSink,
  writer: SiteWriter
): Promise<void> {
  let crc = 0
  // Leaving the loop (a failure, an error) destroys the stream, and yauzl's destroy() the
  // read and the inflate behind it.
  try {
    for await (const chunk of stream) {
      sink.write(chunk as Buffer)
      if (writer.failure) return
      crc = crc32(chunk as Buffer, crc)
    }
  } catch (error) {
    throw sizeError(error, info)
  }
  checkCrc(crc, entry, info)
}

/** Entries at most this large, either way, are read through the window and inflated at once. */
const SMALL_ENTRY_BYTES = 1024 * 1024
/** Bytes of the zip read at a time for small entries (a site's pages lie one after another). */
const WINDOW_BYTES = 4 * 1024 * 1024

function isSmall(entry: yauzl.Entry): boolean {
  return (
    entry.compressedSize <= SMALL_ENTRY_BYTES &&
    entry.uncompressedSize <= SMALL_ENTRY_BYTES &&
    (entry.compressionMethod === 0 || entry.compressionMethod === 8) &&
    (entry.generalPurposeBitFlag & 1) === 0
  )
}

/**
 * Small entries, read from a large window of the file and inflated in one bounded call (the
 * output may not pass the declared size, at most 1 MiB). yauzl's stream per entry costs several
 * round trips through the thread pool each (a read for the local header, reads for the data, an
 * inflate): with 10,000 pages that was several times `unzip -q`. The CRC is checked here too.
 *
 * An inflated entry's bytes are valid only while `use` runs (the writer writes them and its
 * readers copy what they keep: FileSink.end), and are freed as soon as it returns. Left to the
 * collector, they were not freed for long: each inflateRawSync call's zlib stream outlives the
 * call until a full collection, and holds its output buffer. On 10,000 pages, garbage output
 * reached 48 MiB between full collections, and the zip's peak RSS fell by 25 MiB once it was
 * freed here. Left to the collector still: a stored entry's copy, an empty entry's output (zlib
 * returns a new empty buffer), and the output of a call that fails (which ends extraction).
 */
class ReadWindow {
  private readonly buffer = Buffer.allocUnsafe(WINDOW_BYTES)
  private bytes = Buffer.alloc(0)
  private start = 0
  private readonly source: ZipSource

  constructor(source: ZipSource) {
    this.source = source
  }

  /** Inflates a small entry and hands its checked bytes to `use`, valid during the call only. */
  async inflate(
    entry: yauzl.Entry,
    info: ArchiveEntryInfo,
    use: (bytes: Buffer) => void
  ): Promise<void> {
    const header = await this.slice(entry.relativeOffsetOfLocalHeader, 30)
    if (header.readUInt32LE(0) !== 0x04034b50)
      throw new UnsafeArchiveError(
        `The bundle is not a readable zip: ${quoted(info.name)} has no local header where the central directory says.`
      )
    const dataStart =
      entry.relativeOffsetOfLocalHeader + 30 + header.readUInt16LE(26) + header.readUInt16LE(28)
    const data = await this.slice(dataStart, entry.compressedSize)
    // A copy: what a reader keeps must not hold the whole window (stored entries are few).
    if (entry.compressionMethod === 0) return this.handChecked(Buffer.from(data), entry, info, use)
    const chunkSize = outputChunkBytes(entry.uncompressedSize)
    let bytes: Buffer
    try {
      bytes = inflateRawSync(data, {
        maxOutputLength: Math.max(1, entry.uncompressedSize),
        chunkSize
      })
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') throw sizeMismatch(info)
      throw new UnsafeArchiveError(
        `The bundle is not a readable zip: ${quoted(info.name)} does not inflate (${untrusted((error as Error).message)}).`
      )
    }
    // Measured now: a freed output reads as empty.
    const size = bytes.length
    try {
      this.handChecked(bytes, entry, info, use)
    } finally {
      // What each call leaves besides a freed output (its zlib stream) is still garbage, in step
      // with the pages inflated: counted by their size, it is collected every 2 MiB of pages
      // (without it, the zip's peak was 20 MiB higher). An output left to the collector counts
      // whole: zlib allocated all of `chunkSize` for it.
      discarded(freeOutput(bytes, chunkSize) ? size : chunkSize)
    }
  }

  /** Hands the bytes to `use` once their size and CRC-32 are the entry's. */
  private handChecked(
    bytes: Buffer,
    entry: yauzl.Entry,
    info: ArchiveEntryInfo,
    use: (bytes: Buffer) => void
  ): void {
    if (bytes.length !== entry.uncompressedSize) throw sizeMismatch(info)
    checkCrc(crc32(bytes), entry, info)
    use(bytes)
  }

  private async slice(offset: number, length: number): Promise<Buffer> {
    const end = offset + length
    if (offset < this.start || end > this.start + this.bytes.length) {
      // One buffer, reused: what a slice returned is consumed before the next slice is asked for.
      // A slice (a local header, a small entry's data: at most 1 MiB) always fits in it.
      const bytesRead = await this.source.readInto(this.buffer, offset, length)
      this.bytes = this.buffer.subarray(0, bytesRead)
      this.start = offset
      if (bytesRead < length)
        throw new UnsafeArchiveError('The bundle is not a readable zip: it ends inside an entry.')
    }
    return this.bytes.subarray(offset - this.start, end - this.start)
  }
}

/**
 * zlib's output buffer for an entry of `size` bytes: room for the whole output and a byte (one
 * buffer, not 16 KiB pieces and their concatenation; the byte tells zlib the output ended, and a
 * longer one is refused), and never less than half of Node's pool size: Buffer.allocUnsafe cuts
 * smaller buffers from one shared ArrayBuffer, which could not be freed alone (freeOutput).
 */
function outputChunkBytes(size: number): number {
  const bytes = Math.max(size + 1, Buffer.poolSize >>> 1)
  // Never the pool's own size, so that freeOutput cannot mistake a pool for this output.
  return bytes === Buffer.poolSize ? bytes + 1 : bytes
}

/**
 * Frees zlib's output now, when it is the one buffer zlib allocated for the call (of
 * `chunkSize` bytes, from its start), and says whether it did: a view of anything else is left
 * to the collector, and so is everything on a Node without ArrayBuffer.prototype.transfer
 * (before 21).
 */
function freeOutput(bytes: Buffer, chunkSize: number): boolean {
  const memory = bytes.buffer
  if (
    bytes.byteOffset === 0 &&
    memory.byteLength === chunkSize &&
    memory instanceof ArrayBuffer &&
    typeof memory.transfer === 'function'
  ) {
    memory.transfer(0)
    return true
  }
  return false
}

/** yauzl checks sizes, not the CRC-32: every entry's is checked here, small, large or link. */
function checkCrc(crc: number, entry: yauzl.Entry, info: ArchiveEntryInfo): void {
  if (crc !== entry.crc32)
    throw new UnsafeArchiveError(
      `The bundle is damaged: ${quoted(info.name)} does not match its CRC-32; download it again.`
    )
}

function sizeMismatch(info: ArchiveEntryInfo): UnsafeArchiveError {
  return new UnsafeArchiveError(
    `The bundle is unsafe to extract: ${quoted(info.name)} does not inflate to the ${info.sizeBytes} bytes its header declares (an archive bomb, or a damaged zip).`
  )
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
async function eachEntry(
  source: ZipSource,
  visit: (zip: yauzl.ZipFile, entry: yauzl.Entry) => Promise<boolean>
): Promise<void> {
  const { reader, size } = source.reader()
  return new Promise((resolve, reject) => {
    yauzl.fromRandomAccessReader(reader, size, OPEN_OPTIONS, (error, zip) => {
      // yauzl gives an error or a zip file; it leaves the reader open on an error.
      if (error) {
        reader.close(() => undefined)
        return reject(zipError(error))
      }
      // A second stop (an error after the end) settles nothing more; closing twice does nothing.
      const stop = (failure?: unknown) => {
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

/**
 * yauzl's view of the file: its many small reads (46 bytes and a name per central directory
 * record) are served from a 1 MiB window read at once, instead of two thread-pool round trips
 * each; entry data streams come from the file as usual. yauzl reads at most 192 KiB at once (a
 * record's name, extra field and comment; 64 KiB to find the end record): within the window.
 */
class WindowedReader extends yauzl.RandomAccessReader {
  private readonly buffer = Buffer.allocUnsafe(READER_WINDOW_BYTES)
  private window = Buffer.alloc(0)
  private start = 0
  private readonly file: string
  private readonly fd: number

  /** Reads the open file `fd`, which zipFile's source closes. */
  constructor(file: string, fd: number) {
    super()
    this.file = file
    this.fd = fd
  }

  override read(
    buffer: Buffer,
    offset: number,
    length: number,
    position: number,
    callback: (error: Error | null, bytesRead?: number) => void
  ): void {
    try {
      if (position < this.start || position + length > this.start + this.window.length) {
        // One buffer, reused: each read is copied out of it at once.
        const bytesRead = readSync(this.fd, this.buffer, 0, this.buffer.length, position)
        this.window = this.buffer.subarray(0, bytesRead)
        this.start = position
      }
      const from = position - this.start
      const copied = this.window.copy(buffer, offset, from, from + length)
      queueMicrotask(() => callback(null, copied))
    } catch (error) {
      queueMicrotask(() => callback(error as Error))
    }
  }

  override _readStreamForRange(start: number, end: number): Readable {
    return createReadStream(this.file, { start, end: end - 1, highWaterMark: 64 * 1024 })
  }
}

const READER_WINDOW_BYTES = 1024 * 1024

function openStream(zip: yauzl.ZipFile, entry: yauzl.Entry): Promise<Readable> {
  return new Promise((resolve, reject) =>
    zip.openReadStream(entry, (error, stream) =>
      error ? reject(zipError(error)) : resolve(stream)
    )
  )
}

/** A link's target: its bytes, bounded, their CRC-32 checked. */
async function linkTarget(
  stream: Readable,
  entry: yauzl.Entry,
  info: ArchiveEntryInfo
): Promise<string> {
  const chunks: Buffer[] = []
  let size = 0
  // Leaving the loop destroys the stream (see streamEntry).
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
  }
  const target = Buffer.concat(chunks)
  checkCrc(crc32(target), entry, info)
  return target.toString('utf8')
}

/** An error out of an entry's stream: ours passes, yauzl's size check names the entry. */
function sizeError(error: unknown, info: ArchiveEntryInfo): Error {
  if (error instanceof UnsafeArchiveError) return error
  if (/bytes in the stream/.test((error as Error).message)) return sizeMismatch(info)
  return zipError(error as Error)
}

/** yauzl's errors (and the system's, reading the file), in yauzl's words. */
function zipError(error: Error): UnsafeArchiveError {
  return new UnsafeArchiveError(`The bundle is not a readable zip: ${untrusted(error.message)}.`)
}
