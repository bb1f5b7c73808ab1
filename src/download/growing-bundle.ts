import { closeSync, openSync, read } from 'node:fs'
import { promisify } from 'node:util'

const readAt = promisify(read)

/** Bytes read from the file at a time, as a file read stream does. */
const READ_BYTES = 64 * 1024

/** The download started over (the object changed, or the store ignored a range). */
export class BundleRestartedError extends Error {
  constructor() {
    super('The download started over; what was read of the bundle is of no use.')
    this.name = 'BundleRestartedError'
  }
}

/**
 * The bundle while it downloads, for a reader that starts before the download ends (a tar.gz
 * is extracted as it arrives). The download says how much of the file, from its start, is on
 * disk (the tail helpers' later parts count once the front has adopted them) and when it
 * starts over; a reader reads up to that prefix, waits for more, and sees the end only once
 * the download is verified (its size and SHA-256), so what it extracts is never reported
 * before the bundle is known sound.
 *
 * Following the file, rather than teeing the response body, keeps the download as it is:
 * resumes, the parallel tail and the hash need no second consumer that could hold them back.
 */
export class GrowingBundle {
  private prefixBytes = 0
  private storeBytes: number | undefined
  /** Counts the download's starts over; a reader of an earlier one is stopped. */
  private restarts = 0
  private outcome: 'downloading' | 'verified' | { error: unknown } = 'downloading'
  private fd: number | undefined
  /** Readers waiting for a change (a reader given up on may still be among them). */
  private waiting: Array<() => void> = []

  /** Opened now, before any byte is written: the handle outlives the file's rename or removal. */
  attach(path: string): void {
    this.fd = openSync(path, 'r')
  }

  /** The size the store gave the bundle (a whole body's Content-Length), when it gave one. */
  sized(totalBytes: number | undefined): void {
    this.storeBytes = totalBytes
  }

  /** The first `bytes` bytes are on disk, in order. */
  grown(bytes: number): void {
    this.prefixBytes = bytes
    this.wake()
  }

  /** The file was emptied to download it again from the start. */
  restarted(): void {
    this.restarts += 1
    this.prefixBytes = 0
    this.wake()
  }

  /** The download ended and its checks passed: the prefix is the whole bundle. */
  verified(): void {
    this.outcome = 'verified'
    this.wake()
  }

  /** The download failed for good: a reader gets its error. */
  failed(error: unknown): void {
    if (this.outcome === 'downloading') this.outcome = { error }
    this.wake()
  }

  /** The bundle's size as the store last gave it. */
  get totalBytes(): number | undefined {
    return this.storeBytes
  }

  /** Bytes on disk from the start of the file. */
  get prefix(): number {
    return this.prefixBytes
  }

  /** Once nobody reads: releases the file handle. */
  close(): void {
    if (this.fd !== undefined) closeSync(this.fd)
    this.fd = undefined
  }

  /**
   * The first `length` bytes (fewer if the whole bundle is shorter) once they are on disk, and
   * which start of the download they belong to, for `bytes()` to go on with the same one.
   */
  async head(length: number): Promise<{ bytes: Buffer; attempt: number }> {
    for (;;) {
      this.throwIfFailed()
      const attempt = this.restarts
      if (this.prefixBytes >= length || this.outcome === 'verified') {
        const want = Math.min(length, this.prefixBytes)
        const bytes = await this.readAt(0, want)
        if (attempt === this.restarts) return { bytes, attempt }
        continue
      }
      await this.change()
    }
  }

  /**
   * The bundle's bytes in order, as they come, until the verified end. Throws
   * BundleRestartedError when the download starts over after `attempt`, and the download's
   * error when it fails.
   */
  async *bytes(attempt: number): AsyncGenerator<Buffer> {
    let position = 0
    for (;;) {
      // A failed (or cancelled) download stops the reader at once, bytes left on disk or not.
      this.throwIfFailed()
      if (attempt !== this.restarts) throw new BundleRestartedError()
      if (position < this.prefixBytes) {
        const want = Math.min(READ_BYTES, this.prefixBytes - position)
        const chunk = await this.readAt(position, want)
        // Read while the file was emptied and filled again: the bytes may be of the new start.
        if (attempt !== this.restarts) throw new BundleRestartedError()
        if (chunk.length < want)
          throw new Error(`The bundle file ends before byte ${this.prefixBytes}.`)
        position += chunk.length
        yield chunk
        continue
      }
      if (this.outcome === 'verified') return
      await this.change()
    }
  }

  /**
   * Resolves once the download of `attempt` is verified; throws BundleRestartedError if it
   * started over, the download's error if it failed. A reader that ended early (a gzip
   * followed by padding ends before its file does) waits here before its result stands.
   */
  async settled(attempt: number): Promise<void> {
    for (;;) {
      this.throwIfFailed()
      if (attempt !== this.restarts) throw new BundleRestartedError()
      if (this.outcome === 'verified') return
      await this.change()
    }
  }

  private throwIfFailed(): void {
    if (typeof this.outcome === 'object') throw this.outcome.error
  }

  /** One read: a regular file gives fewer bytes than asked only at its end. */
  private async readAt(position: number, length: number): Promise<Buffer> {
    if (this.fd === undefined) throw new Error('The bundle file is not open.')
    const buffer = Buffer.allocUnsafe(length)
    const { bytesRead } = await readAt(this.fd, buffer, 0, length, position)
    return buffer.subarray(0, bytesRead)
  }

  private change(): Promise<void> {
    return new Promise(resolve => this.waiting.push(resolve))
  }

  private wake(): void {
    const waiting = this.waiting
    this.waiting = []
    for (const resolve of waiting) resolve()
  }
}
