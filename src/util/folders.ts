import { statSync } from 'node:fs'
import { mkdir, stat } from 'node:fs/promises'
import { dirname, resolve } from 'node:path'

/*
 * Folders a user names (`path`, `--helm-values`, `--output-env`): checked before anything
 * starts, and made one level at a time. Node's `mkdir` with `recursive: true` never returns for a
 * path under a folder that answers ENOENT to a new entry (/proc, /sys: on Node 24, sync and
 * async alike, deaf to SIGINT while it loops); one mkdir a level ends with that refusal.
 */

/**
 * The first existing thing on the way to `path` (itself included) that is no folder; a folder
 * that may not be looked into is said as one (EACCES), to be named in the message.
 */
function fileInTheWay(path: string): string | undefined {
  for (let at = resolve(path); ; at = dirname(at)) {
    let found
    try {
      found = statSync(at, { throwIfNoEntry: false })
    } catch (error) {
      return `${at} (${(error as NodeJS.ErrnoException).code ?? 'unreadable'})`
    }
    if (found) return found.isDirectory() ? undefined : at
    if (dirname(at) === at) return undefined
  }
}

/** Why `path` can never be a folder (a file is on its way), or undefined when it can be. */
export function folderProblem(path: string): string | undefined {
  const file = fileInTheWay(path)
  if (file === undefined) return undefined
  return file === resolve(path) ? 'is a file, not a folder' : `lies under ${file}, a file`
}

/** Why the file `path` cannot be written where it is, or undefined when it may be. */
export function fileProblem(path: string): string | undefined {
  if (statSync(path, { throwIfNoEntry: false })?.isDirectory()) return 'is a folder, not a file'
  const file = fileInTheWay(dirname(resolve(path)))
  return file === undefined ? undefined : `lies under ${file}, a file`
}

/** Creates `path` and its missing parents; the first level refused is the error. */
export async function makeFolder(path: string): Promise<void> {
  const missing: string[] = []
  for (let at = resolve(path); ; at = dirname(at)) {
    const found = await stat(at).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return undefined
      throw error
    })
    if (found) {
      if (found.isDirectory()) break
      throw Object.assign(new Error(`ENOTDIR: not a folder, mkdir '${path}'`), { code: 'ENOTDIR' })
    }
    missing.push(at)
    if (dirname(at) === at) break
  }
  for (const folder of missing.reverse()) {
    // Made meanwhile by another process: as good, if it is a folder.
    await mkdir(folder).catch(async (error: NodeJS.ErrnoException) => {
      if (error.code !== 'EEXIST' || !(await stat(folder)).isDirectory()) throw error
    })
  }
}
