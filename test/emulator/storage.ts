// The presigned object store that serves export bundles: S3-like errors, ranges, ETags.
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http'
import type { BuiltArchive } from './archive.ts'
import { respond, type Context } from './context.ts'
import { bufferReply, safeDecode, type Reply } from './http.ts'
import { checkLink, presign, type PresignedLink } from './presign.ts'
import type { StorageBehaviour } from './types.ts'

const CONTENT_TYPES = {
  'tar.gz': 'application/gzip',
  zip: 'application/zip',
  tar: 'application/x-tar'
} as const

const OBJECT_PATH = /^\/exports\/([^/]+)\/bundle(?:\.(?:tar\.gz|zip|tar))?$/

const ONE_AUTH_MECHANISM =
  'Only one auth mechanism allowed; only the X-Amz-Algorithm query parameter, Signature query string parameter or the Authorization header should be specified'

/** Where a job's bundle lives in the store; /bundle without extension when hideExtension. */
export function objectPath(jobId: string, storage: StorageBehaviour): string {
  const extension = storage.hideExtension ? '' : `.${storage.format}`
  return `/exports/${encodeURIComponent(jobId)}/bundle${extension}`
}

/** A fresh presigned link to the bundle of `jobId`. */
export function bundleLink(ctx: Context, jobId: string, now = Date.now()): PresignedLink {
  const storage = ctx.options.storage
  return presign(ctx.storageUrl, objectPath(jobId, storage), ctx.secret, now, storage.linkTtlMs)
}

function s3Error(
  status: number,
  code: string,
  message: string,
  head: boolean,
  headers: Record<string, string> = {}
): Reply {
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message}</Message></Error>`
  const reply = bufferReply(status, 'application/xml', xml, headers)
  return head ? { ...reply, body: null } : reply
}

/** A single byte range, [start, end); null when the header is to be ignored (serve it all). */
export function parseRange(
  header: string,
  size: number
): { start: number; end: number } | 'unsatisfiable' | null {
  const m = /^\s*bytes\s*=\s*(\d*)\s*-\s*(\d*)\s*$/i.exec(header)
  if (!m) return null // malformed or several ranges: a server may ignore Range
  const [first, last] = [m[1] as string, m[2] as string]
  if (first === '' && last === '') return null
  if (first === '') {
    const suffix = Number(last)
    if (suffix === 0 || size === 0) return 'unsatisfiable'
    return { start: Math.max(0, size - suffix), end: size }
  }
  const start = Number(first)
  if (last !== '' && Number(last) < start) return null
  if (start >= size) return 'unsatisfiable'
  return { start, end: last === '' ? size : Math.min(Number(last) + 1, size) }
}

/** If-Range: a strong ETag must match exactly; a date must equal Last-Modified. */
export function ifRangeMatches(value: string, etag: string | null, lastModified: string): boolean {
  const given = value.trim()
  if (given.startsWith('"') || given.startsWith('W/')) return etag !== null && given === etag
  const when = Date.parse(given)
  return !Number.isNaN(when) && when === Date.parse(lastModified)
}

function firstValue(header: string | string[] | undefined): string | undefined {
  return Array.isArray(header) ? header[0] : header
}

export function objectReply(
  archive: BuiltArchive,
  storage: StorageBehaviour,
  request: IncomingHttpHeaders,
  head: boolean
): Reply {
  const etag = `"${archive.sha256}"`
  const lastModified = archive.lastModified.toUTCString()
  const headers: Record<string, string> = {
    'content-type': storage.hideExtension
      ? 'application/octet-stream'
      : CONTENT_TYPES[storage.format],
    'last-modified': lastModified
  }
  if (storage.etag) headers.etag = etag
  if (storage.acceptRanges) headers['accept-ranges'] = 'bytes'

  let range: ReturnType<typeof parseRange> = null
  const ifRange = firstValue(request['if-range'])
  if (storage.acceptRanges && request.range) {
    const current =
      storage.ignoreIfRange ||
      ifRange === undefined ||
      ifRangeMatches(ifRange, storage.etag ? etag : null, lastModified)
    if (current) range = parseRange(request.range, archive.size)
  }
  if (range === 'unsatisfiable') {
    return s3Error(416, 'InvalidRange', 'The requested range is not satisfiable', head, {
      ...headers,
      'content-type': 'application/xml',
      'content-range': `bytes */${archive.size}`
    })
  }
  const { start, end } = range ?? { start: 0, end: archive.size }
  headers['content-length'] = String(end - start)
  if (range) headers['content-range'] = `bytes ${start}-${end - 1}/${archive.size}`
  else if (storage.checksum)
    headers['x-amz-checksum-sha256'] = Buffer.from(archive.sha256, 'hex').toString('base64')
  return {
    status: range ? 206 : 200,
    headers,
    body: head ? null : { path: (range && storage.rangesFromPath) || archive.path, start, end }
  }
}

async function answer(ctx: Context, req: IncomingMessage, url: URL): Promise<Reply> {
  const head = req.method === 'HEAD'
  if (req.method !== 'GET' && !head) {
    return s3Error(
      405,
      'MethodNotAllowed',
      'The specified method is not allowed against this resource.',
      false,
      {
        allow: 'GET, HEAD'
      }
    )
  }
  // Presigned links carry their auth in the query; S3 refuses a second mechanism.
  if (req.headers.authorization !== undefined) {
    return s3Error(400, 'InvalidArgument', ONE_AUTH_MECHANISM, head)
  }
  const match = OBJECT_PATH.exec(url.pathname)
  if (!match) return s3Error(404, 'NoSuchKey', 'The specified key does not exist.', head)
  const check = checkLink(url.pathname, url.searchParams, ctx.secret, Date.now())
  if (check === 'bad-signature') {
    const message =
      'The request signature we calculated does not match the signature you provided. Check your key and signing method.'
    return s3Error(403, 'SignatureDoesNotMatch', message, head)
  }
  if (check === 'expired') return s3Error(403, 'AccessDenied', 'Request has expired', head)
  if (!ctx.jobs.has(safeDecode(match[1] as string) ?? '')) {
    return s3Error(404, 'NoSuchKey', 'The specified key does not exist.', head)
  }
  const storage = ctx.options.storage
  return objectReply(await ctx.archives.get(storage), storage, req.headers, head)
}

export async function handleStorage(
  ctx: Context,
  req: IncomingMessage,
  res: ServerResponse
): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://storage.invalid')
  const endpoint = url.pathname.startsWith('/exports/') ? 'download' : 'other'
  const subject = OBJECT_PATH.exec(url.pathname)?.[1] ?? ''
  const bytesPerSecond = ctx.options.storage.bytesPerSecondPerConnection
  await respond(ctx, req, res, { endpoint, subject }, () => answer(ctx, req, url), bytesPerSecond)
}
