// Real archives (tar, tar.gz, zip) built with Node only and streamed to a temp file, so that a
// 1 GiB bundle never sits in memory. Each storage configuration is built once and cached.
import { createCipheriv, createHash } from 'node:crypto'
import { once } from 'node:events'
import { createReadStream, createWriteStream } from 'node:fs'
import { join } from 'node:path'
import { finished } from 'node:stream/promises'
import { constants, crc32, deflateRawSync } from 'node:zlib'
import type { ArchiveEntry, StorageBehaviour } from './types.ts'

export interface BuiltArchive {
  path: string
  sha256: string
  size: number
  /** When the object was "uploaded": the Last-Modified of the store. */
  lastModified: Date
}

/** Name of the incompressible file added for benchmarks. */
export const PADDING_NAME = 'emulator-padding.bin'

const MTIME_SECONDS = Date.UTC(2024, 5, 1) / 1000
const CHUNK = 1 << 20

/** One piece of archive output; gzip stores incompressible pieces rather than deflating them. */
interface Piece {
  data: Buffer
  incompressible: boolean
}

/** What goes into the archive, in order: site entries, then padding, then raw extra entries. */
type Item = { entry: ArchiveEntry } | { padding: number }

// ---------------------------------------------------------------------------------------------
// Deterministic incompressible padding: the AES-256-CTR keystream of a fixed key is fast
// (GB/s) and the same on every run, so a padded archive has a stable sha256.

const PAD_KEY = Buffer.alloc(32, 0x5a)
const PAD_IV = Buffer.alloc(16, 0xa5)

function* paddingBytes(size: number): Generator<Buffer> {
  const cipher = createCipheriv('aes-256-ctr', PAD_KEY, PAD_IV)
  const zeros = Buffer.alloc(Math.min(CHUNK, size))
  for (let left = size; left > 0; left -= CHUNK) {
    yield cipher.update(left >= CHUNK ? zeros : zeros.subarray(0, left))
  }
}

function paddingCrc(size: number): number {
  let crc = 0
  for (const chunk of paddingBytes(size)) crc = crc32(chunk, crc)
  return crc
}

// ---------------------------------------------------------------------------------------------
// Entries

/** The site as archive entries: each directory before the files in it, then the files. */
function siteEntries(site: Map<string, Buffer>): ArchiveEntry[] {
  const entries: ArchiveEntry[] = []
  const seen = new Set<string>()
  for (const [path, content] of site) {
    const parts = path.split('/')
    for (let i = 1; i < parts.length; i++) {
      const dir = `${parts.slice(0, i).join('/')}/`
      if (!seen.has(dir)) entries.push({ name: dir, type: 'directory' })
      seen.add(dir)
    }
    entries.push({ name: path, type: 'file', content })
  }
  return entries
}

function contentOf(entry: ArchiveEntry): Buffer {
  if (entry.type === 'symlink') return Buffer.from(entry.linkTarget ?? '', 'utf8')
  if (entry.type === 'directory' || entry.content === undefined) return Buffer.alloc(0)
  return Buffer.isBuffer(entry.content) ? entry.content : Buffer.from(entry.content, 'utf8')
}

function directoryName(name: string): string {
  return name.endsWith('/') ? name : `${name}/`
}

// ---------------------------------------------------------------------------------------------
// tar (POSIX ustar, PAX records for names over 100 bytes)

const BLOCK = 512
const TYPEFLAG = { file: '0', symlink: '2', directory: '5' } as const

function blockPadding(size: number): Buffer {
  return Buffer.alloc((BLOCK - (size % BLOCK)) % BLOCK)
}

function writeField(header: Buffer, offset: number, length: number, text: string): void {
  Buffer.from(text, 'utf8').copy(header, offset, 0, length)
}

function writeOctal(header: Buffer, offset: number, length: number, value: number): void {
  header.write(`${value.toString(8).padStart(length - 1, '0')}\0`, offset, 'latin1')
}

/** Sizes past 8 GiB do not fit 11 octal digits: GNU base-256 (high bit set, big-endian). */
function writeSize(header: Buffer, size: number): void {
  if (size < 8 ** 11) return writeOctal(header, 124, 12, size)
  header[124] = 0x80
  let rest = size
  for (let i = 135; i > 124; i--) {
    header[i] = rest % 256
    rest = Math.floor(rest / 256)
  }
}

function ustarHeader(
  name: string,
  typeflag: string,
  size: number,
  mode: number,
  linkName = ''
): Buffer {
  const header = Buffer.alloc(BLOCK)
  writeField(header, 0, 100, name)
  writeOctal(header, 100, 8, mode)
  writeOctal(header, 108, 8, 0) // uid
  writeOctal(header, 116, 8, 0) // gid
  writeSize(header, size)
  writeOctal(header, 136, 12, MTIME_SECONDS)
  header.fill(0x20, 148, 156) // checksum counts as spaces while it is computed
  header.write(typeflag, 156, 'latin1')
  writeField(header, 157, 100, linkName)
  header.write('ustar\u000000', 257, 'latin1')
  writeField(header, 265, 32, 'mintlify')
  writeField(header, 297, 32, 'mintlify')
  let sum = 0
  for (const byte of header) sum += byte
  header.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 'latin1')
  return header
}

/** A PAX record "<len> <key>=<value>\n", where len counts the whole record, itself included. */
function paxRecord(key: string, value: string): string {
  const rest = ` ${key}=${value}\n`
  let length = Buffer.byteLength(rest)
  while (String(length).length + Buffer.byteLength(rest) !== length) {
    length = String(length).length + Buffer.byteLength(rest)
  }
  return `${length}${rest}`
}

export function tarHeader(
  name: string,
  type: ArchiveEntry['type'],
  size: number,
  linkName = ''
): Buffer {
  const mode = type === 'file' ? 0o644 : type === 'directory' ? 0o755 : 0o777
  const records: string[] = []
  if (Buffer.byteLength(name) > 100) records.push(paxRecord('path', name))
  if (Buffer.byteLength(linkName) > 100) records.push(paxRecord('linkpath', linkName))
  const header = ustarHeader(name, TYPEFLAG[type], size, mode, linkName)
  if (records.length === 0) return header
  const pax = Buffer.from(records.join(''), 'utf8')
  const paxHeader = ustarHeader('PaxHeader', 'x', pax.length, 0o644)
  return Buffer.concat([paxHeader, pax, blockPadding(pax.length), header])
}

function* tarPieces(items: Item[]): Generator<Piece> {
  for (const item of items) {
    if ('padding' in item) {
      yield { data: tarHeader(PADDING_NAME, 'file', item.padding), incompressible: false }
      for (const data of paddingBytes(item.padding)) yield { data, incompressible: true }
      yield { data: blockPadding(item.padding), incompressible: false }
      continue
    }
    const { entry } = item
    const data = entry.type === 'file' ? contentOf(entry) : Buffer.alloc(0)
    const name = entry.type === 'directory' ? directoryName(entry.name) : entry.name
    const header = tarHeader(name, entry.type, data.length, entry.linkTarget ?? '')
    yield { data: Buffer.concat([header, data, blockPadding(data.length)]), incompressible: false }
  }
  yield { data: Buffer.alloc(2 * BLOCK), incompressible: false } // end-of-archive marker
}

// ---------------------------------------------------------------------------------------------
// zip (local headers, central directory, end record; no zip64, so under 4 GiB)

const ZIP_LIMIT = 0xffffffff
const DOS_TIME = 0 // 00:00:00
const DOS_DATE = ((2024 - 1980) << 9) | (6 << 5) | 1 // 2024-06-01
const UTF8_NAMES = 0x0800
const MADE_BY_UNIX = (3 << 8) | 20

interface ZipRecord {
  name: string
  method: 0 | 8
  crc: number
  compressedSize: number
  size: number
  /** Unix mode in the high 16 bits, MS-DOS attributes in the low ones. */
  externalAttributes: number
  offset: number
}

function localHeader(record: ZipRecord, name: Buffer): Buffer {
  const header = Buffer.alloc(30)
  header.writeUInt32LE(0x04034b50, 0)
  header.writeUInt16LE(20, 4)
  header.writeUInt16LE(UTF8_NAMES, 6)
  header.writeUInt16LE(record.method, 8)
  header.writeUInt16LE(DOS_TIME, 10)
  header.writeUInt16LE(DOS_DATE, 12)
  header.writeUInt32LE(record.crc, 14)
  header.writeUInt32LE(record.compressedSize, 18)
  header.writeUInt32LE(record.size, 22)
  header.writeUInt16LE(name.length, 26)
  header.writeUInt16LE(0, 28)
  return Buffer.concat([header, name])
}

function centralHeader(record: ZipRecord): Buffer {
  const name = Buffer.from(record.name, 'utf8')
  const header = Buffer.alloc(46)
  header.writeUInt32LE(0x02014b50, 0)
  header.writeUInt16LE(MADE_BY_UNIX, 4)
  header.writeUInt16LE(20, 6)
  header.writeUInt16LE(UTF8_NAMES, 8)
  header.writeUInt16LE(record.method, 10)
  header.writeUInt16LE(DOS_TIME, 12)
  header.writeUInt16LE(DOS_DATE, 14)
  header.writeUInt32LE(record.crc, 16)
  header.writeUInt32LE(record.compressedSize, 20)
  header.writeUInt32LE(record.size, 24)
  header.writeUInt16LE(name.length, 28)
  // extra length, comment length, disk number, internal attributes: all zero
  header.writeUInt32LE(record.externalAttributes >>> 0, 38)
  header.writeUInt32LE(record.offset, 42)
  return Buffer.concat([header, name])
}

function endOfCentralDirectory(count: number, size: number, offset: number): Buffer {
  const end = Buffer.alloc(22)
  end.writeUInt32LE(0x06054b50, 0)
  end.writeUInt16LE(count, 8)
  end.writeUInt16LE(count, 10)
  end.writeUInt32LE(size, 12)
  end.writeUInt32LE(offset, 16)
  return end
}

function unixAttributes(type: ArchiveEntry['type']): number {
  if (type === 'directory') return (0o40755 << 16) | 0x10
  if (type === 'symlink') return 0o120777 << 16
  return 0o100644 << 16
}

/** A small entry: deflated when that is smaller, stored otherwise (and always for links). */
function zipData(entry: ArchiveEntry): { method: 0 | 8; raw: Buffer; stored: Buffer } {
  const raw = contentOf(entry)
  if (entry.type !== 'file' || raw.length === 0) return { method: 0, raw, stored: raw }
  const deflated = deflateRawSync(raw, { level: 9 })
  return deflated.length < raw.length
    ? { method: 8, raw, stored: deflated }
    : { method: 0, raw, stored: raw }
}

function* zipPieces(items: Item[]): Generator<Piece> {
  const central: Buffer[] = []
  let offset = 0
  const emit = (data: Buffer, incompressible = false): Piece => {
    offset += data.length
    if (offset > ZIP_LIMIT) throw new Error('zip bundles are limited to 4 GiB (no zip64)')
    return { data, incompressible }
  }
  for (const item of items) {
    if ('padding' in item) {
      const size = item.padding
      const record: ZipRecord = {
        name: PADDING_NAME,
        method: 0,
        crc: paddingCrc(size), // a first pass, so the local header can carry it up front
        compressedSize: size,
        size,
        externalAttributes: unixAttributes('file'),
        offset
      }
      yield emit(localHeader(record, Buffer.from(record.name)))
      for (const data of paddingBytes(size)) yield emit(data, true)
      central.push(centralHeader(record))
      continue
    }
    const { entry } = item
    const name = entry.type === 'directory' ? directoryName(entry.name) : entry.name
    const { method, raw, stored } = zipData(entry)
    const record: ZipRecord = {
      name,
      method,
      crc: crc32(raw),
      compressedSize: stored.length,
      size: entry.declaredSize ?? raw.length,
      externalAttributes: unixAttributes(entry.type),
      offset
    }
    yield emit(Buffer.concat([localHeader(record, Buffer.from(name, 'utf8')), stored]))
    central.push(centralHeader(record))
  }
  if (central.length > 0xffff) throw new Error('zip bundles are limited to 65535 entries')
  const directoryOffset = offset
  const directory = Buffer.concat(central)
  yield emit(directory)
  yield emit(endOfCentralDirectory(central.length, directory.length, directoryOffset))
}

// ---------------------------------------------------------------------------------------------
// gzip, framed by hand: zlib's params() cannot switch a stream to level 0 here (Chromium's
// zlib in Node 24 keeps deflating), and deflating random padding is ~15x slower than storing
// it. So compressible runs are deflated with a sync flush (byte-aligned, not final), padding
// goes into stored blocks, and a final deflate ends the stream. Any gunzip reads the result.

const GZIP_LEVEL = 6
const STORED_MAX = 0xffff

function gzipHeader(): Buffer {
  const header = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3]) // deflate, no flags, Unix
  header.writeUInt32LE(MTIME_SECONDS, 4)
  return header
}

/** Non-final stored deflate blocks: one header byte (BFINAL=0, BTYPE=00), LEN, NLEN, bytes. */
function storedBlocks(data: Buffer): Buffer {
  const parts: Buffer[] = []
  for (let i = 0; i < data.length; i += STORED_MAX) {
    const block = data.subarray(i, i + STORED_MAX)
    const header = Buffer.alloc(5)
    header.writeUInt16LE(block.length, 1)
    header.writeUInt16LE(~block.length & 0xffff, 3)
    parts.push(header, block)
  }
  return Buffer.concat(parts)
}

function* gzipChunks(pieces: Iterable<Piece>): Generator<Buffer> {
  yield gzipHeader()
  let crc = 0
  let size = 0
  let pending: Buffer[] = []
  let pendingSize = 0
  const deflatePending = (final: boolean) => {
    const finishFlush = final ? constants.Z_FINISH : constants.Z_SYNC_FLUSH
    const out = deflateRawSync(Buffer.concat(pending), { level: GZIP_LEVEL, finishFlush })
    pending = []
    pendingSize = 0
    return out
  }
  for (const { data, incompressible } of pieces) {
    crc = crc32(data, crc)
    size += data.length
    if (incompressible) {
      if (pendingSize > 0) yield deflatePending(false)
      yield storedBlocks(data)
      continue
    }
    pending.push(data)
    pendingSize += data.length
    if (pendingSize >= CHUNK) yield deflatePending(false)
  }
  yield deflatePending(true)
  const trailer = Buffer.alloc(8)
  trailer.writeUInt32LE(crc >>> 0, 0)
  trailer.writeUInt32LE(size % 2 ** 32, 4) // ISIZE is the length modulo 2^32
  yield trailer
}

// ---------------------------------------------------------------------------------------------
// Writing

function* plainChunks(pieces: Iterable<Piece>): Generator<Buffer> {
  for (const piece of pieces) yield piece.data
}

/** Streams chunks to `dest` with back-pressure, hashing what is written. */
async function writeChunks(
  chunks: Iterable<Buffer>,
  dest: string,
  signal: AbortSignal
): Promise<{ sha256: string; size: number }> {
  const file = createWriteStream(dest)
  const hash = createHash('sha256')
  let size = 0
  try {
    for (const chunk of chunks) {
      signal.throwIfAborted()
      hash.update(chunk)
      size += chunk.length
      if (!file.write(chunk)) await once(file, 'drain', { signal })
    }
    file.end()
    await finished(file)
  } catch (error) {
    file.destroy()
    throw error
  }
  return { sha256: hash.digest('hex'), size }
}

export async function buildArchive(
  storage: Pick<StorageBehaviour, 'format' | 'padBytes' | 'extraEntries'>,
  site: Map<string, Buffer>,
  dest: string,
  signal: AbortSignal
): Promise<BuiltArchive> {
  const items: Item[] = siteEntries(site).map(entry => ({ entry }))
  if (storage.padBytes > 0) items.push({ padding: storage.padBytes })
  items.push(...storage.extraEntries.map(entry => ({ entry })))
  const pieces = storage.format === 'zip' ? zipPieces(items) : tarPieces(items)
  const chunks = storage.format === 'tar.gz' ? gzipChunks(pieces) : plainChunks(pieces)
  const { sha256, size } = await writeChunks(chunks, dest, signal)
  const lastModified = new Date(Math.floor(Date.now() / 1000) * 1000)
  return { path: dest, sha256, size, lastModified }
}

/** A ready archive, hashed as the store would announce it. */
async function describeFile(path: string): Promise<BuiltArchive> {
  const hash = createHash('sha256')
  let size = 0
  for await (const chunk of createReadStream(path)) {
    hash.update(chunk as Buffer)
    size += (chunk as Buffer).length
  }
  const lastModified = new Date(Math.floor(Date.now() / 1000) * 1000)
  return { path, sha256: hash.digest('hex'), size, lastModified }
}

// ---------------------------------------------------------------------------------------------
// Cache: one build per distinct (format, padding, extra entries), shared by every job.

export interface ArchiveStore {
  get(storage: StorageBehaviour): Promise<BuiltArchive>
  /** Waits for builds in progress to end (after the signal was aborted). */
  settle(): Promise<void>
}

function cacheKey(storage: StorageBehaviour): string {
  const extra = storage.extraEntries.map(e => ({
    ...e,
    content: Buffer.isBuffer(e.content) ? `base64:${e.content.toString('base64')}` : e.content
  }))
  return JSON.stringify([storage.format, storage.padBytes, extra, storage.prebuiltPath])
}

const EXTENSION = { 'tar.gz': 'tar.gz', zip: 'zip', tar: 'tar' } as const

export function createArchiveStore(
  dir: string,
  site: Map<string, Buffer>,
  signal: AbortSignal
): ArchiveStore {
  const builds = new Map<string, Promise<BuiltArchive>>()
  let count = 0
  return {
    get(storage) {
      const key = cacheKey(storage)
      let build = builds.get(key)
      if (!build) {
        const dest = join(dir, `bundle-${++count}.${EXTENSION[storage.format]}`)
        build = storage.prebuiltPath
          ? describeFile(storage.prebuiltPath)
          : buildArchive(storage, site, dest, signal)
        builds.set(key, build)
        build.catch(() => builds.delete(key)) // a failed build is retried on the next request
      }
      return build
    },
    async settle() {
      await Promise.allSettled(builds.values())
    }
  }
}
