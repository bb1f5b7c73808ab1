// State shared by both servers, and the request lifecycle they have in common:
// record, apply an injected fault, answer.
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { ArchiveStore } from './archive.ts'
import type { Deployment } from './deployments.ts'
import type { ExportJob } from './export-jobs.ts'
import { planFault, type FaultQueue } from './faults.ts'
import { deliver, PLAIN_DELIVERY, sleep, type DeliveryPlan, type Reply } from './http.ts'
import type {
  AgentScenario,
  EmulatorOptions,
  Endpoint,
  ReceivedPrompt,
  RecordedRequest
} from './types.ts'

export interface Context {
  /** Live options: read on every request. */
  options: EmulatorOptions
  jobs: Map<string, ExportJob>
  /** When each agent job's clock started (its first GET, its creation, its last message). */
  agentClocks: Map<string, number>
  /** When jobs created through the API were created. */
  agentCreated: Map<string, number>
  /** Times of each project's creates and messages, for the hourly allowance. */
  agentUses: Map<string, number[]>
  agentPrompts: ReceivedPrompt[]
  /** Follow-ups not picked up yet: when they take effect, and the job's timeline from then. */
  agentPickups: Map<string, { at: number; scenario: AgentScenario }>
  faults: FaultQueue
  /** Deployments and previews by status id. */
  deployments: Map<string, Deployment>
  /** When each accepted trigger arrived, per limit: the rate limiter's windows. */
  triggerTimes: { deploy: number[]; preview: number[] }
  requests: RecordedRequest[]
  archives: ArchiveStore
  /** Signs presigned links; random per emulator. */
  secret: Buffer
  storageUrl: string
  /** Aborted by close(): ends sleeps, throttling and archive builds. */
  signal: AbortSignal
}

export function record(ctx: Context, endpoint: Endpoint | 'other', req: IncomingMessage): void {
  ctx.requests.push({
    endpoint,
    method: req.method ?? 'GET',
    url: req.url ?? '/',
    headers: { ...req.headers },
    at: Date.now()
  })
}

/**
 * Records the request, then lets an injected fault (which stands for a proxy in front of the
 * service, so it comes before auth) replace, delay or disturb the answer.
 */
export async function respond(
  ctx: Context,
  req: IncomingMessage,
  res: ServerResponse,
  route: { endpoint: Endpoint | 'other'; subject: string },
  answer: () => Promise<Reply>,
  bytesPerSecond = 0
): Promise<void> {
  const { endpoint, subject } = route
  record(ctx, endpoint, req)
  let plan: DeliveryPlan = { ...PLAIN_DELIVERY, bytesPerSecond }
  const fault = endpoint === 'other' ? undefined : ctx.faults.take(endpoint)
  if (fault && endpoint !== 'other') {
    const action = planFault(fault, endpoint, subject)
    switch (action.kind) {
      case 'reset':
        req.socket.resetAndDestroy()
        return
      case 'drop':
        await answer()
        req.socket.resetAndDestroy()
        return
      case 'reply':
        return deliver(res, action.reply, PLAIN_DELIVERY, ctx.signal)
      case 'delay':
        await sleep(action.ms, ctx.signal)
        if (res.destroyed || req.socket.destroyed) return // the client gave up meanwhile
        break
      case 'deliver':
        plan = { ...plan, ...action.plan }
    }
  }
  await deliver(res, await answer(), plan, ctx.signal)
}
