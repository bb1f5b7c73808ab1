import { connect as connectTcp, isIP, type OnReadOpts, type Socket } from 'node:net'
import { connect as connectTls, type ConnectionOptions } from 'node:tls'
import { HTTPParser } from 'http-parser-js'
import { untrusted } from '../util/untrusted.js'
import { DownloadError } from './errors.js'
import type { StoreAnswer, StoreGet } from './transport.js'

/*
 * A GET of the bundle over a socket of our own, read into one buffer reused for the whole
 * transfer. Every HTTP client in Node (undici, node:http) reads each socket chunk into a fresh
 * buffer; for a 1 GiB bundle that is 16,000 buffers to allocate and collect, and measured
 * (README, Performance), it was most of the download's CPU: 1 GiB into RAM from the emulator's
 * store took 2.5 s of CPU through undici and 0.7–1.0 s this way (curl: 0.75 s), and a bare
 * client peaked at 59 MiB instead of 160. Node's `onread` option (net and tls) reads into a
 * buffer we own; http-parser-js parses the answer from it without copying the body. No proxy
 * support: behind one, the download goes through undici (download.ts).
 */

// Header bytes as latin1, as undici reads them: the default, ascii, drops the high bit of each
// byte, which turns a non-ASCII Location into another, plausible URL. (A setting of the
// library's module; nothing else in the bundle uses it.)
HTTPParser.encoding = 'latin1'

/** Bytes per socket read; the same buffer serves every read of one GET. */
const READ_BUFFER_BYTES = 256 * 1024

/** RFC 9110 token (a header name) and field value: nothing that could end a line. */
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/
const HEADER_VALUE = /^[\t\x20-\x7e]*$/

/** GETs over a direct connection; silent longer than `idleTimeoutMs`, one fails. */
export function directGet(options: { idleTimeoutMs: number }): StoreGet {
  return (url, headers, signal) =>
    new Promise<StoreAnswer>((resolve, reject) => {
      try {
        signal?.throwIfAborted()
        new DirectAnswer(new URL(url), headers, options.idleTimeoutMs, signal, {
          resolve,
          reject
        })
      } catch (error) {
        reject(error)
      }
    })
}

interface Settle<T> {
  resolve: (value: T) => void
  reject: (error: unknown) => void
}

type Phase = 'head' | 'body' | 'done' | 'failed'

class DirectAnswer implements StoreAnswer {
  statusCode = 0
  headers: Record<string, string | string[]> = {}
  private phase: Phase = 'head'
  private failure: unknown
  private readonly socket: Socket
  private readonly parser = new HTTPParser(HTTPParser.RESPONSE)
  private consumer: ((chunk: Buffer) => boolean | void) | undefined
  /**
   * Body bytes that came before `read`: copies, as the read buffer is reused. Pausing stops the
   * socket's reads, but a TLS socket still hands out the records it already decrypted (three
   * of 16 KiB, measured): those land here too.
   */
  private early: Buffer[] = []
  private reading: Settle<void> | undefined
  private readonly onAbort: () => void

  constructor(
    url: URL,
    headers: Readonly<Record<string, string>>,
    idleTimeoutMs: number,
    private readonly signal: AbortSignal | undefined,
    private readonly answered: Settle<StoreAnswer>
  ) {
    const request = requestHead(url, headers)
    const onread: OnReadOpts = {
      buffer: Buffer.allocUnsafe(READ_BUFFER_BYTES),
      callback: (length: number, buffer: Buffer) => this.received(buffer, length)
    }
    const { tls, ...target } = connectionTarget(url)
    // tls.connect takes `onread` as net.connect does (nodejs/node#35753); @types/node omits it.
    const tlsOptions: ConnectionOptions & { onread: OnReadOpts } = {
      ...target,
      ALPNProtocols: ['http/1.1'],
      onread,
      timeout: idleTimeoutMs
    }
    this.socket = tls
      ? connectTls(tlsOptions)
      : connectTcp({ host: target.host, port: target.port, onread, timeout: idleTimeoutMs })
    this.socket.on('timeout', () => this.fail(new DownloadError(this.silence(), true)))
    this.socket.on('error', error => this.fail(error))
    this.socket.on('end', () => this.ended())
    this.socket.on('close', () =>
      this.fail(new DownloadError('the connection was closed by the other side', true))
    )
    this.onAbort = () => this.fail(signal?.reason)
    signal?.addEventListener('abort', this.onAbort, { once: true })
    strictChunkSizes(this.parser)
    this.parser[HTTPParser.kOnHeadersComplete] = info => this.headComplete(info)
    this.parser[HTTPParser.kOnBody] = (chunk, offset, length) =>
      this.body(chunk.subarray(offset, offset + length))
    this.parser[HTTPParser.kOnMessageComplete] = () => this.complete()
    this.socket.write(request)
  }

  read(onChunk: (chunk: Buffer) => boolean | void): Promise<void> {
    if (this.consumer) return Promise.reject(new Error('The body of a store answer is read once.'))
    this.consumer = onChunk
    return new Promise<void>((resolve, reject) => {
      this.reading = { resolve, reject }
      // The whole body may have come before `read` (the answer is then settled already).
      try {
        for (const chunk of this.early.splice(0)) {
          if (onChunk(chunk) === false) {
            this.finish()
            return resolve()
          }
        }
      } catch (error) {
        this.fail(error)
        return reject(error)
      }
      if (this.phase === 'done') return resolve()
      if (this.phase === 'failed') return reject(this.failure)
      this.socket.resume()
    })
  }

  discard(): Promise<void> {
    this.finish()
    return Promise.resolve()
  }

  cancel(error: Error): void {
    this.fail(error)
  }

  /** What the store's silence interrupted, for the timeout's message. */
  private silence(): string {
    if (this.socket.connecting) return 'connecting timed out'
    return this.phase === 'head' ? 'no response headers in time' : 'the store stopped sending data'
  }

  /** A socket read: parsed at once, as the next read reuses the buffer. False pauses reading. */
  private received(buffer: Buffer, length: number): boolean {
    let result: number | Error
    try {
      result = this.parser.execute(buffer, 0, length)
    } catch (error) {
      // Thrown by the consumer (a failed write, say), through the parser.
      this.fail(error)
      return false
    }
    if (result instanceof Error) {
      this.fail(new DownloadError(`the store's answer is not valid HTTP (${result.message})`, true))
      return false
    }
    // Until the head is whole, reading goes on; then, waiting for `read`, the socket rests (at
    // most one read's worth is held as `early`).
    return this.phase === 'head' || (this.phase === 'body' && this.consumer !== undefined)
  }

  private headComplete(info: { statusCode: number; headers: string[] }): number {
    if (this.phase !== 'head') return 1
    const status = info.statusCode
    // An informational answer (100 Continue): the real one follows on the same connection.
    if (status >= 100 && status < 200 && status !== 101) return 1
    if (status === 101) throw new DownloadError('the store switched protocols (HTTP 101)', false)
    // No prototype: a header named `__proto__` is a header like any other.
    const headers: Record<string, string | string[]> = Object.create(null) as Record<
      string,
      string | string[]
    >
    for (let i = 0; i + 1 < info.headers.length; i += 2) {
      const name = (info.headers[i] as string).toLowerCase()
      const value = info.headers[i + 1] as string
      const before = headers[name]
      headers[name] = before === undefined ? value : [before, value].flat()
    }
    // The parser takes any text for a length (as NaN); a length must be digits.
    const length = headers['content-length']
    if (length !== undefined && [length].flat().some(value => !/^\d+$/.test(value)))
      throw new DownloadError('the store sent an invalid Content-Length', true)
    // The parser knows `chunked` alone; any other coding would be read as the body's bytes.
    const codings = [headers['transfer-encoding'] ?? []].flat()
    if (codings.length > 0 && codings.join(',').trim().toLowerCase() !== 'chunked')
      throw new DownloadError(
        `the store sent the body with a Transfer-Encoding the download does not take (${untrusted(codings.join(', '), 60)})`,
        true
      )
    this.statusCode = status
    this.headers = headers
    this.phase = 'body'
    this.answered.resolve(this)
    return 0
  }

  private body(chunk: Buffer): void {
    if (this.phase !== 'body') return
    if (!this.consumer) {
      this.early.push(Buffer.from(chunk))
      return
    }
    if (this.consumer(chunk) === false) this.finish()
  }

  private complete(): void {
    // After an informational answer, the parser starts over: that is no end of the body.
    if (this.phase === 'body') this.finish()
  }

  /** The peer ended the connection: the end of a body sent without a length, or a cut. */
  private ended(): void {
    if (this.phase === 'head' || this.phase === 'body') {
      const error = this.parser.finish()
      if (error instanceof Error || !this.settled)
        this.fail(
          new DownloadError(
            this.phase === 'head'
              ? 'the store closed the connection without an answer'
              : 'the connection was closed by the other side before the body ended',
            true
          )
        )
    }
  }

  private get settled(): boolean {
    return this.phase === 'done' || this.phase === 'failed'
  }

  /** The body was read (or is not wanted): the connection is closed, `read` resolves. */
  private finish(): void {
    if (this.settled) return
    this.phase = 'done'
    this.release()
    if (this.consumer) this.reading?.resolve()
  }

  private fail(error: unknown): void {
    if (this.settled) return
    const head = this.phase === 'head'
    this.phase = 'failed'
    this.failure = error
    this.early = []
    this.release()
    if (head) this.answered.reject(error)
    this.reading?.reject(error)
  }

  private release(): void {
    this.signal?.removeEventListener('abort', this.onAbort)
    this.socket.destroy()
  }
}

/** Where a link's GET connects: the address without IPv6 brackets, and the name for SNI. */
export function connectionTarget(url: URL): {
  host: string
  port: number
  tls: boolean
  servername?: string
} {
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1')
  const tls = url.protocol === 'https:'
  const port = Number(url.port) || (tls ? 443 : 80)
  // SNI takes a name, never an address (RFC 6066, 3).
  const address = isIP(host) !== 0
  return { host, port, tls, ...(tls && !address ? { servername: host } : {}) }
}

/** A chunk-size line (RFC 9112, 7.1): hex digits, then maybe extensions. */
const CHUNK_SIZE = /^[0-9A-Fa-f]{1,12}(?:[ \t]*;.*)?$/

/**
 * http-parser-js reads a chunk size with `parseInt`, which takes `-5` (then it loops forever on
 * the same bytes) and `zz` (NaN, taken for the last chunk: a cut body would pass as whole). This
 * parser's chunk-size state refuses any line that is not a size. It replaces a method of the
 * library's (its exact version is pinned in package.json; test/unit/direct-get.test.ts holds
 * the cases).
 */
function strictChunkSizes(parser: InstanceType<typeof HTTPParser>): void {
  const internals = parser as unknown as {
    consumeLine(): string | undefined
    body_bytes: number
    state: string
    BODY_CHUNKHEAD(): void
  }
  internals.BODY_CHUNKHEAD = function (this: typeof internals) {
    const line = this.consumeLine()
    if (line === undefined) return
    if (!CHUNK_SIZE.test(line)) throw new Error('invalid chunk size')
    this.body_bytes = parseInt(line, 16)
    this.state = this.body_bytes === 0 ? 'BODY_CHUNKTRAILERS' : 'BODY_CHUNK'
  }
}

/** The request line and headers: ours only, checked, with the connection closed after. */
function requestHead(url: URL, headers: Readonly<Record<string, string>>): string {
  let head = `GET ${url.pathname}${url.search} HTTP/1.1\r\nHost: ${url.host}\r\n`
  for (const [name, value] of Object.entries(headers)) {
    // Values are ours, but an ETag sent back in If-Match came from the store.
    if (!HEADER_NAME.test(name) || !HEADER_VALUE.test(value))
      throw new DownloadError(
        `the request header ${HEADER_NAME.test(name) ? name : '(a name)'} would hold characters HTTP does not allow; not sent`,
        false
      )
    head += `${name}: ${value}\r\n`
  }
  return `${head}Connection: close\r\n\r\n`
}
