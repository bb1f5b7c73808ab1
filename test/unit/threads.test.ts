// The worker threads' argument is a hint that spares the main thread loading worker_threads;
// it never turns the main thread into a reader thread.
import { isMainThread } from 'node:worker_threads'
import { expect, it, onTestFinished, vi } from 'vitest'
import { startFrontDoor, THREAD_ARGUMENT, threadScript } from '../../src/threads.js'

it('runs the front door on the main thread, the threads’ argument in its argv or not', async () => {
  expect(isMainThread).toBe(true) // vitest's forks: the tests run on a process's main thread
  const argv = process.argv
  process.argv = [...argv, THREAD_ARGUMENT]
  onTestFinished(() => {
    process.argv = argv
  })
  const main = vi.fn(() => Promise.resolve())
  await startFrontDoor('file:///bundle/index.js', main)
  expect(main).toHaveBeenCalledOnce()
  expect(threadScript()?.href).toBe('file:///bundle/index.js')
})
