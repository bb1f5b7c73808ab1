// A zip extracted while it downloads (src/archive/growing-zip.ts): its directory from the
// store's ranged answers, its entries from the file as the test writes it, as the download
// would. Every wait is on an explicit event (a page handed to a reader), never on time.
import { appendFile, lstat, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { extractBundle } from '../../src/archive/extract.js'
import { GrowingZip, ZipAheadUnavailableError } from '../../src/archive/growing-zip.js'
import type { SiteFileVisitor } from '../../src/archive/site-files.js'
import { BundleRestartedError, GrowingBundle } from '../../src/download/growing-bundle.js'
import type { RangeRequest } from '../../src/download/tail.js'
import type { StoreAnswer, StoreGet } from '../../src/download/transport.js'
import { buildArchive } from '../emulator/archive.js'
import { siteFiles } from '../emulator/site.js'

const MiB = 1024 * 1024

let work: string
let bundlePath: string
let growing: GrowingBundle
/** The zip the download writes: the emulator's site, then `padBytes` of noise. */
let zip: Buffer

beforeEach(async () => {
  work = await mkdtemp(join(tmpdir(), 'growing-zip-'))
  bundlePath = join(work, 'bundle.part')
  await writeFile(bundlePath, '')
  growing = new GrowingBundle()
  growing.attach(bundlePath)
})
afterEach(async () => {
  growing.close()
  await rm(work, { recursive: true, force: true })
})

async function buildZip(padBytes: number): Promise<Buffer> {
  const path = join(work, `site-${padBytes}.zip`)
  await buildArchive(
    { format: 'zip', padBytes, extraEntries: [] },
    siteFiles(),
    path,
    AbortSignal.timeout(60_000)
  )
  return readFile(path)
}

/** The download wrote the zip up to `end`. */
async function arriveUntil(end: number): Promise<void> {
  const { size } = await lstat(bundlePath)
  await appendFile(bundlePath, zip.subarray(size, end))
  growing.grown(end)
}

/** A store's ranged answers, from `object`: the zip, or what a store that lies sends instead. */
function storeOf(object: Buffer, answer: 'range' | 'whole' = 'range') {
  const asked: string[] = []
  const get: StoreGet = async (_url, headers) => {
    asked.push(headers.range ?? 'none')
    const [, first, last] = /^bytes=(\d+)-(\d+)$/.exec(headers.range ?? '') ?? []
    const ranged = answer === 'range'
    const body = ranged ? object.subarray(Number(first), Number(last) + 1) : object
    const reply: StoreAnswer = {
      statusCode: ranged ? 206 : 200,
      headers: {
        etag: '"v1"',
        ...(ranged && { 'content-range': `bytes ${first}-${last}/${object.length}` })
      },
      read: async onChunk => void onChunk(body),
      discard: async () => undefined,
      cancel: () => undefined
    }
    return reply
  }
  const request: RangeRequest = {
    url: 'http://127.0.0.1:9/bundle.zip',
    allowInsecureHttp: false,
    get,
    validator: '"v1"',
    totalBytes: object.length
  }
  return { request, asked }
}

/** A reader of the site that resolves `saw(n)` once it was handed n pages. */
function pageReader() {
  const pages: string[] = []
  const waiting: Array<{ n: number; resolve: () => void }> = []
  const visitor: SiteFileVisitor = {
    wants: path => path.endsWith('.html'),
    file: path => {
      pages.push(path)
      for (const wait of waiting.filter(({ n }) => pages.length >= n)) wait.resolve()
    }
  }
  const saw = (n: number) =>
    new Promise<void>(resolve => (pages.length >= n ? resolve() : waiting.push({ n, resolve })))
  return { visitor, pages, saw }
}

const sitePages = () => [...siteFiles().keys()].filter(name => name.endsWith('.html'))

/** Extracts from a GrowingZip of attempt 0; resolves to the site, or rejects. */
function extractGrowing(request: RangeRequest, visitor?: SiteFileVisitor) {
  const out = join(work, 'site')
  const source = new GrowingZip(growing, 0, request)
  const done = extractBundle(source, 'zip', out, { freeBytes: 1024 * MiB, visitor })
  // Settled only once awaited: what a test awaits first is its own business.
  done.catch(() => undefined)
  return { out, done }
}

describe('GrowingZip', () => {
  it('extracts pages from the bytes on disk before the download ends, the directory fetched first', async () => {
    zip = await buildZip(MiB)
    const store = storeOf(zip)
    const reader = pageReader()
    await arriveUntil(512 * 1024) // every page, and part of the padding after them
    let settled = false
    const { out, done } = extractGrowing(store.request, reader.visitor)
    void done.finally(() => (settled = true))
    await reader.saw(sitePages().length)
    expect(settled).toBe(false)
    // One ranged request: the end of the zip, as yauzl reads it first (its whole directory).
    expect(store.asked).toEqual([`bytes=${zip.length - 65_577}-${zip.length - 1}`])
    await arriveUntil(zip.length)
    growing.verified()
    const site = await done
    expect(site.files).toBe(siteFiles().size + 1)
    for (const [name, content] of siteFiles())
      expect((await readFile(join(out, name))).equals(content), name).toBe(true)
  })

  it('fetches a directory that starts before the end it read first', async () => {
    // 70 KiB of names: the directory begins before the last 65,577 bytes.
    zip = await buildZipOfNames(1500)
    const store = storeOf(zip)
    await arriveUntil(zip.length)
    growing.verified()
    const { done } = extractGrowing(store.request)
    expect((await done).files).toBe(1500)
    expect(store.asked).toHaveLength(2)
  })

  it("refuses the early site when the store's ranges differ from the bundle it downloaded", async () => {
    zip = await buildZip(0)
    // The same zip, but the directory names index.html otherwise: extracting from it would
    // write a name the downloaded bundle does not hold.
    const lying = Buffer.from(zip)
    const at = lying.lastIndexOf('index.html')
    lying.write('indey.html', at)
    const { out, done } = extractGrowing(storeOf(lying).request)
    await arriveUntil(zip.length)
    growing.verified()
    await expect(done).rejects.toThrow(
      new ZipAheadUnavailableError(
        `the store's answer to a ranged request for bytes ${Math.max(0, zip.length - 65_577)}-${zip.length - 1} differs from the downloaded bundle`,
        { storeContradicted: true }
      )
    )
    await expect(lstat(out)).rejects.toThrow(/ENOENT/)
  })

  it('gives up before writing anything when the store answers a whole body', async () => {
    zip = await buildZip(0)
    const { out, done } = extractGrowing(storeOf(zip, 'whole').request)
    await expect(done).rejects.toThrow(
      'the store did not give its directory (the store answered 200 to a ranged request)'
    )
    await expect(done).rejects.toMatchObject({
      name: 'ZipAheadUnavailableError',
      storeContradicted: false
    })
    await expect(done).rejects.toBeInstanceOf(ZipAheadUnavailableError)
    await expect(lstat(out)).rejects.toThrow(/ENOENT/)
  })

  it('gives up on a directory larger than it holds in memory, counting every request', async () => {
    // Two requests: the end (65,577 bytes), then the directory from its start to the end of
    // the zip. Each alone fits the limit; both do not.
    zip = await buildZipOfNames(1500)
    const directoryAt = zip.readUInt32LE(zip.length - 22 + 16)
    const second = zip.length - directoryAt
    expect(second).toBeGreaterThan(65_577)
    // All on disk: without the limit, the zip would be extracted.
    await arriveUntil(zip.length)
    growing.verified()
    const store = storeOf(zip)
    const source = new GrowingZip(growing, 0, store.request, { maxDirectoryBytes: second + 1000 })
    const done = extractBundle(source, 'zip', join(work, 'site'), { freeBytes: MiB })
    await expect(done).rejects.toThrow(
      new ZipAheadUnavailableError(`its directory is larger than ${second + 1000} bytes`)
    )
    expect(store.asked).toHaveLength(1)
    // Exactly the limit is within it.
    const exact = new GrowingZip(growing, 0, store.request, {
      maxDirectoryBytes: 65_577 + second
    })
    const site = await extractBundle(exact, 'zip', join(work, 'exact'), { freeBytes: MiB })
    expect(site.files).toBe(1500)
  })

  it('asks again for a record that runs past the end of what it fetched', async () => {
    // Fetches of 10,000 bytes: directory records straddle their ends, and are read whole.
    zip = await buildZipOfNames(1500)
    await arriveUntil(zip.length)
    growing.verified()
    const store = storeOf(zip)
    const source = new GrowingZip(growing, 0, store.request, { fetchBytes: 10_000 })
    const site = await extractBundle(source, 'zip', join(work, 'site'), { freeBytes: MiB })
    expect(site.files).toBe(1500)
    expect(store.asked.length).toBeGreaterThan(2)
  })

  it('asks nothing for a directory said to lie past the end of the zip', async () => {
    // The end record puts the directory at the zip's last byte and beyond: yauzl finds no
    // record there, in its words, and no ranged request names bytes the object does not have.
    zip = await buildZip(0)
    zip.writeUInt32LE(zip.length, zip.length - 22 + 16)
    const store = storeOf(zip)
    const { done } = extractGrowing(store.request)
    await expect(done).rejects.toThrow(/^The bundle is not a readable zip: /)
    expect(store.asked).toHaveLength(1)
  })

  it('stops with BundleRestartedError when the download starts over', async () => {
    zip = await buildZip(MiB)
    const reader = pageReader()
    await arriveUntil(512 * 1024)
    const { out, done } = extractGrowing(storeOf(zip).request, reader.visitor)
    await reader.saw(1)
    growing.restarted()
    await expect(done).rejects.toBeInstanceOf(BundleRestartedError)
    await expect(lstat(out)).rejects.toThrow(/ENOENT/)
  })

  it("stops with the download's own error when it fails, in an entry yauzl streams", async () => {
    // 2 MiB of noise is streamed by yauzl (entries over 1 MiB are): the failure comes to the
    // reader through yauzl's stream, and is still the download's, not yauzl's words for it.
    zip = await buildZip(2 * MiB)
    const store = storeOf(zip)
    const reader = pageReader()
    await arriveUntil(MiB)
    const { out, done } = extractGrowing(store.request, reader.visitor)
    // The noise is being streamed: part of it is on disk, the rest not yet downloaded.
    await writtenAtLeast(join(out, 'emulator-padding.bin'), 512 * 1024)
    const failure = new Error('the download failed')
    growing.failed(failure)
    await expect(done).rejects.toBe(failure)
    await expect(lstat(out)).rejects.toThrow(/ENOENT/)
    // The noise's local header was read from the file, not asked of the store: once the
    // directory is read, everything comes from the download.
    expect(store.asked).toHaveLength(1)
  })

  it("says the download's error when the ranged request fails because the download did", async () => {
    zip = await buildZip(0)
    const failure = new Error('the download failed')
    const { request } = storeOf(zip)
    const { done } = extractGrowing({
      ...request,
      get: async () => {
        growing.failed(failure)
        throw new Error('connection refused')
      }
    })
    await expect(done).rejects.toBe(failure)
  })
})

/** Waits until `path` holds `bytes` (the extraction writes it as the download allows). */
async function writtenAtLeast(path: string, bytes: number): Promise<void> {
  for (let waited = 0; waited < 30_000; waited += 10) {
    const size = await lstat(path).then(
      stats => stats.size,
      () => 0
    )
    if (size >= bytes) return
    await new Promise(resolve => setTimeout(resolve, 10))
  }
  throw new Error(`${path} never held ${bytes} bytes.`)
}

/** A zip of `count` empty files with 40-byte names: a directory of some 130 bytes each. */
async function buildZipOfNames(count: number): Promise<Buffer> {
  const site = new Map<string, Buffer>()
  for (let i = 0; i < count; i += 1) site.set(`${String(i).padStart(40, '0')}.txt`, Buffer.alloc(0))
  const path = join(work, 'names.zip')
  await buildArchive(
    { format: 'zip', padBytes: 0, extraEntries: [] },
    site,
    path,
    AbortSignal.timeout(60_000)
  )
  return readFile(path)
}
