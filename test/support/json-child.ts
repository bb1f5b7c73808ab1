import { spawnSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'

/**
 * Runs a script of test/support in a Node process of its own (for what a process measures or
 * sets for itself: peak memory, V8's flags), started with `nodeArgs`, and returns the JSON of its
 * last line of output.
 */
export function runJsonChild<T>(
  script: URL,
  args: string[],
  timeoutMs: number,
  nodeArgs: string[] = []
): T {
  const run = spawnSync(process.execPath, [...nodeArgs, fileURLToPath(script), ...args], {
    encoding: 'utf8',
    timeout: timeoutMs
  })
  const line = run.stdout.trim().split('\n').at(-1) ?? ''
  if (!line.startsWith('{')) throw new Error(`the child failed: ${run.stderr}`)
  return JSON.parse(line) as T
}
