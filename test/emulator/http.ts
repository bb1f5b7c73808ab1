// HTTP plumbing shared by both servers: replies as values, and one delivery loop that applies
// throttling and body faults (stall, cut, corrupt) while respecting back-pressure.
import { createReadStream } from 'node:fs'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { STATUS_CODES } from 'node:http'
import { setTimeout as delay } from 'node:timers/promises'

/** Bytes [start, end) of a file. */
export interface FileSlice {
  path: string
  start: number
  end: number
}

/** A response as a value: handlers compute it, `deliver` sends it. */
export interface Reply {
  status: number
  headers: Record<string, string>
  /** null: no body (HEAD, or an empty answer); Content-Length is then whatever headers say. */
  body: Buffer | FileSlice | null
}

/** How a body is sent. Faults fill in the stall/cut/corrupt parts. */
export interface DeliveryPlan {
  bytesPerSecond: number
  stallAfter: { bytes: number; ms: number } | null
  cutAfter: number | null
  /** Runs after the bytes before a cut are out, before the connection drops. */
  beforeCut?: () => void | Promise<void>
  corrupt: boolean
}

export const PLAIN_DELIVERY: DeliveryPlan = {
  bytesPerSecond: 0,
  stallAfter: null,
  cutAfter: null,
  corrupt: false
}

export function reasonPhrase(status: number): string {
  return STATUS_CODES[status] ?? 'Unknown Status'
}

export function bufferReply(
  status: number,
  contentType: string,
  body: Buffer | string,
  headers: Record<string, string> = {}
): Reply {
  const bytes = Buffer.isBuffer(body) ? body : Buffer.from(body, 'utf8')
  return {
    status,
    headers: {
      'content-type': contentType,
      'content-length': String(bytes.length),
      ...headers
    },
    body: bytes
  }
}

export function jsonReply(status: number, value: unknown, headers?: Record<string, string>): Reply {
  return bufferReply(status, 'application/json; charset=utf-8', JSON.stringify(value), headers)
}

/** The `{"error": string}` body that every Admin API error carries. */
export function errorReply(status: number, error: string, headers?: Record<string, string>) {
  return jsonReply(status, { error }, headers)
}

/** Resolves after `ms`; rejects with an AbortError when the emulator closes. */
export function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return delay(Math.max(0, ms), undefined, { signal })
}

/** The request body, up to `limit` bytes (null when larger). */
export async function readBody(req: IncomingMessage, limit = 1 << 20): Promise<Buffer | null> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length
    if (size > limit) return null
    chunks.push(chunk)
  }
  return Buffer.concat(chunks)
}

function bodyLength(body: Buffer | FileSlice): number {
  return Buffer.isBuffer(body) ? body.length : body.end - body.start
}

async function* bodyChunks(body: Buffer | FileSlice): AsyncGenerator<Buffer> {
  if (Buffer.isBuffer(body)) {
    for (let i = 0; i < body.length; i += 65536) yield body.subarray(i, i + 65536)
    return
  }
  if (body.end <= body.start) return
  const stream = createReadStream(body.path, {
    start: body.start,
    end: body.end - 1,
    highWaterMark: 256 * 1024
  })
  yield* stream as AsyncIterable<Buffer>
}

/** Throttled responses go out in ~50 ms slices, so pacing is smooth. */
function* slices(chunk: Buffer, bytesPerSecond: number): Generator<Buffer> {
  if (!bytesPerSecond) return yield chunk
  const size = Math.max(512, Math.floor(bytesPerSecond / 20))
  for (let i = 0; i < chunk.length; i += size) yield chunk.subarray(i, i + size)
}

/** Resolves once `res` can take more, or is gone. */
function drainedOrClosed(res: ServerResponse): Promise<void> {
  return new Promise(resolve => {
    const done = () => {
      res.off('drain', done)
      res.off('close', done)
      resolve()
    }
    res.on('drain', done)
    res.on('close', done)
  })
}

/** Writes and waits until the bytes reached the socket (or the socket is gone). */
function writeFlushed(res: ServerResponse, data: Buffer): Promise<void> {
  return new Promise(resolve => {
    const done = () => {
      res.off('close', done)
      resolve()
    }
    res.on('close', done)
    res.write(data, done)
  })
}

async function write(res: ServerResponse, data: Buffer): Promise<void> {
  if (data.length > 0 && !res.write(data)) await drainedOrClosed(res)
}

/** Sends a reply according to the plan. Never buffers a file body. */
export async function deliver(
  res: ServerResponse,
  reply: Reply,
  plan: DeliveryPlan,
  signal: AbortSignal
): Promise<void> {
  res.writeHead(reply.status, reply.headers)
  if (!reply.body) return void res.end() // HEAD or empty: body faults have nothing to act on
  const total = bodyLength(reply.body)
  const flipAt = plan.corrupt && total > 0 ? Math.floor(total / 2) : -1
  const started = Date.now()
  let sent = 0
  let stalled = false
  res.flushHeaders()
  for await (const chunk of bodyChunks(reply.body)) {
    for (let data of slices(chunk, plan.bytesPerSecond)) {
      if (res.destroyed) return
      if (flipAt >= sent && flipAt < sent + data.length) {
        data = Buffer.from(data) // never flip bytes of a shared buffer
        data[flipAt - sent] = (data[flipAt - sent] as number) ^ 0xff
      }
      if (plan.cutAfter !== null && sent + data.length >= plan.cutAfter) {
        await writeFlushed(res, data.subarray(0, plan.cutAfter - sent))
        await plan.beforeCut?.()
        return void res.destroy()
      }
      const stall = plan.stallAfter
      if (stall && !stalled && sent + data.length > stall.bytes) {
        const before = stall.bytes - sent
        await writeFlushed(res, data.subarray(0, before))
        sent += before
        data = data.subarray(before)
        stalled = true
        await sleep(stall.ms, signal)
      }
      await write(res, data)
      sent += data.length
      if (plan.bytesPerSecond) {
        await sleep(started + (sent * 1000) / plan.bytesPerSecond - Date.now(), signal)
      }
    }
  }
  // A cut past the end still closes without a clean end, as a dropped connection would.
  if (plan.cutAfter !== null) res.destroy()
  else res.end()
}

/** decodeURIComponent that answers null instead of throwing on a malformed escape. */
export function safeDecode(text: string): string | null {
  try {
    return decodeURIComponent(text)
  } catch {
    return null
  }
}
