/**
 * What extraction hands to the readers of the site (the audit, the site check) as it writes each
 * entry, so that no reader walks the extracted tree again. Paths are relative to the site root,
 * with `/` separators, exactly as written to disk.
 */
export interface SiteFileVisitor {
  /** Every entry written (files, folders, links), in archive order. */
  entry?(path: string, kind: 'file' | 'directory' | 'symlink' | 'hardlink'): void
  /** Whether this file's bytes are wanted; only then are they kept until `file` is called. */
  wants(path: string, sizeBytes: number): boolean
  /**
   * The whole bytes of a wanted file, once they are written to disk. They are valid during the
   * call only (the archive's reader frees them once it returns): what a reader keeps, or reads
   * later, it copies; it never transfers or detaches them.
   */
  file(path: string, bytes: Buffer): void | Promise<void>
  /**
   * Hands on what a batching reader still holds (readers on a thread): the writer calls it before
   * it waits for the reads, which a batch kept back would never end.
   */
  flush?(): void
}

/** Several readers as one: each gets the entries, and the bytes it wants. */
export function combineVisitors(...visitors: SiteFileVisitor[]): SiteFileVisitor {
  return {
    entry(path, kind) {
      for (const visitor of visitors) visitor.entry?.(path, kind)
    },
    wants: (path, sizeBytes) => visitors.some(visitor => visitor.wants(path, sizeBytes)),
    // Each reader gets the file at once, in order (the audit and the check share one parse of a
    // page, audit/references.ts), and the reads end together: a reader that batches files must
    // hold this one before the writer flushes, not once another reader is done with it.
    async file(path, bytes) {
      await Promise.all(
        visitors.map(visitor =>
          visitor.wants(path, bytes.length) ? visitor.file(path, bytes) : undefined
        )
      )
    },
    flush() {
      for (const visitor of visitors) visitor.flush?.()
    }
  }
}
