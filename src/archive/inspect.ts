import { posix } from 'node:path'
import { list as listTar } from 'tar'
import yauzl from 'yauzl'
import type { ArchiveFormat } from './format.js'
import { untrusted } from '../util/untrusted.js'

/** A name from the archive, in a message: one clean line, in backticks. */
export function quoted(name: string | undefined): string {
  return `\`${untrusted(name ?? '', 120)}\``
}

/**
 * Characters no site path needs, which would let a name steer what prints it (the runner reads
 * commands from whole lines; tar and unzip print names): controls, line breaks, format marks.
 */
const UNSEEN_IN_NAME = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u

/** One entry as listed from the archive's own headers, before anything is written. */
export interface ArchiveEntryInfo {
  name: string
  type: 'file' | 'directory' | 'symlink' | 'hardlink' | 'other'
  sizeBytes: number
  linkTarget?: string
}

export interface ArchiveLimits {
  maxTotalBytes: number
  maxEntries: number
}

export class UnsafeArchiveError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'UnsafeArchiveError'
  }
}

/**
 * Why an entry may not be extracted, or undefined when it is safe: a name that is absolute or
 * climbs out with `..`, a link whose target leaves the folder, or a device or FIFO.
 */
export function entryProblem(entry: ArchiveEntryInfo): string | undefined {
  const name = entry.name.replace(/\\/g, '/')
  if (UNSEEN_IN_NAME.test(entry.name) || UNSEEN_IN_NAME.test(entry.linkTarget ?? ''))
    return `${quoted(entry.name)} holds a control character, a line break or an invisible format character`
  if (name.startsWith('/') || /^[a-z]:/i.test(name))
    return `${quoted(entry.name)} has an absolute path`
  if (escapes(name)) return `${quoted(entry.name)} points outside the extraction folder`
  if (entry.type === 'other') return `${quoted(entry.name)} is a device, FIFO or other special file`
  if (entry.type === 'symlink' || entry.type === 'hardlink') {
    const target = (entry.linkTarget ?? '').replace(/\\/g, '/')
    if (target.startsWith('/') || /^[a-z]:/i.test(target)) {
      return `link ${quoted(entry.name)} → ${quoted(entry.linkTarget)} targets an absolute path`
    }
    // Symlinks resolve from their own folder, hard links from the archive root.
    const resolved = entry.type === 'symlink' ? posix.join(posix.dirname(name), target) : target
    if (escapes(resolved))
      return `link ${quoted(entry.name)} → ${quoted(entry.linkTarget)} points outside the extraction folder`
  }
  return undefined
}

function escapes(relative: string): boolean {
  const normal = posix.normalize(relative)
  return normal === '..' || normal.startsWith('../')
}

/** `./a/b/` → `a/b`: one spelling per path, to compare entry names. */
function entryPath(name: string): string {
  return posix.normalize(name.replace(/\\/g, '/')).replace(/^(\.\/)+|\/+$/g, '')
}

/**
 * Why an entry reaches through one of the archive's own symlinks, or undefined. Each entry is
 * safe on its own (entryProblem), but links compose: a name under a link is written wherever
 * that link points, and a link whose target passes through another link ends where the chain
 * does, which reading its text cannot tell. Bundles have no reason for either, so both are
 * refused; checked once all names are known, since a link may come after what uses it.
 */
export function linkChainProblem(
  names: Iterable<string>,
  links: ReadonlyMap<string, { type: 'symlink' | 'hardlink'; target: string }>
): string | undefined {
  const symlinks = new Set(
    [...links].filter(([, link]) => link.type === 'symlink').map(([name]) => entryPath(name))
  )
  if (symlinks.size === 0) return undefined
  for (const name of names) {
    const parts = entryPath(name).split('/')
    for (let depth = 1; depth < parts.length; depth += 1) {
      const folder = parts.slice(0, depth).join('/')
      if (symlinks.has(folder)) return `${quoted(name)} lies under the link ${quoted(folder)}`
    }
  }
  for (const [name, { type, target }] of links) {
    // Symlinks resolve from their own folder, hard links from the archive root.
    const dir = posix.dirname(entryPath(name))
    const walked = type === 'symlink' && dir !== '.' ? dir.split('/') : []
    for (const part of target.replace(/\\/g, '/').split('/')) {
      if (part === '' || part === '.') continue
      if (part === '..') walked.pop()
      else walked.push(part)
      const path = walked.join('/')
      if (part !== '..' && symlinks.has(path))
        return `link ${quoted(name)} → ${quoted(target)} goes through the link ${quoted(path)}`
    }
  }
  return undefined
}

/**
 * Reads every header of the archive and throws UnsafeArchiveError at the first unsafe entry
 * or when the limits are passed. This runs before extraction because the system `tar` and
 * `unzip` the extraction drives would otherwise have written the file already.
 */
export async function inspectArchive(
  file: string,
  format: ArchiveFormat,
  limits: ArchiveLimits
): Promise<{ entries: number; totalBytes: number }> {
  let totalBytes = 0
  const names: string[] = []
  const links = new Map<string, { type: 'symlink' | 'hardlink'; target: string }>()
  const unsafe = (problem: string) =>
    new UnsafeArchiveError(`The bundle is unsafe to extract: ${problem}.`)
  const check = (entry: ArchiveEntryInfo) => {
    const problem = entryProblem(entry)
    if (problem) throw unsafe(problem)
    names.push(entry.name)
    if (entry.type === 'symlink' || entry.type === 'hardlink')
      links.set(entry.name, { type: entry.type, target: entry.linkTarget ?? '' })
    totalBytes += entry.sizeBytes
    if (names.length > limits.maxEntries) {
      throw new UnsafeArchiveError(
        `The bundle has more than ${limits.maxEntries} entries; refusing to extract it.`
      )
    }
    if (totalBytes > limits.maxTotalBytes) {
      throw new UnsafeArchiveError(
        `The bundle would extract to more than ${limits.maxTotalBytes} bytes; refusing to extract it (an archive bomb, or a far larger site than expected).`
      )
    }
  }
  if (format === 'zip') await forEachZipEntry(file, check)
  else await forEachTarEntry(file, check)
  const chain = linkChainProblem(names, links)
  if (chain) throw unsafe(chain)
  return { entries: names.length, totalBytes }
}

async function forEachTarEntry(
  file: string,
  visit: (entry: ArchiveEntryInfo) => void
): Promise<void> {
  let failure: unknown
  await listTar({
    file,
    strict: true,
    onReadEntry: entry => {
      if (failure) return entry.resume()
      try {
        visit({
          name: entry.path,
          type: tarType(entry.type),
          sizeBytes: entry.size ?? 0,
          linkTarget: entry.linkpath
        })
      } catch (error) {
        failure = error
      }
      entry.resume()
    }
  })
  if (failure) throw failure
}

function tarType(type: string): ArchiveEntryInfo['type'] {
  switch (type) {
    case 'File':
    case 'OldFile':
    case 'ContiguousFile':
      return 'file'
    case 'Directory':
      return 'directory'
    case 'SymbolicLink':
      return 'symlink'
    case 'Link':
      return 'hardlink'
    default:
      return 'other'
  }
}

/** yauzl refuses unsafe names itself; say so in the same words as for tar. */
function zipError(error: Error | null): UnsafeArchiveError {
  const name = /^(?:invalid relative path|absolute path): (.*)$/.exec(error?.message ?? '')?.[1]
  if (name !== undefined) {
    const problem =
      entryProblem({ name, type: 'file', sizeBytes: 0 }) ?? `${quoted(name)} has an unsafe name`
    return new UnsafeArchiveError(`The bundle is unsafe to extract: ${problem}.`)
  }
  return new UnsafeArchiveError(
    `The bundle is not a readable zip: ${untrusted(error?.message ?? 'unknown error')}.`
  )
}

const S_IFMT = 0o170000
const S_IFLNK = 0o120000

function forEachZipEntry(file: string, visit: (entry: ArchiveEntryInfo) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    // yauzl refuses unsafe names itself (zipError words it like ours); symlinks are ours to check.
    yauzl.open(
      file,
      { lazyEntries: true, strictFileNames: false, validateEntrySizes: true, decodeStrings: true },
      (err, zip) => {
        if (err || !zip) return reject(zipError(err))
        const fail = (error: unknown) => {
          zip.close()
          reject(error)
        }
        zip.on('error', error => fail(zipError(error)))
        zip.on('end', () => resolve())
        zip.on('entry', (entry: yauzl.Entry) => {
          const mode = (entry.externalFileAttributes >>> 16) & S_IFMT
          const info: ArchiveEntryInfo = {
            name: entry.fileName,
            type: entry.fileName.endsWith('/')
              ? 'directory'
              : mode === S_IFLNK
                ? 'symlink'
                : 'file',
            sizeBytes: entry.uncompressedSize
          }
          const visitOrFail = (seen: ArchiveEntryInfo): boolean => {
            try {
              visit(seen)
              return true
            } catch (error) {
              fail(error)
              return false
            }
          }
          // Files are checked on their headers first; a link once its target (its content) is read.
          if (info.type !== 'symlink' && !visitOrFail(info)) return
          if (info.type === 'directory') return zip.readEntry()
          // Each file is inflated here once, for yauzl (validateEntrySizes) to prove the size its
          // headers claim: the limits trust it, and a zip, unlike a tar, can lie about it.
          zip.openReadStream(entry, (streamErr, stream) => {
            if (streamErr || !stream) return fail(zipError(streamErr))
            const chunks: Buffer[] = []
            stream.on('data', (chunk: Buffer) => {
              if (info.type === 'symlink') chunks.push(chunk)
            })
            stream.on('error', error =>
              fail(
                /bytes in the stream/.test(error.message)
                  ? new UnsafeArchiveError(
                      `The bundle is unsafe to extract: ${quoted(info.name)} does not inflate to the ${info.sizeBytes} bytes its header declares (an archive bomb, or a damaged zip).`
                    )
                  : zipError(error)
              )
            )
            stream.on('end', () => {
              const linkTarget = Buffer.concat(chunks).toString('utf8')
              if (info.type === 'symlink' && !visitOrFail({ ...info, linkTarget })) return
              zip.readEntry()
            })
          })
        })
        zip.readEntry()
      }
    )
  })
}
