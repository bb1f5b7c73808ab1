import { startFrontDoor } from '../threads.js'

// The bundle is also the script of the engine's worker threads (threads.ts).
await startFrontDoor(import.meta.url, async () => {
  const { main } = await import('./main.js')
  // `--json | head`, or `--json > out.json` on a full disk: no crash, nor a reason to skip the
  // run's own ending (its temp folder removed, its exit code). The write's own callback says
  // what failed (main.ts printJson).
  process.stdout.on('error', () => undefined)
  process.exitCode = await main(process.argv.slice(2))
})
