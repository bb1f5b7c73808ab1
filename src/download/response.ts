import type { Dispatcher } from 'undici'

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
