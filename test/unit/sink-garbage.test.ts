// The sink tells the young-generation collector about every chunk it is done with (the memory
// of a download stays flat: src/util/young-garbage.ts). A file of its own: the module is mocked.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { afterEach, expect, it, vi } from 'vitest'
import { BundleFileSink } from '../../src/download/sink.js'
import { discarded } from '../../src/util/young-garbage.js'

vi.mock('../../src/util/young-garbage.js', () => ({ discarded: vi.fn() }))

let dir: string | undefined
afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true })
})

it('reports each chunk written as garbage, by its size', async () => {
  dir = await mkdtemp(join(tmpdir(), 'sink-garbage-'))
  const sink = await BundleFileSink.create(join(dir, 'bundle.part'))
  await pipeline(Readable.from([Buffer.alloc(3), Buffer.alloc(70_000)]), sink.writable())
  await sink.finish()
  expect(vi.mocked(discarded).mock.calls).toEqual([[3], [70_000]])
})
