// The download sink and the tar reader tell the young-generation collector about every chunk
// they are done with (memory stays flat: src/util/young-garbage.ts). A file of its own: the
// module is mocked.
import { mkdir, mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { afterEach, beforeEach, expect, it, vi } from 'vitest'
import { BundleFileSink } from '../../src/download/sink.js'
import { SiteWriter } from '../../src/archive/site-writer.js'
import { readTar } from '../../src/archive/tar-reader.js'
import { discarded } from '../../src/util/young-garbage.js'
import { tarHeader } from '../emulator/archive.js'

vi.mock('../../src/util/young-garbage.js', () => ({ discarded: vi.fn() }))

let dir: string
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'sink-garbage-'))
  vi.mocked(discarded).mockClear()
})
afterEach(() => rm(dir, { recursive: true, force: true }))

it('the sink reports each chunk written as garbage, by its size', async () => {
  const sink = await BundleFileSink.create(join(dir, 'bundle.part'))
  await pipeline(Readable.from([Buffer.alloc(3), Buffer.alloc(70_000)]), sink.writable())
  await sink.finish()
  expect(vi.mocked(discarded).mock.calls).toEqual([[3], [70_000]])
})

it('the tar reader reports each chunk parsed and written as garbage, by its size', async () => {
  const site = join(dir, 'site')
  await mkdir(site)
  const writer = new SiteWriter(site, { maxEntries: 10, freeBytes: 1e6, destination: site })
  const page = Buffer.concat([tarHeader('a.html', 'file', 1), Buffer.alloc(512, 'a')])
  await readTar(Readable.from([page, Buffer.alloc(1536)]), writer)
  expect(await writer.finish()).toEqual([])
  expect(vi.mocked(discarded).mock.calls).toEqual([[1024], [1536]])
})
