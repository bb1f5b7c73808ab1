import { createHash, type Hash } from 'node:crypto'
import { writeSync } from 'node:fs'
import { open, type FileHandle } from 'node:fs/promises'
import { DownloadError } from './errors.js'

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

/**
 * Bytes per write call: one socket read (Node reads at most 64 KiB) is one write. On the
 * benchmark's VM, 64 KiB writes cost about 15% less system time per GiB than 32 KiB ones, while
 * 1 MiB writes made the page cache take large folios and cost 2–6× more.
 */
const WRITE_SLICE_BYTES = 64 * 1024

/**
 * Writes `bytes` at `position` of an open file synchronously, in WRITE_SLICE_BYTES calls: how
 * the front stream and the tail helpers write. A write to the page cache takes microseconds;
 * the tail's handing each chunk to the thread pool instead (fs/promises) cost 15–25% more CPU
 * in the 1 GiB download into RAM over four connections (bench, issue #21).
 */
export function writeAtSync(file: FileHandle, bytes: Buffer, position: number, path: string): void {
  try {
    for (let offset = 0; offset < bytes.length;) {
      const size = Math.min(WRITE_SLICE_BYTES, bytes.length - offset)
      offset += writeSync(file.fd, bytes, offset, size, position + offset)
    }
  } catch (error) {
    // Not worth a retry: a full or read-only disk stays so.
    throw new DownloadError(
      `Writing the bundle to ${path} failed (${(error as Error).message}); check the free space and permissions of \`path\`.`,
      false
    )
  }
}

/** Told how much of the file is written in order, and when it is emptied (a GrowingBundle). */
export interface SinkObserver {
  grown(bytes: number): void
  restarted(): void
}

/**
 * The bundle file, filled in order by the front stream and hashed on the way (unless asked not
 * to); other writers (the tail helpers) may fill later parts of it through `handle`, which
 * `adopt()` then hashes from disk. `bytesWritten` and the hash always describe exactly the bytes
 * in the file, so a resumed transfer carries on from there.
 *
 * Each chunk is hashed and written before the next is read, as curl does. The alternatives were
 * measured on the 1 GiB benchmark (README, Performance): writes in the thread pool were slower
 * and keep every buffer in flight alive, so memory grew with speed; hashing and writing in a
 * worker thread was no faster on a 2-core runner (the CPU is the limit) but cost 15 MiB more.
 */
export class BundleFileSink {
  /** Undefined when no SHA-256 is wanted (`checksum: none`): the bytes are only written. */
  private hash: Hash | undefined
  private written = 0

  private constructor(
    private readonly file: FileHandle,
    readonly path: string,
    private readonly hashed: boolean,
    private readonly observer: SinkObserver | undefined
  ) {
    this.hash = hashed ? createHash('sha256') : undefined
  }

  static async create(
    path: string,
    { sha256 = true, observer }: { sha256?: boolean; observer?: SinkObserver } = {}
  ): Promise<BundleFileSink> {
    // Read as well as write: bytes other writers put in the file are read back for the hash.
    return new BundleFileSink(await open(path, 'w+'), path, sha256, observer)
  }

  get bytesWritten(): number {
    return this.written
  }

  /** The open file, for writers that fill other parts of it at their own offsets. */
  get handle(): FileHandle {
    return this.file
  }

  /** Appends `chunk` to the file and the hash. */
  append(chunk: Buffer): void {
    writeAtSync(this.file, chunk, this.written, this.path)
    this.hash?.update(chunk)
    this.written += chunk.length
    this.observer?.grown(this.written)
  }

  /**
   * Takes in the bytes up to `end` that other writers put in the file after ours, reading them
   * back for the hash; afterwards the sink describes the file up to `end`.
   */
  async adopt(end: number): Promise<void> {
    if (!this.hash) {
      this.written = Math.max(this.written, end)
      this.observer?.grown(this.written)
      return
    }
    const buffer = Buffer.allocUnsafe(1024 * 1024)
    while (this.written < end) {
      const want = Math.min(buffer.length, end - this.written)
      const { bytesRead } = await this.file.read(buffer, 0, want, this.written)
      if (bytesRead === 0) throw new Error(`the file ends at ${this.written}, before ${end}`)
      this.hash.update(buffer.subarray(0, bytesRead))
      this.written += bytesRead
      this.observer?.grown(this.written)
    }
  }

  /** Drops everything written so far: the server ignored our range and sent the whole body. */
  async restart(): Promise<void> {
    // Told first: a reader's read racing the truncate must learn it was of the old start.
    this.written = 0
    this.observer?.restarted()
    await this.file.truncate(0)
    this.hash = this.hashed ? createHash('sha256') : undefined
  }

  /** Closes the file and returns the hex SHA-256 of everything in it, when it was hashed. */
  async finish(): Promise<string | undefined> {
    await this.file.close()
    return this.hash?.digest('hex')
  }

  async close(): Promise<void> {
    await this.file.close().catch(() => undefined)
  }
}
