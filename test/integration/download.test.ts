import { statSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { mkdir, mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { downloadBundle } from '../../src/download/download.js'
import { LinkExpiredError } from '../../src/download/errors.js'
import { GrowingBundle } from '../../src/download/growing-bundle.js'
import { fetchRange, type RangeRequest } from '../../src/download/tail.js'
import { startEmulator, type Emulator, type EmulatorInput } from '../emulator/index.ts'
import { freshLink } from '../support/assertions.js'

/** S3's body for a presigned link past its expiry. */
const expired = '<Error><Code>AccessDenied</Code><Message>Request has expired</Message></Error>'

/** The downloader itself against the emulator's object store, over real sockets. */
describe('downloadBundle', () => {
  let emu: Emulator | undefined
  let folder: string

  beforeEach(async () => {
    folder = await mkdtemp(join(tmpdir(), 'download-test-'))
  })
  afterEach(async () => {
    await emu?.close()
    emu = undefined
    await rm(folder, { recursive: true, force: true })
  })

  async function linkFrom(options: EmulatorInput): Promise<{ url: string; jobId: string }> {
    emu = await startEmulator(options)
    const { jobId, bundleUrl } = await freshLink(emu)
    return { url: bundleUrl, jobId }
  }

  /** The Range header of each download request the store saw ('' for none). */
  const downloadRanges = () =>
    (emu as Emulator).requests
      .filter(r => r.endpoint === 'download')
      .map(r => String(r.headers.range ?? ''))

  const throttled: EmulatorInput = {
    storage: { padBytes: 48 * 1024 * 1024, bytesPerSecondPerConnection: 24 * 1024 * 1024 }
  }

  it('fetches the tail of a slow, large download over extra ranged connections', async () => {
    const { url, jobId } = await linkFrom(throttled)
    const file = await downloadBundle({ url, directory: folder })
    const expected = await (emu as Emulator).bundleFile(jobId)
    expect(file.sha256).toBe(expected.sha256)
    expect(file.sizeBytes).toBe(expected.size)
    const downloads = (emu as Emulator).requests.filter(r => r.endpoint === 'download')
    const ranged = downloads.filter(r => /^bytes=\d+-\d+$/.test(String(r.headers.range)))
    expect(downloads[0]?.headers.range).toBeUndefined()
    expect(ranged.length).toBeGreaterThan(0)
    for (const request of ranged) expect(request.headers['if-range']).toBeTruthy()
    expect(await readdir(folder)).toEqual(['bundle.tar.gz'])
  })

  it("tells a reader following the file the store's size of the bundle", async () => {
    const { url, jobId } = await linkFrom({})
    const growing = new GrowingBundle()
    await downloadBundle({ url, directory: folder, growing })
    growing.close()
    expect(growing.totalBytes).toBe((await (emu as Emulator).bundleFile(jobId)).size)
  })

  it('retries a tail chunk whose connection is reset', async () => {
    const { url, jobId } = await linkFrom(throttled)
    // The front request passes untouched; the first helper's chunk is reset.
    ;(emu as Emulator).inject('download', { kind: 'stall', ms: 0 }, { kind: 'reset' })
    const file = await downloadBundle({ url, directory: folder })
    expect(file.sha256).toBe((await (emu as Emulator).bundleFile(jobId)).sha256)
    // The chunk itself was asked for again: the whole transfer was not resumed (`bytes=N-`).
    const ranges = downloadRanges()
    expect(ranges.filter(range => /^bytes=\d+-$/.test(range))).toEqual([])
    const chunks = ranges.filter(range => /^bytes=\d+-\d+$/.test(range))
    expect(new Set(chunks).size).toBeLessThan(chunks.length)
  })

  it('names `path` when the bundle cannot be written into it, before any request', async () => {
    const { url } = await linkFrom({})
    // A folder where the part file goes: opening it for writing fails, as a read-only one would.
    await mkdir(join(folder, 'bundle.part'))
    await expect(downloadBundle({ url, directory: folder })).rejects.toThrow(
      `The bundle cannot be written to ${join(folder, 'bundle.part')} (EISDIR): give \`path\` a folder the runner may write to.`
    )
    expect(downloadRanges()).toHaveLength(0)
  })

  it('makes five attempts in all, no more, no fewer', async () => {
    const { url, jobId } = await linkFrom({})
    const resets = (n: number) => Array.from({ length: n }, () => ({ kind: 'reset' as const }))
    ;(emu as Emulator).inject('download', ...resets(4))
    const file = await downloadBundle({ url, directory: folder })
    expect(file.sha256).toBe((await (emu as Emulator).bundleFile(jobId)).sha256)
    expect(file.retries).toBe(4)
    ;(emu as Emulator).requests = []
    ;(emu as Emulator).inject('download', ...resets(5))
    await expect(downloadBundle({ url, directory: folder })).rejects.toThrow(
      /Downloading the bundle from localhost:\d+ failed: the connection was closed by the other side/
    )
    expect(downloadRanges()).toHaveLength(5)
  })

  it('keeps a bundle of the size the API announced, and refuses one a byte off', async () => {
    const { url, jobId } = await linkFrom({})
    const { size } = await (emu as Emulator).bundleFile(jobId)
    const file = await downloadBundle({ url, directory: folder, expectedSizeBytes: size })
    expect(file.sizeBytes).toBe(size)
    await rm(file.path)
    for (const announced of [size + 1, size - 1]) {
      await expect(
        downloadBundle({ url, directory: folder, expectedSizeBytes: announced })
      ).rejects.toThrow(
        `The bundle has ${size} bytes but the API announced ${announced}; the download is not trusted.`
      )
      expect(await readdir(folder)).toEqual([])
    }
  })

  it('starts over, never resumes, an object it cannot name with a strong ETag', async () => {
    // Last-Modified alone is as precise as a second: two objects could share it.
    const { url, jobId } = await linkFrom({ storage: { etag: false } })
    ;(emu as Emulator).inject('download', { kind: 'cut', afterBytes: 1500 })
    const file = await downloadBundle({ url, directory: folder })
    expect(file.sha256).toBe((await (emu as Emulator).bundleFile(jobId)).sha256)
    expect(downloadRanges()).toEqual(['', ''])
  })

  it('retries a tail chunk the store answers 503 SlowDown', async () => {
    const { url, jobId } = await linkFrom(throttled)
    const slowDown =
      '<Error><Code>SlowDown</Code><Message>Please reduce your request rate.</Message></Error>'
    ;(emu as Emulator).inject(
      'download',
      { kind: 'stall', ms: 0 },
      { kind: 'http', status: 503, body: slowDown }
    )
    const file = await downloadBundle({ url, directory: folder })
    expect(file.sha256).toBe((await (emu as Emulator).bundleFile(jobId)).sha256)
    expect(downloadRanges().filter(range => /^bytes=\d+-$/.test(range))).toEqual([])
  })

  it('stops at an expired link on a tail chunk, for the caller to ask for a fresh one', async () => {
    const { url } = await linkFrom(throttled)
    ;(emu as Emulator).inject(
      'download',
      { kind: 'stall', ms: 0 },
      { kind: 'http', status: 403, body: expired }
    )
    await expect(downloadBundle({ url, directory: folder })).rejects.toThrow(LinkExpiredError)
    expect(await readdir(folder)).toEqual([])
  })

  /** Another link to the same bundle, as the export asks the API for when one expired. */
  async function linkAgain(jobId: string): Promise<string> {
    const { apiUrl, apiKey } = emu as Emulator
    const response = await fetch(`${apiUrl}/v1/static-export/jobs/${jobId}/bundle`, {
      method: 'POST',
      headers: { authorization: `Bearer ${apiKey}` }
    })
    return ((await response.json()) as { bundleUrl: string }).bundleUrl
  }

  it('goes on from the bytes on disk with a fresh link when the link expires mid-way', async () => {
    const { url, jobId } = await linkFrom({})
    ;(emu as Emulator).inject(
      'download',
      { kind: 'cut', afterBytes: 2000 },
      { kind: 'http', status: 403, body: expired }
    )
    const refreshes: LinkExpiredError[] = []
    const file = await downloadBundle({
      url,
      directory: folder,
      onFreshLink: async error => {
        refreshes.push(error as LinkExpiredError)
        return { url: await linkAgain(jobId) }
      }
    })
    expect(file.sha256).toBe((await (emu as Emulator).bundleFile(jobId)).sha256)
    expect(refreshes).toHaveLength(1)
    expect(refreshes[0]).toBeInstanceOf(LinkExpiredError)
    // Cut, resumed on the old link (expired), resumed again on the fresh one: never from 0.
    expect(downloadRanges()).toEqual(['', 'bytes=2000-', 'bytes=2000-'])
  })

  it('asks ranges for a reader following the file on the fresh link after a resume', async () => {
    const { url, jobId } = await linkFrom({})
    ;(emu as Emulator).inject(
      'download',
      { kind: 'cut', afterBytes: 2000 },
      { kind: 'http', status: 403, body: expired }
    )
    let fresh = ''
    const growing = new GrowingBundle()
    const file = await downloadBundle({
      url,
      directory: folder,
      growing,
      // Told apart from the expired link, which the emulator signs alike within a second.
      onFreshLink: async () => ({ url: (fresh = `${await linkAgain(jobId)}&fresh=1`) })
    })
    growing.close()
    // A zip's directory is read by such ranges: on the expired link, every one would be refused.
    const request = growing.rangeRequest(0)
    expect(request?.url).toBe(fresh)
    const bytes: Buffer[] = []
    await fetchRange(request as RangeRequest, 100, 200, piece => bytes.push(piece))
    expect(Buffer.concat(bytes)).toEqual((await readFile(file.path)).subarray(100, 200))
    const last = (emu as Emulator).requests.filter(r => r.endpoint === 'download').at(-1)
    expect(last?.headers.range).toBe('bytes=100-199')
    expect(last?.url).toMatch(/&fresh=1$/)
  })

  it('keeps the tail parallel after a fresh link replaces one that expired', async () => {
    // Large enough that, after the resume and a new half-second measure, enough is left to split.
    const { url, jobId } = await linkFrom({
      storage: { ...throttled.storage, padBytes: 96 * 1024 * 1024 }
    })
    ;(emu as Emulator).inject(
      'download',
      { kind: 'stall', ms: 0 },
      { kind: 'http', status: 403, body: expired }
    )
    let refreshes = 0
    const file = await downloadBundle({
      url,
      directory: folder,
      onFreshLink: async () => {
        refreshes += 1
        return { url: await linkAgain(jobId) }
      }
    })
    expect(file.sha256).toBe((await (emu as Emulator).bundleFile(jobId)).sha256)
    expect(refreshes).toBe(1)
    const ranges = downloadRanges()
    // One whole request (the first), the front resumed once, and chunks after the resume too.
    expect(ranges.filter(range => range === '')).toHaveLength(1)
    const resumedAt = ranges.findIndex(range => /^bytes=[1-9]\d*-$/.test(range))
    expect(resumedAt).toBeGreaterThan(0)
    expect(ranges.slice(resumedAt).some(range => /^bytes=\d+-\d+$/.test(range))).toBe(true)
  })

  it('gives up when the caller has no fresh link to offer', async () => {
    const { url } = await linkFrom({})
    ;(emu as Emulator).inject('download', { kind: 'http', status: 403, body: expired })
    await expect(
      downloadBundle({ url, directory: folder, onFreshLink: async () => undefined })
    ).rejects.toThrow(LinkExpiredError)
    expect(await readdir(folder)).toEqual([])
  })

  it('goes on over one stream when a tail chunk comes back whole', async () => {
    const { url, jobId } = await linkFrom(throttled)
    // 200 to a ranged request: the front stream resumes and finishes the download alone.
    ;(emu as Emulator).inject('download', { kind: 'stall', ms: 0 }, { kind: 'http', status: 200 })
    const file = await downloadBundle({ url, directory: folder })
    expect(file.sha256).toBe((await (emu as Emulator).bundleFile(jobId)).sha256)
    // After the refused chunk: the front resumed once (`bytes=N-`), and no chunk was asked again.
    const ranges = downloadRanges()
    const resumed = ranges.findIndex(range => /^bytes=[1-9]\d*-$/.test(range))
    expect(resumed).toBeGreaterThan(0)
    expect(ranges.slice(resumed + 1)).toEqual([])
  })

  /**
   * A virtual clock at which the front stream runs at `bytesPerSecond` exactly: the time is the
   * bytes on disk over that speed. The front stream writes each chunk before it reads the next,
   * so the speed it measures is this one, whatever the machine's load.
   */
  const clockAt = (bytesPerSecond: number) => () =>
    (statSync(join(folder, 'bundle.part')).size * 1000) / bytesPerSecond

  // One stream goes faster than 150 MiB/s or not at all: measured from 250 to 500 ms, that is
  // 37.5 MiB, with four 8 MiB chunks still to come for a split to be worth it.
  it.each([
    { speed: 160, streams: 'one stream', split: false },
    { speed: 140, streams: 'extra connections', split: true }
  ])('takes a download at $speed MiB/s over $streams', async ({ speed, split }) => {
    const { url, jobId } = await linkFrom({ storage: { padBytes: 120 * 1024 * 1024 } })
    const file = await downloadBundle({
      url,
      directory: folder,
      clock: clockAt(speed * 1024 * 1024)
    })
    expect(file.sha256).toBe((await (emu as Emulator).bundleFile(jobId)).sha256)
    const ranges = downloadRanges()
    expect(ranges[0]).toBe('')
    expect(ranges.slice(1).every(range => /^bytes=\d+-\d+$/.test(range))).toBe(true)
    expect(ranges.length > 1).toBe(split)
  })

  it('keeps one stream when only its slow start was slow', async () => {
    const { url } = await linkFrom({ storage: { padBytes: 120 * 1024 * 1024 } })
    const MiB = 1024 * 1024
    // 5 MiB in the first 250 ms (20 MiB/s), then 200 MiB/s: 55 MiB in half a second overall
    // (110 MiB/s, under the 150 that splits), 200 MiB/s in its second half.
    const clock = () => {
      const bytes = statSync(join(folder, 'bundle.part')).size
      return bytes <= 5 * MiB
        ? (bytes * 1000) / (20 * MiB)
        : 250 + ((bytes - 5 * MiB) * 1000) / (200 * MiB)
    }
    await downloadBundle({ url, directory: folder, clock })
    expect(downloadRanges()).toEqual([''])
  })

  it('removes the partial file when cancelled mid-way', async () => {
    // 24 MiB at 2 MiB/s a connection: three seconds at least, over four connections.
    const { url } = await linkFrom({
      storage: { padBytes: 24 * 1024 * 1024, bytesPerSecondPerConnection: 2 * 1024 * 1024 }
    })
    const controller = new AbortController()
    let cancelledAt: number | undefined
    await expect(
      downloadBundle({
        url,
        directory: folder,
        signal: controller.signal,
        // Cancelled at the first progress report: bytes are on disk, and more are to come.
        onProgress: (received, total) => {
          if (cancelledAt !== undefined || received === 0) return
          cancelledAt = received
          expect(received).toBeLessThan(total as number)
          controller.abort(new Error('cancelled'))
        }
      })
    ).rejects.toThrow('cancelled')
    expect(cancelledAt).toBeGreaterThan(0)
    expect(await readdir(folder)).toEqual([])
  })
})

describe('a store that sends part of the bundle for a request of all of it', () => {
  let folder: string
  let server: Server | undefined
  afterEach(async () => {
    await new Promise(resolve => (server ? server.close(resolve) : resolve(undefined)))
    server = undefined
    await rm(folder, { recursive: true, force: true })
  })

  /** A store answering every GET with a 206 of `bytes start-end/total` (the rest zeros). */
  async function partialStore(start: number, end: number, total: number): Promise<string> {
    folder = await mkdtemp(join(tmpdir(), 'download-part-'))
    server = createServer((_request, response) => {
      response.writeHead(206, {
        'content-range': `bytes ${start}-${end}/${total}`,
        'content-length': String(end - start + 1),
        'accept-ranges': 'bytes'
      })
      response.end(Buffer.alloc(end - start + 1))
    })
    await new Promise<void>(resolve => server?.listen(0, '127.0.0.1', resolve))
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}/bundle.tar.gz`
  }

  it('is refused, never taken for the whole bundle', async () => {
    const url = await partialStore(0, 1583, 3168)
    await expect(
      downloadBundle({ url, directory: folder, allowInsecureHttp: true })
    ).rejects.toThrow(
      'the store answered a request for the whole bundle with part of it (Content-Range: bytes 0-1583/3168)'
    )
    expect(await readdir(folder)).toEqual([])
  })

  it('is taken when the part is all of it', async () => {
    const url = await partialStore(0, 3167, 3168)
    const file = await downloadBundle({ url, directory: folder, allowInsecureHttp: true })
    expect(file.sizeBytes).toBe(3168)
  })
})
