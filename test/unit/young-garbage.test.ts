import { PerformanceObserver, constants, type PerformanceEntry } from 'node:perf_hooks'
import { describe, expect, it } from 'vitest'
import { discardedUntilFullCollection } from '../../src/util/young-garbage.js'

/** Start times of the full collections seen while `run` goes on. */
async function fullCollections(run: (seen: () => number) => Promise<void>): Promise<void> {
  const major: number[] = []
  const observer = new PerformanceObserver(list => {
    for (const entry of list.getEntries()) {
      const kind = (entry as PerformanceEntry & { detail?: { kind?: number } }).detail?.kind
      if (kind === constants.NODE_PERFORMANCE_GC_MAJOR) major.push(entry.startTime)
    }
  })
  observer.observe({ entryTypes: ['gc'] })
  try {
    await run(() => major.length)
  } finally {
    observer.disconnect()
  }
}

const settle = () => new Promise(resolve => setTimeout(resolve, 50))

describe('discardedUntilFullCollection', () => {
  it('runs a full collection once 8 MiB of garbage piled up, not before', async () => {
    await fullCollections(async seen => {
      // Whatever was counted before this test: top it up to a collection, then start clean.
      discardedUntilFullCollection(8 * 1024 * 1024)
      await settle()
      const before = seen()
      discardedUntilFullCollection(4 * 1024 * 1024)
      await settle()
      const afterHalf = seen()
      discardedUntilFullCollection(4 * 1024 * 1024)
      await settle()
      expect(before).toBeGreaterThan(0)
      expect(seen()).toBeGreaterThan(afterHalf)
      // No full collection of V8's own is expected in this idle test, but do not rely on it:
      // the half-way call must not have added more than the whole one did.
      expect(afterHalf - before).toBeLessThanOrEqual(seen() - afterHalf)
    })
  })
})
