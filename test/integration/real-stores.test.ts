/*
 * The download against real object stores, not only our emulator: s3rver (S3, links presigned
 * by the AWS SDK) and azurite (Azure, SAS links). Both ignore If-Range and If-Match, as
 * radosgw 16.2 does, so only the download's own checks keep a replaced object from being
 * joined to the bytes on disk. A loopback proxy the test controls cuts and paces connections.
 */
import { createHash, randomBytes } from 'node:crypto'
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { downloadBundle, type FreshLink } from '../../src/download/download.js'
import { LinkExpiredError, ObjectChangedError } from '../../src/download/errors.js'
import { startCutProxy, type CutProxy } from '../support/cut-proxy.js'
import {
  radosgwFromEnvironment,
  startAzuriteStore,
  startS3rver,
  type RealStore
} from '../support/real-stores.js'

const MiB = 1024 * 1024
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex')
const sleep = (ms: number) => new Promise<void>(resolve => setTimeout(resolve, ms))

/** s3rver and azurite always; radosgw when `npm run test:radosgw` started one. */
const STORES: Array<[string, () => Promise<RealStore>]> = [
  ['s3rver', startS3rver],
  ['azurite', startAzuriteStore]
]
const radosgw = radosgwFromEnvironment()
if (radosgw) STORES.push(['radosgw', radosgw])

describe.each(STORES)('download from %s', (_name, start) => {
  let store: RealStore
  let proxy: CutProxy
  let folder: string
  let key: string
  /** Why the download asked for each fresh link. */
  let asked: Array<LinkExpiredError | ObjectChangedError>

  beforeAll(async () => {
    store = await start()
  }, 30_000)
  afterAll(async () => store?.close())
  beforeEach(async () => {
    proxy = await startCutProxy(store.target)
    folder = await mkdtemp(join(tmpdir(), 'real-store-'))
    key = `bundle-${randomBytes(4).toString('hex')}.bin`
    asked = []
  })
  afterEach(async () => {
    await proxy.close()
    await rm(folder, { recursive: true, force: true })
  })

  /** A fresh link through the proxy, valid for an hour, with the object's current size. */
  const freshLink =
    (sizeBytes?: number) => async (reason: LinkExpiredError | ObjectChangedError) => {
      asked.push(reason)
      const link: FreshLink = {
        url: await store.link(key, { viaHost: proxy.host, validForMs: 3_600_000 })
      }
      return sizeBytes === undefined ? link : { ...link, sizeBytes }
    }

  const ranges = () => proxy.requests.map(r => r.headers.range ?? '')

  async function download(url: string, extra: Partial<Parameters<typeof downloadBundle>[0]> = {}) {
    const file = await downloadBundle({ url, directory: folder, ...extra })
    const bytes = await readFile(file.path)
    expect(await readdir(folder)).toEqual(['bundle.bin'])
    return { file, bytes }
  }

  it('downloads an object whole, with its SHA-256', async () => {
    const object = randomBytes(2 * MiB)
    await store.put(key, object)
    const url = await store.link(key, { viaHost: proxy.host, validForMs: 3_600_000 })
    const { file, bytes } = await download(url, { expectedSizeBytes: object.length })
    expect(bytes.equals(object)).toBe(true)
    expect(file.sha256).toBe(sha256(object))
    expect(ranges()).toEqual([''])
  })

  it('asks for one fresh link when the link expired before the download, in the store’s words', async () => {
    const object = randomBytes(MiB)
    await store.put(key, object)
    const expired = await store.link(key, { viaHost: proxy.host, validForMs: -60_000 })
    const { bytes } = await download(expired, { onFreshLink: freshLink() })
    expect(bytes.equals(object)).toBe(true)
    expect(asked).toHaveLength(1)
    expect(asked[0]).toBeInstanceOf(LinkExpiredError)
  })

  it('goes on from the bytes on disk when the link expires during the download', async () => {
    const object = randomBytes(2 * MiB)
    await store.put(key, object)
    const shortLived = 2_000
    const url = await store.link(key, { viaHost: proxy.host, validForMs: shortLived })
    const expiresAt = Date.now() + shortLived
    // Cut at 512 KiB, and let the client resume only once the store's clock is past the expiry.
    proxy.cutNext(512 * 1024, () => sleep(expiresAt + 1_100 - Date.now()))
    const { bytes } = await download(url, { onFreshLink: freshLink() })
    expect(bytes.equals(object)).toBe(true)
    expect(asked.map(reason => reason.name)).toEqual(['LinkExpiredError'])
    // Resumed twice from the same byte (the proxy's count includes the answer's head).
    const [first, resumed, again] = ranges()
    expect(first).toBe('')
    expect(resumed).toMatch(/^bytes=[1-9]\d*-$/)
    expect(again).toBe(resumed)
  })

  it('resumes a cut with a range of the same object', async () => {
    const object = randomBytes(2 * MiB)
    await store.put(key, object)
    const url = await store.link(key, { viaHost: proxy.host, validForMs: 3_600_000 })
    proxy.cutNext(700_000)
    const { bytes } = await download(url)
    expect(bytes.equals(object)).toBe(true)
    expect(ranges()).toEqual(['', expect.stringMatching(/^bytes=[1-9]\d*-$/)])
    expect(proxy.requests[1]?.headers['if-match']).toBeTruthy()
  })

  it.each([
    ['the same size', 2 * MiB],
    ['another size', 3 * MiB]
  ])(
    'starts over, never splices, when the object is replaced by one of %s between the cut and the resume',
    async (_what, size) => {
      const first = Buffer.alloc(2 * MiB, 'A')
      const second = Buffer.alloc(size, 'B')
      await store.put(key, first)
      const url = await store.link(key, { viaHost: proxy.host, validForMs: 3_600_000 })
      proxy.cutNext(198_179, () => store.put(key, second))
      const { bytes, file } = await download(url, {
        expectedSizeBytes: first.length,
        onFreshLink: freshLink(second.length)
      })
      expect(bytes.equals(second)).toBe(true)
      expect(file.sha256).toBe(sha256(second))
      expect(asked.map(reason => reason.name)).toEqual(['ObjectChangedError'])
      // The resume came back with the new object (the store ignored If-Range): its bytes were
      // dropped, and the transfer began again from byte 0.
      expect(ranges()).toEqual(['', expect.stringMatching(/^bytes=[1-9]\d*-$/), ''])
    }
  )

  it('starts over when the object is replaced while the tail comes in parallel', async () => {
    const first = Buffer.alloc(48 * MiB, 'A')
    const second = Buffer.alloc(48 * MiB, 'B')
    await store.put(key, first)
    const url = await store.link(key, { viaHost: proxy.host, validForMs: 3_600_000 })
    // Slow enough per connection for the download to fetch the tail in parallel; the first
    // tail connection reaches the store only once the object was replaced.
    proxy.pace(8 * MiB)
    proxy.onConnection(2, () => store.put(key, second))
    const { bytes } = await download(url, {
      expectedSizeBytes: first.length,
      onFreshLink: freshLink(second.length)
    })
    expect(bytes.equals(second)).toBe(true)
    expect(asked.map(reason => reason.name)).toContain('ObjectChangedError')
    expect(ranges().some(range => /^bytes=\d+-\d+$/.test(range))).toBe(true)
  }, 30_000)
})
