// The zip and tar readers (src/archive/zip-reader.ts, tar-reader.ts) and extraction around them
// (extract.ts) on archives crafted to the byte: each way a header can lie or a stream can break
// is refused in words that say so, and nothing is left on disk. Archives are built with the
// emulator's writer (Node only) and patched where a field must lie.
import {
  lstat,
  readlink,
  mkdir,
  mkdtemp,
  open,
  type FileHandle,
  readFile,
  readdir,
  rm,
  statfs,
  symlink,
  writeFile
} from 'node:fs/promises'
import { randomBytes } from 'node:crypto'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Readable } from 'node:stream'
import { constants, crc32, deflateRawSync, gzipSync, zstdCompressSync } from 'node:zlib'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { checkLinks, extractBundle } from '../../src/archive/extract.js'
import type { ArchiveFormat } from '../../src/archive/format.js'
import type { ArchiveEntryInfo } from '../../src/archive/inspect.js'
import type { SiteFileVisitor } from '../../src/archive/site-files.js'
import { MAX_PENDING_BYTES, SiteWriter, type FileSink } from '../../src/archive/site-writer.js'
import { readTar, tarSource } from '../../src/archive/tar-reader.js'
import { readZip } from '../../src/archive/zip-reader.js'
import { buildArchive, tarHeader } from '../emulator/archive.js'
import type { ArchiveEntry } from '../emulator/types.js'

const MiB = 1024 * 1024

let work: string
beforeEach(async () => {
  work = await mkdtemp(join(tmpdir(), 'readers-'))
})
afterEach(() => rm(work, { recursive: true, force: true }))

let built = 0
/** An archive of these entries (after `padBytes` of incompressible padding, when asked). */
async function archive(
  format: ArchiveFormat,
  entries: ArchiveEntry[],
  padBytes = 0,
  site = new Map<string, Buffer>()
): Promise<string> {
  const path = join(work, `bundle-${(built += 1)}.${format}`)
  await buildArchive(
    { format, padBytes, extraEntries: entries },
    site,
    path,
    AbortSignal.timeout(60_000)
  )
  return path
}

/** Whether a buffer's memory was freed (its ArrayBuffer detached). */
const isFreed = (bytes: Buffer | undefined) => (bytes?.buffer as ArrayBuffer).detached

const page = (name: string, content: string | Buffer, declaredSize?: number): ArchiveEntry => ({
  name,
  type: 'file',
  content,
  ...(declaredSize === undefined ? {} : { declaredSize })
})

/** A reader of the site that wants the pages: what it was handed, and every entry it saw. */
function readersOf(): SiteFileVisitor & { entries: string[]; files: Map<string, string> } {
  const entries: string[] = []
  const files = new Map<string, string>()
  return {
    entries,
    files,
    entry: path => void entries.push(path),
    wants: path => path.endsWith('.html'),
    file: (path, bytes) => void files.set(path, bytes.toString())
  }
}

/** Extracts; resolves to the refusal's message (the test fails if it extracts). */
async function refusal(
  file: string,
  format: ArchiveFormat,
  out = join(work, 'out')
): Promise<string> {
  const error = await extractBundle(file, format, out).then(
    () => undefined,
    (failure: unknown) => failure
  )
  expect(error, 'extraction should have been refused').toBeInstanceOf(Error)
  // Never a partial site.
  await expect(lstat(out)).rejects.toThrow(/ENOENT/)
  return (error as Error).message
}

// ------------------------------------------------------------------------------------------
// Zip fields, patched in place: each central directory record (and its local header).

interface CentralRecord {
  /** Offset of the central record in the file. */
  at: number
  /** Offset of its local header. */
  local: number
}

function centralRecords(zip: Buffer): CentralRecord[] {
  const end = zip.length - 22
  expect(zip.readUInt32LE(end)).toBe(0x06054b50)
  const count = zip.readUInt16LE(end + 10)
  const records: CentralRecord[] = []
  let at = zip.readUInt32LE(end + 16)
  for (let i = 0; i < count; i += 1) {
    expect(zip.readUInt32LE(at)).toBe(0x02014b50)
    records.push({ at, local: zip.readUInt32LE(at + 42) })
    at += 46 + zip.readUInt16LE(at + 28) + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32)
  }
  return records
}

async function patchZip(file: string, patch: (zip: Buffer, records: CentralRecord[]) => void) {
  const zip = await readFile(file)
  patch(zip, centralRecords(zip))
  await writeFile(file, zip)
}

interface HandMadeEntry {
  name: string
  data: Buffer
  /** Deflated (at level 1, even when that is larger), or stored. */
  deflate?: boolean
  /** The deflate stream to store instead, as it is. */
  deflated?: Buffer
  /** The size the headers declare, when not the data's. */
  declaredSize?: number
}

/**
 * A zip written here, entry by entry as given: the emulator stores what deflate does not shrink,
 * and some tests need a deflate stream larger than what it inflates to, or one that breaks.
 */
function handMadeZip(entries: HandMadeEntry[]): Buffer {
  const parts: Buffer[] = []
  const central: Buffer[] = []
  let offset = 0
  for (const { name, data, deflate = false, deflated, declaredSize } of entries) {
    const stored = deflated ?? (deflate ? deflateRawSync(data, { level: 1 }) : data)
    const nameBytes = Buffer.from(name)
    // The local header and the central record share these fields, from `at` on.
    const header = (signature: number, length: number, at: number) => {
      const bytes = Buffer.alloc(length)
      bytes.writeUInt32LE(signature, 0)
      bytes.writeUInt16LE(stored === data ? 0 : 8, at)
      bytes.writeUInt32LE(crc32(data), at + 6)
      bytes.writeUInt32LE(stored.length, at + 10)
      bytes.writeUInt32LE(declaredSize ?? data.length, at + 14)
      bytes.writeUInt16LE(nameBytes.length, at + 18)
      return bytes
    }
    const record = header(0x02014b50, 46, 10)
    record.writeUInt32LE(offset, 42)
    central.push(record, nameBytes)
    parts.push(header(0x04034b50, 30, 8), nameBytes, stored)
    offset += 30 + nameBytes.length + stored.length
  }
  const directory = Buffer.concat(central)
  const end = Buffer.alloc(22)
  end.writeUInt32LE(0x06054b50, 0)
  end.writeUInt16LE(entries.length, 8)
  end.writeUInt16LE(entries.length, 10)
  end.writeUInt32LE(directory.length, 12)
  end.writeUInt32LE(offset, 16)
  return Buffer.concat([...parts, directory, end])
}

/**
 * The writer readZip is given, recording the pieces each file's bytes come in, and what the
 * reader still asks of it after a failure. `failAt` fails it at that file's first piece, as a
 * disk that refuses a write would.
 */
class RecordingWriter extends SiteWriter {
  readonly pieces = new Map<string, number[]>()
  begunAfterFailure = 0
  private readonly failAt: string | undefined

  constructor(root: string, failAt?: string) {
    super(root, { maxEntries: 100, freeBytes: 100 * MiB, destination: 'out' })
    this.failAt = failAt
  }

  override begin(entry: ArchiveEntryInfo): FileSink | undefined {
    if (this.failure) this.begunAfterFailure += 1
    const sink = super.begin(entry)
    if (!sink) return sink
    const pieces: number[] = []
    this.pieces.set(entry.name, pieces)
    return {
      write: chunk => {
        pieces.push(chunk.length)
        sink.write(chunk)
        if (entry.name === this.failAt) this.fail(new Error('the disk refused a write'))
      },
      end: () => sink.end()
    }
  }
}

describe('zip: small entries, read through a window and inflated at once', () => {
  it('hands a reader each entry’s bytes during the call, and frees the inflated ones after it', async () => {
    // a.html is stored (too short to deflate), read through the window, which 4 MiB of padding
    // later is read again for the others: its bytes are a copy. b.html inflates to 100 bytes
    // (what zlib would cut from Node's shared pool of small buffers, but for the size it is
    // asked for), c.html to 40 KiB.
    const during = new Map<string, string>()
    const kept = new Map<string, Buffer>()
    // A buffer cut from the pool while b.html is read: freeing a pooled output would empty it.
    let pooled: Buffer | undefined
    const reader: SiteFileVisitor = {
      wants: path => path.endsWith('.html'),
      file: (path, bytes) => {
        during.set(path, bytes.toString())
        kept.set(path, bytes)
        if (path === 'b.html') pooled = Buffer.from('pooled')
      }
    }
    const file = await archive(
      'zip',
      [page('b.html', 'B'.repeat(100)), page('c.html', 'C'.repeat(40_000))],
      4 * MiB,
      new Map([['a.html', Buffer.from('AAAA')]])
    )
    await extractBundle(file, 'zip', join(work, 'out'), { visitor: reader })
    expect(Object.fromEntries(during)).toEqual({
      'a.html': 'AAAA',
      'b.html': 'B'.repeat(100),
      'c.html': 'C'.repeat(40_000)
    })
    expect(isFreed(kept.get('a.html'))).toBe(false)
    expect(isFreed(kept.get('b.html'))).toBe(true)
    expect(isFreed(kept.get('c.html'))).toBe(true)
    expect(pooled?.toString()).toBe('pooled')
    expect(kept.get('a.html')?.toString()).toBe('AAAA')
    // What was written is whole, freed or not.
    expect(await readFile(join(work, 'out', 'b.html'), 'utf8')).toBe('B'.repeat(100))
    expect(await readFile(join(work, 'out', 'c.html'), 'utf8')).toBe('C'.repeat(40_000))
  })

  it('reads entries wherever the central directory puts them, backwards too', async () => {
    const file = await archive('zip', [
      page('a.html', 'first'),
      page('b.html', 'second'),
      page('c.html', 'third')
    ])
    await patchZip(file, (zip, records) => {
      // The central directory lists c, b, a: the window is read at c first, then must go back.
      const copies = records.map(({ at }, i) => {
        const next = records[i + 1]?.at ?? zip.length - 22
        return Buffer.from(zip.subarray(at, next))
      })
      Buffer.concat(copies.reverse()).copy(zip, records[0]?.at ?? 0)
    })
    const out = join(work, 'out')
    await extractBundle(file, 'zip', out)
    expect(await readFile(join(out, 'a.html'), 'utf8')).toBe('first')
    expect(await readFile(join(out, 'b.html'), 'utf8')).toBe('second')
    expect(await readFile(join(out, 'c.html'), 'utf8')).toBe('third')
  })

  it('checks the CRC-32 up to 1 MiB (stored or compressed, exactly 1 MiB included)', async () => {
    const noise = randomBytes(MiB) // incompressible: stored, 1 MiB either way
    const file = await archive('zip', [page('noise.bin', noise)])
    await patchZip(file, (zip, [record]) => {
      const crc = zip.readUInt32LE((record?.at ?? 0) + 16)
      zip.writeUInt32LE((crc ^ 1) >>> 0, (record?.at ?? 0) + 16)
    })
    expect(await refusal(file, 'zip')).toBe(
      'The bundle is damaged: `noise.bin` does not match its CRC-32; download it again.'
    )
    const small = await archive('zip', [page('a.html', 'x'.repeat(1000))])
    await patchZip(small, (zip, [record]) => zip.writeUInt32LE(0, (record?.at ?? 0) + 16))
    expect(await refusal(small, 'zip')).toContain('`a.html` does not match its CRC-32')
  })

  it('refuses an entry that inflates past its declared size, inflating no further', async () => {
    const file = await archive('zip', [page('a.html', 'x'.repeat(1000), 10)])
    expect(await refusal(file, 'zip')).toBe(
      'The bundle is unsafe to extract: `a.html` does not inflate to the 10 bytes its header declares (an archive bomb, or a damaged zip).'
    )
  })

  it('stops inflating past the declared size: what the data holds further is never reached', async () => {
    // More than Node's pool size, then a block zlib refuses. Bounded by the declared 10 bytes,
    // inflating stops at its first output buffer (half the pool size: the least one an entry
    // gets) and never gets that far (unbounded, it would, and call the entry damaged instead).
    const size = Buffer.poolSize + 1000
    const deflated = Buffer.concat([
      deflateRawSync(Buffer.alloc(size, 0x78), { finishFlush: constants.Z_SYNC_FLUSH }),
      Buffer.from([0xff, 0xff])
    ])
    const file = join(work, 'broken-later.zip')
    const data = Buffer.alloc(size, 0x78)
    await writeFile(file, handMadeZip([{ name: 'a.html', data, deflated, declaredSize: 10 }]))
    expect(await refusal(file, 'zip')).toBe(
      'The bundle is unsafe to extract: `a.html` does not inflate to the 10 bytes its header declares (an archive bomb, or a damaged zip).'
    )
  })

  it('refuses an entry that inflates short of its declared size', async () => {
    const file = await archive('zip', [page('a.html', 'x'.repeat(1000), 2000)])
    expect(await refusal(file, 'zip')).toContain(
      '`a.html` does not inflate to the 2000 bytes its header declares'
    )
  })

  it('extracts an empty compressed entry', async () => {
    const file = await archive('zip', [page('a.html', 'x'.repeat(100))])
    await patchZip(file, (zip, [record]) => {
      // Replace the data by a deflate stream of nothing, at the same length (padded after it).
      const at = record?.local ?? 0
      const nameLength = zip.readUInt16LE(at + 26)
      const empty = deflateRawSync(Buffer.alloc(0))
      empty.copy(zip, at + 30 + nameLength)
      for (const field of [at + 22, (record?.at ?? 0) + 24]) zip.writeUInt32LE(0, field)
      for (const field of [at + 14, (record?.at ?? 0) + 16]) zip.writeUInt32LE(0, field)
    })
    const out = join(work, 'out')
    await extractBundle(file, 'zip', out)
    expect(await readFile(join(out, 'a.html'), 'utf8')).toBe('')
  })

  it('refuses data that does not inflate, quoting zlib', async () => {
    const file = await archive('zip', [page('a.html', 'x'.repeat(1000))])
    await patchZip(file, (zip, [record]) => {
      const at = record?.local ?? 0
      zip.fill(0xff, at + 30 + zip.readUInt16LE(at + 26), at + 30 + zip.readUInt16LE(at + 26) + 4)
    })
    expect(await refusal(file, 'zip')).toMatch(
      /^The bundle is not a readable zip: `a\.html` does not inflate \(.*invalid.*\)\.$/
    )
  })

  it('refuses a central directory pointing where no local header is', async () => {
    const file = await archive('zip', [page('a.html', 'first'), page('b.html', 'second')])
    await patchZip(file, (zip, [, second]) => zip.writeUInt32LE(1, (second?.at ?? 0) + 42))
    expect(await refusal(file, 'zip')).toBe(
      'The bundle is not a readable zip: `b.html` has no local header where the central directory says.'
    )
    // At the file's last 30 bytes a header would just fit: read, and found not to be one.
    const last = await archive('zip', [page('a.html', 'first')])
    await patchZip(last, (zip, [record]) =>
      zip.writeUInt32LE(zip.length - 30, (record?.at ?? 0) + 42)
    )
    expect(await refusal(last, 'zip')).toBe(
      'The bundle is not a readable zip: `a.html` has no local header where the central directory says.'
    )
  })

  it('refuses an entry whose data would run past the end of the file', async () => {
    const file = await archive('zip', [page('a.html', 'x'.repeat(1000))])
    await patchZip(file, (zip, [record]) => zip.writeUInt32LE(MiB, (record?.at ?? 0) + 20))
    expect(await refusal(file, 'zip')).toBe(
      'The bundle is not a readable zip: it ends inside an entry.'
    )
  })

  it('leaves a compression method it does not know to yauzl, which refuses it', async () => {
    const file = await archive('zip', [page('a.html', 'x'.repeat(1000))])
    await patchZip(file, (zip, [record]) => {
      zip.writeUInt16LE(12, (record?.at ?? 0) + 10)
      zip.writeUInt16LE(12, (record?.local ?? 0) + 8)
    })
    expect(await refusal(file, 'zip')).toBe(
      'The bundle is not a readable zip: unsupported compression method: 12.'
    )
  })

  it('leaves an encrypted entry to yauzl, which refuses it', async () => {
    const file = await archive('zip', [page('a.html', 'x'.repeat(1000))])
    await patchZip(file, (zip, [record]) => {
      zip.writeUInt16LE(zip.readUInt16LE((record?.at ?? 0) + 8) | 1, (record?.at ?? 0) + 8)
      zip.writeUInt16LE(zip.readUInt16LE((record?.local ?? 0) + 6) | 1, (record?.local ?? 0) + 6)
    })
    expect(await refusal(file, 'zip')).toMatch(/^The bundle is not a readable zip: .*encrypt/)
  })
})

describe('zip: large entries, streamed', () => {
  it('extracts a stored entry over 1 MiB to its exact bytes', async () => {
    const file = await archive('zip', [page('after.html', 'after')], 2 * MiB + 3)
    const out = join(work, 'out')
    const site = await extractBundle(file, 'zip', out)
    expect((await lstat(join(out, 'emulator-padding.bin'))).size).toBe(2 * MiB + 3)
    expect(await readFile(join(out, 'after.html'), 'utf8')).toBe('after')
    expect(site.totalBytes).toBe(2 * MiB + 3 + 5)
  })

  it('refuses one that inflates past its declared size', async () => {
    const file = await archive('zip', [page('zeros.bin', Buffer.alloc(3 * MiB), 2 * MiB)])
    expect(await refusal(file, 'zip')).toBe(
      'The bundle is unsafe to extract: `zeros.bin` does not inflate to the 2097152 bytes its header declares (an archive bomb, or a damaged zip).'
    )
  })

  it('refuses one that inflates short of its declared size', async () => {
    const file = await archive('zip', [page('zeros.bin', Buffer.alloc(3 * MiB), 4 * MiB)])
    expect(await refusal(file, 'zip')).toContain(
      '`zeros.bin` does not inflate to the 4194304 bytes its header declares'
    )
  })

  it('refuses one whose data does not inflate, as damaged, not as a bomb', async () => {
    const file = await archive('zip', [page('zeros.bin', Buffer.alloc(3 * MiB))])
    await patchZip(file, (zip, [record]) => {
      const at = (record?.local ?? 0) + 30 + zip.readUInt16LE((record?.local ?? 0) + 26)
      zip.fill(0xff, at, at + 8)
    })
    expect(await refusal(file, 'zip')).toMatch(/^The bundle is not a readable zip: .*invalid/)
  })

  it('stops reading at the limit, the entry cut short', async () => {
    const file = await archive('zip', [page('zeros.bin', Buffer.alloc(3 * MiB), 1000)])
    // The header claims 1000 bytes: the limit of 2000 passes on headers, not on inflated bytes.
    const error = await extractBundle(file, 'zip', join(work, 'out'), {
      maxTotalBytes: 2000
    }).catch((failure: Error) => failure)
    expect((error as Error).message).toMatch(
      /holds more than 2000 bytes|does not inflate to the 1000 bytes/
    )
  })

  it('refuses one whose bytes do not match its CRC-32 (yauzl checks only the sizes)', async () => {
    // The stored padding (2 MiB and 3 bytes) with one byte flipped: the sizes are right.
    const file = await archive('zip', [page('after.html', 'after')], 2 * MiB + 3)
    await patchZip(file, (zip, [padding]) => {
      const at = (padding?.local ?? 0) + 30 + zip.readUInt16LE((padding?.local ?? 0) + 26) + MiB
      zip.writeUInt8(zip.readUInt8(at) ^ 1, at)
    })
    expect(await refusal(file, 'zip')).toBe(
      'The bundle is damaged: `emulator-padding.bin` does not match its CRC-32; download it again.'
    )
  })

  it('never hands a reader of the site the bytes of a large entry whose CRC-32 fails', async () => {
    const big = Buffer.alloc(3 * MiB, '<p>a page</p>')
    const file = await archive('zip', [page('big.html', big)])
    const readers = readersOf()
    const out = join(work, 'out')
    await extractBundle(file, 'zip', out, { visitor: readers })
    expect(readers.files.get('big.html')).toBe(big.toString())
    await patchZip(file, (zip, [record]) => {
      const crc = zip.readUInt32LE((record?.at ?? 0) + 16)
      zip.writeUInt32LE((crc ^ 1) >>> 0, (record?.at ?? 0) + 16)
    })
    const refused = readersOf()
    const error = await extractBundle(file, 'zip', out, { visitor: refused }).catch(
      (failure: Error) => failure
    )
    expect((error as Error).message).toBe(
      'The bundle is damaged: `big.html` does not match its CRC-32; download it again.'
    )
    expect(refused.entries).toEqual(['big.html'])
    expect(refused.files.size).toBe(0)
    await expect(lstat(out)).rejects.toThrow(/ENOENT/)
  })

  it('hands one over to the writer in small pieces, whatever it inflates from', async () => {
    // 3 MiB from a few KiB, and 1 MiB of noise that deflating made larger than 1 MiB: memory
    // holds a piece of either at a time. What is 1 MiB or less either way comes in one piece.
    const noise = randomBytes(MiB)
    expect(deflateRawSync(noise, { level: 1 }).length, 'noise deflates larger').toBeGreaterThan(MiB)
    const entries = [
      { name: 'zeros.bin', data: Buffer.alloc(3 * MiB), deflate: true },
      { name: 'noise.bin', data: noise, deflate: true },
      { name: 'page.html', data: Buffer.alloc(MiB, 'a page '), deflate: true }
    ]
    const file = join(work, 'ratios.zip')
    await writeFile(file, handMadeZip(entries))
    const out = join(work, 'out')
    await mkdir(out)
    const writer = new RecordingWriter(out)
    await readZip(file, writer)
    await writer.finish()
    for (const { name, data } of entries)
      expect((await readFile(join(out, name))).equals(data), name).toBe(true)
    expect(Math.max(...(writer.pieces.get('zeros.bin') ?? []))).toBeLessThanOrEqual(64 * 1024)
    expect(Math.max(...(writer.pieces.get('noise.bin') ?? []))).toBeLessThanOrEqual(64 * 1024)
    expect(writer.pieces.get('page.html')).toEqual([MiB])
  })

  it('stops inflating one, and reads no entry further, once the writer has failed', async () => {
    const file = join(work, 'stopped.zip')
    await writeFile(
      file,
      handMadeZip([
        { name: 'big.bin', data: Buffer.alloc(3 * MiB), deflate: true },
        { name: 'after.html', data: Buffer.from('after') }
      ])
    )
    const out = join(work, 'out')
    await mkdir(out)
    const writer = new RecordingWriter(out, 'big.bin')
    await readZip(file, writer)
    await writer.settle()
    expect(writer.failure?.message).toBe('the disk refused a write')
    expect(writer.pieces.get('big.bin')).toHaveLength(1)
    expect(writer.begunAfterFailure).toBe(0)
  })
})

describe('zip: a reader of the site that falls behind', () => {
  it('is waited for: no more than MAX_PENDING_BYTES and a page wait for it, as with tar', async () => {
    // Each read ends on the next turn of the event loop; once the window holds the pages,
    // reading them takes microtasks only: a reader that did not wait would be handed all 30.
    // Up to MAX_PENDING_BYTES may wait unread, so one page more is handed over, then it waits.
    let waiting = 0
    let peak = 0
    const visitor: SiteFileVisitor = {
      wants: () => true,
      file: (_path, bytes) => {
        // The bytes are valid during the call only (a copy is what a reader keeps).
        const size = bytes.length
        waiting += size
        peak = Math.max(peak, waiting)
        return new Promise<void>(resolve => setImmediate(() => resolve(void (waiting -= size))))
      }
    }
    const pages = Array.from({ length: 30 }, (_, i) => page(`${i}.html`, Buffer.alloc(MiB, 'a')))
    const file = await archive('zip', pages)
    const site = await extractBundle(file, 'zip', join(work, 'out'), { visitor })
    expect(site.files).toBe(30)
    expect(peak).toBe(MAX_PENDING_BYTES + MiB)
  })
})

/** Descriptors this process holds open on `file`. */
async function openOn(file: string): Promise<number> {
  const fds = await readdir('/proc/self/fd')
  const targets = await Promise.all(fds.map(fd => readlink(`/proc/self/fd/${fd}`).catch(() => '')))
  return targets.filter(target => target === file).length
}

describe('zip: the file is closed after reading', () => {
  it('after a site of small entries', async () => {
    const file = await archive('zip', [page('a.html', 'a'), page('b.html', 'b')])
    await extractBundle(file, 'zip', join(work, 'out'))
    expect(await openOn(file)).toBe(0)
  })

  it('after a refusal midway', async () => {
    const file = await archive('zip', [page('a.html', 'a'), page('../evil.html', 'b')])
    await refusal(file, 'zip')
    expect(await openOn(file)).toBe(0)
  })

  it('after a file that is no zip', async () => {
    const file = join(work, 'not.zip')
    await writeFile(file, 'not a zip')
    await refusal(file, 'zip')
    expect(await openOn(file)).toBe(0)
  })

  it('after the file, once open, could not be measured', async () => {
    const file = await archive('zip', [page('a.html', 'a')])
    const probe = await open(file, 'r')
    const fileHandle = Object.getPrototypeOf(probe) as FileHandle
    await probe.close()
    const stat = vi
      .spyOn(fileHandle, 'stat')
      .mockRejectedValueOnce(Object.assign(new Error('EIO: i/o error, fstat'), { code: 'EIO' }))
    try {
      await expect(readZip(file, new RecordingWriter(join(work, 'out')))).rejects.toThrow('EIO')
    } finally {
      stat.mockRestore()
    }
    expect(await openOn(file)).toBe(0)
  })
})

describe('zip: the central directory', () => {
  it('reads a central directory larger than the reader’s first window (64 KiB from the end)', async () => {
    const entries = Array.from({ length: 330 }, (_, i) => ({
      name: `${String(i).padStart(200, '-')}/`,
      type: 'directory' as const
    }))
    const file = await archive('zip', [...entries, page('last.html', 'last')])
    expect((await readFile(file)).length).toBeGreaterThan(100 * 1024)
    const out = join(work, 'out')
    const site = await extractBundle(file, 'zip', out)
    expect((await readdir(out)).length).toBe(331)
    expect(site.files).toBe(1)
  })

  it('counts the entries it declares before writing any', async () => {
    const file = await archive('zip', [
      page('a.html', 'a'),
      page('b.html', 'b'),
      page('c.html', 'c')
    ])
    const seen: string[] = []
    const error = await extractBundle(file, 'zip', join(work, 'out'), {
      maxEntries: 2,
      visitor: { entry: path => seen.push(path), wants: () => false, file: () => {} }
    }).catch((failure: Error) => failure)
    expect((error as Error).message).toBe(
      'The bundle has more than 2 entries; refusing to extract it.'
    )
    expect(seen).toEqual([])
  })

  it('refuses a damaged central directory record, in yauzl’s words', async () => {
    const file = await archive('zip', [page('a.html', 'a'), page('b.html', 'b')])
    await patchZip(file, (zip, [, second]) => zip.writeUInt32LE(0x12345678, second?.at ?? 0))
    expect(await refusal(file, 'zip')).toBe(
      'The bundle is not a readable zip: invalid central directory file header signature: 0x12345678.'
    )
  })

  it('refuses a zip that cannot be read from the disk', async () => {
    const folder = join(work, 'folder.zip')
    await mkdir(folder)
    expect(await refusal(folder, 'zip')).toBe(
      'The bundle is not a readable zip: EISDIR: illegal operation on a directory, read.'
    )
  })

  it('refuses a file that is no zip, in yauzl’s words', async () => {
    const file = join(work, 'not.zip')
    await writeFile(file, 'PK\x03\x04 and nothing a zip needs')
    expect(await refusal(file, 'zip')).toBe(
      'The bundle is not a readable zip: End of central directory record signature not found. Either not a zip file, or file is truncated..'
    )
  })

  it('refuses a link whose target is longer than the system takes, in words', async () => {
    // Linux takes 4095 bytes (PATH_MAX less the final NUL); symlink() refuses one byte more.
    const longest = `${'a/'.repeat(2047)}a`
    const file = await archive('zip', [{ name: 'long', type: 'symlink', linkTarget: longest }])
    const out = join(work, 'out')
    await extractBundle(file, 'zip', out)
    expect(await readlink(join(out, 'long'))).toBe(longest)
    const longer = await archive('zip', [
      { name: 'long', type: 'symlink', linkTarget: `${longest}/` }
    ])
    expect(await refusal(longer, 'zip')).toBe(
      'The bundle is unsafe to extract: link `long` has a target longer than 4095 bytes.'
    )
  })

  it('refuses a link whose target does not match its CRC-32', async () => {
    const file = await archive('zip', [
      page('a.html', 'a'),
      { name: 'home', type: 'symlink', linkTarget: 'a.html' }
    ])
    await patchZip(file, (zip, [, link]) => zip.writeUInt32LE(0, (link?.at ?? 0) + 16))
    expect(await refusal(file, 'zip')).toBe(
      'The bundle is damaged: `home` does not match its CRC-32; download it again.'
    )
  })

  it('makes a link of a zip entry with the link mode, a folder of a name ending in `/`', async () => {
    const file = await archive('zip', [
      { name: 'docs', type: 'directory' },
      page('docs/a.html', 'a'),
      { name: 'home', type: 'symlink', linkTarget: 'docs/a.html' }
    ])
    const out = join(work, 'out')
    await extractBundle(file, 'zip', out)
    expect((await lstat(join(out, 'docs'))).isDirectory()).toBe(true)
    expect((await lstat(join(out, 'home'))).isSymbolicLink()).toBe(true)
    expect(await readFile(join(out, 'home'), 'utf8')).toBe('a')
  })
})

// ------------------------------------------------------------------------------------------
// tar

/**
 * A raw tar entry: header with this typeflag (after a pax header for a long name), then its data
 * padded to 512.
 */
function tarEntry(name: string, typeflag: string, data = Buffer.alloc(0), linkName = ''): Buffer {
  const headers = tarHeader(name, 'file', data.length, linkName)
  const header = headers.subarray(headers.length - 512)
  header.write(typeflag, 156, 'latin1')
  header.fill(0x20, 148, 156)
  let sum = 0
  for (const byte of header) sum += byte
  header.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 'latin1')
  return Buffer.concat([headers, data, Buffer.alloc((512 - (data.length % 512)) % 512)])
}

const tarEnd = Buffer.alloc(1024)

/**
 * A gzip of `data` whose first byte inflates on its own: some 70 KB of empty deflate blocks
 * follow it, so gunzip's first piece of a 64 KiB read is that one byte.
 */
function gzipFirstByteAlone(data: Buffer): Buffer {
  const emptyBlock = Buffer.from([0x00, 0x00, 0x00, 0xff, 0xff])
  const trailer = Buffer.alloc(8)
  trailer.writeUInt32LE(crc32(data), 0)
  trailer.writeUInt32LE(data.length, 4)
  return Buffer.concat([
    Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]),
    deflateRawSync(data.subarray(0, 1), { finishFlush: constants.Z_SYNC_FLUSH }),
    ...Array<Buffer>(14_000).fill(emptyBlock),
    deflateRawSync(data.subarray(1)),
    trailer
  ])
}

/** A writer into `out` under the work folder, with room for small archives. */
async function tarWriter(): Promise<SiteWriter> {
  await mkdir(join(work, 'out'), { recursive: true })
  return new SiteWriter(join(work, 'out'), { maxEntries: 10, freeBytes: MiB, destination: 'out' })
}

describe('tar: entry types', () => {
  it('writes old-style (`\\0`) and contiguous (`7`) files as files', async () => {
    const file = join(work, 'types.tar')
    await writeFile(
      file,
      Buffer.concat([
        tarEntry('old.html', '\0', Buffer.from('old')),
        tarEntry('contiguous.html', '7', Buffer.from('contiguous')),
        tarEnd
      ])
    )
    const out = join(work, 'out')
    await extractBundle(file, 'tar', out)
    expect(await readFile(join(out, 'old.html'), 'utf8')).toBe('old')
    expect(await readFile(join(out, 'contiguous.html'), 'utf8')).toBe('contiguous')
  })

  it('hands the writer each entry as its header says: name, type, size, link target', async () => {
    const w = await tarWriter()
    const begin = vi.spyOn(w, 'begin')
    const tar = Buffer.concat([
      tarEntry('page.html', '0', Buffer.from('page')),
      tarEntry('old.html', '\0', Buffer.from('old')),
      tarEntry('contiguous.html', '7', Buffer.from('contiguous')),
      tarEntry('docs/', '5'),
      tarEntry('home', '2', undefined, 'page.html'),
      tarEntry('same.html', '1', undefined, 'page.html'),
      tarEntry('fifo', '6'),
      tarEnd
    ])
    await readTar(Readable.from([tar]), w)
    expect(begin.mock.calls.map(([entry]) => entry)).toEqual([
      { name: 'page.html', type: 'file', sizeBytes: 4, linkTarget: undefined },
      { name: 'old.html', type: 'file', sizeBytes: 3, linkTarget: undefined },
      { name: 'contiguous.html', type: 'file', sizeBytes: 10, linkTarget: undefined },
      { name: 'docs/', type: 'directory', sizeBytes: 0, linkTarget: undefined },
      { name: 'home', type: 'symlink', sizeBytes: 0, linkTarget: 'page.html' },
      { name: 'same.html', type: 'hardlink', sizeBytes: 0, linkTarget: 'page.html' },
      { name: 'fifo', type: 'other', sizeBytes: 0, linkTarget: undefined }
    ])
  })

  it.each([
    ['a FIFO', '6'],
    ['a character device', '3'],
    ['a block device', '4']
  ])('refuses %s', async (_what, typeflag) => {
    const file = join(work, 'special.tar')
    await writeFile(file, Buffer.concat([tarEntry('special', typeflag), tarEnd]))
    expect(await refusal(file, 'tar')).toBe(
      'The bundle is unsafe to extract: `special` is a device, FIFO or other special file.'
    )
  })
})

describe('names too long for the file system: refused naming the entry, nothing left', () => {
  const tarLink = (name: string, target: string) => tarHeader(name, 'symlink', 0, target)
  const tarPage = (name: string) => tarEntry(name, '0', Buffer.from('page'))
  const long = (letter: string) => letter.repeat(300)
  const tooLong = 'a name too long for the file system (most allow 255 bytes a part)'
  const keep = 'set `extract: false` to keep the file as downloaded.'

  it.each([
    [
      'a link whose target is over 4096 bytes',
      tarLink('l', 'a/'.repeat(2500)),
      `The bundle's link \`l\` → \`${'a/'.repeat(60)}…\` cannot be made: ${tooLong}; ${keep}`
    ],
    [
      'a link with a part of its name over 255 bytes',
      tarLink(long('c'), 'x'),
      `The bundle's link \`${'c'.repeat(120)}…\` → \`x\` cannot be made: ${tooLong}; ${keep}`
    ],
    [
      'a link in a folder whose name is over 255 bytes',
      tarLink(`${long('c')}/l`, 'x'),
      `The bundle's link \`${'c'.repeat(120)}…\` → \`x\` cannot be made: ${tooLong}; ${keep}`
    ],
    [
      'a hard link with a part of its name over 255 bytes',
      Buffer.concat([tarPage('p.html'), tarEntry(long('h'), '1', undefined, 'p.html')]),
      `The bundle's hard link \`${'h'.repeat(120)}…\` → \`p.html\` cannot be made: ${tooLong}; ${keep}`
    ],
    [
      'a link whose target has a part over 255 bytes (made, but not followed)',
      tarLink('l', long('b')),
      `The bundle is unsafe: link \`l\` cannot be followed: ${tooLong}.`
    ],
    [
      'a file with a part of its name over 255 bytes',
      tarPage(long('d')),
      `failed at \`${'d'.repeat(120)}…\`: ${tooLong}. The archive may be damaged; ${keep}`
    ],
    [
      'a file whose path is over 4096 bytes',
      tarPage(`${'abcd/'.repeat(1000)}f.html`),
      `failed at \`${'abcd/'.repeat(24)}…\`: ${tooLong}. The archive may be damaged; ${keep}`
    ]
  ])('%s', async (_what, entries, message) => {
    const file = join(work, 'long.tar')
    await writeFile(file, Buffer.concat([entries, tarEnd]))
    expect(await refusal(file, 'tar')).toContain(message)
  })
})

describe('tar.gz: the file is closed after reading', () => {
  const write = async (tar: Buffer) => {
    const file = join(work, 'bundle.tar.gz')
    await writeFile(file, gzipSync(tar))
    return file
  }

  it('after a site', async () => {
    const file = await write(Buffer.concat([tarEntry('a.html', '0', Buffer.from('a')), tarEnd]))
    await extractBundle(file, 'tar.gz', join(work, 'out'))
    expect(await openOn(file)).toBe(0)
  })

  it('after a refusal midway, the rest unread', async () => {
    const file = await write(
      Buffer.concat([
        tarEntry('../evil.html', '0', Buffer.from('x')),
        tarEntry('rest.bin', '0', randomBytes(4 * MiB)),
        tarEnd
      ])
    )
    await refusal(file, 'tar.gz')
    expect(await openOn(file)).toBe(0)
  })

  it('after a gzip cut short', async () => {
    const whole = gzipSync(Buffer.concat([tarEntry('a.bin', '0', randomBytes(MiB)), tarEnd]))
    const file = join(work, 'cut.tar.gz')
    await writeFile(file, whole.subarray(0, whole.length / 2))
    await refusal(file, 'tar.gz')
    expect(await openOn(file)).toBe(0)
  })
})

describe('tar: what is not a tar, or not only one', () => {
  it('refuses a gzip inside the tar.gz, and a gzip given as a tar', async () => {
    const inner = gzipSync(Buffer.concat([tarEntry('a.html', '0', Buffer.from('a')), tarEnd]))
    const twice = join(work, 'twice.tar.gz')
    await writeFile(twice, gzipSync(inner))
    const message = 'The bundle is a gzip inside a gzip, not a tar.gz; refusing to extract it.'
    expect(await refusal(twice, 'tar.gz')).toBe(message)
    const once = join(work, 'once.tar')
    await writeFile(once, inner)
    expect(await refusal(once, 'tar')).toBe(message)
  })

  it('refuses a gzip inside the tar.gz whose first byte inflates alone, parsing none of it', async () => {
    const inner = gzipSync(Buffer.concat([tarEntry('a.html', '0', Buffer.from('a')), tarEnd]))
    const file = join(work, 'split.tar.gz')
    await writeFile(file, gzipFirstByteAlone(inner))
    const message = 'The bundle is a gzip inside a gzip, not a tar.gz; refusing to extract it.'
    expect(await refusal(file, 'tar.gz')).toBe(message)
    // node-tar, handed the second byte, would inflate the inner gzip and hand over its entries.
    const w = await tarWriter()
    const begin = vi.spyOn(w, 'begin')
    await readTar(tarSource(file, true), w)
    expect(w.failure?.message).toBe(message)
    expect(begin).not.toHaveBeenCalled()
  })

  it('takes gzip’s magic bytes anywhere but at the start as data', async () => {
    // 1f 8b at the start of every read (64 KiB) after the first: a file of those bytes.
    const magic = Buffer.alloc(256 * 1024)
    for (let i = 0; i < magic.length; i += 2) magic.set([0x1f, 0x8b], i)
    const tar = Buffer.concat([tarEntry('magic.bin', '0', magic), tarEnd])
    for (const [name, bytes, format] of [
      ['magic.tar', tar, 'tar'],
      ['magic.tar.gz', gzipSync(tar), 'tar.gz']
    ] as const) {
      const out = join(work, `out-${name}`)
      await writeFile(join(work, name), bytes)
      await extractBundle(join(work, name), format, out)
      expect((await readFile(join(out, 'magic.bin'))).equals(magic)).toBe(true)
    }
  })

  it('does not inflate a zstd stream given as a tar', async () => {
    const tar = Buffer.concat([tarEntry('a.html', '0', Buffer.from('a')), tarEnd])
    const file = join(work, 'z.tar')
    await writeFile(file, zstdCompressSync(tar))
    expect(await refusal(file, 'tar')).toMatch(/^The bundle is not a readable tar: /)
  })

  it('refuses a header whose checksum is wrong, midway (strict: no entry skipped)', async () => {
    const bad = tarEntry('b.html', '0', Buffer.from('b'))
    bad[0] = 'c'.charCodeAt(0) // the name changed, the checksum not
    const file = join(work, 'bad.tar')
    await writeFile(file, Buffer.concat([tarEntry('a.html', '0', Buffer.from('a')), bad, tarEnd]))
    expect(await refusal(file, 'tar')).toMatch(
      /^The bundle is not a readable tar: .+\. It may be damaged or cut short; set `extract: false` to keep the file as downloaded\.$/
    )
  })

  it('refuses a tar.gz cut short, in words that say so', async () => {
    const whole = gzipSync(Buffer.concat([tarEntry('a.html', '0', randomBytes(100_000)), tarEnd]))
    const file = join(work, 'cut.tar.gz')
    await writeFile(file, whole.subarray(0, whole.length / 2))
    expect(await refusal(file, 'tar.gz')).toBe(
      'The bundle is not a readable tar.gz: unexpected end of file. It may be damaged or cut short; set `extract: false` to keep the file as downloaded.'
    )
  })

  it('refuses a tar.gz that cannot be read from the disk', async () => {
    const folder = join(work, 'folder.tar.gz')
    await mkdir(folder)
    expect(await refusal(folder, 'tar.gz')).toMatch(
      /^The bundle is not a readable tar\.gz: EISDIR: illegal operation on a directory, read\./
    )
  })

  it('reads no further while a reader holds more than MAX_PENDING_BYTES unread', async () => {
    // Each read of a file ends on the next turn of the event loop; pulling the archive takes
    // microtasks only. So a reader that did not wait would pull every entry before any read ended.
    let ended = 0
    await mkdir(join(work, 'out'))
    const w = new SiteWriter(
      join(work, 'out'),
      { maxEntries: 100, freeBytes: 100 * MiB, destination: 'out' },
      {
        wants: () => true,
        file: () => new Promise<void>(resolve => setImmediate(() => resolve(void (ended += 1))))
      }
    )
    const endedAtPull: number[] = []
    async function* source(): AsyncGenerator<Buffer> {
      for (let i = 0; i < 30; i += 1) {
        endedAtPull.push(ended)
        yield tarEntry(`${i}.html`, '0', Buffer.alloc(MiB, 0x61))
      }
      yield tarEnd
    }
    await readTar(source(), w)
    await w.finish()
    // Up to MAX_PENDING_BYTES unread is allowed: one 1 MiB file more is handed over before the
    // wait (2 MiB: pulls 0-2).
    const before = MAX_PENDING_BYTES / MiB + 1
    expect(endedAtPull.slice(0, before)).toEqual(Array(before).fill(0))
    expect(endedAtPull[before]).toBeGreaterThan(0)
  })

  it('stops reading the archive at the first refusal', async () => {
    const w = new SiteWriter(join(work, 'out'), {
      maxEntries: 10,
      freeBytes: MiB,
      destination: 'out'
    })
    let pulled = 0
    let closed = false
    async function* source(): AsyncGenerator<Buffer> {
      try {
        pulled += 1
        yield tarEntry('../evil.html', '0', Buffer.from('x'))
        for (;;) {
          pulled += 1
          yield tarEntry(`more-${pulled}.html`, '0', Buffer.from('y'))
        }
      } finally {
        closed = true
      }
    }
    await readTar(source(), w)
    expect(w.failure?.message).toContain('`../evil.html` points outside the extraction folder')
    expect(pulled).toBe(1)
    expect(closed).toBe(true)
  })
})

// ------------------------------------------------------------------------------------------

describe('extraction as a whole', () => {
  it('empties the destination first: nothing of an earlier site is left', async () => {
    const out = join(work, 'out')
    await mkdir(join(out, 'old'), { recursive: true })
    await writeFile(join(out, 'old/stale.html'), 'stale')
    const file = await archive('tar', [page('new.html', 'new')])
    await extractBundle(file, 'tar', out)
    expect(await readdir(out)).toEqual(['new.html'])
  })

  it('counts entries against `maxEntries` when given', async () => {
    const file = await archive('tar', [
      page('a.html', 'a'),
      page('b.html', 'b'),
      page('c.html', 'c')
    ])
    await extractBundle(file, 'tar', join(work, 'ok'), { maxEntries: 3 })
    const error = await extractBundle(file, 'tar', join(work, 'out'), { maxEntries: 2 }).catch(
      (failure: Error) => failure
    )
    expect((error as Error).message).toBe(
      'The bundle has more than 2 entries; refusing to extract it.'
    )
  })

  it('with no free space given, measures the disk’s (a zip declaring 4 TiB is refused at once)', async () => {
    const entries = Array.from({ length: 1024 }, (_, i) =>
      page(`p${i}.html`, 'x'.repeat(100), 0xfffffff0)
    )
    const file = await archive('zip', entries)
    const { bavail, bsize } = await statfs(work)
    expect(bavail * bsize, 'this test needs a disk with less than 4 TiB free').toBeLessThan(
      1024 * 0xfffffff0
    )
    const message = await refusal(file, 'zip')
    expect(message).toMatch(
      new RegExp(
        `^The bundle would extract to ${1024 * 0xfffffff0} bytes, and the disk holding .+ has \\d+ bytes free;`
      )
    )
  })

  it('removes what it wrote when a link is refused once all is written', async () => {
    const file = await archive('tar', [
      page('a.html', 'a'),
      { name: 'out', type: 'symlink', linkTarget: 'docs' },
      page('out/b.html', 'b')
    ])
    expect(await refusal(file, 'tar')).toBe(
      'The bundle is unsafe to extract: `out/b.html` lies under the link `out`.'
    )
  })
})

describe('checkLinks, the links as the system follows them', () => {
  it('follows a link through a file as far as the system can (ENOTDIR)', async () => {
    const site = join(work, 'site')
    await mkdir(site)
    await writeFile(join(site, 'index.html'), 'x')
    await symlink('index.html/../../../outside', join(site, 'odd'))
    await expect(checkLinks(site, [join(site, 'odd')])).rejects.toThrow(
      'The bundle is unsafe: link `odd` points outside the site.'
    )
  })

  it('refuses a link to an absolute path that exists nowhere', async () => {
    const site = join(work, 'site')
    await mkdir(site)
    await symlink('/nowhere-at-all/x', join(site, 'abs'))
    await expect(checkLinks(site, [join(site, 'abs')])).rejects.toThrow(
      'link `abs` points outside the site'
    )
  })

  it('accepts a link whose target does not exist yet, inside', async () => {
    const site = join(work, 'site')
    await mkdir(site)
    await symlink('later/page.html', join(site, 'soon'))
    await expect(checkLinks(site, [join(site, 'soon')])).resolves.toBeUndefined()
  })
})
