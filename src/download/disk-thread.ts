import { Worker } from 'node:worker_threads'

/** What the main thread asks of the disk thread; each request gets one reply, in order. */
export type DiskRequest =
  /** Append `length` bytes of `block` at `position` (the end of what is hashed) and hash them. */
  | { op: 'write'; block: ArrayBuffer; length: number; position: number }
  /** Read back the bytes other writers put in the file after ours, up to `end`, for the hash. */
  | { op: 'adopt'; end: number }
  /** The file was emptied: start the hash over. */
  | { op: 'reset' }
  | { op: 'digest' }

export type DiskReply =
  | { ok: true; block?: ArrayBuffer; digest?: string }
  | { ok: false; message: string; code?: string; block?: ArrayBuffer }

/**
 * Bytes per write call. curl writes 16 KiB at a time; on the benchmark's VM, writes of 1 MiB
 * made the page cache take large folios and cost 2–6× more system time per GiB than 16–32 KiB
 * writes (bench/results.md), so blocks go to disk in slices of this size.
 */
export const WRITE_SLICE_BYTES = 32 * 1024

/**
 * The disk thread's whole program. It is sent to the worker as source text (the bundle is one
 * file, and a worker needs a script of its own), so it must not use anything from outside its
 * body: built-in modules come from `process.getBuiltinModule`.
 */
function diskThreadMain(): void {
  const { parentPort, workerData } = process.getBuiltinModule('node:worker_threads')
  const { readSync, writeSync } = process.getBuiltinModule('node:fs')
  const { createHash } = process.getBuiltinModule('node:crypto')
  const { fd, sliceBytes } = workerData as { fd: number; sliceBytes: number }
  let hash = createHash('sha256')
  let hashed = 0
  let readBack: Buffer | undefined

  const handlers = {
    write(request: Extract<DiskRequest, { op: 'write' }>): DiskReply {
      if (request.position !== hashed)
        throw new Error(`write at ${request.position}, but the file is hashed up to ${hashed}`)
      const bytes = Buffer.from(request.block, 0, request.length)
      for (let offset = 0; offset < bytes.length;) {
        const size = Math.min(sliceBytes, bytes.length - offset)
        offset += writeSync(fd, bytes, offset, size, request.position + offset)
      }
      hash.update(bytes)
      hashed += bytes.length
      return { ok: true, block: request.block }
    },
    adopt(request: Extract<DiskRequest, { op: 'adopt' }>): DiskReply {
      readBack ??= Buffer.allocUnsafe(1024 * 1024)
      while (hashed < request.end) {
        const want = Math.min(readBack.length, request.end - hashed)
        const read = readSync(fd, readBack, 0, want, hashed)
        if (read === 0) throw new Error(`the file ends at ${hashed}, before ${request.end}`)
        hash.update(readBack.subarray(0, read))
        hashed += read
      }
      return { ok: true }
    },
    reset(): DiskReply {
      hash = createHash('sha256')
      hashed = 0
      return { ok: true }
    },
    digest(): DiskReply {
      return { ok: true, digest: hash.digest('hex') }
    }
  }

  parentPort?.on('message', (request: DiskRequest) => {
    const block = request.op === 'write' ? request.block : undefined
    let reply: DiskReply
    try {
      reply = handlers[request.op](request as never)
    } catch (error) {
      const err = error as NodeJS.ErrnoException
      reply = { ok: false, message: err.message, code: err.code, block }
    }
    parentPort.postMessage(reply, reply.block ? [reply.block] : [])
  })
}

/**
 * A worker thread that hashes and writes the bundle file, so that hashing (≈0.5 s per GiB)
 * and the write system calls run beside the main thread, which only receives. Requests are
 * served one at a time in the order sent; blocks travel by transfer, never copied.
 */
export class DiskThread {
  private readonly worker: Worker
  private readonly waiting: Array<{
    resolve: (reply: DiskReply) => void
    reject: (error: Error) => void
  }> = []
  private failure: Error | undefined

  constructor(fd: number) {
    this.worker = new Worker(`(${diskThreadMain.toString()})()`, {
      eval: true,
      workerData: { fd, sliceBytes: WRITE_SLICE_BYTES },
      // Its heap holds a few small objects: the blocks are outside it.
      resourceLimits: { maxYoungGenerationSizeMb: 1, maxOldGenerationSizeMb: 16 }
    })
    this.worker.on('message', (reply: DiskReply) => this.waiting.shift()?.resolve(reply))
    this.worker.on('error', error => this.fail(error))
    this.worker.on('exit', code => this.fail(new Error(`the disk thread stopped (exit ${code})`)))
  }

  /** Sends one request; resolves with its reply. */
  call(request: DiskRequest): Promise<DiskReply> {
    if (this.failure) return Promise.reject(this.failure)
    return new Promise((resolve, reject) => {
      this.waiting.push({ resolve, reject })
      this.worker.postMessage(request, request.op === 'write' ? [request.block] : [])
    })
  }

  /** Stops the thread; requests still waiting are rejected. */
  async stop(): Promise<void> {
    this.failure ??= new Error('the disk thread was stopped')
    await this.worker.terminate()
  }

  private fail(error: Error): void {
    this.failure ??= error
    for (const waiter of this.waiting.splice(0)) waiter.reject(this.failure)
  }
}
