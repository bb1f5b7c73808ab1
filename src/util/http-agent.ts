import { Agent } from 'undici'

/**
 * An undici agent on which no request waits in silence longer than `idleTimeoutMs`: not to
 * connect, not for the response headers, not between two body chunks. A stalled connection is
 * then an error that can be retried, never a hang that eats the step's whole timeout.
 */
export function createIdleBoundAgent(idleTimeoutMs: number): Agent {
  return new Agent({
    headersTimeout: idleTimeoutMs,
    bodyTimeout: idleTimeoutMs,
    connect: { timeout: idleTimeoutMs }
  })
}
