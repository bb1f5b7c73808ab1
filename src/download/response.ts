import type { StoreAnswer, StoreGet } from './transport.js'
import { redactLink } from '../secrets.js'
import { linkTextProblem, untrusted } from '../util/untrusted.js'
import { DownloadError, LinkExpiredError, ObjectChangedError } from './errors.js'

/** The first value of a response header (an array when it was repeated). */
export function header(response: Pick<StoreAnswer, 'headers'>, name: string): string | undefined {
  const value = response.headers[name]
  return Array.isArray(value) ? value[0] : value
}

/**
 * A non-2xx answer of the object store (S3-style XML bodies) as the error it means: a refused
 * link (ask the API for a fresh one: any 403, as stores word expiry differently), an object
 * that changed (412 to If-Match), a fault worth another try, or a refusal.
 */
export async function storeError(
  status: number,
  body: Pick<StoreAnswer, 'read'>,
  url: string
): Promise<Error> {
  const text = await readSmall(body)
  const code = /<Code>([^<]+)<\/Code>/.exec(text)?.[1]
  const message = /<Message>([^<]+)<\/Message>/.exec(text)?.[1]
  // The store's words are outside text: one clean, short line.
  const said = untrusted(
    code || message ? `${code ?? ''}${code && message ? ': ' : ''}${message ?? ''}` : text,
    120
  )
  const host = hostOf(url)
  const expired = /expired|not valid in the specified time/i.test(text)
  if (status === 403) return new LinkExpiredError(said || 'HTTP 403', expired, host)
  if (status === 400 && /ExpiredToken/i.test(text)) return new LinkExpiredError(said, true, host)
  if (status === 412)
    return new ObjectChangedError(`HTTP 412 to If-Match${said ? `: ${said}` : ''}`)
  // Ranges are asked only below the size the object had: it is shorter now.
  if (status === 416)
    return new ObjectChangedError('HTTP 416: it is shorter than the range asked for')
  const transient = status === 408 || status === 429 || status >= 500
  return new DownloadError(
    `the store answered HTTP ${status}${said ? ` (${said})` : ''}`,
    transient
  )
}

/** `host:port` of a link, for messages (never its query). */
export function hostOf(url: string): string {
  try {
    return new URL(url).host
  } catch {
    return 'the store'
  }
}

/** The start of an error body (the rest is not read). */
async function readSmall(body: Pick<StoreAnswer, 'read'>): Promise<string> {
  let text = ''
  await body.read(chunk => {
    text += chunk.toString('utf8')
    return text.length < 4096
  })
  return text
}

/** Redirects a store may send before the object (a CDN in front of a bucket, say). */
const MAX_REDIRECTS = 5

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308])

export interface StoreRequest {
  url: string
  headers: Record<string, string>
  /** How the GET is made: directly (direct-get.ts) or through undici (transport.ts). */
  get: StoreGet
  signal?: AbortSignal
  /**
   * The rules of the first link, applied again to every redirect target: `undefined` when a
   * hop may be followed, else why not. The caller also masks the hop's link secrets here.
   */
  checkHop: (url: string) => string | undefined
}

/**
 * A GET of the object that follows redirects itself, each hop checked like the first link
 * (https only, no userinfo, a URL as written) before a byte is sent to it. Only our own
 * headers go along (Range and If-Range, never a credential): the store needs none.
 */
export async function requestObject(
  options: StoreRequest
): Promise<{ response: StoreAnswer; url: string }> {
  let url = options.url
  for (let hops = 0; ; hops++) {
    const response = await options.get(url, options.headers, options.signal)
    if (!REDIRECT_STATUSES.has(response.statusCode)) return { response, url }
    await response.discard()
    const location = header(response, 'location')
    const refuse = (why: string) =>
      new DownloadError(`the store redirected (HTTP ${response.statusCode}) ${why}`, false)
    if (!location) throw refuse('without a Location header')
    if (hops >= MAX_REDIRECTS) throw refuse(`more than ${MAX_REDIRECTS} times; not followed`)
    const textProblem = linkTextProblem(location)
    if (textProblem) throw refuse(`to a location that ${textProblem}; not followed`)
    let next: URL
    try {
      next = new URL(location, url)
    } catch {
      throw refuse('to a location that is not a URL; not followed')
    }
    const problem = options.checkHop(next.href)
    if (problem) throw refuse(`to ${redactLink(next.href)}, which ${problem}; not followed`)
    url = next.href
  }
}
