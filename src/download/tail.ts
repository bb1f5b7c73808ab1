import type { FileHandle } from 'node:fs/promises'
import { DownloadError, LinkExpiredError, ObjectChangedError } from './errors.js'
import { writeAtSync } from './sink.js'
import { conditionalHeaders, rangedAnswerProblem } from './ranges.js'
import { header, requestObject, storeError } from './response.js'
import type { StoreGet } from './transport.js'
import { storeLinkProblem } from './link-rules.js'
import { sleep } from '../poll/sleep.js'
import { backoffDelayMs } from '../retry.js'
import { asError } from '../util/errors.js'

/** `get` goes through a dispatcher that keeps connections alive: a helper asks for many ranges. */
export interface TailOptions extends RangeRequest {
  /** The file the front stream writes; helpers write their chunks at their own offsets. */
  file: FileHandle
  /** The file's path, for a failed write's message. */
  path: string
  /** Helper connections besides the front stream. */
  helpers: number
  chunkBytes: number
  /** Called once if a chunk cannot be fetched: the whole transfer must stop. */
  onFatal: (error: Error) => void
}

/** Attempts per chunk before the transfer gives up on the tail. */
const CHUNK_ATTEMPTS = 3

/**
 * Fetches the end of an object over extra connections while the front stream keeps reading
 * it from the start, for stores that limit each connection's speed. Helpers claim fixed-size
 * chunks from the back; the front stream stops where the lowest claimed chunk begins, so the
 * two meet without overlap. No library does this with a hash that must follow the bytes in
 * order (the front's hash continues over the tail from disk afterwards), hence this module.
 */
export class TailDownload {
  private lowestClaimed: number
  private front = 0
  private received = 0
  private readonly controller = new AbortController()
  private readonly workers: Array<Promise<void>>

  constructor(
    private readonly options: TailOptions,
    frontAt: number
  ) {
    this.lowestClaimed = options.totalBytes
    this.front = frontAt
    this.workers = Array.from({ length: options.helpers }, () => this.work())
  }

  /** Where the front stream must stop: the first byte a helper owns. */
  get frontLimit(): number {
    return this.lowestClaimed
  }

  /** Bytes the helpers have written so far. */
  get bytesReceived(): number {
    return this.received
  }

  advanceFront(position: number): void {
    this.front = position
  }

  /** Resolves when every claimed chunk is on disk. */
  async finished(): Promise<void> {
    await Promise.all(this.workers)
  }

  cancel(): void {
    this.controller.abort()
  }

  /** The next chunk from the back, unless it would come too close to the front stream. */
  private claim(): { start: number; end: number } | undefined {
    const end = this.lowestClaimed
    if (end - this.front < 2 * this.options.chunkBytes) return undefined
    const start = end - this.options.chunkBytes
    this.lowestClaimed = start
    return { start, end }
  }

  private async work(): Promise<void> {
    for (let chunk = this.claim(); chunk; chunk = this.claim()) {
      for (let attempt = 1; ; attempt++) {
        try {
          await this.fetchChunk(chunk.start, chunk.end)
          break
        } catch (error) {
          if (this.controller.signal.aborted || this.options.signal?.aborted) return
          // An expired link ends every chunk alike: the transfer must ask for a fresh one.
          const final =
            error instanceof LinkExpiredError ||
            error instanceof ObjectChangedError ||
            (error instanceof DownloadError && !error.transient)
          if (attempt >= CHUNK_ATTEMPTS || final) {
            this.controller.abort()
            this.options.onFatal(asError(error))
            return
          }
          await sleep(backoffDelayMs(attempt), this.controller.signal).catch(() => undefined)
        }
      }
    }
  }

  private async fetchChunk(start: number, end: number): Promise<void> {
    const signal = this.options.signal
      ? AbortSignal.any([this.options.signal, this.controller.signal])
      : this.controller.signal
    await fetchRange({ ...this.options, signal }, start, end, (bytes, position) => {
      // Synchronously, as the front stream writes (sink.ts, writeAtSync).
      writeAtSync(this.options.file, bytes, position, this.options.path)
      this.received += bytes.length
    })
  }
}

/** A ranged GET of the object a transfer began with. */
export interface RangeRequest {
  url: string
  allowInsecureHttp: boolean
  get: StoreGet
  signal?: AbortSignal
  /** ETag or Last-Modified of the object: a range of another object is refused. */
  validator: string
  totalBytes: number
}

/**
 * Bytes [start, end) of the object, each piece handed to `onBytes` with its position as it
 * comes. Throws ObjectChangedError for another object's bytes, a DownloadError when the store
 * answers anything but that range.
 */
export async function fetchRange(
  request: RangeRequest,
  start: number,
  end: number,
  onBytes: (bytes: Buffer, position: number) => void
): Promise<void> {
  const { response, url } = await requestObject({
    url: request.url,
    get: request.get,
    signal: request.signal,
    headers: {
      'accept-encoding': 'identity',
      range: `bytes=${start}-${end - 1}`,
      ...conditionalHeaders(request.validator)
    },
    checkHop: url => storeLinkProblem(url, request.allowInsecureHttp)
  })
  const status = response.statusCode
  if (status !== 200 && status !== 206) throw await storeError(status, response, url)
  const problem =
    status === 206
      ? rangedAnswerProblem(
          {
            contentRange: header(response, 'content-range'),
            etag: header(response, 'etag'),
            lastModified: header(response, 'last-modified')
          },
          { start, end: end - 1 },
          { validator: request.validator, totalBytes: request.totalBytes }
        )
      : undefined
  if (status !== 206 || problem) {
    await response.discard()
    // Another object's bytes are never used; the transfer starts over with a fresh link.
    if (problem?.kind === 'changed') throw new ObjectChangedError(problem.detail)
    // A whole body or another range: ranges stopped working. Not for a retry: the transfer
    // goes on over one stream, whose own checks find out why.
    throw new DownloadError(
      `the store answered ${status} to a ranged request${problem ? ` (${problem.detail})` : ''}`,
      false
    )
  }
  let position = start
  await response.read(bytes => {
    if (position + bytes.length > end)
      throw new DownloadError('the store sent more than the range asked for', false)
    onBytes(bytes, position)
    position += bytes.length
  })
  if (position !== end)
    throw new DownloadError(`a range ended after ${position - start} of ${end - start} bytes`, true)
}
