import { createHash, randomBytes } from 'node:crypto'
import { existsSync } from 'node:fs'
import { mkdtemp, readFile, rm, writeFile, type FileHandle } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PerformanceObserver, constants, type PerformanceEntry } from 'node:perf_hooks'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { DownloadError } from '../../src/download/errors.js'
import { BundleFileSink, writeAt } from '../../src/download/sink.js'
import { discarded } from '../../src/util/young-garbage.js'

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex')

describe('BundleFileSink', () => {
  let dir: string
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'sink-'))
  })
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true })
  })

  it('writes chunks of any size in order and hashes exactly the bytes in the file', async () => {
    const bytes = randomBytes(3 * 1024 * 1024 + 12345)
    // Chunk sizes around the write slice (64 KiB): smaller, equal, larger, odd.
    const sizes = [1, 64 * 1024, 100_000, 32_768, 7, 64 * 1024 + 1, 200_000]
    const chunks: Buffer[] = []
    for (let at = 0, i = 0; at < bytes.length; i++) {
      const size = Math.min(sizes[i % sizes.length] as number, bytes.length - at)
      chunks.push(bytes.subarray(at, at + size))
      at += size
    }
    const sink = await BundleFileSink.create(join(dir, 'bundle.part'))
    for (const chunk of chunks) sink.append(chunk)
    expect(sink.bytesWritten).toBe(bytes.length)
    expect(await sink.finish()).toBe(sha256(bytes))
    expect((await readFile(join(dir, 'bundle.part'))).equals(bytes)).toBe(true)
  })

  it('adopts bytes other writers put after its own, reading them back for the hash', async () => {
    const bytes = randomBytes(2 * 1024 * 1024 + 99)
    const split = 700_001
    const sink = await BundleFileSink.create(join(dir, 'bundle.part'))
    await writeAt(sink.handle, bytes.subarray(split), split) // a tail helper's share
    sink.append(bytes.subarray(0, split))
    await sink.adopt(bytes.length)
    expect(sink.bytesWritten).toBe(bytes.length)
    expect(await sink.finish()).toBe(sha256(bytes))
  })

  it('only writes, and adopts without reading back, when no hash is wanted', async () => {
    const bytes = randomBytes(1024 * 1024 + 7)
    const split = 300_001
    const path = join(dir, 'bundle.part')
    const sink = await BundleFileSink.create(path, { sha256: false })
    await writeAt(sink.handle, bytes.subarray(split), split)
    sink.append(bytes.subarray(0, split))
    await sink.adopt(bytes.length)
    expect(sink.bytesWritten).toBe(bytes.length)
    expect(await sink.finish()).toBeUndefined()
    expect((await readFile(path)).equals(bytes)).toBe(true)
  })

  it('adopts bytes up to `end` only, whatever lies after them', async () => {
    const bytes = randomBytes(1000)
    const sink = await BundleFileSink.create(join(dir, 'bundle.part'))
    sink.append(bytes.subarray(0, 100))
    await writeAt(sink.handle, bytes.subarray(100), 100)
    await sink.adopt(500)
    expect(sink.bytesWritten).toBe(500)
    expect(await sink.finish()).toBe(sha256(bytes.subarray(0, 500)))
  })

  it('closes its file', async () => {
    const sink = await BundleFileSink.create(join(dir, 'bundle.part'))
    expect(sink.handle.fd).toBeGreaterThan(-1)
    await sink.close()
    expect(sink.handle.fd).toBe(-1)
    await sink.close() // a second close (cleanup after a failure) is no error
  })

  it('fails to adopt bytes that are not there', async () => {
    const sink = await BundleFileSink.create(join(dir, 'bundle.part'))
    sink.append(Buffer.from('abc'))
    await expect(sink.adopt(10)).rejects.toThrow('the file ends at 3, before 10')
    await sink.close()
  })

  it('starts over after restart(): the file and the hash hold only the new bytes', async () => {
    const sink = await BundleFileSink.create(join(dir, 'bundle.part'))
    sink.append(randomBytes(50_000))
    await sink.restart()
    expect(sink.bytesWritten).toBe(0)
    const fresh = randomBytes(40_000)
    sink.append(fresh)
    expect(await sink.finish()).toBe(sha256(fresh))
    expect((await readFile(join(dir, 'bundle.part'))).equals(fresh)).toBe(true)
  })

  it.runIf(existsSync('/dev/full'))(
    'turns a full disk into a final DownloadError that names the path',
    async () => {
      const sink = await BundleFileSink.create('/dev/full')
      let error: unknown
      try {
        sink.append(Buffer.alloc(1000))
      } catch (e) {
        error = e
      }
      await sink.close()
      expect(error).toBeInstanceOf(DownloadError)
      expect((error as DownloadError).transient).toBe(false)
      expect((error as Error).message).toMatch(
        /Writing the bundle to \/dev\/full failed \(ENOSPC: no space left on device.*free space and permissions of `path`/
      )
      expect(sink.bytesWritten).toBe(0)
    }
  )

  it('leaves a file that already exists emptied first', async () => {
    const path = join(dir, 'bundle.part')
    await writeFile(path, 'stale bytes from an earlier run')
    const sink = await BundleFileSink.create(path)
    sink.append(Buffer.from('new'))
    await sink.finish()
    expect(await readFile(path, 'utf8')).toBe('new')
  })
})

describe('writeAt', () => {
  it('carries on where a short write stopped, at the matching file position', async () => {
    const file = Buffer.alloc(20, '.')
    // A handle that takes at most three bytes a call, as a write to a pipe or a full disk may.
    const handle = {
      write: async (bytes: Buffer, offset: number, length: number, position: number) => {
        // As fs does, a length past the end of the buffer is refused.
        if (offset + length > bytes.length) throw new RangeError('length past the buffer')
        const bytesWritten = Math.min(3, length)
        bytes.copy(file, position, offset, offset + bytesWritten)
        return { bytesWritten, buffer: bytes }
      }
    }
    await writeAt(handle as unknown as FileHandle, Buffer.from('abcdefghij'), 5)
    expect(file.toString()).toBe('.....abcdefghij.....')
  })
})

describe('discarded', () => {
  it('runs a young-generation collection once 2 MiB of garbage piled up, not before', async () => {
    const minor: number[] = []
    const observer = new PerformanceObserver(list => {
      for (const entry of list.getEntries()) {
        const kind = (entry as PerformanceEntry & { detail?: { kind?: number } }).detail?.kind
        if (kind === constants.NODE_PERFORMANCE_GC_MINOR) minor.push(entry.startTime)
      }
    })
    observer.observe({ entryTypes: ['gc'] })
    try {
      // Whatever was counted before this test: top it up to a collection, then start clean.
      discarded(2 * 1024 * 1024)
      await new Promise(resolve => setTimeout(resolve, 50))
      const before = minor.length
      discarded(1024 * 1024)
      await new Promise(resolve => setTimeout(resolve, 50))
      const afterHalf = minor.length
      discarded(1024 * 1024)
      await new Promise(resolve => setTimeout(resolve, 50))
      expect(before).toBeGreaterThan(0)
      expect(minor.length).toBeGreaterThan(afterHalf)
      // No allocation-driven scavenge is expected in this idle test, but do not rely on it:
      // the half-way call must not have added more than the whole one did.
      expect(afterHalf - before).toBeLessThanOrEqual(minor.length - afterHalf)
    } finally {
      observer.disconnect()
    }
  })
})
