// @actions/tool-cache's downloadTool, the usual way an action downloads a file, as a baseline
// for part 1 of the benchmark. Prints one JSON line: {"downloadMs"}: the downloadTool call
// alone, without Node's start-up and module loading. Needs RUNNER_TEMP (tool-cache asserts it).
//
//   node bench/tool-cache-download.ts <url> <dest>
import { downloadTool } from '@actions/tool-cache'

const [url, dest] = process.argv.slice(2)
if (!url || !dest) {
  console.error('usage: node bench/tool-cache-download.ts <url> <dest>')
  process.exit(2)
}
const started = performance.now()
await downloadTool(url, dest)
console.log(JSON.stringify({ downloadMs: performance.now() - started }))
