import { Agent, EnvHttpProxyAgent, type Dispatcher } from './undici.js'

const PROXY_VARIABLES = ['https_proxy', 'HTTPS_PROXY', 'http_proxy', 'HTTP_PROXY']

/**
 * An undici dispatcher on which no request waits in silence longer than `idleTimeoutMs`: not to
 * connect, not for the response headers, not between two body chunks. A stalled connection is
 * then an error that can be retried, never a hang that eats the step's whole timeout. Behind a
 * proxy (HTTPS_PROXY, HTTP_PROXY, with NO_PROXY honoured, as self-hosted runners set them),
 * requests go through it.
 */
export function createIdleBoundAgent(
  idleTimeoutMs: number,
  env: NodeJS.ProcessEnv = process.env
): Dispatcher {
  const options = {
    headersTimeout: idleTimeoutMs,
    bodyTimeout: idleTimeoutMs,
    connect: { timeout: idleTimeoutMs }
  }
  return proxyConfigured(env)
    ? withoutWarning(() => new EnvHttpProxyAgent(options))
    : new Agent(options)
}

/**
 * undici's EnvHttpProxyAgent warns, once a process, that it is experimental: a line on the log
 * of every run behind a proxy that asks its reader to do nothing. That one warning is dropped.
 */
function withoutWarning<T>(make: () => T): T {
  const emitWarning = process.emitWarning
  process.emitWarning = ((warning: string | Error, ...rest: unknown[]) => {
    if ((rest[0] as { code?: unknown } | undefined)?.code === 'UNDICI-EHPA') return
    ;(emitWarning as (...args: unknown[]) => void).call(process, warning, ...rest)
  }) as typeof process.emitWarning
  try {
    return make()
  } finally {
    process.emitWarning = emitWarning
  }
}

/** Whether requests may have to go through a proxy (the environment names one). */
export function proxyConfigured(env: NodeJS.ProcessEnv = process.env): boolean {
  return PROXY_VARIABLES.some(name => env[name])
}
