// Preloaded with `node --import ./bench/trace-chunks.mjs dist/index.js` by part 3 of the
// benchmark: appends the name of every dist/ file the run loads (one per line; the entry
// itself, its static imports, and the chunks it imports on demand) to the file named by
// BENCH_CHUNK_LOG. Only for the traced runs, never for the timed ones.
import { appendFileSync } from 'node:fs'
import { registerHooks } from 'node:module'

const log = process.env.BENCH_CHUNK_LOG
if (log) {
  registerHooks({
    resolve(specifier, context, nextResolve) {
      const resolved = nextResolve(specifier, context)
      const chunk = /\/dist\/([^/]+)$/.exec(resolved.url)?.[1]
      if (chunk) appendFileSync(log, `${chunk}\n`)
      return resolved
    }
  })
}
