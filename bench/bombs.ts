// Archive bombs for the site benchmark: a tar.gz and a zip of about 10 MB each that inflate to
// about 10 GiB of zeros (one file), the most a deflate stream of that size can hold (~1032:1).
// Deflating 10 GiB takes a minute, so the stream is assembled instead: zlib's output for a MiB
// of zeros, once the window is all zeros, is the same bytes every time (checked), so it is
// repeated, and an empty final stored block ends the stream. The zip needs zip64 (over 4 GiB),
// which the emulator's writer does not do, hence the few records written here.
import { once } from 'node:events'
import { createWriteStream } from 'node:fs'
import { join } from 'node:path'
import { constants, createDeflateRaw, crc32, inflateRawSync } from 'node:zlib'
import { tarHeader } from '../test/emulator/archive.ts'

const MiB = 1024 * 1024
const ZEROS = Buffer.alloc(MiB)
/** BFINAL=1, BTYPE=00 (stored), LEN=0, NLEN=0xffff: ends a deflate stream. */
const EMPTY_FINAL_BLOCK = Buffer.from([0x01, 0x00, 0x00, 0xff, 0xff])
const MTIME_SECONDS = Date.UTC(2024, 5, 1) / 1000

export interface Bomb {
  path: string
  format: 'tar.gz' | 'zip'
  /** Size of the archive file. */
  bytes: number
  /** What its one file inflates to. */
  inflatedBytes: number
}

/**
 * The deflate stream of `first` followed by `mebibytes - 1` MiB of zeros, as pieces: the first
 * pieces come from zlib, the rest repeat its steady output for a MiB of zeros.
 */
async function zeroDeflatePieces(
  first: Buffer,
  mebibytes: number
): Promise<() => Generator<Buffer>> {
  const deflater = createDeflateRaw({ level: 9 })
  const out: Buffer[] = []
  deflater.on('data', (chunk: Buffer) => out.push(chunk))
  const flushed = async (data: Buffer) => {
    deflater.write(data)
    await new Promise<void>(resolve => deflater.flush(constants.Z_SYNC_FLUSH, () => resolve()))
    const piece = Buffer.concat(out)
    out.length = 0
    return piece
  }
  const head = [await flushed(first)]
  for (let i = 0; i < 4; i++) head.push(await flushed(ZEROS))
  deflater.close()
  const steady = head.at(-1) as Buffer
  if (!steady.equals(head.at(-2) as Buffer))
    throw new Error(
      "zlib's output for a MiB of zeros is not yet steady; the bomb cannot be assembled"
    )
  return function* () {
    for (let i = 0; i < Math.min(mebibytes, head.length); i++) yield head[i] as Buffer
    for (let i = head.length; i < mebibytes; i++) yield steady
    yield EMPTY_FINAL_BLOCK
  }
}

/** Checks the assembly on a small instance: it must inflate to exactly what it stands for. */
async function selfCheck(): Promise<void> {
  const first = Buffer.concat([Buffer.from('header'), Buffer.alloc(MiB - 6)])
  const pieces = await zeroDeflatePieces(first, 9)
  const inflated = inflateRawSync(Buffer.concat([...pieces()]))
  if (
    inflated.length !== 9 * MiB ||
    !inflated.subarray(0, 6).equals(Buffer.from('header')) ||
    inflated.subarray(6).some(b => b !== 0)
  )
    throw new Error('The assembled deflate stream does not inflate to what it should')
}

function zerosCrc(first: Buffer, mebibytes: number): number {
  let crc = crc32(first)
  for (let i = 1; i < mebibytes; i++) crc = crc32(ZEROS, crc)
  return crc
}

async function writePieces(path: string, pieces: Iterable<Buffer>): Promise<number> {
  const file = createWriteStream(path)
  let bytes = 0
  for (const piece of pieces) {
    bytes += piece.length
    if (!file.write(piece)) await once(file, 'drain')
  }
  file.end()
  await once(file, 'finish')
  return bytes
}

/** One tar entry `zeros.bin` of zeros, gzipped: the tar stream is one 512-byte header, then zeros. */
async function tarGzBomb(dir: string, mebibytes: number): Promise<Bomb> {
  const tarBytes = mebibytes * MiB
  // Header + data + the 1024-byte end marker fill whole MiB (the data is a multiple of 512).
  const dataBytes = tarBytes - 512 - 1024
  const header = tarHeader('zeros.bin', 'file', dataBytes)
  const first = Buffer.concat([header, Buffer.alloc(MiB - header.length)])
  const deflate = await zeroDeflatePieces(first, mebibytes)
  const gzipHeader = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 2, 3])
  gzipHeader.writeUInt32LE(MTIME_SECONDS, 4)
  const trailer = Buffer.alloc(8)
  trailer.writeUInt32LE(zerosCrc(first, mebibytes) >>> 0, 0)
  trailer.writeUInt32LE(tarBytes % 2 ** 32, 4)
  const path = join(dir, 'bomb.tar.gz')
  const bytes = await writePieces(path, [gzipHeader, ...deflate(), trailer])
  return { path, format: 'tar.gz', bytes, inflatedBytes: dataBytes }
}

/** One zip64 entry `zeros.bin` of zeros, deflated, its true size declared. */
async function zipBomb(dir: string, mebibytes: number): Promise<Bomb> {
  const size = mebibytes * MiB
  const deflate = await zeroDeflatePieces(ZEROS, mebibytes)
  let compressed = 0
  for (const piece of deflate()) compressed += piece.length
  const crc = zerosCrc(ZEROS, mebibytes) >>> 0
  const name = Buffer.from('zeros.bin')
  const zip64Extra = Buffer.alloc(20)
  zip64Extra.writeUInt16LE(0x0001, 0)
  zip64Extra.writeUInt16LE(16, 2)
  zip64Extra.writeBigUInt64LE(BigInt(size), 4)
  zip64Extra.writeBigUInt64LE(BigInt(compressed), 12)
  const DOS_DATE = ((2024 - 1980) << 9) | (6 << 5) | 1

  const local = Buffer.alloc(30)
  local.writeUInt32LE(0x04034b50, 0)
  local.writeUInt16LE(45, 4)
  local.writeUInt16LE(8, 8)
  local.writeUInt16LE(DOS_DATE, 12)
  local.writeUInt32LE(crc, 14)
  local.writeUInt32LE(0xffffffff, 18)
  local.writeUInt32LE(0xffffffff, 22)
  local.writeUInt16LE(name.length, 26)
  local.writeUInt16LE(zip64Extra.length, 28)

  const central = Buffer.alloc(46)
  central.writeUInt32LE(0x02014b50, 0)
  central.writeUInt16LE((3 << 8) | 45, 4)
  central.writeUInt16LE(45, 6)
  central.writeUInt16LE(8, 10)
  central.writeUInt16LE(DOS_DATE, 14)
  central.writeUInt32LE(crc, 16)
  central.writeUInt32LE(0xffffffff, 20)
  central.writeUInt32LE(0xffffffff, 24)
  central.writeUInt16LE(name.length, 28)
  central.writeUInt16LE(zip64Extra.length, 30)
  central.writeUInt32LE((0o100644 << 16) >>> 0, 38)
  central.writeUInt32LE(0, 42) // the local header's offset

  const directoryOffset = local.length + name.length + zip64Extra.length + compressed
  const directory = Buffer.concat([central, name, zip64Extra])
  const zip64End = Buffer.alloc(56)
  zip64End.writeUInt32LE(0x06064b50, 0)
  zip64End.writeBigUInt64LE(44n, 4)
  zip64End.writeUInt16LE((3 << 8) | 45, 12)
  zip64End.writeUInt16LE(45, 14)
  zip64End.writeBigUInt64LE(1n, 24)
  zip64End.writeBigUInt64LE(1n, 32)
  zip64End.writeBigUInt64LE(BigInt(directory.length), 40)
  zip64End.writeBigUInt64LE(BigInt(directoryOffset), 48)
  const locator = Buffer.alloc(20)
  locator.writeUInt32LE(0x07064b50, 0)
  locator.writeBigUInt64LE(BigInt(directoryOffset + directory.length), 8)
  locator.writeUInt32LE(1, 16)
  const end = Buffer.alloc(22)
  end.writeUInt32LE(0x06054b50, 0)
  end.writeUInt16LE(1, 8)
  end.writeUInt16LE(1, 10)
  end.writeUInt32LE(directory.length, 12)
  end.writeUInt32LE(directoryOffset, 16)

  const path = join(dir, 'bomb.zip')
  const bytes = await writePieces(path, [
    local,
    name,
    zip64Extra,
    ...deflate(),
    directory,
    zip64End,
    locator,
    end
  ])
  return { path, format: 'zip', bytes, inflatedBytes: size }
}

/** Both bombs, about `mebibytes` MiB of zeros each (10,000: about 10 MB of archive). */
export async function buildBombs(dir: string, mebibytes = 10_000): Promise<Bomb[]> {
  await selfCheck()
  return [await tarGzBomb(dir, mebibytes), await zipBomb(dir, mebibytes)]
}
