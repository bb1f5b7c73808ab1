// Once a download or an extraction starts collecting its young garbage (src/util/young-garbage.ts),
// V8 no longer grows young generations: measured in a child process, since V8's flags are the
// whole process's.
import { expect, it } from 'vitest'
import { runJsonChild } from '../support/json-child.js'

const CHILD = new URL('../support/young-growth-child.ts', import.meta.url)

// The young generation's ceiling is fixed, not V8's default, which follows the memory the
// machine or container has: with 2 GiB, V8 let it grow to 32 MiB at most, and the first test
// could not tell growth from its absence.
const youngGeneration = (mode: 'collecting' | 'idle') =>
  runJsonChild<{ before: number; after: number }>(CHILD, [mode], 60_000, [
    '--max-semi-space-size=64'
  ])

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
