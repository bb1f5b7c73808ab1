import { randomBytes } from 'node:crypto'
import { gzipSync } from 'node:zlib'
import { readdirSync } from 'node:fs'
import { mkdtemp, rename, rm, truncate, writeFile, appendFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { BundleRestartedError, GrowingBundle } from '../../src/download/growing-bundle.js'
import { tarSource } from '../../src/archive/tar-reader.js'
import { BundleFileSink } from '../../src/download/sink.js'

let dir: string
let path: string
let bundle: GrowingBundle

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'growing-'))
  path = join(dir, 'bundle.part')
  await writeFile(path, '')
  bundle = new GrowingBundle()
  bundle.attach(path)
})
afterEach(async () => {
  bundle.close()
  await rm(dir, { recursive: true, force: true })
})

/** Appends `bytes` to the file and says so, as the download's sink does. */
async function arrive(bytes: Buffer, total: number): Promise<void> {
  await appendFile(path, bytes)
  bundle.grown(total)
}

async function collect(reader: AsyncGenerator<Buffer>): Promise<Buffer> {
  const chunks: Buffer[] = []
  for await (const chunk of reader) chunks.push(chunk)
  return Buffer.concat(chunks)
}

describe('GrowingBundle', () => {
  it('keeps the size the store last gave, for the room extraction leaves on the disk', () => {
    expect(bundle.totalBytes).toBeUndefined()
    bundle.sized(200_000)
    bundle.sized(150_000) // a start over whose store announced another size
    expect(bundle.totalBytes).toBe(150_000)
  })

  it('hands over the bytes in order as they arrive, and ends only once verified', async () => {
    const bytes = randomBytes(200_000)
    await arrive(bytes.subarray(0, 70_000), 70_000)
    const reader = bundle.bytes(0)
    // 64 KiB, then the rest of what is on disk.
    expect((await reader.next()).value).toEqual(bytes.subarray(0, 65_536))
    expect((await reader.next()).value).toEqual(bytes.subarray(65_536, 70_000))
    // Nothing more on disk: the reader waits; what comes next is the next bytes, not the end.
    const waiting = reader.next()
    await arrive(bytes.subarray(70_000), bytes.length)
    expect((await waiting).value).toEqual(bytes.subarray(70_000, 70_000 + 65_536))
    const last = collect(reader)
    bundle.verified()
    expect(await last).toEqual(bytes.subarray(70_000 + 65_536))
  })

  it('reads only the prefix the download vouches for, not bytes past it', async () => {
    // A tail helper's later part is on disk before the front has reached it.
    await appendFile(path, randomBytes(1000))
    bundle.grown(10)
    const reader = bundle.bytes(0)
    expect((await reader.next()).value).toHaveLength(10)
    const waiting = reader.next()
    bundle.failed(new Error('the store went away'))
    await expect(waiting).rejects.toThrow('the store went away')
  })

  it("gives a reader the download's own error when it fails", async () => {
    const failure = new Error('Downloading the bundle from store.example failed: cut.')
    await arrive(randomBytes(100), 100)
    const reader = bundle.bytes(0)
    await reader.next()
    bundle.failed(failure)
    await expect(reader.next()).rejects.toBe(failure)
    // A later failure does not replace the first.
    bundle.failed(new Error('another'))
    await expect(bundle.head(262)).rejects.toBe(failure)
  })

  it('stops a reader of an earlier start when the download starts over', async () => {
    await arrive(randomBytes(100_000), 100_000)
    const { attempt } = await bundle.head(262)
    const reader = bundle.bytes(attempt)
    await reader.next()
    await truncate(path, 0)
    bundle.restarted()
    const stopped = await reader.next().catch((error: unknown) => error)
    expect(stopped).toBeInstanceOf(BundleRestartedError)
    expect((stopped as Error).name).toBe('BundleRestartedError')
    expect((stopped as Error).message).toBe(
      'The download started over; what was read of the bundle is of no use.'
    )
    // The new start is read from its own beginning.
    const fresh = randomBytes(5000)
    await arrive(fresh, fresh.length)
    const again = await bundle.head(262)
    expect(again.attempt).toBe(attempt + 1)
    expect(again.bytes).toEqual(fresh.subarray(0, 262))
    const rest = collect(bundle.bytes(again.attempt))
    bundle.verified()
    expect(await rest).toEqual(fresh)
  })

  it('wakes a reader waiting for more bytes when the download starts over', async () => {
    await arrive(randomBytes(1000), 1000)
    const reader = bundle.bytes(0)
    await reader.next()
    const waiting = reader.next()
    bundle.restarted()
    await expect(waiting).rejects.toBeInstanceOf(BundleRestartedError)
  })

  it('gives the head of the new start when the download restarts during its read', async () => {
    await arrive(randomBytes(300), 300)
    const head = bundle.head(262)
    bundle.restarted()
    await truncate(path, 0)
    const fresh = randomBytes(300)
    await arrive(fresh, fresh.length)
    expect(await head).toEqual({ bytes: fresh.subarray(0, 262), attempt: 1 })
  })

  it('says how much of the file it may read', async () => {
    await arrive(randomBytes(10), 10)
    expect(bundle.prefix).toBe(10)
    bundle.restarted()
    expect(bundle.prefix).toBe(0)
  })

  it('releases its file handle on close, once, and reads nothing after', async () => {
    const open = () => readdirSync('/proc/self/fd').length
    const before = open()
    const other = new GrowingBundle()
    other.attach(path)
    expect(open()).toBe(before + 1)
    other.close()
    expect(open()).toBe(before)
    other.close() // closing again (after a failure) is no error
    other.grown(1)
    await expect(other.head(1)).rejects.toThrow('The bundle file is not open.')
  })

  it('stops a reader whose read was under way when the download started over', async () => {
    await arrive(randomBytes(100_000), 100_000)
    const reader = bundle.bytes(0)
    const reading = reader.next()
    // Restarted while the read is in the thread pool: its bytes may be of either start.
    bundle.restarted()
    await expect(reading).rejects.toBeInstanceOf(BundleRestartedError)
  })

  it('gives the head once that many bytes are there, or the whole of a shorter bundle', async () => {
    const head = bundle.head(262)
    await arrive(Buffer.alloc(100, 1), 100)
    await arrive(Buffer.alloc(162, 2), 262)
    const { bytes } = await head
    expect(bytes).toEqual(Buffer.concat([Buffer.alloc(100, 1), Buffer.alloc(162, 2)]))

    const short = new GrowingBundle()
    const shortPath = join(dir, 'short.part')
    await writeFile(shortPath, 'tiny')
    short.attach(shortPath)
    short.grown(4)
    const shortHead = short.head(262)
    short.verified()
    expect((await shortHead).bytes.toString()).toBe('tiny')
    short.close()
  })

  it('stops a reader at once when the download fails, bytes left on disk or not', async () => {
    await arrive(randomBytes(200_000), 200_000)
    const reader = bundle.bytes(0)
    await reader.next()
    const failure = new Error('The step was cancelled.')
    bundle.failed(failure)
    await expect(reader.next()).rejects.toBe(failure)
  })

  it('settles with the download: verified, started over, or failed', async () => {
    const verified = bundle.settled(0)
    bundle.verified()
    await expect(verified).resolves.toBeUndefined()

    const other = new GrowingBundle()
    const restarted = other.settled(0)
    other.restarted()
    await expect(restarted).rejects.toBeInstanceOf(BundleRestartedError)
    const failure = new Error('cut')
    const failed = other.settled(1)
    other.failed(failure)
    await expect(failed).rejects.toBe(failure)
  })

  it("learns of the sink's start over before its file is emptied", async () => {
    // The real order of a restart: a read racing the truncate must not come back short as
    // if the file were damaged; it is of the old start, and says so.
    const sinkPath = join(dir, 'sink.part')
    const followed = new GrowingBundle()
    const sink = await BundleFileSink.create(sinkPath, { observer: followed })
    followed.attach(sinkPath)
    sink.append(randomBytes(200_000))
    const reader = followed.bytes(0)
    // Caught at once: it may reject while the restart is still under way.
    const reading = reader.next().catch((error: unknown) => error)
    await sink.restart()
    expect(await reading).toBeInstanceOf(BundleRestartedError)
    await sink.close()
    followed.close()
  })

  it('reads through the handle it opened, after the file is renamed', async () => {
    const bytes = randomBytes(3000)
    await arrive(bytes, bytes.length)
    await rename(path, join(dir, 'bundle.tar.gz'))
    bundle.verified()
    expect(await collect(bundle.bytes(0))).toEqual(bytes)
  })

  it('fails, rather than spin, when the file is shorter than the download said', async () => {
    await arrive(randomBytes(10), 50)
    await expect(bundle.bytes(0).next()).rejects.toThrow('The bundle file ends before byte 50.')
  })

  it('hands over a part of the bundle, waiting for its last byte to arrive', async () => {
    const bytes = randomBytes(200_000)
    await arrive(bytes.subarray(0, 100_000), 100_000)
    const part = collect(bundle.bytes(0, 90_000, 150_000))
    await arrive(bytes.subarray(100_000), bytes.length)
    expect(await part).toEqual(bytes.subarray(90_000, 150_000))
  })

  it('hands over chunks that hold no more memory than their bytes', async () => {
    // A reader may keep a chunk (node-tar, a page gathered whole): a 40 KB one is not a view of
    // a 64 KiB buffer. (Past half of Node's pool size, a buffer has memory of its own.)
    await arrive(randomBytes(40_000), 40_000)
    const { value } = await bundle.bytes(0).next()
    expect((value as Buffer).length).toBe(40_000)
    expect((value as Buffer).buffer.byteLength).toBe(40_000)
  })

  it('refuses a part that the verified bundle ends before', async () => {
    await arrive(randomBytes(1000), 1000)
    bundle.verified()
    await expect(collect(bundle.bytes(0, 500, 2000))).rejects.toThrow(
      'The bundle file ends before byte 2000.'
    )
  })

  it('reads into a buffer what is on disk, once at least as much as asked for is', async () => {
    const bytes = randomBytes(3000)
    await arrive(bytes.subarray(0, 1000), 1000)
    const buffer = Buffer.alloc(4000)
    // 500 bytes from 800: only 200 there yet, so it waits; then reads all that is there.
    const read = bundle.readInto(0, buffer, 800, 500)
    await arrive(bytes.subarray(1000, 2000), 2000)
    expect(await read).toBe(1200)
    expect(buffer.subarray(0, 1200)).toEqual(bytes.subarray(800, 2000))
    // Exactly as many as asked for are there: read at once, not after more arrive.
    const exact = bundle.readInto(0, buffer, 1000, 1000)
    await arrive(bytes.subarray(2000, 2500), 2500)
    expect(await exact).toBe(1000)
    // At the verified end: what is left, then nothing.
    await arrive(bytes.subarray(2500), 3000)
    bundle.verified()
    expect(await bundle.readInto(0, buffer, 2500, 4000)).toBe(500)
    expect(await bundle.readInto(0, buffer, 3000, 1)).toBe(0)
  })

  it('says how to ask the store for a part of the start it downloads, until it starts over', () => {
    const ranges = {
      url: 'https://store.example/bundle.zip',
      allowInsecureHttp: false,
      get: () => Promise.reject(new Error('not asked')),
      validator: '"v1"',
      totalBytes: 100
    }
    expect(bundle.rangeRequest(0)).toBeUndefined()
    bundle.sized(100, ranges)
    expect(bundle.rangeRequest(0)).toBe(ranges)
    bundle.restarted()
    expect(() => bundle.rangeRequest(0)).toThrow(BundleRestartedError)
    expect(bundle.rangeRequest(1)).toBeUndefined()
  })
})

describe('tarSource over a bundle that is still downloading', () => {
  it("passes the download's failure as it is, not as a damaged archive", async () => {
    const gz = gzipSync(randomBytes(300_000))
    await arrive(gz.subarray(0, 100_000), 100_000)
    const failure = new Error('Downloading the bundle from store.example failed: cut.')
    const source = tarSource(bundle.bytes(0), true)
    await source.next()
    bundle.failed(failure)
    await expect(collect(source)).rejects.toBe(failure)
  })

  it('still calls a damaged gzip what it is', async () => {
    const gz = gzipSync(randomBytes(1000))
    const at = gz.length - 5
    gz.writeUInt8(gz.readUInt8(at) ^ 0xff, at) // the trailer's CRC no longer matches
    await arrive(gz, gz.length)
    bundle.verified()
    await expect(collect(tarSource(bundle.bytes(0), true))).rejects.toThrow(
      'The bundle is not a readable tar.gz'
    )
  })
})
