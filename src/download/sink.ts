import { open, type FileHandle } from 'node:fs/promises'
import { Writable } from 'node:stream'
import { discarded } from '../util/young-garbage.js'
import { DiskThread, type DiskReply, type DiskRequest } from './disk-thread.js'
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

/** Received bytes are gathered into blocks of this size for the disk thread. */
const BLOCK_BYTES = 1024 * 1024
/** Blocks in all (being filled, queued or written): the sink's memory, whatever the bundle. */
const MAX_BLOCKS = 4

/**
 * The bundle file, filled in order by the front stream and hashed on the way. Received chunks
 * are copied into a few reusable blocks, which a disk thread hashes and writes while the main
 * thread receives the next ones; when all blocks are busy, the stream waits (back-pressure).
 * Other writers (the tail helpers) may fill later parts of the file through `handle`;
 * `adopt()` then hashes their bytes from disk. After `settled()`, `bytesWritten` and the hash
 * describe exactly the bytes in the file, so a resumed transfer carries on from there.
 */
export class HashingFileSink {
  /** Bytes taken in: on disk, queued, or in the block being filled. */
  private accepted = 0
  private block: Uint8Array | undefined
  private blockFill = 0
  private readonly spareBlocks: ArrayBuffer[] = []
  private blocksMade = 0
  /** Writes sent to the disk thread, oldest first. */
  private readonly queued: Array<Promise<void>> = []
  private failure: Error | undefined

  private constructor(
    private readonly file: FileHandle,
    private readonly disk: DiskThread,
    readonly path: string
  ) {}

  static async create(path: string): Promise<HashingFileSink> {
    // Read as well as write: bytes other writers put in the file are read back for the hash.
    const file = await open(path, 'w+')
    return new HashingFileSink(file, new DiskThread(file.fd), path)
  }

  get bytesWritten(): number {
    return this.accepted
  }

  /** The open file, for writers that fill other parts of it at their own offsets. */
  get handle(): FileHandle {
    return this.file
  }

  /** A stream that appends to the file; back-pressure comes when the disk falls behind. */
  writable(onWritten?: (bytesWritten: number) => void): Writable {
    return new Writable({
      write: (chunk: Buffer, _encoding, callback) => {
        this.append(chunk).then(() => {
          onWritten?.(this.accepted)
          callback()
        }, callback)
      },
      final: callback => {
        this.settled().then(() => callback(), callback)
      }
    })
  }

  /**
   * Takes in the bytes up to `end` that other writers put in the file after ours, reading them
   * back for the hash; afterwards the sink describes the file up to `end`.
   */
  async adopt(end: number): Promise<void> {
    await this.settled()
    await this.request({ op: 'adopt', end })
    this.accepted = end
  }

  /** Drops everything written so far: the server ignored our range and sent the whole body. */
  async restart(): Promise<void> {
    await this.settled().catch(() => undefined)
    this.failure = undefined
    await this.file.truncate(0)
    await this.request({ op: 'reset' })
    this.accepted = 0
  }

  /** Resolves once every byte taken in is on disk and hashed; rejects if a write failed. */
  async settled(): Promise<void> {
    this.sendBlock()
    await Promise.allSettled(this.queued)
    if (this.failure) throw this.failure
  }

  /** Closes the file and returns the hex SHA-256 of everything in it. */
  async finish(): Promise<string> {
    await this.settled()
    const { digest } = await this.request({ op: 'digest' })
    await this.close()
    return digest as string
  }

  async close(): Promise<void> {
    await this.settled().catch(() => undefined)
    await this.disk.stop()
    await this.file.close().catch(() => undefined)
  }

  private async append(chunk: Buffer): Promise<void> {
    for (let offset = 0; offset < chunk.length;) {
      if (this.failure) throw this.failure
      const block = (this.block ??= new Uint8Array(await this.spareBlock()))
      const size = Math.min(chunk.length - offset, block.length - this.blockFill)
      block.set(chunk.subarray(offset, offset + size), this.blockFill)
      this.blockFill += size
      this.accepted += size
      offset += size
      if (this.blockFill === block.length) this.sendBlock()
    }
    discarded(chunk.length)
  }

  /** A free block: a new one while fewer than MAX_BLOCKS exist, else the next one written. */
  private async spareBlock(): Promise<ArrayBuffer> {
    while (this.spareBlocks.length === 0 && this.blocksMade >= MAX_BLOCKS) {
      await this.queued[0]
      if (this.failure) throw this.failure
    }
    const spare = this.spareBlocks.pop()
    if (spare) return spare
    this.blocksMade += 1
    return new ArrayBuffer(BLOCK_BYTES)
  }

  /** Hands the block being filled, if it holds anything, to the disk thread. */
  private sendBlock(): void {
    if (!this.block || this.blockFill === 0) return
    const length = this.blockFill
    const request: DiskRequest = {
      op: 'write',
      block: this.block.buffer as ArrayBuffer,
      length,
      position: this.accepted - length
    }
    this.block = undefined
    this.blockFill = 0
    const write = this.request(request)
      .then(reply => {
        if (reply.block) this.spareBlocks.push(reply.block)
      })
      .catch((error: Error) => {
        this.failure ??= error
      })
      .finally(() => this.queued.splice(this.queued.indexOf(write), 1))
    this.queued.push(write)
  }

  private async request(request: DiskRequest): Promise<DiskReply & { ok: true }> {
    const reply: DiskReply = await this.disk
      .call(request)
      .catch((error: Error) => ({ ok: false, message: error.message }))
    if (reply.ok) return reply
    if (reply.block) this.spareBlocks.push(reply.block)
    // Not worth a retry: a full or read-only disk stays so, and the file is now unknown.
    throw new DownloadError(
      `Writing the bundle to ${this.path} failed (${reply.message}); check the free space and permissions of \`path\`.`,
      false
    )
  }
}
