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
  return proxyConfigured(env) ? new EnvHttpProxyAgent(options) : new Agent(options)
}

/** Whether requests may have to go through a proxy (the environment names one). */
export function proxyConfigured(env: NodeJS.ProcessEnv = process.env): boolean {
  return PROXY_VARIABLES.some(name => env[name])
}
