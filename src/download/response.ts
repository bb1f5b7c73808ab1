import type { Dispatcher } from 'undici'
import { snippet } from '../util/text.js'
import { DownloadError, LinkExpiredError } from './errors.js'

/** The first value of a response header (undici gives an array when it was repeated). */
export function header(response: Dispatcher.ResponseData, name: string): string | undefined {
  const value = response.headers[name]
  return Array.isArray(value) ? value[0] : value
}

/**
 * The body may fail (a dropped connection) before we start reading it, while the file is
 * truncated for a restart, say; a stream error with no listener would end the process. The
 * error is not lost: reading a failed stream throws it.
 */
export function holdErrors(body: NodeJS.EventEmitter): void {
  body.on('error', () => undefined)
}

/**
 * A non-2xx answer of the object store (S3-style XML bodies) as the error it means: an
 * expired link (ask the API for a fresh one), a fault worth another try, or a refusal.
 */
export async function storeError(
  status: number,
  body: Dispatcher.ResponseData['body']
): Promise<Error> {
  const text = await readSmall(body)
  const code = /<Code>([^<]+)<\/Code>/.exec(text)?.[1]
  const message = /<Message>([^<]+)<\/Message>/.exec(text)?.[1]
  const said =
    code || message
      ? `${code ?? ''}${code && message ? ': ' : ''}${message ?? ''}`
      : snippet(text, 120)
  if (status === 403 && /expired|not valid in the specified time/i.test(text))
    return new LinkExpiredError(said)
  if (status === 400 && /ExpiredToken/i.test(text)) return new LinkExpiredError(said)
  const transient = status === 408 || status === 429 || status >= 500
  return new DownloadError(
    `the store answered HTTP ${status}${said ? ` (${said})` : ''}`,
    transient
  )
}

/** The start of an error body, read to its end so the connection can be reused. */
async function readSmall(body: Dispatcher.ResponseData['body']): Promise<string> {
  let text = ''
  for await (const chunk of body) {
    if (text.length < 4096) text += (chunk as Buffer).toString('utf8')
  }
  return text
}
