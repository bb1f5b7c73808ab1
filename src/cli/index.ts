import { main } from './main.js'

// `mintlify-admin … --json | head`: a reader that closed stdout is no crash.
process.stdout.on('error', error => {
  if ((error as NodeJS.ErrnoException).code === 'EPIPE') process.exit(process.exitCode ?? 0)
  throw error
})

process.exitCode = await main(process.argv.slice(2))
