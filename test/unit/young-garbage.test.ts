// Once a download or an extraction starts collecting its young garbage (src/util/young-garbage.ts),
// V8 no longer grows young generations: measured in a child process, since V8's flags are the
// whole process's.
import { spawnSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { expect, it } from 'vitest'

const CHILD = fileURLToPath(new URL('../support/young-growth-child.ts', import.meta.url))

function youngGeneration(mode: 'collecting' | 'idle'): { before: number; after: number } {
  const run = spawnSync(process.execPath, [CHILD, mode], { encoding: 'utf8', timeout: 60_000 })
  const line = run.stdout.trim().split('\n').at(-1) ?? ''
  if (!line.startsWith('{')) throw new Error(`the child failed: ${run.stderr}`)
  return JSON.parse(line) as { before: number; after: number }
}

// Left alone it grew 128-fold (1 to 128 MiB); once collecting, at most 4-fold (2 to 2–8 MiB, the
// most on a loaded machine: V8 still resizes it by its measure of time, but no longer doubles it
// at each turn).
it('grows, left alone, when many objects stay alive across collections', () => {
  const { before, after } = youngGeneration('idle')
  expect(after).toBeGreaterThan(32 * before)
})

it('grows far less once young garbage is collected', () => {
  const { before, after } = youngGeneration('collecting')
  expect(after).toBeLessThanOrEqual(16 * before)
})
