import { log } from '../log.js'
import { open, rename, rm } from 'node:fs/promises'
import { makeFolder } from '../util/folders.js'
import { join } from 'node:path'
import pRetry from 'p-retry'
import type { Dispatcher } from '../util/undici.js'
import { createIdleBoundAgent, proxyConfigured } from '../util/http-agent.js'
import { detectArchiveFormat, FORMAT_SNIFF_BYTES, type ArchiveFormat } from '../archive/format.js'
import { DownloadError, LinkExpiredError, ObjectChangedError } from './errors.js'
import { BundleFileSink } from './sink.js'
import {
  conditionalHeaders,
  parseContentRange,
  rangedAnswerProblem,
  strongValidator
} from './ranges.js'
import { header, requestObject, storeError } from './response.js'
import { directGet } from './direct-get.js'
import { undiciGet, type StoreAnswer, type StoreGet } from './transport.js'
import { storeLinkProblem } from './link-rules.js'
import { TailDownload, type RangeRequest } from './tail.js'
import type { GrowingBundle } from './growing-bundle.js'
import { sleep } from '../poll/sleep.js'
import { cleanUpAfterFailure } from '../util/cleanup.js'
import { describeNetworkError, errorCode, refusedByProxyRules } from '../util/network-error.js'
import { backoffDelayMs } from '../retry.js'
import { untrusted } from '../util/untrusted.js'

export interface DownloadOptions {
  /** Presigned link; it is sent with no Authorization header. */
  url: string
  /** Plain http allowed to hosts other than loopback, for the link and every redirect hop. */
  allowInsecureHttp?: boolean
  /**
   * Asked for a fresh link when the store refused the current one (it expired) or the object
   * changed under the transfer. After a refusal the transfer goes on from the bytes on disk;
   * after a change, or when the fresh link announces another size, it starts over. Resolves
   * to undefined to give up.
   */
  onFreshLink?: (reason: LinkExpiredError | ObjectChangedError) => Promise<FreshLink | undefined>
  /** Folder for the archive, written as `bundle.<format>`. */
  directory: string
  /** Compute the SHA-256 on the way (default true); without it, an announced one goes unchecked. */
  sha256?: boolean
  /** Size announced by the API, checked against what arrives. */
  expectedSizeBytes?: number
  signal?: AbortSignal
  /** Longest silence (no header, no body byte) before a connection is taken for dead. */
  idleTimeoutMs?: number
  /** Transfer attempts, resumed ones included. */
  maxAttempts?: number
  onProgress?: (receivedBytes: number, totalBytes: number | undefined) => void
  /**
   * Every request through this dispatcher. Without one, the front stream reads over a direct
   * connection (direct-get.ts), unless the environment names a proxy; the tail helpers use
   * undici, which keeps their connections alive.
   */
  dispatcher?: Dispatcher
  /**
   * Milliseconds, for the progress reports and the front stream's speed (Date.now by default):
   * a test gives a virtual clock, so that whether a download splits depends on no machine's load.
   */
  clock?: () => number
  /**
   * Told of the file's progress, for a reader that follows it (a tar.gz extracted as it comes);
   * the caller tells it the outcome.
   */
  growing?: GrowingBundle
}

export interface FreshLink {
  url: string
  /** The size the API announced with this link; it replaces the expected size. */
  sizeBytes?: number
}

export interface DownloadedFile {
  path: string
  sizeBytes: number
  /** Hex SHA-256 of the file; undefined when not asked for. */
  sha256?: string
  format?: ArchiveFormat
  /** Transfers that were resumed or restarted after a fault. */
  retries: number
}

const PART_NAME = 'bundle.part'
const PROGRESS_EVERY_MS = 1000

/**
 * Streams the bundle to disk, resuming with Range requests after a cut or, given a fresh link
 * by `onLinkExpired`, after the link expired. On any failure the partial file is removed, so a
 * step never leaves half a bundle behind.
 */
export async function downloadBundle(options: DownloadOptions): Promise<DownloadedFile> {
  await makeFolder(options.directory).catch((error: NodeJS.ErrnoException) => {
    throw new Error(
      `The folder ${options.directory} cannot be created (${error.code ?? 'error'}): give \`path\` a folder the runner may write to.`,
      { cause: error }
    )
  })
  const partPath = join(options.directory, PART_NAME)
  const idleTimeoutMs = options.idleTimeoutMs ?? 30_000
  // Redirects are followed by requestObject, which checks each hop like the first link.
  const dispatcher = options.dispatcher ?? createIdleBoundAgent(idleTimeoutMs)
  const transport: Transport = {
    front:
      options.dispatcher || proxyConfigured()
        ? undiciGet(dispatcher)
        : directGet({ idleTimeoutMs }),
    tail: undiciGet(dispatcher)
  }
  const growing = options.growing
  const sink = await BundleFileSink.create(partPath, {
    sha256: options.sha256 ?? true,
    observer: growing
  }).catch((error: NodeJS.ErrnoException) => {
    throw new Error(
      `The bundle cannot be written to ${partPath} (${error.code ?? 'error'}): give \`path\` a folder the runner may write to.`,
      { cause: error }
    )
  })
  const transfer: TransferState = {
    url: options.url,
    expectedSizeBytes: options.expectedSizeBytes,
    validator: undefined,
    checksum: undefined,
    totalBytes: undefined,
    acceptsRanges: false
  }
  let retries = 0
  try {
    growing?.attach(partPath)
    await pRetry(() => transferOverFreshLinks(options, transport, sink, transfer), {
      retries: (options.maxAttempts ?? 5) - 1,
      minTimeout: 0,
      signal: options.signal,
      shouldRetry: ({ error }) => error instanceof DownloadError && error.transient,
      onFailedAttempt: async ({ error, attemptNumber, retriesLeft }) => {
        if (!(error instanceof DownloadError && error.transient) || retriesLeft === 0) return
        retries += 1
        const resumeAt = canResume(transfer) ? sink.bytesWritten : 0
        const delayMs = backoffDelayMs(attemptNumber)
        log.warning(
          `Download interrupted (${error.message}); ${resumeAt > 0 ? `resuming at byte ${resumeAt}` : 'starting over'} in ${delayMs}ms (attempt ${attemptNumber + 1}).`
        )
        await sleep(delayMs, options.signal)
      }
    })
    const sha256 = await sink.finish()
    const sizeBytes = sink.bytesWritten
    if (transfer.checksum && sha256 === undefined) {
      log.info('The store announced a SHA-256; not checked, as `checksum` is `none`.')
    } else if (transfer.checksum && transfer.checksum !== sha256) {
      throw new DownloadError(
        `The bundle's SHA-256 (${sha256}) differs from the one the store announced (${transfer.checksum}); the download is corrupt and was removed.`,
        false
      )
    }
    const expected = transfer.expectedSizeBytes
    if (expected !== undefined && expected !== sizeBytes) {
      throw new DownloadError(
        `The bundle has ${sizeBytes} bytes but the API announced ${expected}; the download is not trusted.`,
        false
      )
    }
    const format = detectArchiveFormat(await readHead(partPath))
    const finalPath = join(options.directory, `bundle.${format ?? 'bin'}`)
    await rename(partPath, finalPath)
    return { path: finalPath, sizeBytes, ...(sha256 ? { sha256 } : {}), format, retries }
  } catch (error) {
    await cleanUpAfterFailure(
      `the partial bundle ${partPath}`,
      () => sink.close(),
      () => rm(partPath, { force: true })
    )
    throw finalError(error, options.url)
  }
}

/**
 * The download's failure as a sentence that names the store: transfer faults are fragments
 * (`the store answered HTTP 403 (…)`), said while retrying; whole sentences pass as they are.
 */
function finalError(error: unknown, url: string): unknown {
  if (!(error instanceof DownloadError) || !/^[a-z]/.test(error.message)) return error
  let host = 'the store'
  try {
    host = new URL(url).host
  } catch {
    // The link was checked before the download; keep the generic words if it somehow is not.
  }
  const advice = error.transient
    ? " Check the runner's network path to the store (HTTPS_PROXY, firewall), or raise `request-timeout` for a slow store; re-running resumes nothing, so the download starts over."
    : ''
  return new DownloadError(
    `Downloading the bundle from ${host} failed: ${error.message}.${advice}`,
    false
  )
}

/** The tail is fetched in parallel only for large, slow downloads from stores with ranges. */
const PARALLEL = {
  /** The front stream is measured over the second half of this long before deciding. */
  measureMs: 500,
  /** Faster than this, one stream is as good as several (and cheaper). */
  belowBytesPerSecond: 150 * 1024 * 1024,
  chunkBytes: 8 * 1024 * 1024,
  /** Extra connections; with the front stream, four in all. */
  helpers: 3
}

/** How the front stream and the tail helpers make their GETs. */
interface Transport {
  front: StoreGet
  tail: StoreGet
}

interface TransferState {
  /** The link in use: the first one, or the last fresh one. */
  url: string
  /** The size the API announced with the link in use. */
  expectedSizeBytes: number | undefined
  /** Bytes on disk when the store last refused a link: a fresh link refused before more came fails. */
  refusedAt?: number
  /** Helpers fetching the end of the object, once the front stream proved slow. */
  tail?: TailDownload
  /** SHA-256 the store announced for the whole object (hex), when it did. */
  checksum: string | undefined
  /** Strong ETag of the first response, so a resumed range is of the same object. */
  validator: string | undefined
  totalBytes: number | undefined
  acceptsRanges: boolean
  /** Set once the tail failed: the rest of this download comes over one stream. */
  singleStream?: boolean
}

/**
 * One transfer attempt, which a refused link or a changed object does not end: with a fresh
 * link from the caller it resumes (the same validator guards the bytes on disk), or starts
 * over when the object changed or the fresh link announces another size.
 */
async function transferOverFreshLinks(
  options: DownloadOptions,
  transport: Transport,
  sink: BundleFileSink,
  state: TransferState
): Promise<void> {
  for (;;) {
    try {
      return await transferOnce(options, transport, sink, state)
    } catch (error) {
      const changed = error instanceof ObjectChangedError
      if (!(error instanceof LinkExpiredError || changed)) throw error
      // A 403 that may not mean expiry gets one fresh link; refused again before any new byte
      // came, it is a real refusal (an IP rule, a bucket policy) and fails with the store's words.
      if (error instanceof LinkExpiredError && !error.certain) {
        if (state.refusedAt === sink.bytesWritten) throw error
        state.refusedAt = sink.bytesWritten
      }
      const fresh = options.onFreshLink ? await options.onFreshLink(error) : undefined
      if (!fresh) throw error
      state.url = fresh.url
      const resized = fresh.sizeBytes !== undefined && fresh.sizeBytes !== state.expectedSizeBytes
      if (fresh.sizeBytes !== undefined) state.expectedSizeBytes = fresh.sizeBytes
      if (changed || resized) await startOver(sink, state)
    }
  }
}

/**
 * Bytes on disk are kept only for a store that takes ranges and names the object with a strong
 * ETag: a Last-Modified is as precise as a second, and without either two objects of one size
 * could not be told apart, so those transfers start over instead.
 */
function canResume(state: TransferState): boolean {
  return state.acceptsRanges && state.validator !== undefined
}

/** Forgets the object: the next request is a whole GET, written to an emptied file. */
async function startOver(sink: BundleFileSink, state: TransferState): Promise<void> {
  await sink.restart()
  state.validator = undefined
  state.totalBytes = undefined
  state.checksum = undefined
  state.acceptsRanges = false
  state.refusedAt = undefined
}

async function transferOnce(
  options: DownloadOptions,
  transport: Transport,
  sink: BundleFileSink,
  state: TransferState
): Promise<void> {
  const resumeFrom = canResume(state) ? sink.bytesWritten : 0
  const headers: Record<string, string> = { 'accept-encoding': 'identity' }
  if (resumeFrom > 0) {
    headers.range = `bytes=${resumeFrom}-`
    Object.assign(headers, conditionalHeaders(state.validator))
  }

  let response: StoreAnswer
  let objectUrl: string
  try {
    ;({ response, url: objectUrl } = await requestObject({
      url: state.url,
      headers,
      get: transport.front,
      signal: options.signal,
      checkHop: url => storeLinkProblem(url, options.allowInsecureHttp ?? false)
    }))
  } catch (error) {
    throw asTransferError(error, options.signal)
  }

  const status = response.statusCode
  if (status !== 200 && status !== 206) {
    throw await storeError(status, response, objectUrl).catch((error: unknown) => {
      throw asTransferError(error, options.signal)
    })
  }

  if (status === 206 && resumeFrom > 0) {
    const problem = rangedAnswerProblem(
      {
        contentRange: header(response, 'content-range'),
        etag: header(response, 'etag'),
        lastModified: header(response, 'last-modified')
      },
      { start: resumeFrom, end: undefined },
      state
    )
    if (problem) {
      await response.discard()
      if (problem.kind === 'changed') throw new ObjectChangedError(problem.detail)
      await sink.restart()
      state.acceptsRanges = false
      throw new DownloadError(`the store answered another range (${problem.detail})`, true)
    }
  } else {
    if (status === 206 && !wholeObject(header(response, 'content-range'))) {
      // Part of the object for a request of all of it (no Range sent): the rest is not coming.
      await response.discard()
      throw new DownloadError(
        `the store answered a request for the whole bundle with part of it (Content-Range: ${untrusted(header(response, 'content-range') ?? 'none', 80)})`,
        false
      )
    }
    const validator = strongValidator(header(response, 'etag'))
    if (resumeFrom > 0 && state.validator && validator !== state.validator) {
      // A whole body for a ranged request, of another object: what it is now, the API says.
      await response.discard()
      throw new ObjectChangedError(`a resume got the whole object with ETag ${validator ?? 'none'}`)
    }
    // A whole body: a fresh start, or the store ignored our range.
    if (sink.bytesWritten > 0) await sink.restart()
    const length = Number(header(response, 'content-length'))
    state.totalBytes =
      Number.isFinite(length) && header(response, 'content-length') !== undefined
        ? length
        : undefined
    state.acceptsRanges = header(response, 'accept-ranges')?.toLowerCase() === 'bytes'
    state.validator = validator
    state.checksum = announcedSha256(
      header(response, 'x-amz-checksum-sha256'),
      header(response, 'x-amz-checksum-type')
    )
  }
  // After a resume too: the link may be a fresh one, where an earlier one expired.
  options.growing?.sized(state.totalBytes, rangeRequest(options, transport, state, objectUrl))

  const total = state.totalBytes
  const received = () => sink.bytesWritten + (state.tail?.bytesReceived ?? 0)
  const clock = options.clock ?? Date.now
  // The first report comes after a second: a quick download needs none.
  let lastReportAt = clock()
  const report = () => {
    const now = clock()
    if (now - lastReportAt < PROGRESS_EVERY_MS) return
    lastReportAt = now
    options.onProgress?.(received(), total)
  }
  let fatal: Error | undefined
  const front = frontStream(resumeFrom, state, clock, position => {
    if (state.tail || state.singleStream || total === undefined) return
    if (!state.acceptsRanges || !state.validator) return
    state.tail = new TailDownload(
      {
        // Where the redirects led: the helpers ask the object itself.
        url: objectUrl,
        allowInsecureHttp: options.allowInsecureHttp ?? false,
        get: transport.tail,
        signal: options.signal,
        file: sink.handle,
        path: sink.path,
        totalBytes: total,
        validator: state.validator,
        helpers: PARALLEL.helpers,
        chunkBytes: PARALLEL.chunkBytes,
        onFatal: error => {
          fatal = error
          response.cancel(error)
        }
      },
      position
    )
  })
  try {
    await response.read(chunk => {
      const bytes = front(chunk)
      sink.append(bytes)
      report()
      // The front stream reached the tail helpers' bytes: the rest of this body is theirs.
      if (bytes !== chunk) return false
    })
    if (state.tail) {
      await state.tail.finished()
      if (fatal) throw fatal
      await sink.adopt(total as number)
    }
  } catch (error) {
    state.tail?.cancel()
    state.tail = undefined
    if (!fatal) throw asTransferError(error, options.signal)
    // The tail's store refused or kept failing a chunk: resumed over one stream, unless the
    // link expired (a fresh one is needed) or we were cancelled.
    const failure = asTransferError(fatal, options.signal)
    if (failure instanceof LinkExpiredError || failure instanceof ObjectChangedError) throw failure
    state.singleStream = true
    throw failure instanceof DownloadError && !failure.transient
      ? new DownloadError(`${failure.message}; going on over one stream`, true)
      : failure
  }
  state.tail = undefined
  if (total !== undefined && sink.bytesWritten !== total) {
    throw new DownloadError(`the body ended after ${sink.bytesWritten} of ${total} bytes`, true)
  }
}

/** How to ask for a part of the object this body is of, when the store takes ranges of it. */
function rangeRequest(
  options: DownloadOptions,
  transport: Transport,
  state: TransferState,
  objectUrl: string
): RangeRequest | undefined {
  if (!canResume(state) || state.totalBytes === undefined) return undefined
  return {
    // Where the redirects led, as for the tail helpers.
    url: objectUrl,
    allowInsecureHttp: options.allowInsecureHttp ?? false,
    get: transport.tail,
    signal: options.signal,
    validator: state.validator as string,
    totalBytes: state.totalBytes
  }
}

/**
 * The front stream's view of each body chunk from `start`: the chunk, or its part before the
 * tail helpers' bytes begin (then the stream stops). After PARALLEL.measureMs it calls
 * `goParallel` once if the stream was slow in the second half of that time and much remains.
 */
function frontStream(
  start: number,
  state: TransferState,
  clock: () => number,
  goParallel: (position: number) => void
): (chunk: Buffer) => Buffer {
  let position = start
  const startedAt = clock()
  // Where the measured half begins: the first half is left out, as it holds the connection's
  // slow start (TCP's, and the first writes of a fresh file), which made a fast store look slow
  // and split a download one stream carried as fast (1 GiB on loopback: 121 MiB peak, not 96).
  let mark: { at: number; position: number } | undefined
  let decided = false
  return chunk => {
    if (!decided) {
      const now = clock()
      if (mark === undefined && now - startedAt >= PARALLEL.measureMs / 2)
        mark = { at: now, position }
      else if (mark !== undefined && now - mark.at >= PARALLEL.measureMs / 2) {
        decided = true
        const bytesPerSecond = ((position - mark.position) * 1000) / (now - mark.at)
        const remaining = (state.totalBytes ?? 0) - position
        if (bytesPerSecond < PARALLEL.belowBytesPerSecond && remaining >= 4 * PARALLEL.chunkBytes)
          goParallel(position)
      }
    }
    state.tail?.advanceFront(position)
    const limit = state.tail?.frontLimit ?? Number.POSITIVE_INFINITY
    if (position + chunk.length >= limit) {
      const part = chunk.subarray(0, limit - position)
      position = limit
      return part
    }
    position += chunk.length
    return chunk
  }
}

function asTransferError(error: unknown, signal: AbortSignal | undefined): unknown {
  if (signal?.aborted) return signal.reason ?? error
  if (
    error instanceof DownloadError ||
    error instanceof LinkExpiredError ||
    error instanceof ObjectChangedError
  )
    return error
  const code = errorCode(error)
  if (code === 'UND_ERR_BODY_TIMEOUT' || code === 'UND_ERR_HEADERS_TIMEOUT') {
    return new DownloadError('the store stopped sending data', true)
  }
  return new DownloadError(describeNetworkError(error), !refusedByProxyRules(error))
}

/**
 * S3's `x-amz-checksum-sha256` (base64) as hex, when it is of the whole object. A multipart
 * object's composite checksum (a checksum of the parts' checksums, `…-<parts>`, or typed
 * COMPOSITE) is never compared with the file's SHA-256: it would differ for a sound file.
 */
export function announcedSha256(
  value: string | undefined,
  type: string | undefined = undefined
): string | undefined {
  if (!value || value.includes('-')) return undefined
  if (type !== undefined && type.trim().toUpperCase() !== 'FULL_OBJECT') return undefined
  const bytes = Buffer.from(value.trim(), 'base64')
  return bytes.length === 32 ? bytes.toString('hex') : undefined
}

async function readHead(path: string): Promise<Uint8Array> {
  const file = await open(path, 'r')
  try {
    const head = Buffer.alloc(FORMAT_SNIFF_BYTES)
    const { bytesRead } = await file.read(head, 0, head.length, 0)
    return head.subarray(0, bytesRead)
  } finally {
    await file.close()
  }
}

/** Whether a Content-Range names the whole object (`bytes 0-(n-1)/n`). */
function wholeObject(contentRange: string | undefined): boolean {
  const range = parseContentRange(contentRange)
  return range?.start === 0 && range.total !== undefined && range.end === range.total - 1
}
