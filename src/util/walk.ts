import type { Dirent } from 'node:fs'
import { readdir } from 'node:fs/promises'
import { join } from 'node:path'

/** Every entry below `root` except folders (files, links, others), depth first, one at a time. */
export async function* walkTree(root: string): AsyncGenerator<{ path: string; entry: Dirent }> {
  const pending = [root]
  while (pending.length > 0) {
    const folder = pending.pop() as string
    for (const entry of await readdir(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name)
      if (entry.isDirectory()) pending.push(path)
      else yield { path, entry }
    }
  }
}
