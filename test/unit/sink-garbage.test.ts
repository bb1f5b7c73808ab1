// The undici transport and the tar reader tell the young-generation collector about every
// chunk they are done with (memory stays flat: src/util/young-garbage.ts). A file of its own:
// the module is mocked.
import { mkdir, mkdtemp, rm } from 'node:fs/promises'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Readable } from 'node:stream'
import { Agent } from 'undici'
import { afterEach, beforeEach, expect, it, vi } from 'vitest'
import { undiciGet, type StoreGet } from '../../src/download/transport.js'
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

/** The sizes of the chunks `get` handed out for a 300,000-byte body. */
async function chunkSizes(get: StoreGet): Promise<number[]> {
  const server = createServer((_req, res) => res.end(Buffer.alloc(300_000, 1)))
  await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve))
  try {
    const { port } = server.address() as AddressInfo
    const answer = await get(`http://127.0.0.1:${port}/b`, {})
    const sizes: number[] = []
    await answer.read(chunk => void sizes.push(chunk.length))
    return sizes
  } finally {
    server.closeAllConnections()
    server.close()
  }
}

it('the undici transport reports each chunk it hands out as garbage, by its size', async () => {
  const sizes = await chunkSizes(undiciGet(new Agent()))
  expect(sizes.reduce((sum, size) => sum + size, 0)).toBe(300_000)
  expect(vi.mocked(discarded).mock.calls).toEqual(sizes.map(size => [size]))
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
