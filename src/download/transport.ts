import { request, type Dispatcher } from '../util/undici.js'
import { discarded } from '../util/young-garbage.js'

/** A store's answer to a GET: its status and headers, then its body, read once. */
export interface StoreAnswer {
  readonly statusCode: number
  /** Lower-case names; a repeated header is an array. */
  readonly headers: Readonly<Record<string, string | string[] | undefined>>
  /**
   * Reads the body to its end, handing each chunk to `onChunk`. A chunk is valid only during
   * the call (it may be a view of a buffer that the next read reuses). `onChunk` returns false
   * to stop reading: the connection is closed and `read` resolves. A throw rejects `read`.
   */
  read(onChunk: (chunk: Buffer) => boolean | void): Promise<void>
  /** Drops the rest of the body, for an answer whose body is not wanted (a redirect). */
  discard(): Promise<void>
  /** Ends the transfer: a pending or later `read` rejects with `error`. */
  cancel(error: Error): void
}

/** A GET of a store object with our headers only (never a credential: the link carries it). */
export type StoreGet = (
  url: string,
  headers: Readonly<Record<string, string>>,
  signal?: AbortSignal
) => Promise<StoreAnswer>

/**
 * A GET through an undici dispatcher: what goes through a proxy, keeps connections alive for
 * the tail helpers' many ranged requests, and what tests may hand their own dispatcher for.
 */
export function undiciGet(dispatcher: Dispatcher): StoreGet {
  return async (url, headers, signal) => {
    const response = await request(url, { method: 'GET', headers, dispatcher, signal })
    const { body } = response
    // The body may fail (a dropped connection) before it is read, while the file is truncated
    // for a restart, say; a stream error with no listener would end the process. The error is
    // not lost: reading a failed stream throws it.
    body.on('error', () => undefined)
    return {
      statusCode: response.statusCode,
      headers: response.headers,
      async read(onChunk) {
        for await (const chunk of body as AsyncIterable<Buffer>) {
          // Each socket read is a fresh buffer here, garbage once handled (young-garbage.ts).
          discarded(chunk.length)
          if (onChunk(chunk) === false) return void body.destroy()
        }
      },
      discard: () => body.dump(),
      cancel: error => void body.destroy(error)
    }
  }
}
