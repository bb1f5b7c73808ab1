// Types of the undici files src/util/undici.ts imports directly (undici types its index only).
declare module 'undici/lib/dispatcher/agent.js' {
  import type { Agent } from 'undici'
  const AgentClass: typeof Agent
  export default AgentClass
}
declare module 'undici/lib/dispatcher/env-http-proxy-agent.js' {
  import type { EnvHttpProxyAgent } from 'undici'
  const EnvHttpProxyAgentClass: typeof EnvHttpProxyAgent
  export default EnvHttpProxyAgentClass
}
declare module 'undici/lib/api/api-request.js' {
  import type { Dispatcher } from 'undici'
  const requestOn: (
    this: Dispatcher,
    options: Dispatcher.RequestOptions
  ) => Promise<Dispatcher.ResponseData>
  export default requestOn
}
