// The zip reader frees zlib's output for a small entry once it is written and read
// (src/archive/zip-reader.ts, freeOutput), but only a buffer zlib allocated for that call
// alone. Today's Node never hands back anything else for the sizes asked; these tests hold the
// guard for a Node that would (a view of its pool of small buffers, or of a larger output),
// whose freeing would empty the buffers that share it.
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, expect, it, vi } from 'vitest'
import type { SiteFileVisitor } from '../../src/archive/site-files.js'
import { SiteWriter } from '../../src/archive/site-writer.js'
import { readZip } from '../../src/archive/zip-reader.js'
import { buildArchive } from '../emulator/archive.js'

/** What the mocked inflateRawSync returns instead of zlib's own buffer, when set. */
let shareOutput: ((output: Buffer) => Buffer) | undefined

vi.mock('node:zlib', async importOriginal => {
  const zlib = await importOriginal<typeof import('node:zlib')>()
  return {
    ...zlib,
    inflateRawSync: (...args: Parameters<typeof zlib.inflateRawSync>) => {
      const output = zlib.inflateRawSync(...args)
      return shareOutput ? shareOutput(output) : output
    }
  }
})

/** What the reader counts as garbage for the young-generation collections, call by call. */
const discardedCalls = vi.hoisted(() => [] as number[])
vi.mock('../../src/util/young-garbage.js', () => ({
  discarded: (bytes: number) => void discardedCalls.push(bytes)
}))

let work: string
beforeEach(async () => {
  discardedCalls.length = 0
  work = await mkdtemp(join(tmpdir(), 'zip-output-'))
})
afterEach(async () => {
  shareOutput = undefined
  await rm(work, { recursive: true, force: true })
})

const isFreed = (bytes: Buffer) => (bytes.buffer as ArrayBuffer).detached

/** Extracts a zip of one compressible page; returns the bytes the reader was handed. */
async function extractPage(content: string): Promise<Buffer> {
  const file = join(work, 'bundle.zip')
  await buildArchive(
    { format: 'zip', padBytes: 0, extraEntries: [{ name: 'a.html', type: 'file', content }] },
    new Map(),
    file,
    AbortSignal.timeout(60_000)
  )
  let handed: Buffer | undefined
  const visitor: SiteFileVisitor = {
    wants: () => true,
    file: (_path, bytes) => void (handed = bytes)
  }
  const out = join(work, 'out')
  await mkdir(out)
  await readZip(
    file,
    new SiteWriter(out, { maxEntries: 10, freeBytes: 2 ** 30, destination: out }, visitor)
  )
  expect(await readFile(join(out, 'a.html'), 'utf8')).toBe(content)
  return handed as Buffer
}

/** Copies zlib's output into `memory` at `offset`, for that view to be returned instead. */
const copiedInto = (memory: ArrayBuffer, offset: number) => (output: Buffer) => {
  const view = Buffer.from(memory, offset, output.length)
  output.copy(view)
  return view
}

it('frees the buffer zlib allocated for the entry', async () => {
  expect(isFreed(await extractPage('a'.repeat(40_000)))).toBe(true)
  // Counted as garbage: only what the call left besides its output, in step with the page.
  expect(discardedCalls).toEqual([40_000])
})

it('leaves a view that does not start its buffer: another view may hold the start', async () => {
  // Of the very size zlib's own buffer for the call would have (40,000 bytes and one).
  const shared = new ArrayBuffer(40_001)
  shareOutput = copiedInto(shared, 1)
  const handed = await extractPage('a'.repeat(40_000))
  expect(handed.buffer).toBe(shared)
  expect(shared.detached).toBe(false)
  // Left to the collector: counted whole, as the buffer zlib allocated for the call.
  expect(discardedCalls).toEqual([40_001])
})

it('leaves a view of a buffer of another size than zlib’s for the call (a pool, say)', async () => {
  const pool = new ArrayBuffer(Buffer.poolSize)
  shareOutput = copiedInto(pool, 0)
  await extractPage('a'.repeat(100))
  expect(pool.detached).toBe(false)
})

it('never asks zlib for a buffer of the pool’s own size, which freeOutput would take for one', async () => {
  // An entry of poolSize - 1 bytes would get a chunk of exactly poolSize bytes.
  const pool = new ArrayBuffer(Buffer.poolSize)
  shareOutput = copiedInto(pool, 0)
  await extractPage('a'.repeat(Buffer.poolSize - 1))
  expect(pool.detached).toBe(false)
})
