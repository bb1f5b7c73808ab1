import { isAbsolute, relative, resolve, sep } from 'node:path'

/**
 * `path`, once proven to lie inside `root` (or be it). Folder names come from ids that were
 * checked already; this is the proof where a folder is written or removed, so that no later
 * change can let a name from outside pick where the action deletes or writes.
 */
export function inside(root: string, path: string, what: string): string {
  const full = resolve(path)
  const rel = relative(resolve(root), full)
  if (rel === '..' || rel.startsWith(`..${sep}`) || isAbsolute(rel)) {
    throw new Error(
      `Refusing to use ${what} ${full}: it is not inside ${resolve(root)}. This is a bug in the action; please report it.`
    )
  }
  return full
}
