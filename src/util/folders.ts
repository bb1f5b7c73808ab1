import { accessSync, constants, statSync } from 'node:fs'
import { mkdir, stat } from 'node:fs/promises'
import { dirname, resolve } from 'node:path'

/*
 * Folders a user names (`path`, `--helm-values`, `--output-env`): checked before anything
 * starts, and made one level at a time. Node's `mkdir` with `recursive: true` never returns for a
 * path under a folder that answers ENOENT to a new entry (/proc, /sys: on Node 24, sync and
 * async alike, deaf to SIGINT while it loops); one mkdir a level ends with that refusal.
 */

/**
 * What stops anything being written at or under `path`: the first existing thing on the way to
 * it (itself included) when that is a file, or a folder this process may not write into (nor
 * look into). Looked at before anything starts, so a long export does not end on a permission.
 */
function obstacle(path: string): { at: string; says: string } | undefined {
  for (let at = resolve(path); ; at = dirname(at)) {
    let found
    try {
      found = statSync(at, { throwIfNoEntry: false })
    } catch (error) {
      return { at, says: `a folder that may not be looked into (${codeOf(error)})` }
    }
    if (found?.isDirectory()) {
      try {
        accessSync(at, constants.W_OK | constants.X_OK)
        return undefined
      } catch (error) {
        return { at, says: `a folder that may not be written (${codeOf(error)})` }
      }
    }
    if (found) return { at, says: 'a file' }
    if (dirname(at) === at) return undefined
  }
}

const codeOf = (error: unknown) => (error as NodeJS.ErrnoException).code ?? 'error'

/** Why `path` can never be a folder to write in, or undefined when it can be. */
export function folderProblem(path: string): string | undefined {
  const found = obstacle(path)
  if (found === undefined) return undefined
  if (found.at !== resolve(path)) return `lies under ${found.at}, ${found.says}`
  return found.says === 'a file' ? 'is a file, not a folder' : `is ${found.says}`
}

/** Why the file `path` cannot be written where it is, or undefined when it may be. */
export function fileProblem(path: string): string | undefined {
  const found = statSync(path, { throwIfNoEntry: false })
  if (found?.isDirectory()) return 'is a folder, not a file'
  const above = obstacle(dirname(resolve(path)))
  return above && `lies under ${above.at}, ${above.says}`
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
