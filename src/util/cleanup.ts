import { log } from '../log.js'
import { untrusted } from './untrusted.js'
import { messageOf } from './errors.js'

/**
 * Cleanup after a failure: every step is tried, and one that fails is a warning. The failure
 * being cleaned up after stays the one reported, never hidden behind an EBUSY of its cleanup.
 */
export async function cleanUpAfterFailure(
  what: string,
  ...steps: Array<() => Promise<unknown>>
): Promise<void> {
  for (const step of steps) {
    try {
      await step()
    } catch (error) {
      const said = messageOf(error)
      log.warning(`Could not remove ${what}: ${untrusted(said)}. Remove it by hand.`)
    }
  }
}
