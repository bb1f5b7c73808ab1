import * as tc from '@actions/tool-cache'
import { lstat, mkdir, readlink, rm } from 'node:fs/promises'
import { walkTree } from '../util/walk.js'
import { dirname, isAbsolute, relative, resolve, sep } from 'node:path'
import type { ArchiveFormat } from './format.js'
import { inspectArchive, UnsafeArchiveError, type ArchiveLimits } from './inspect.js'

export const DEFAULT_LIMITS: ArchiveLimits = {
  maxTotalBytes: 20 * 1024 ** 3,
  maxEntries: 500_000
}

export interface ExtractedSite {
  path: string
  files: number
  totalBytes: number
}

/**
 * Extracts the bundle into `destination` (emptied first) with @actions/tool-cache, after
 * checking every entry, and checks the result again: nothing outside, no link leading out.
 */
export async function extractBundle(
  file: string,
  format: ArchiveFormat,
  destination: string,
  limits: ArchiveLimits = DEFAULT_LIMITS
): Promise<ExtractedSite> {
  const listed = await inspectArchive(file, format, limits)
  await rm(destination, { recursive: true, force: true })
  await mkdir(destination, { recursive: true })
  try {
    if (format === 'zip') await tc.extractZip(file, destination)
    else await tc.extractTar(file, destination, format === 'tar.gz' ? 'xz' : 'x')
    const found = await walkExtracted(destination, limits)
    return { path: destination, files: found.files || listed.entries, totalBytes: found.totalBytes }
  } catch (error) {
    await rm(destination, { recursive: true, force: true })
    throw error
  }
}

/** Second line of defence: measure what landed and resolve every symlink. */
async function walkExtracted(
  root: string,
  limits: ArchiveLimits
): Promise<{ files: number; totalBytes: number }> {
  let files = 0
  let totalBytes = 0
  for await (const { path, entry } of walkTree(root)) {
    if (entry.isSymbolicLink()) {
      const target = await readlink(path)
      const resolved = isAbsolute(target) ? target : resolve(dirname(path), target)
      if (resolved !== root && !resolved.startsWith(root + sep)) {
        throw new UnsafeArchiveError(
          `The bundle is unsafe: link \`${relative(root, path)}\` points outside the site.`
        )
      }
      continue
    }
    files += 1
    totalBytes += (await lstat(path)).size
    if (totalBytes > limits.maxTotalBytes) {
      throw new UnsafeArchiveError(
        `The extracted bundle passed ${limits.maxTotalBytes} bytes; extraction stopped.`
      )
    }
  }
  return { files, totalBytes }
}
