// Runs one extraction in its own process, for a test to measure its peak memory: prints
// `{ error?, maxRssMiB }` as the last line. Arguments: file, format, destination, options JSON.
import { register } from 'node:module'

// The sources import `./x.js` for `./x.ts` (as tsc wants); Node's type stripping does not map
// them, so this hook does.
register(
  `data:text/javascript,${encodeURIComponent(`
import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
export async function resolve(specifier, context, next) {
  if (specifier.startsWith('.') && specifier.endsWith('.js') && context.parentURL?.startsWith('file:')) {
    const ts = new URL(specifier.replace(/\\.js$/, '.ts'), context.parentURL)
    if (!existsSync(fileURLToPath(new URL(specifier, context.parentURL))) && existsSync(fileURLToPath(ts)))
      return next(ts.href, context)
  }
  return next(specifier, context)
}`)}`
)

const [file, format, destination, options] = process.argv.slice(2) as [
  string,
  string,
  string,
  string
]
const { extractBundle } = await import('../../src/archive/extract.ts')
let error: string | undefined
try {
  await extractBundle(file, format as 'zip', destination, JSON.parse(options) as object)
} catch (failure) {
  error = (failure as Error).message
}
const maxRssMiB = Math.round(process.resourceUsage().maxRSS / 1024)
console.log(JSON.stringify({ error, maxRssMiB }))
