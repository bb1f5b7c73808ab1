import { readlink, realpath, rm, stat, statfs } from 'node:fs/promises'
import { makeFolder } from '../util/folders.js'
import { cleanUpAfterFailure } from '../util/cleanup.js'
import { dirname, isAbsolute, relative, resolve } from 'node:path'
import { isWithin } from '../util/paths.js'
import type { ArchiveFormat } from './format.js'
import { quoted, UnsafeArchiveError } from './inspect.js'
import type { SiteFileVisitor } from './site-files.js'
import { SiteWriter, systemReason } from './site-writer.js'
import { readTar, tarSource } from './tar-reader.js'
import { readZip, type ZipSource } from './zip-reader.js'

export const MAX_ENTRIES = 500_000

/**
 * The bundle: its file once downloaded; or while it downloads, a tar's bytes as they come, or a
 * zip's source (growing-zip.ts: its directory fetched first, its entries as they come). The
 * caller gives the one that fits the format (modes/export/run.ts).
 */
export type BundleBytes = string | AsyncIterable<Buffer> | ZipSource

export interface ExtractOptions {
  /** `extract-limit`; when unset, the free space of the disk that holds the site is the limit. */
  maxTotalBytes?: number
  maxEntries?: number
  /** Readers of the site (the audit, the site check), fed each file's bytes as it is written. */
  visitor?: SiteFileVisitor
  /** The free space, when a test pretends; measured with statfs otherwise. */
  freeBytes?: number
  /** Bytes the disk must take besides the site (the rest of a bundle still downloading). */
  reservedBytes?: number
}

export interface ExtractedSite {
  path: string
  files: number
  totalBytes: number
}

/**
 * Extracts the bundle into `destination` (emptied first) in one pass over the archive: each
 * entry is checked as it is read and written from the same bytes, so no name reaches the disk
 * that the guards did not see, and nothing is inflated twice. Any refusal or failure removes
 * the folder: never a partial site.
 */
export async function extractBundle(
  file: BundleBytes,
  format: ArchiveFormat,
  destination: string,
  options: ExtractOptions = {}
): Promise<ExtractedSite> {
  await rm(destination, { recursive: true, force: true })
  await makeFolder(destination)
  try {
    const writer = new SiteWriter(
      destination,
      {
        maxTotalBytes: options.maxTotalBytes,
        maxEntries: options.maxEntries ?? MAX_ENTRIES,
        freeBytes: options.freeBytes ?? (await freeBytesAt(destination)),
        reservedBytes: options.reservedBytes,
        destination
      },
      options.visitor
    )
    try {
      if (format === 'zip') await readZip(file as string | ZipSource, writer)
      else
        await readTar(
          tarSource(file as string | AsyncIterable<Buffer>, format === 'tar.gz'),
          writer
        )
    } catch (error) {
      writer.fail(error)
    }
    const symlinks = await writer.finish()
    await checkLinks(destination, symlinks)
    return { path: destination, files: writer.files, totalBytes: writer.totalBytes }
  } catch (error) {
    await cleanUpAfterFailure(`the partly extracted site ${destination}`, () =>
      rm(destination, { recursive: true, force: true })
    )
    throw error
  }
}

/** Bytes an unprivileged process may still write on the disk that holds `folder`. */
export async function freeBytesAt(folder: string): Promise<number> {
  const stats = await statfs(folder)
  return stats.bavail * stats.bsize
}

/**
 * Second line of defence, for the links only (files cannot leave: their names were checked and
 * links are made last): follow each link to where the system says it ends.
 */
export async function checkLinks(root: string, links: readonly string[]): Promise<void> {
  const realRoot = await realpath(root)
  for (const path of links) {
    const problem = await linkProblem(path, realRoot)
    if (problem)
      throw new UnsafeArchiveError(
        `The bundle is unsafe: link ${quoted(relative(root, path))} ${problem}.`
      )
  }
}

/** Where a link really leads (through any chain of links), if that is not inside the site. */
async function linkProblem(path: string, realRoot: string): Promise<string | undefined> {
  const target = await readlink(path)
  let resolved: string
  try {
    // Joined as text on purpose: normalising `up/..` first would skip what the link `up` does.
    resolved = await systemPath(isAbsolute(target) ? target : `${dirname(path)}/${target}`)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ELOOP') return 'is a loop of links'
    // A link the system cannot follow here (a target with a part over 255 bytes, say) leads
    // nowhere known: its text alone cannot tell (`up/..` is wherever the link `up` leads, and up).
    return `cannot be followed: ${systemReason(error)}`
  }
  if (!isWithin(realRoot, resolved)) return 'points outside the site'
  // A site needs no link to a folder, and whatever copies the site following links (the Pages
  // artifact, a CDN upload) would make a tree without end of one that leads to its own parent.
  const reached = await stat(path).catch(() => undefined)
  return reached?.isDirectory() ? 'leads to a folder (a site needs none)' : undefined
}

/**
 * The real path of `raw` as the system resolves it (links and `..` in order) for its longest
 * existing prefix; the rest, which exists nowhere yet and so holds no link, is added as text.
 */
async function systemPath(raw: string): Promise<string> {
  const parts = pathParts(raw, process.platform)
  for (let keep = parts.length; keep > 1; keep -= 1) {
    try {
      return resolve(await realpath(parts.slice(0, keep).join('/')), ...parts.slice(keep))
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code
      if (code !== 'ENOENT' && code !== 'ENOTDIR') throw error
    }
  }
  return resolve(raw)
}

/**
 * A path's parts, to find its longest existing prefix: on Windows a backslash separates them
 * too (a link read there has backslashes; `C:/site/a` is as good as `C:\site\a` to Windows).
 */
export function pathParts(raw: string, platform: NodeJS.Platform): string[] {
  return raw.split(platform === 'win32' ? /[\\/]/ : '/')
}
