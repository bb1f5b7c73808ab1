import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { log } from '../log.js'
import { isWithin } from '../util/paths.js'
import { UsageError } from './inputs.js'

/**
 * Where the engine puts its temporary and default files when the CLI runs. A runner's
 * RUNNER_TEMP is private and emptied after the job; elsewhere each run makes a folder of its own
 * (a shared /tmp/mintlify-export would let another user swap the Helm values) and removes it at
 * exit, unless an output names a file in it: a CI host or a laptop has nobody who empties /tmp
 * after each job.
 */
export async function runFolder(env: NodeJS.ProcessEnv): Promise<RunFolder> {
  if (env.RUNNER_TEMP) return { path: env.RUNNER_TEMP, leave: async () => undefined }
  const path = await mkdtemp(join(tmpdir(), 'mintlify-admin-')).catch(
    (error: NodeJS.ErrnoException) => {
      throw new UsageError(
        `The temp folder ${tmpdir()} (TMPDIR) cannot hold the run's own folder (${error.code ?? 'error'}): set TMPDIR to a folder the run may write to.`
      )
    }
  )
  return {
    path,
    async leave(outputs) {
      const named = Object.values(outputs).some(
        value => typeof value === 'string' && isWithin(path, resolve(value))
      )
      if (named) return path
      // At exit, after the outcome is known: a folder that will not go is a warning, not a failure.
      await rm(path, { recursive: true, force: true }).catch((error: NodeJS.ErrnoException) =>
        log.warning(`${path} could not be removed (${error.code ?? 'error'}): remove it by hand.`)
      )
      return undefined
    }
  }
}

export interface RunFolder {
  readonly path: string
  /** Removes the folder unless an output names a file in it; gives its path when kept. */
  leave(outputs: Readonly<Record<string, string | number>>): Promise<string | undefined>
}
