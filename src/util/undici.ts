import type * as Undici from 'undici'
import AgentClass from 'undici/lib/dispatcher/agent.js'
import EnvHttpProxyAgentClass from 'undici/lib/dispatcher/env-http-proxy-agent.js'
import requestOn from 'undici/lib/api/api-request.js'

/*
 * The three parts of undici the engine uses, taken from the files that define them: undici's
 * index also loads fetch, WebSocket, its caches and its mocks, half a megabyte of the CLI's
 * bundle that every start compiled (README, Performance: cold start). These paths are undici's
 * own layout, not its public API: undici is pinned exactly (CONTRIBUTING), and every request the
 * tests make goes through them.
 */

export type { Dispatcher } from 'undici'
export const Agent: typeof Undici.Agent = AgentClass
export const EnvHttpProxyAgent: typeof Undici.EnvHttpProxyAgent = EnvHttpProxyAgentClass

export type RequestOptions = Omit<Undici.Dispatcher.RequestOptions, 'origin' | 'path'> & {
  readonly dispatcher: Undici.Dispatcher
}

/** undici's `request(url, options)`, always on the dispatcher given (there is no global one). */
export function request(
  url: string,
  { dispatcher, ...options }: RequestOptions
): Promise<Undici.Dispatcher.ResponseData> {
  const { origin, pathname, search } = new URL(url)
  return requestOn.call(dispatcher, { ...options, origin, path: `${pathname}${search}` })
}
