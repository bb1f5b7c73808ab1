import path from 'node:path'

/** The path rules a check uses: the platform's by default, `path.win32` or `path.posix` in tests. */
export type PathRules = Pick<typeof path, 'isAbsolute' | 'relative' | 'resolve' | 'sep'>

/**
 * `path`, once proven to lie inside `root` (or be it). Folder names come from ids that were
 * checked already; this is the proof where a folder is written or removed, so that no later
 * change can let a name from outside pick where the action deletes or writes. On Windows a path
 * on another drive has no relative form (`relative` returns it absolute) and is refused.
 */
export function inside(
  root: string,
  target: string,
  what: string,
  rules: PathRules = path
): string {
  const full = rules.resolve(target)
  if (!isWithin(rules.resolve(root), full, rules)) {
    throw new Error(
      `Refusing to use ${what} ${full}: it is not inside ${rules.resolve(root)}. This is a bug in the action; please report it.`
    )
  }
  return full
}

/** Whether the absolute `target` is `root` or lies below it, by `rules` (case-blind on Windows). */
export function isWithin(root: string, target: string, rules: PathRules = path): boolean {
  const rel = rules.relative(root, target)
  return !(rel === '..' || rel.startsWith(`..${rules.sep}`) || rules.isAbsolute(rel))
}
