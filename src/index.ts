import { startFrontDoor } from './threads.js'

// The bundle is also the script of the engine's worker threads (threads.ts).
await startFrontDoor(import.meta.url, async () => {
  const { run } = await import('./action/main.js')
  await run()
})
