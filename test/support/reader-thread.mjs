// The readers' thread as the in-process tests start it: the bundle's role played by src/ itself,
// through Node's type stripping (bench/ts-resolve.mjs maps src's `.js` imports to `.ts`).
import '../../bench/ts-resolve.mjs'

const { startFrontDoor } = await import('../../src/threads.ts')
await startFrontDoor(import.meta.url, () => {
  throw new Error('reader-thread.mjs is started as a worker thread, never on its own.')
})
