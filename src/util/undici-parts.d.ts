// Types of the undici files src/util/undici.ts imports directly (undici types its index only).
declare module 'undici/lib/dispatcher/agent.js' {
  import type { Agent } from 'undici'
  const AgentClass: typeof Agent
  export default AgentClass
}
declare module 'undici/lib/dispatcher/dispatcher.js' {
  import type { Dispatcher } from 'undici'
  const DispatcherClass: typeof Dispatcher
  export default DispatcherClass
}
declare module 'undici/lib/dispatcher/env-http-proxy-agent.js' {
  import type { EnvHttpProxyAgent } from 'undici'
  const EnvHttpProxyAgentClass: typeof EnvHttpProxyAgent
  export default EnvHttpProxyAgentClass
}
declare module 'undici/lib/api/index.js' {
  import type { Dispatcher } from 'undici'
  const api: Pick<Dispatcher, 'request' | 'stream' | 'pipeline' | 'upgrade' | 'connect'>
  export default api
}
