import { createHash, type Hash } from 'node:crypto'
import { open, type FileHandle } from 'node:fs/promises'
import { Writable } from 'node:stream'

/** Writes `bytes` at `position` of an open file, whatever the size of each write call. */
export async function writeAt(file: FileHandle, bytes: Buffer, position: number): Promise<void> {
  for (let offset = 0; offset < bytes.length;) {
    const { bytesWritten } = await file.write(
      bytes,
      offset,
      bytes.length - offset,
      position + offset
    )
    offset += bytesWritten
  }
}

/** Bytes handed to the thread pool and not yet written, before the stream waits. */
const MAX_IN_FLIGHT_BYTES = 8 * 1024 * 1024

/**
 * A file writer that hashes each chunk as it arrives while the writes run in the thread pool,
 * several at once at their own offsets: the main thread only receives and hashes, so a 1 GiB
 * download is not held up by one disk round trip per chunk (bench/results.md). After a failed
 * transfer, `settled()` waits for the writes under way, so the hash and the byte count then
 * describe exactly the bytes in the file and a resumed transfer carries on from there.
 */
export class HashingFileSink {
  private hash: Hash = createHash('sha256')
  private written = 0
  private readonly inFlight = new Set<Promise<void>>()
  private inFlightBytes = 0
  private writeError: Error | undefined

  private constructor(
    private readonly file: FileHandle,
    readonly path: string
  ) {}

  static async create(path: string): Promise<HashingFileSink> {
    // Read as well as write: bytes other writers put in the file are read back for the hash.
    return new HashingFileSink(await open(path, 'w+'), path)
  }

  get bytesWritten(): number {
    return this.written
  }

  /** The open file, for writers that fill other parts of it at their own offsets. */
  get handle(): FileHandle {
    return this.file
  }

  /**
   * Takes in the bytes up to `end` that other writers put in the file after ours, reading them
   * back for the hash; afterwards the sink describes the file up to `end`.
   */
  async adopt(end: number): Promise<void> {
    const buffer = Buffer.allocUnsafe(1024 * 1024)
    while (this.written < end) {
      const want = Math.min(buffer.length, end - this.written)
      const { bytesRead } = await this.file.read(buffer, 0, want, this.written)
      if (bytesRead === 0) throw new Error(`the file ends at ${this.written}, before ${end}`)
      this.hash.update(buffer.subarray(0, bytesRead))
      this.written += bytesRead
    }
  }

  /** Drops everything written so far: the server ignored our range and sent the whole body. */
  async restart(): Promise<void> {
    await this.settled().catch(() => undefined)
    this.writeError = undefined
    await this.file.truncate(0)
    this.hash = createHash('sha256')
    this.written = 0
  }

  /** A stream that appends to the file; back-pressure comes when the disk falls behind. */
  writable(onWritten?: (bytesWritten: number) => void): Writable {
    return new Writable({
      write: (chunk: Buffer, _encoding, callback) => {
        if (this.writeError) return callback(this.writeError)
        this.hash.update(chunk)
        this.queueWrite(chunk, this.written)
        this.written += chunk.length
        onWritten?.(this.written)
        if (this.inFlightBytes <= MAX_IN_FLIGHT_BYTES) return callback()
        Promise.race(this.inFlight).then(() => callback(this.writeError), callback)
      },
      final: callback => {
        this.settled().then(() => callback(), callback)
      }
    })
  }

  /** Resolves once every write handed out is done; rejects if one failed. */
  async settled(): Promise<void> {
    await Promise.all(this.inFlight)
    if (this.writeError) throw this.writeError
  }

  private queueWrite(chunk: Buffer, position: number): void {
    this.inFlightBytes += chunk.length
    const write = writeAt(this.file, chunk, position)
      .catch((error: Error) => {
        this.writeError ??= error
      })
      .finally(() => {
        this.inFlightBytes -= chunk.length
        this.inFlight.delete(write)
      })
    this.inFlight.add(write)
  }

  /** Closes the file and returns the hex SHA-256 of everything in it. */
  async finish(): Promise<string> {
    await this.settled()
    await this.file.close()
    return this.hash.digest('hex')
  }

  async close(): Promise<void> {
    await this.settled().catch(() => undefined)
    await this.file.close().catch(() => undefined)
  }
}
