import type * as Undici from 'undici'
import AgentClass from 'undici/lib/dispatcher/agent.js'
import DispatcherClass from 'undici/lib/dispatcher/dispatcher.js'
import EnvHttpProxyAgentClass from 'undici/lib/dispatcher/env-http-proxy-agent.js'
import api from 'undici/lib/api/index.js'

/*
 * The parts of undici the engine uses, taken from the files that define them: undici's index
 * also loads fetch, WebSocket, its caches and its mocks, half a megabyte of the CLI's bundle that
 * every start ran (README, Performance: cold start). These paths are undici's own layout, not
 * its public API: undici is pinned exactly (CONTRIBUTING). The action's bundle loads the index
 * as well (through @actions/http-client), so the CLI's tests are the ones that hold this file.
 */

// What undici's index does as it loads: dispatchers get `request`, `connect` and the rest, which
// undici itself calls (a proxy agent opens its tunnel with `connect`).
Object.assign(DispatcherClass.prototype, api)

export type { Dispatcher } from 'undici'
export const Agent: typeof Undici.Agent = AgentClass
export const EnvHttpProxyAgent: typeof Undici.EnvHttpProxyAgent = EnvHttpProxyAgentClass

type RequestOptions = Omit<Undici.Dispatcher.RequestOptions, 'origin' | 'path'> & {
  readonly dispatcher: Undici.Dispatcher
}

/**
 * undici's `request(url, options)` on the dispatcher given: it is required here, never undici's
 * global one.
 */
export function request(
  url: string,
  { dispatcher, ...options }: RequestOptions
): Promise<Undici.Dispatcher.ResponseData> {
  const { origin, pathname, search } = new URL(url)
  return dispatcher.request({ ...options, origin, path: `${pathname}${search}` })
}
