import { runInNewContext } from 'node:vm'

/** Garbage left by a download between two young-generation collections. */
const COLLECT_EVERY_BYTES = 2 * 1024 * 1024

type Collect = (options: { type: 'minor' }) => void

/**
 * V8's `gc` function, taken from a fresh context while `--expose-gc` is briefly on (the flag is
 * off again afterwards, so nothing else sees a `gc` global). Undefined if this Node refuses.
 *
 * Young generations stop doubling from then on (the flag is the process's: the site readers'
 * thread's too). V8 doubles one each time what its collections found alive adds up to its
 * size; collected every 2 MiB, what is in flight at each collection (a page or a socket read)
 * adds up fast, and the main thread's young generation reached 64 MiB on the benchmark's
 * 10,000-page zip while holding less than 1 MiB. Without the growth, that run peaked 10 MiB
 * lower (the tar.gz 8–12), and the readers' thread spent 30–60 ms more in its collections.
 */
function exposeGc(): Collect | undefined {
  // node:v8 is loaded here, on the first collection, not with the bundle: some 4 ms of every
  // start that a run downloading nothing (agent, deploy, `download: false`) never needs.
  const { setFlagsFromString } = process.getBuiltinModule('node:v8')
  let gc: unknown
  try {
    setFlagsFromString('--expose-gc')
    gc = runInNewContext('gc')
  } catch {
    return undefined
  } finally {
    setFlagsFromString('--no-expose-gc')
  }
  if (typeof gc !== 'function') return undefined
  // Only with collections of our own: without them a young generation that cannot grow is
  // collected more often for nothing. (A V8 that no longer knew the flag would print
  // "unrecognized flag" on stderr and carry on; Node 20 to 24 know it.)
  setFlagsFromString('--semi-space-growth-factor=1')
  return gc as Collect
}

let collect: Collect | undefined | null = null
let discardedSince = 0

/**
 * Every socket read of a download arrives in a fresh 64 KiB buffer that is garbage once its
 * bytes are hashed and written, and so is each small zip entry's inflated output once written
 * and copied for the site's readers. V8 weighs such buffers lightly: left alone, they piled up
 * between collections and the 1 GiB benchmark peaked at 160 MiB instead of 97 (README,
 * Performance). A young-generation collection every 2 MiB (a fraction of a millisecond each)
 * keeps memory flat. V8 has no public API for this but its `gc` testing hook, hence the detour
 * through the flag.
 */
export function discarded(bytes: number): void {
  discardedSince += bytes
  if (discardedSince < COLLECT_EVERY_BYTES) return
  discardedSince = 0
  if (collect === null) collect = exposeGc()
  collect?.({ type: 'minor' })
}
