// A front door as the bundles' entries make one, run from src/ through Node's type stripping
// (bench/ts-resolve.mjs maps src's `.js` imports to `.ts`): prints where it ran.
import '../../bench/ts-resolve.mjs'

const { startFrontDoor } = await import('../../src/threads.ts')
await startFrontDoor(import.meta.url, async () => {
  console.log('main')
})
