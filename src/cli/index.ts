import { startFrontDoor } from '../threads.js'

// The bundle is also the script of the engine's worker threads (threads.ts).
await startFrontDoor(import.meta.url, async () => {
  const { main } = await import('./main.js')
  // `mintlify-admin … --json | head`: a reader that closed stdout is no crash, nor a reason to
  // skip the run's own ending (its temp folder removed, its exit code).
  process.stdout.on('error', error => {
    if ((error as NodeJS.ErrnoException).code !== 'EPIPE') throw error
  })
  process.exitCode = await main(process.argv.slice(2))
})
