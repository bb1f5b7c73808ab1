/*
 * Worker threads start from a script. The engine's modules live in the front door's bundle, so
 * that script is the bundle itself: its entry point serves the thread when it is not the main
 * thread (serveThread), and tells the engine its own URL otherwise (useThreadScript). Without
 * one (a library user, the tests that run src/ in process) the work stays on the main thread.
 */

let script: URL | undefined

/**
 * Appended to a worker thread's argv by its starter, so that the main thread need not load
 * node:worker_threads (some 4 ms of every start) to learn it is not one. Only a hint: where it
 * appears, worker_threads decides.
 */
export const THREAD_ARGUMENT = '--mintlify-admin-worker-thread'

/** The front door's entry, which serves the engine's threads (called by the main thread). */
export function useThreadScript(entry: URL): void {
  script = entry
}

/** The script to start a worker thread from, when the front door gave one. */
export function threadScript(): URL | undefined {
  return script
}

/** Runs the front door on the main thread, or serves the thread this is. */
export async function startFrontDoor(entry: string, main: () => Promise<void>): Promise<void> {
  const isMainThread =
    !process.argv.includes(THREAD_ARGUMENT) ||
    process.getBuiltinModule('node:worker_threads').isMainThread
  if (isMainThread) {
    useThreadScript(new URL(entry))
    await main()
    return
  }
  const { isReaderThread, serveReaders } = await import('./site/readers.js')
  if (!isReaderThread()) throw new Error('This worker thread has no role the engine knows.')
  serveReaders()
}
