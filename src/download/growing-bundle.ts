import { closeSync, openSync, read } from 'node:fs'
import { promisify } from 'node:util'
import type { RangeRequest } from './tail.js'

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
  /** How to ask the store for a part of the object this start downloads, when it takes ranges. */
  private ranges: RangeRequest | undefined
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

  /**
   * The size the store gave the bundle (a whole body's Content-Length), when it gave one, and
   * how to ask for a part of it when the store takes ranges (a zip's directory, at its end).
   */
  sized(totalBytes: number | undefined, ranges?: RangeRequest): void {
    this.storeBytes = totalBytes
    this.ranges = ranges
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
    this.ranges = undefined
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

  /** How to ask the store for a part of the object `attempt` downloads; undefined without ranges. */
  rangeRequest(attempt: number): RangeRequest | undefined {
    this.throwIfStopped(attempt)
    return this.ranges
  }

  /** The download's error once it failed, a BundleRestartedError once it started over. */
  stopped(attempt: number): unknown {
    if (typeof this.outcome === 'object') return this.outcome.error
    if (attempt !== this.restarts) return new BundleRestartedError()
    return undefined
  }

  /** Throws what `stopped` gives. */
  throwIfStopped(attempt: number): void {
    const stop = this.stopped(attempt)
    if (stop !== undefined) throw stop
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
        const bytes = Buffer.allocUnsafe(Math.min(length, this.prefixBytes))
        const read = await this.readFile(0, bytes)
        if (attempt === this.restarts) return { bytes: bytes.subarray(0, read), attempt }
        continue
      }
      await this.change()
    }
  }

  /**
   * The bundle's bytes in order from `from` to `to` (its verified end by default), as they
   * come. Throws BundleRestartedError when the download starts over after `attempt`, and the
   * download's error when it fails.
   */
  async *bytes(attempt: number, from = 0, to = Number.POSITIVE_INFINITY): AsyncGenerator<Buffer> {
    let position = from
    while (position < to) {
      const available = await this.available(attempt, position, 1)
      if (available === 0) {
        if (to === Number.POSITIVE_INFINITY) return
        throw new Error(`The bundle file ends before byte ${to}.`)
      }
      // Sized to what is there: a reader that keeps a chunk (node-tar, a page) keeps no more.
      const chunk = Buffer.allocUnsafe(Math.min(READ_BYTES, to - position, available))
      const read = await this.readAt(attempt, position, chunk)
      position += read
      yield chunk
    }
  }

  /**
   * Reads into `buffer` from `position` what is on disk, once at least `atLeast` bytes are (or
   * the verified bundle ends first): the bytes read, 0 at the end. Throws as `bytes()` does.
   */
  async readInto(
    attempt: number,
    buffer: Buffer,
    position: number,
    atLeast: number
  ): Promise<number> {
    const available = await this.available(attempt, position, atLeast)
    return this.readAt(attempt, position, buffer.subarray(0, Math.min(buffer.length, available)))
  }

  /**
   * The bytes on disk from `position`, once at least `atLeast` are (or the verified bundle ends
   * first: then what is left, 0 at its end).
   */
  private async available(attempt: number, position: number, atLeast: number): Promise<number> {
    for (;;) {
      // A failed (or cancelled) download stops the reader at once, bytes left on disk or not.
      this.throwIfStopped(attempt)
      const available = this.prefixBytes - position
      if (available >= atLeast) return available
      if (this.outcome === 'verified') return Math.max(0, available)
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
      this.throwIfStopped(attempt)
      if (this.outcome === 'verified') return
      await this.change()
    }
  }

  private throwIfFailed(): void {
    if (typeof this.outcome === 'object') throw this.outcome.error
  }

  /** Fills `buffer` from `position`: bytes the download vouched for, of the start `attempt`. */
  private async readAt(attempt: number, position: number, buffer: Buffer): Promise<number> {
    const read = await this.readFile(position, buffer)
    // Read while the file was emptied and filled again: the bytes may be of the new start.
    this.throwIfStopped(attempt)
    if (read < buffer.length)
      throw new Error(`The bundle file ends before byte ${position + buffer.length}.`)
    return read
  }

  /** One read: a regular file gives fewer bytes than asked only at its end. */
  private async readFile(position: number, buffer: Buffer): Promise<number> {
    if (this.fd === undefined) throw new Error('The bundle file is not open.')
    const { bytesRead } = await readAt(this.fd, buffer, 0, buffer.length, position)
    return bytesRead
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
