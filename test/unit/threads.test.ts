// The worker threads' argument is a hint that spares the main thread loading worker_threads;
// it never turns the main thread into a reader thread. Run in a process of its own: the test
// runner may run this file on a worker thread (Stryker's does).
import { execFile } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { expect, it } from 'vitest'
import { THREAD_ARGUMENT } from '../../src/threads.js'

const FRONT_DOOR = fileURLToPath(new URL('../support/front-door.mjs', import.meta.url))

it.each([[[]], [[THREAD_ARGUMENT]]])(
  'runs the front door on the main thread (argv %j)',
  async (argv: string[]) => {
    const { stdout } = await promisify(execFile)(process.execPath, [FRONT_DOOR, ...argv])
    expect(stdout).toBe('main\n')
  }
)
