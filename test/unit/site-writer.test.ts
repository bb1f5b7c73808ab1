// The writer every archive reader hands its entries to (src/archive/site-writer.ts): each guard
// on its own, at its boundary, with the words it refuses in. Readers of real archives are tested
// in archive-extract.test.ts; here the entries are handed over directly, as a reader would.
import { lstat, mkdtemp, readdir, readFile, readlink, rm, symlink } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { ArchiveEntryInfo } from '../../src/archive/inspect.js'
import { UnsafeArchiveError } from '../../src/archive/inspect.js'
import type { SiteFileVisitor } from '../../src/archive/site-files.js'
import { combineVisitors } from '../../src/archive/site-files.js'
import {
  MAX_PENDING_BYTES,
  SiteWriter,
  sitePath,
  type WriteBudget
} from '../../src/archive/site-writer.js'

const MiB = 1024 * 1024

let root: string
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'writer-'))
})
afterEach(() => rm(root, { recursive: true, force: true }))

function writer(budget: Partial<WriteBudget> = {}, visitor?: SiteFileVisitor): SiteWriter {
  return new SiteWriter(
    root,
    { maxEntries: 100, freeBytes: 1024 * MiB, destination: '/the/site', ...budget },
    visitor
  )
}

const file = (name: string, sizeBytes = 1): ArchiveEntryInfo => ({ name, type: 'file', sizeBytes })
const dir = (name: string): ArchiveEntryInfo => ({ name, type: 'directory', sizeBytes: 0 })
const link = (name: string, linkTarget: string, type: 'symlink' | 'hardlink' = 'symlink') =>
  ({ name, type, sizeBytes: 0, linkTarget }) satisfies ArchiveEntryInfo

/** Hands a file over as a reader does: begin, the chunks, end. */
function put(w: SiteWriter, name: string, ...chunks: string[]): void {
  const bytes = chunks.reduce((sum, chunk) => sum + Buffer.byteLength(chunk), 0)
  const sink = w.begin(file(name, bytes))
  for (const chunk of chunks) sink?.write(Buffer.from(chunk))
  sink?.end()
}

/** The files under `folder` this process has open (Linux). */
async function openUnder(folder: string): Promise<string[]> {
  const fds = await readdir('/proc/self/fd')
  const open = await Promise.all(fds.map(fd => readlink(`/proc/self/fd/${fd}`).catch(() => '')))
  return open.filter(target => target.startsWith(folder))
}

/** The failure a finished writer reports, as its message. */
async function refusal(w: SiteWriter): Promise<string> {
  const error = await w.finish().then(
    () => undefined,
    (failure: unknown) => failure
  )
  expect(error).toBeInstanceOf(Error)
  return (error as Error).message
}

describe('entry count', () => {
  it('takes exactly the limit, and refuses one more, naming the limit', async () => {
    const w = writer({ maxEntries: 3 })
    put(w, 'a.html', 'a')
    expect(w.begin(dir('d'))).toBeUndefined()
    put(w, 'd/b.html', 'b')
    expect(w.failure).toBeUndefined()
    expect(w.begin(file('c.html'))).toBeUndefined()
    expect(w.failure).toBeInstanceOf(UnsafeArchiveError)
    expect(w.failure?.message).toBe('The bundle has more than 3 entries; refusing to extract it.')
  })

  it('counts the entries a zip declares up front, the limit itself allowed', () => {
    writer({ maxEntries: 3 }).declareTotal(0, 3)
    expect(() => writer({ maxEntries: 3 }).declareTotal(0, 4)).toThrow(
      'The bundle has more than 3 entries'
    )
  })
})

describe('bytes declared by the headers', () => {
  it('refuses a zip whose declared total passes the limit, before any entry', () => {
    writer({ maxTotalBytes: 100 }).declareTotal(100, 1)
    expect(() => writer({ maxTotalBytes: 100 }).declareTotal(101, 1)).toThrow(
      'The bundle would extract to more than 100 bytes (`extract-limit`); refusing to extract it (an archive bomb, or a far larger site than expected).'
    )
  })

  it('refuses a zip whose declared total passes the free space, naming both figures', () => {
    writer({ freeBytes: 100 }).declareTotal(100, 1)
    expect(() => writer({ freeBytes: 100 }).declareTotal(101, 1)).toThrow(
      "The bundle would extract to 101 bytes, and the disk holding /the/site has 100 bytes free; set `path` to a folder on a larger disk or free some space (`extract-limit` bounds the site's size, the free space bounds it in any case)."
    )
  })

  it('adds up the sizes tar headers declare, and names the entry that passes the limit', async () => {
    const w = writer({ maxTotalBytes: 10 })
    put(w, 'a.html', '12345')
    put(w, 'b.html', '12345')
    expect(w.failure).toBeUndefined()
    expect(w.begin(file('c.html', 1))).toBeUndefined()
    expect(w.failure?.message).toBe(
      'The bundle would extract to more than 10 bytes (`extract-limit`), at `c.html`; refusing to extract it (an archive bomb, or a far larger site than expected).'
    )
    expect(await readdir(root)).toEqual(['a.html', 'b.html'])
  })

  it('says `at least` when the headers so far pass the free space', () => {
    const w = writer({ freeBytes: 10 })
    put(w, 'a.html', '1234567890')
    expect(w.begin(file('b.html', 1))).toBeUndefined()
    expect(w.failure?.message).toMatch(
      /^The bundle would extract to at least 11 bytes, and the disk holding \/the\/site has 10 bytes free;/
    )
  })

  it('counts no size for folders and links', () => {
    const w = writer({ maxTotalBytes: 1 })
    w.begin({ ...dir('d'), sizeBytes: 50 })
    w.begin({ ...link('l', 'd'), sizeBytes: 50 })
    put(w, 'a.html', 'a')
    expect(w.failure).toBeUndefined()
  })
})

describe('bytes as they are inflated (headers may lie)', () => {
  it('stops at the limit on what is written, whatever the header said', async () => {
    const w = writer({ maxTotalBytes: 10 })
    put(w, 'a.html', '12345', '12345')
    expect(w.failure).toBeUndefined()
    const sink = w.begin(file('b.html', 0))
    sink?.write(Buffer.from('x'))
    expect(w.failure?.message).toBe(
      'The extracted bundle holds more than 10 bytes (`extract-limit`); refusing to extract it, and what was written was removed.'
    )
    sink?.write(Buffer.from('y'))
    sink?.end()
    expect(w.totalBytes).toBe(11)
    expect(await readdir(root)).toEqual(['a.html'])
  })

  it('stops at the free space on what is written', () => {
    const w = writer({ freeBytes: 10 })
    put(w, 'a.html', '1234567890')
    expect(w.failure).toBeUndefined()
    w.begin(file('b.html', 0))?.write(Buffer.from('x'))
    expect(w.failure?.message).toMatch(
      /^The bundle would extract to more than 11 bytes, and the disk holding \/the\/site has 10 bytes free;/
    )
  })

  it('stops a large (streamed) file at the free space, the chunk past it unwritten', async () => {
    const w = writer({ freeBytes: MiB + 10 })
    const sink = w.begin(file('big.bin', MiB + 1)) // the header lies: more than that comes
    sink?.write(Buffer.alloc(MiB))
    expect(w.failure).toBeUndefined()
    sink?.write(Buffer.alloc(MiB))
    expect(w.failure?.message).toMatch(/^The bundle would extract to more than 2097152 bytes/)
    expect((await lstat(join(root, 'big.bin'))).size).toBe(MiB)
    await w.settle()
  })

  it('stops a large (streamed) file at the limit, its bytes so far written in order', async () => {
    const w = writer({ maxTotalBytes: 3 * MiB + 10 })
    const sink = w.begin(file('big.bin', 2 * MiB))
    const chunk = (fill: number) => Buffer.alloc(MiB, fill)
    sink?.write(chunk(1))
    sink?.write(chunk(2))
    expect(w.failure).toBeUndefined()
    sink?.end()
    const written = await readFile(join(root, 'big.bin'))
    expect(written.length).toBe(2 * MiB)
    expect(written[0]).toBe(1)
    expect(written[2 * MiB - 1]).toBe(2)

    const lying = w.begin(file('lie.bin', MiB + 1))
    lying?.write(chunk(3))
    lying?.write(chunk(4))
    expect(w.failure?.message).toContain('holds more than 3145738 bytes')
    // The chunk past the limit is never written.
    expect((await lstat(join(root, 'lie.bin'))).size).toBe(MiB)
    await w.settle()
  })
})

describe('files', () => {
  it('writes a small file from several chunks as one, in order', async () => {
    const w = writer()
    put(w, 'docs/a.html', 'one ', 'two ', 'three')
    put(w, 'docs/b.html', 'single')
    put(w, 'empty.txt')
    await w.finish()
    expect(await readFile(join(root, 'docs/a.html'), 'utf8')).toBe('one two three')
    expect(await readFile(join(root, 'docs/b.html'), 'utf8')).toBe('single')
    expect(await readFile(join(root, 'empty.txt'), 'utf8')).toBe('')
    expect(w.files).toBe(3)
    expect(w.totalBytes).toBe(19)
  })

  it('streams a file over 1 MiB: open before the bytes, written as they come', async () => {
    const w = writer()
    const sink = w.begin(file('big.bin', MiB + 1))
    // Open already (a file gathered in memory would not exist before its end).
    expect((await lstat(join(root, 'big.bin'))).size).toBe(0)
    sink?.write(Buffer.alloc(MiB, 7))
    expect((await lstat(join(root, 'big.bin'))).size).toBe(MiB)
    sink?.write(Buffer.from([8]))
    sink?.end()
    await w.finish()
    const written = await readFile(join(root, 'big.bin'))
    expect(written.length).toBe(MiB + 1)
    expect(written[MiB]).toBe(8)
  })

  it('gathers a file of exactly 1 MiB (written whole at its end)', async () => {
    const w = writer()
    const sink = w.begin(file('whole.bin', MiB))
    sink?.write(Buffer.alloc(MiB, 1))
    await expect(lstat(join(root, 'whole.bin'))).rejects.toThrow(/ENOENT/)
    sink?.end()
    expect((await lstat(join(root, 'whole.bin'))).size).toBe(MiB)
  })

  it('writes nothing once refused: later entries, later chunks, the end of an open file', async () => {
    const w = writer({ maxEntries: 2 })
    const small = w.begin(file('small.html', 2))
    const big = w.begin(file('big.bin', 2 * MiB))
    expect(w.begin(file('third.html'))).toBeUndefined()
    expect(w.failure).toBeDefined()
    small?.write(Buffer.from('ab'))
    small?.end()
    big?.write(Buffer.from('cd'))
    big?.end()
    expect(w.totalBytes).toBe(0)
    expect(await readdir(root)).toEqual(['big.bin'])
    expect((await lstat(join(root, 'big.bin'))).size).toBe(0)
    expect(w.begin(file('fourth.html'))).toBeUndefined()
    await expect(w.finish()).rejects.toThrow('more than 2 entries')
  })

  it('closes a streamed file at its end: a site of many large files holds one open at a time', async () => {
    const w = writer()
    for (const name of ['a.bin', 'b.bin']) {
      const sink = w.begin(file(name, 2 * MiB))
      sink?.write(Buffer.alloc(2 * MiB))
      expect(await openUnder(root)).toEqual([join(root, name)])
      sink?.end()
      expect(await openUnder(root)).toEqual([])
    }
    await w.finish()
  })

  it('closes a streamed file left open by a failure (settle), so the folder can go', async () => {
    const w = writer()
    const sink = w.begin(file('big.bin', 2 * MiB))
    sink?.write(Buffer.alloc(10))
    w.fail(new Error('the archive ends early'))
    await expect(w.finish()).rejects.toThrow('the archive ends early')
    // Its descriptor is closed: the file is all there is, and it can be removed.
    expect(await openUnder(root)).toEqual([])
  })

  it('takes the archive’s root entry `./` as nothing, and one spelling of each path', async () => {
    const seen: string[] = []
    const w = writer({}, { entry: path => seen.push(path), wants: () => false, file: () => {} })
    expect(w.begin(dir('./'))).toBeUndefined()
    w.begin(dir('./docs/'))
    put(w, '.\\docs\\a.html', 'a')
    put(w, 'docs//b.html', 'b')
    await w.finish()
    expect(seen).toEqual(['docs', 'docs/a.html', 'docs/b.html'])
    expect((await readdir(root)).sort()).toEqual(['docs'])
    expect((await readdir(join(root, 'docs'))).sort()).toEqual(['a.html', 'b.html'])
  })

  it('makes an empty folder, and a folder for a file whose folder came first or never', async () => {
    const w = writer()
    w.begin(dir('empty/'))
    w.begin(dir('deep/'))
    put(w, 'deep/er/page.html', 'p')
    await w.finish()
    expect((await lstat(join(root, 'empty'))).isDirectory()).toBe(true)
    expect(await readFile(join(root, 'deep/er/page.html'), 'utf8')).toBe('p')
  })
})

describe('after a failure', () => {
  it('takes no entry and tells no reader of one', () => {
    const seen: string[] = []
    const w = writer({}, { entry: path => seen.push(path), wants: () => true, file: () => {} })
    w.fail(new Error('the archive ends early'))
    expect(w.begin(file('a.html'))).toBeUndefined()
    expect(w.begin(dir('d'))).toBeUndefined()
    expect(seen).toEqual([])
  })

  it('hands a reader no bytes of a file the system refused to write', async () => {
    await symlink('/dev/full', join(root, 'full.html'))
    const got: string[] = []
    const w = writer({}, { wants: () => true, file: path => void got.push(path) })
    put(w, 'full.html', 'x')
    expect(w.failure?.message).toContain('is full')
    expect(got).toEqual([])
    await w.settle()
  })
})

describe('readers without an entry callback', () => {
  it('get folders, links and files all the same', async () => {
    const w = writer({}, { wants: () => false, file: () => {} })
    w.begin(dir('d/'))
    w.begin(link('l', 'd'))
    put(w, 'd/a.html', 'a')
    await w.finish()
    expect(w.failure).toBeUndefined()
    expect(await readlink(join(root, 'l'))).toBe('d')
  })

  it('tell a reader each entry’s kind', () => {
    const seen: string[] = []
    const w = writer(
      {},
      { entry: (path, kind) => seen.push(`${kind} ${path}`), wants: () => false, file: () => {} }
    )
    w.begin(dir('d/'))
    w.begin(link('s', 'd'))
    w.begin(link('h', 'd/a.html', 'hardlink'))
    put(w, 'd/a.html', 'a')
    expect(seen).toEqual(['directory d', 'symlink s', 'hardlink h', 'file d/a.html'])
  })
})

describe('sitePath', () => {
  it.each([
    ['./', ''],
    ['.', ''],
    ['././a/', 'a'],
    ['a\\b\\', 'a/b'],
    ['a//b///', 'a/b'],
    ['a/./b', 'a/b'],
    ['a/x/../b', 'a/b']
  ])('%j → %j', (name, path) => expect(sitePath(name)).toBe(path))
})

describe('guards on each name (entryProblem), before anything is written', () => {
  it.each([
    [file('../evil.html'), 'points outside the extraction folder'],
    [file('/etc/x'), 'has an absolute path'],
    [{ name: 'fifo', type: 'other', sizeBytes: 0 } as const, 'is a device, FIFO'],
    [link('l', '/etc'), 'targets an absolute path']
  ])('refuses %j', async (entry, words) => {
    const w = writer()
    expect(w.begin(entry)).toBeUndefined()
    expect(w.failure).toBeInstanceOf(UnsafeArchiveError)
    expect(w.failure?.message).toMatch(/^The bundle is unsafe to extract: /)
    expect(w.failure?.message).toContain(words)
    expect(w.failure?.message.endsWith('.')).toBe(true)
    expect(await readdir(root)).toEqual([])
  })
})

describe('links, made last', () => {
  it('makes symlinks and hard links once every name is known, returning the symlinks', async () => {
    const seen: string[] = []
    const w = writer(
      {},
      { entry: (path, kind) => seen.push(`${kind} ${path}`), wants: () => false, file: () => {} }
    )
    w.begin(link('docs/start.html', 'guide/index.html'))
    w.begin(link('docs/same.html', 'docs/guide/index.html', 'hardlink'))
    put(w, 'docs/guide/index.html', 'guide')
    // Not made yet: a name written later could otherwise go through one.
    expect(await readdir(join(root, 'docs'))).toEqual(['guide'])
    const symlinks = await w.finish()
    expect(symlinks).toEqual([join(root, 'docs/start.html')])
    expect(await readlink(join(root, 'docs/start.html'))).toBe('guide/index.html')
    expect((await lstat(join(root, 'docs/same.html'))).ino).toBe(
      (await lstat(join(root, 'docs/guide/index.html'))).ino
    )
    expect(seen).toEqual([
      'symlink docs/start.html',
      'hardlink docs/same.html',
      'file docs/guide/index.html'
    ])
  })

  it('makes a link in a folder that no other entry made', async () => {
    const w = writer()
    put(w, 'page.html', 'p')
    w.begin(link('a/b/up', '../../page.html'))
    await w.finish()
    expect(await readFile(join(root, 'a/b/up'), 'utf8')).toBe('p')
  })

  it('refuses a name under one of the archive’s links, writing no link', async () => {
    const w = writer()
    w.begin(link('out', 'docs'))
    put(w, 'out/evil.sh', 'x')
    expect(await refusal(w)).toBe(
      'The bundle is unsafe to extract: `out/evil.sh` lies under the link `out`.'
    )
    await expect(lstat(join(root, 'out'))).resolves.toBeDefined() // the folder the file made
    expect((await lstat(join(root, 'out'))).isSymbolicLink()).toBe(false)
  })

  it('says why a hard link cannot be made (its target is no file of the archive)', async () => {
    const w = writer()
    w.begin(link('h.html', 'missing.html', 'hardlink'))
    const message = await refusal(w)
    expect(message).toMatch(
      /^The bundle's hard link `h\.html` → `missing\.html` cannot be made: ENOENT: no such file or directory, link .*\.$/
    )
  })
})

describe('a write the system refuses, in words naming the entry', () => {
  it('a file where a folder of that path should be', async () => {
    const w = writer()
    put(w, 'a', 'file')
    put(w, 'a/b.html', 'x')
    expect(await refusal(w)).toBe(
      'Extracting the bundle into /the/site failed at `a/b.html`: a file stands where a folder of that path should be. The archive may be damaged; set `extract: false` to keep the file as downloaded.'
    )
  })

  it('a file where a folder entry should be (EEXIST)', async () => {
    const w = writer()
    put(w, 'a', 'file')
    w.begin(dir('a/'))
    expect(await refusal(w)).toContain(
      'failed at `a`: a file stands where a folder of that path should be.'
    )
  })

  it('a file where a folder deeper down should be (ENOTDIR)', async () => {
    const w = writer()
    put(w, 'a', 'file')
    put(w, 'a/b/c.html', 'x')
    expect(await refusal(w)).toContain(
      'failed at `a/b/c.html`: a file stands where a folder of that path should be.'
    )
  })

  it('a folder where a file should be', async () => {
    const w = writer()
    w.begin(dir('a/'))
    put(w, 'a', 'x')
    expect(await refusal(w)).toBe(
      'Extracting the bundle into /the/site failed at `a`: a folder stands where that file should be. The archive may be damaged; set `extract: false` to keep the file as downloaded.'
    )
  })

  it('a full disk', async () => {
    // The folder already holds a link to /dev/full (made by this test, not the archive): every
    // write through it fails with ENOSPC, as a full disk does.
    await symlink('/dev/full', join(root, 'full'))
    const w = writer()
    put(w, 'full', 'x')
    expect(await refusal(w)).toBe(
      'The disk holding /the/site is full (writing `full`); set `path` to a folder on a larger disk, or free some space.'
    )
  })

  it('a full disk under a streamed file', async () => {
    await symlink('/dev/full', join(root, 'full'))
    const w = writer()
    const sink = w.begin(file('full', 2 * MiB))
    sink?.write(Buffer.alloc(MiB))
    expect(w.failure?.message).toContain('is full (writing `full`)')
    sink?.end()
    await w.settle()
  })

  it('a name too long for the file system, in plain words', async () => {
    const w = writer()
    put(w, `${'n'.repeat(300)}.html`, 'x')
    expect(await refusal(w)).toMatch(
      /^Extracting the bundle into \/the\/site failed at `n+…`: a name too long for the file system \(most allow 255 bytes a part\)\. The archive may be damaged;/
    )
  })

  it('anything else, in the system’s words made safe to print', async () => {
    const w = writer()
    await rm(root, { recursive: true })
    put(w, 'a.html', 'x')
    expect(await refusal(w)).toMatch(
      /^Extracting the bundle into \/the\/site failed at `a\.html`: ENOENT: no such file or directory, open '\/tmp\/.*a\.html'\. The archive may be damaged;/
    )
  })
})

describe('readers of the site (visitors)', () => {
  it('hands each wanted file its bytes once they are written, and no other', async () => {
    const got = new Map<string, string>()
    const onDisk = new Map<string, string>()
    const w = writer(
      {},
      {
        wants: path => path.endsWith('.html'),
        file: async (path, bytes) => {
          // The bytes are valid during the call only: read before the first await.
          got.set(path, bytes.toString())
          onDisk.set(path, await readFile(join(root, path), 'utf8'))
        }
      }
    )
    put(w, 'a.html', 'page ', 'a')
    put(w, 'b.css', 'style')
    await w.finish()
    expect([...got]).toEqual([['a.html', 'page a']])
    expect([...onDisk]).toEqual([['a.html', 'page a']])
  })

  it('hands over a wanted file even over 1 MiB, whole', async () => {
    const sizes: number[] = []
    const w = writer(
      {},
      { wants: () => true, file: (_path, bytes) => void sizes.push(bytes.length) }
    )
    const sink = w.begin(file('big.html', 2 * MiB))
    sink?.write(Buffer.alloc(MiB))
    sink?.write(Buffer.alloc(MiB))
    sink?.end()
    await w.finish()
    expect(sizes).toEqual([2 * MiB])
  })

  it('a reader that fails is the failure', async () => {
    const w = writer(
      {},
      { wants: () => true, file: () => Promise.reject(new Error('the reader broke')) }
    )
    put(w, 'a.html', 'a')
    await expect(w.finish()).rejects.toThrow('the reader broke')
  })

  it('a reader that throws something not an Error is the failure, in words', async () => {
    const w = writer()
    w.fail('plain text')
    expect(w.failure).toBeInstanceOf(Error)
    expect(w.failure?.message).toBe('plain text')
    w.fail(new Error('a later one'))
    expect(w.failure?.message).toBe('plain text')
  })

  it('holds the reader back: past MAX_PENDING_BYTES unread, room() waits until the reader catches up', async () => {
    const pending: Array<() => void> = []
    const w = writer(
      {},
      {
        wants: () => true,
        file: () => new Promise<void>(resolve => pending.push(resolve))
      }
    )
    const files = MAX_PENDING_BYTES / MiB
    for (let i = 0; i < files; i += 1) put(w, `${i}.html`, 'x'.repeat(MiB))
    // Exactly MAX_PENDING_BYTES unread: still room.
    await w.room()
    put(w, 'one-more.html', 'x')
    let roomy = false
    const room = w.room().then(() => (roomy = true))
    await new Promise(resolve => setImmediate(resolve))
    expect(roomy).toBe(false)
    pending.shift()?.()
    await room
    expect(roomy).toBe(true)
    for (const resolve of pending) resolve()
    await w.finish()
  })

  /** A reader that reads nothing until flushed, as readers on a thread batch what they get. */
  function batchingReader(): SiteFileVisitor & { read: string[] } {
    const held: Array<[string, () => void]> = []
    const read: string[] = []
    return {
      read,
      wants: () => true,
      file: path => new Promise<void>(resolve => held.push([path, resolve])),
      flush() {
        for (const [path, resolve] of held.splice(0)) {
          read.push(path)
          resolve()
        }
      }
    }
  }

  it('flushes a batching reader before it waits for the reads, so finish() ends', async () => {
    const reader = batchingReader()
    const w = writer({}, reader)
    put(w, 'a.html', 'a')
    put(w, 'b.html', 'b')
    await w.finish()
    expect(reader.read).toEqual(['a.html', 'b.html'])
  })

  it('flushes a batching reader when it holds too much, so room() ends', async () => {
    const reader = batchingReader()
    const w = writer({}, reader)
    for (let i = 0; i <= MAX_PENDING_BYTES / MiB; i += 1) put(w, `${i}.html`, 'x'.repeat(MiB))
    await w.room()
    expect(reader.read).toHaveLength(MAX_PENDING_BYTES / MiB + 1)
    // Under the limit, room() does not flush: the batch keeps filling.
    put(w, 'small.html', 'x')
    await w.room()
    expect(reader.read).not.toContain('small.html')
    await w.finish()
    expect(reader.read).toContain('small.html')
  })

  it('flushes readers that batch when they are combined, so finish() and room() end', async () => {
    const first = batchingReader()
    const second = batchingReader()
    const w = writer({}, combineVisitors(first, second))
    for (let i = 0; i <= MAX_PENDING_BYTES / MiB; i += 1) put(w, `${i}.html`, 'x'.repeat(MiB))
    await w.room()
    put(w, 'last.html', 'x')
    await w.finish()
    expect(first.read).toEqual(second.read)
    expect(second.read).toContain('last.html')
  })

  it('a failure ends the wait for room', async () => {
    const w = writer({}, { wants: () => true, file: () => new Promise<void>(() => {}) })
    for (let i = 0; i <= MAX_PENDING_BYTES / MiB; i += 1) put(w, `${i}.html`, 'x'.repeat(MiB))
    const room = w.room()
    w.fail(new Error('stop'))
    await expect(room).resolves.toBeUndefined()
  })

  it('several readers as one: a flush reaches each reader that batches', () => {
    const flushed: string[] = []
    const combined = combineVisitors(
      { wants: () => true, file: () => {}, flush: () => void flushed.push('A') },
      { wants: () => true, file: () => {} },
      { wants: () => true, file: () => {}, flush: () => void flushed.push('C') }
    )
    combined.flush?.()
    expect(flushed).toEqual(['A', 'C'])
  })

  it('several readers as one: each gets the entries, and only the bytes it wants', async () => {
    const log: string[] = []
    const reader = (name: string, suffix: string): SiteFileVisitor => ({
      entry: (path, kind) => log.push(`${name} entry ${kind} ${path}`),
      wants: path => path.endsWith(suffix),
      file: async (path, bytes) => void log.push(`${name} file ${path} ${bytes.toString()}`)
    })
    const w = writer(
      {},
      combineVisitors(reader('A', '.html'), reader('B', '.css'), {
        wants: () => false,
        file: () => {}
      })
    )
    put(w, 'a.html', 'a')
    put(w, 'b.css', 'b')
    put(w, 'c.js', 'c')
    await w.finish()
    expect(log).toEqual([
      'A entry file a.html',
      'B entry file a.html',
      'A file a.html a',
      'A entry file b.css',
      'B entry file b.css',
      'B file b.css b',
      'A entry file c.js',
      'B entry file c.js'
    ])
  })
})
