import { createHash, type Hash } from 'node:crypto'
import { open, type FileHandle } from 'node:fs/promises'
import { Writable } from 'node:stream'

/**
 * A file writer that hashes and counts each chunk only once it is on disk, so that after a
 * failed transfer the hash and the byte count still describe exactly the bytes in the file,
 * and a resumed transfer can carry on from there without reading the file again.
 */
export class HashingFileSink {
  private hash: Hash = createHash('sha256')
  private written = 0
  /** The write under way, if any: a failed pipeline does not wait for it, we must. */
  private inFlight: Promise<unknown> = Promise.resolve()

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
    await this.file.truncate(0)
    this.hash = createHash('sha256')
    this.written = 0
  }

  /** A stream that appends to the file; back-pressure comes from the disk. */
  writable(onWritten?: (bytesWritten: number) => void): Writable {
    return new Writable({
      highWaterMark: 1024 * 1024,
      write: (chunk: Buffer, _encoding, callback) => {
        this.append(chunk).then(() => {
          onWritten?.(this.written)
          callback()
        }, callback)
      },
      writev: (chunks, callback) => {
        this.append(Buffer.concat(chunks.map(c => c.chunk as Buffer))).then(
          () => callback(),
          callback
        )
      }
    })
  }

  /** Resolves once no write is under way, so bytesWritten is final. */
  async settled(): Promise<void> {
    await this.inFlight
  }

  private append(chunk: Buffer): Promise<void> {
    const write = this.writeAt(chunk)
    this.inFlight = write.catch(() => undefined)
    return write
  }

  private async writeAt(chunk: Buffer): Promise<void> {
    let offset = 0
    while (offset < chunk.length) {
      const { bytesWritten } = await this.file.write(
        chunk,
        offset,
        chunk.length - offset,
        this.written + offset
      )
      offset += bytesWritten
    }
    this.hash.update(chunk)
    this.written += chunk.length
  }

  /** Closes the file and returns the hex SHA-256 of everything in it. */
  async finish(): Promise<string> {
    await this.file.close()
    return this.hash.digest('hex')
  }

  async close(): Promise<void> {
    await this.file.close().catch(() => undefined)
  }
}
