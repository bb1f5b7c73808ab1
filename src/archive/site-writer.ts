import { closeSync, mkdirSync, openSync, writeFileSync, writeSync } from 'node:fs'
import { link, symlink } from 'node:fs/promises'
import { join, posix } from 'node:path'
import { entryProblem, linkChainProblem, quoted, UnsafeArchiveError } from './inspect.js'
import type { ArchiveEntryInfo } from './inspect.js'
import type { SiteFileVisitor } from './site-files.js'
import { untrusted } from '../util/untrusted.js'
import { asError } from '../util/errors.js'

/** What the extraction may write: counted on the bytes as they are inflated, not on headers. */
export interface WriteBudget {
  /** `extract-limit`, when set. */
  maxTotalBytes?: number
  maxEntries: number
  /** Free bytes on the disk that holds the site, measured before the first write. */
  freeBytes: number
  /** Of those, what the disk must keep for other writes (the rest of a bundle still downloading). */
  reservedBytes?: number
  /** The folder the site goes to, for messages. */
  destination: string
}

/** Receives a file's bytes as they are inflated. */
export interface FileSink {
  write(chunk: Buffer): void
  /** Once it returns, nothing holds the chunks written: the caller may reuse or free them. */
  end(): void
}

/**
 * Files up to this size are gathered and written with one call (open, write, close); larger
 * ones are streamed, so memory never holds more than a read's worth of any one file.
 */
const WHOLE_FILE_BYTES = 1024 * 1024
/**
 * Bytes an asynchronous visitor (readers on a thread) may hold unread before the reader waits
 * for it: some 70 pages keep it busy. Measured on 10,000 pages (tar.gz, in process), 8 MiB
 * peaked at 222–268 MiB and 2 MiB at 185–188: what waits is copied, and a thread frees late.
 */
export const MAX_PENDING_BYTES = 2 * 1024 * 1024

/**
 * Writes a site entry by entry, as an archive reader hands them over, with every guard on the
 * way in: names (entryProblem), entry count, the byte budget on inflated bytes, links (created
 * last, once every name is known, so that nothing is ever written through one). The first
 * refusal or failure stops everything; the caller then waits for `settle()` and removes the
 * folder. One class for zip and tar, so every name written is a name these guards saw.
 *
 * Writes are synchronous, on purpose: inflating runs on libuv's threads meanwhile, and a site's
 * many small files cost far less as one open/write/close each on this thread than as three
 * round trips through the thread pool, which a loaded runner makes slow.
 */
export class SiteWriter {
  failure: Error | undefined
  files = 0
  totalBytes = 0
  private declaredBytes = 0
  private entries = 0
  /** Bytes handed to an asynchronous visitor and not yet read. */
  private pendingBytes = 0
  private readonly reads = new Set<Promise<void>>()
  private readonly folders = new Set<string>()
  private readonly names: string[] = []
  private readonly links = new Map<string, { type: 'symlink' | 'hardlink'; target: string }>()
  /** Streamed files open now: closed by settle() when a failure stops the archive midway. */
  private readonly openFiles = new Set<() => void>()
  private waiting: (() => void) | undefined

  private readonly root: string
  private readonly budget: WriteBudget
  private readonly visitor: SiteFileVisitor | undefined

  constructor(root: string, budget: WriteBudget, visitor?: SiteFileVisitor) {
    this.root = root
    this.budget = budget
    this.visitor = visitor
  }

  /** The sum of sizes the archive declares up front (a zip's central directory). */
  declareTotal(bytes: number, entries: number): void {
    this.checkEntries(entries)
    this.checkDeclared(bytes)
  }

  /**
   * Accepts an entry, or refuses it (then `failure` is set). Returns where a file's bytes go;
   * undefined for anything else, or after a failure.
   */
  begin(entry: ArchiveEntryInfo): FileSink | undefined {
    if (this.failure) return undefined
    try {
      return this.accept(entry)
    } catch (error) {
      this.fail(error)
      return undefined
    }
  }

  fail(error: unknown): void {
    this.failure ??= asError(error)
    this.wake()
  }

  /** Resolves when the reader may hand over more bytes (an asynchronous visitor keeps up). */
  async room(): Promise<void> {
    while (!this.failure && this.pendingBytes > MAX_PENDING_BYTES) {
      // A batching reader reads nothing it still holds: what is waited for is sent first.
      this.visitor?.flush?.()
      await new Promise<void>(resolve => (this.waiting = resolve))
    }
  }

  /** Ends what is in flight (after a failure too, before the folder is removed). */
  async settle(): Promise<void> {
    for (const close of [...this.openFiles]) {
      try {
        close()
      } catch {
        // Closing after a failure: the failure is what is reported.
      }
    }
    while (this.reads.size > 0) {
      this.visitor?.flush?.()
      await Promise.allSettled([...this.reads])
    }
  }

  /** Once the archive is read: checks the links as a whole, then creates them. Returns symlinks. */
  async finish(): Promise<string[]> {
    await this.settle()
    if (this.failure) throw this.failure
    const chain = linkChainProblem(this.names, this.links)
    if (chain) throw unsafe(chain)
    const symlinks: string[] = []
    for (const [path, { type, target }] of this.links) {
      const at = this.absolute(path)
      try {
        this.folder(posix.dirname(path))
        if (type === 'symlink') {
          await symlink(target, at)
          symlinks.push(at)
        } else {
          // Hard links resolve from the archive root (entryProblem checked that it stays inside).
          await link(this.absolute(sitePath(target)), at)
        }
      } catch (error) {
        throw new UnsafeArchiveError(
          `The bundle's ${type === 'symlink' ? 'link' : 'hard link'} ${quoted(path)} → ${quoted(target)} cannot be made: ${systemReason(error)}; set \`extract: false\` to keep the file as downloaded.`
        )
      }
    }
    return symlinks
  }

  private accept(entry: ArchiveEntryInfo): FileSink | undefined {
    const problem = entryProblem(entry)
    if (problem) throw unsafe(problem)
    this.checkEntries((this.entries += 1))
    const path = sitePath(entry.name)
    if (path === '') return undefined // the archive's own root, `./`
    this.names.push(path)
    if (entry.type === 'directory') {
      this.visitor?.entry?.(path, 'directory')
      this.attempt(path, () => this.folder(path))
      return undefined
    }
    if (entry.type === 'symlink' || entry.type === 'hardlink') {
      this.links.set(path, { type: entry.type, target: entry.linkTarget ?? '' })
      this.visitor?.entry?.(path, entry.type)
      return undefined
    }
    this.checkDeclared((this.declaredBytes += entry.sizeBytes), entry.name)
    this.visitor?.entry?.(path, 'file')
    this.files += 1
    const wanted = this.visitor?.wants(path, entry.sizeBytes) ?? false
    return wanted || entry.sizeBytes <= WHOLE_FILE_BYTES
      ? this.wholeFile(path, wanted)
      : this.streamedFile(path)
  }

  /** Gathers the bytes, then one write; the visitor gets the same bytes. */
  private wholeFile(path: string, wanted: boolean): FileSink {
    const chunks: Buffer[] = []
    let size = 0
    return {
      write: chunk => {
        if (!this.count(chunk.length)) return
        chunks.push(chunk)
        size += chunk.length
      },
      end: () => {
        if (this.failure) return
        const bytes = chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks, size)
        if (!this.attempt(path, () => writeFileSync(this.inFolder(path), bytes))) return
        if (wanted) this.handOver(path, bytes)
      }
    }
  }

  /** A large file, written chunk by chunk in order as it inflates. */
  private streamedFile(path: string): FileSink {
    let fd: number | undefined
    const close = () => {
      if (fd !== undefined) closeSync(fd)
      this.openFiles.delete(close)
      fd = undefined
    }
    this.attempt(path, () => {
      fd = openSync(this.inFolder(path), 'w')
      this.openFiles.add(close)
    })
    return {
      write: chunk => {
        if (fd === undefined || !this.count(chunk.length)) return
        const at = fd
        this.attempt(path, () => writeAll(at, chunk))
      },
      end: () => this.attempt(path, close)
    }
  }

  /**
   * Runs a write; a refusal of the system becomes the failure, in words naming the entry. Its
   * callers check for an earlier failure first (begin, count, a gathered file's end); a streamed
   * file's end after one closes the file, as settle() would.
   */
  private attempt(path: string, write: () => void): boolean {
    try {
      write()
      return true
    } catch (error) {
      this.fail(writeError(error, path, this.budget.destination))
      return false
    }
  }

  /** Gives a written file's bytes to the visitor; an asynchronous visitor is waited for later. */
  private handOver(path: string, bytes: Buffer): void {
    // Measured first: the bytes are the visitor's only during the call.
    const size = bytes.length
    const read = this.visitor?.file(path, bytes)
    if (!read) return
    this.pendingBytes += size
    const tracked: Promise<void> = read.then(
      () => {
        this.reads.delete(tracked)
        this.pendingBytes -= size
        this.wake()
      },
      (error: unknown) => {
        this.reads.delete(tracked)
        this.fail(error)
      }
    )
    this.reads.add(tracked)
  }

  /** Counts inflated bytes against the budget as they arrive; false once over it. */
  private count(bytes: number): boolean {
    if (this.failure) return false
    this.totalBytes += bytes
    const { maxTotalBytes } = this.budget
    if (maxTotalBytes !== undefined && this.totalBytes > maxTotalBytes) {
      this.fail(
        new UnsafeArchiveError(
          `The extracted bundle holds more than ${maxTotalBytes} bytes (\`extract-limit\`); refusing to extract it, and what was written was removed.`
        )
      )
      return false
    }
    if (this.totalBytes > this.diskRoom) {
      this.fail(new UnsafeArchiveError(diskMessage(this.totalBytes, this.budget, 'more than')))
      return false
    }
    return true
  }

  private checkEntries(entries: number): void {
    if (entries > this.budget.maxEntries) {
      throw new UnsafeArchiveError(
        `The bundle has more than ${this.budget.maxEntries} entries; refusing to extract it.`
      )
    }
  }

  private checkDeclared(bytes: number, name?: string): void {
    const { maxTotalBytes } = this.budget
    if (maxTotalBytes !== undefined && bytes > maxTotalBytes) {
      throw new UnsafeArchiveError(
        `The bundle would extract to more than ${maxTotalBytes} bytes (\`extract-limit\`)${name === undefined ? '' : `, at ${quoted(name)}`}; refusing to extract it (an archive bomb, or a far larger site than expected).`
      )
    }
    if (bytes > this.diskRoom)
      throw new UnsafeArchiveError(
        diskMessage(bytes, this.budget, name === undefined ? '' : 'at least')
      )
  }

  /** What the site may take of the disk: the free space, less what other writes need. */
  private get diskRoom(): number {
    return this.budget.freeBytes - (this.budget.reservedBytes ?? 0)
  }

  /** The file's absolute path, once its folder exists (each folder is made once). */
  private inFolder(path: string): string {
    this.folder(posix.dirname(path))
    return this.absolute(path)
  }

  /** Makes a folder of the site (`.` is the site's own, there already). */
  private folder(path: string): void {
    if (path === '.' || this.folders.has(path)) return
    mkdirSync(this.absolute(path), { recursive: true })
    this.folders.add(path)
  }

  private wake(): void {
    const waiting = this.waiting
    this.waiting = undefined
    waiting?.()
  }

  private absolute(path: string): string {
    return join(this.root, ...path.split('/'))
  }
}

/** Writes all of `chunk` (a write may take fewer bytes than asked). */
function writeAll(fd: number, chunk: Buffer): void {
  for (let done = 0; done < chunk.length;) done += writeSync(fd, chunk, done)
}

/** `./a\b/` → `a/b`: the one spelling of an entry's path, on disk and for the visitor. */
export function sitePath(name: string): string {
  const normal = posix.normalize(name.replace(/\\/g, '/')).replace(/^(\.\/)+|\/+$/g, '')
  return normal === '.' ? '' : normal
}

function unsafe(problem: string): UnsafeArchiveError {
  return new UnsafeArchiveError(`The bundle is unsafe to extract: ${problem}.`)
}

function diskMessage(bytes: number, budget: WriteBudget, how: string): string {
  const { freeBytes, reservedBytes, destination } = budget
  const kept = reservedBytes
    ? `, of which ${reservedBytes} must stay free for the rest of the bundle still downloading`
    : ''
  return `The bundle would extract to ${how ? `${how} ` : ''}${bytes} bytes, and the disk holding ${destination} has ${freeBytes} bytes free${kept}; set \`path\` to a folder on a larger disk or free some space (\`extract-limit\` bounds the site's size, the free space bounds it in any case).`
}

/** A write the system refused, in words that name the entry and what to do. */
function writeError(error: unknown, path: string, destination: string): Error {
  const code = (error as NodeJS.ErrnoException).code
  if (code === 'ENOSPC')
    return new UnsafeArchiveError(
      `The disk holding ${destination} is full (writing ${quoted(path)}); set \`path\` to a folder on a larger disk, or free some space.`
    )
  const why =
    code === 'ENOTDIR' || code === 'EEXIST'
      ? 'a file stands where a folder of that path should be'
      : code === 'EISDIR'
        ? 'a folder stands where that file should be'
        : systemReason(error)
  return new UnsafeArchiveError(
    `Extracting the bundle into ${destination} failed at ${quoted(path)}: ${why}. The archive may be damaged; set \`extract: false\` to keep the file as downloaded.`
  )
}

/**
 * Why the system refused, in words: a name too long for the disk (a part over 255 bytes, say,
 * which an archive may hold) said plainly, anything else in the system's own message.
 */
export function systemReason(error: unknown): string {
  return (error as NodeJS.ErrnoException).code === 'ENAMETOOLONG'
    ? 'a name too long for the file system (most allow 255 bytes a part)'
    : untrusted((error as Error).message ?? String(error))
}
