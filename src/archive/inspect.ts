import { posix } from 'node:path'
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

/** One entry as read from the archive's own headers, before any of it is written. */
export interface ArchiveEntryInfo {
  name: string
  type: 'file' | 'directory' | 'symlink' | 'hardlink' | 'other'
  sizeBytes: number
  linkTarget?: string
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
  // GNU tar names a sparse file's entry `GNUSparseFile.<pid>/<name>` and keeps the real name in
  // a pax record node-tar does not read: written as is, it would be a name GNU tar never writes.
  if (name.split('/').some(part => /^GNUSparseFile\.\d+$/.test(part)))
    return `${quoted(entry.name)} is a GNU sparse file, which no site holds`
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
