import { Readable } from 'node:stream'
import yauzl from 'yauzl'
import type { GrowingBundle } from '../download/growing-bundle.js'
import { DownloadError } from '../download/errors.js'
import { fetchRange, type RangeRequest } from '../download/tail.js'
import { describeNetworkError } from '../util/network-error.js'
import type { ZipSource } from './zip-reader.js'

/** Bytes asked for at once when yauzl reads the directory: most sites' whole directory. */
const FETCH_BYTES = 4 * 1024 * 1024
/** More directory than this (some 500,000 entries) is read from the file once downloaded. */
const MAX_DIRECTORY_BYTES = 64 * 1024 * 1024

/** The zip cannot be read while it downloads: it is extracted from the file afterwards. */
export class ZipAheadUnavailableError extends Error {
  override name = 'ZipAheadUnavailableError'

  /** True when the store contradicted itself (its ranges differ from its body, one ETag). */
  readonly storeContradicted: boolean

  constructor(message: string, { storeContradicted = false } = {}) {
    super(message)
    this.storeContradicted = storeContradicted
  }
}

/**
 * A zip read while it downloads. Its directory, at its end, is fetched first over a ranged
 * request of its own (the same object: the download's validator guards it); the entries are
 * then read from the file as the download writes it, in the directory's order (the order
 * they lie in, in what zip tools write; another order only waits longer), each read waiting
 * for its bytes. Once the download is verified, every byte fetched is compared with the
 * file's: the extracted site stands only if the store's ranges agree with its whole body.
 *
 * No zip library reads an archive as it arrives with its directory's guards (the writer
 * checks the declared sizes before a byte is written); stream parsers trust local headers,
 * which a zip may contradict. Hence this source for yauzl, which reads through a reader.
 */
export class GrowingZip implements ZipSource {
  /** What the ranged requests brought, where it lies in the zip. */
  private readonly fetched: Array<{ start: number; bytes: Buffer }> = []
  private fetchedBytes = 0
  private directoryDone = false
  private firstFailure: unknown
  private readonly growing: GrowingBundle
  private readonly attempt: number
  private readonly request: RangeRequest
  private readonly maxDirectoryBytes: number
  private readonly fetchBytes: number

  /** The limits are the module's; a test gives smaller ones. */
  constructor(
    growing: GrowingBundle,
    attempt: number,
    request: RangeRequest,
    { maxDirectoryBytes = MAX_DIRECTORY_BYTES, fetchBytes = FETCH_BYTES } = {}
  ) {
    this.growing = growing
    this.attempt = attempt
    this.request = request
    this.maxDirectoryBytes = maxDirectoryBytes
    this.fetchBytes = fetchBytes
  }

  reader(): { reader: yauzl.RandomAccessReader; size: number } {
    return { reader: new GrowingZipReader(this), size: this.request.totalBytes }
  }

  readInto(buffer: Buffer, position: number, atLeast: number): Promise<number> {
    return this.recording(this.growing.readInto(this.attempt, buffer, position, atLeast))
  }

  directoryRead(): void {
    this.directoryDone = true
  }

  /** The first failure of this source, which wins over yauzl's words for it. */
  get failure(): unknown {
    return this.firstFailure
  }

  async finish(): Promise<void> {
    await this.recording(this.growing.settled(this.attempt))
    await this.confirm()
  }

  /**
   * Once the download is verified: throws ZipAheadUnavailableError unless every byte fetched is
   * the file's. What was read with them (a site, or a refusal) stands only then.
   */
  async confirm(): Promise<void> {
    for (const { start, bytes } of this.fetched) {
      const onDisk = Buffer.allocUnsafe(bytes.length)
      const read = await this.readInto(onDisk, start, bytes.length)
      if (!onDisk.subarray(0, read).equals(bytes))
        throw this.recorded(
          new ZipAheadUnavailableError(
            `the store's answer to a ranged request for bytes ${start}-${start + bytes.length - 1} differs from the downloaded bundle`,
            { storeContradicted: true }
          )
        )
    }
  }

  /** The bundle file is the run's to close (GrowingBundle.close), not the zip reader's. */
  async close(): Promise<void> {}

  /**
   * yauzl's reads: from what was fetched, when it holds them; while the directory is read, from
   * the store; then from the file, once the download has written them.
   */
  async read(target: Buffer, position: number): Promise<number> {
    const end = position + target.length
    const held = this.fetched.find(
      ({ start, bytes }) => start <= position && end <= start + bytes.length
    )
    if (held) return held.bytes.copy(target, 0, position - held.start)
    if (this.directoryDone) return this.readInto(target, position, target.length)
    const bytes = await this.fetch(position, target.length)
    return bytes.copy(target, 0, 0, target.length)
  }

  /** Entry data for yauzl's stream, as the download writes it. */
  stream(start: number, end: number): Readable {
    return Readable.from(this.recordingFailures(this.growing.bytes(this.attempt, start, end)), {
      objectMode: false
    })
  }

  private async fetch(position: number, length: number): Promise<Buffer> {
    // Nothing is there (a directory that points past the end): yauzl says so, in its words.
    if (position >= this.request.totalBytes) return Buffer.alloc(0)
    const end = Math.min(this.request.totalBytes, position + Math.max(length, this.fetchBytes))
    if (this.fetchedBytes + (end - position) > this.maxDirectoryBytes)
      throw this.recorded(
        new ZipAheadUnavailableError(`its directory is larger than ${this.maxDirectoryBytes} bytes`)
      )
    const chunks: Buffer[] = []
    try {
      await fetchRange(this.request, position, end, bytes => chunks.push(bytes))
    } catch (error) {
      // A start over or a failure of the download says more than the ranged request's error.
      const stop = this.growing.stopped(this.attempt)
      if (stop !== undefined) throw this.recorded(stop)
      const why = error instanceof DownloadError ? error.message : describeNetworkError(error)
      throw this.recorded(
        new ZipAheadUnavailableError(`the store did not give its directory (${why})`)
      )
    }
    const bytes = Buffer.concat(chunks)
    this.fetched.push({ start: position, bytes })
    this.fetchedBytes += bytes.length
    return bytes
  }

  /** Records the source's first failure, whatever yauzl then makes of it. */
  private recorded(error: unknown): unknown {
    this.firstFailure ??= error
    return error
  }

  private recording<T>(work: Promise<T>): Promise<T> {
    return work.catch((error: unknown) => {
      throw this.recorded(error)
    })
  }

  private async *recordingFailures(bytes: AsyncGenerator<Buffer>): AsyncGenerator<Buffer> {
    try {
      yield* bytes
    } catch (error) {
      throw this.recorded(error)
    }
  }
}

/** yauzl's reader over a GrowingZip. */
class GrowingZipReader extends yauzl.RandomAccessReader {
  private readonly zip: GrowingZip

  constructor(zip: GrowingZip) {
    super()
    this.zip = zip
  }

  override read(
    buffer: Buffer,
    offset: number,
    length: number,
    position: number,
    callback: (error: Error | null, bytesRead?: number) => void
  ): void {
    this.zip.read(buffer.subarray(offset, offset + length), position).then(
      read => callback(null, read),
      (error: unknown) => callback(error as Error)
    )
  }

  override _readStreamForRange(start: number, end: number): Readable {
    return this.zip.stream(start, end)
  }
}
