// One-shot fault injection: what proxies, flaky networks and misbehaving servers do.
import {
  bufferReply,
  errorReply,
  jsonReply,
  reasonPhrase,
  type DeliveryPlan,
  type Reply
} from './http.ts'
import type { Endpoint, Fault } from './types.ts'

export interface FaultQueue {
  push(endpoint: Endpoint, faults: Fault[]): void
  /** The next fault for this endpoint, removed from the queue. */
  take(endpoint: Endpoint): Fault | undefined
}

export function createFaultQueue(): FaultQueue {
  const queues = new Map<Endpoint, Fault[]>()
  return {
    push(endpoint, faults) {
      queues.set(endpoint, [...(queues.get(endpoint) ?? []), ...faults])
    },
    take(endpoint) {
      return queues.get(endpoint)?.shift()
    }
  }
}

/** What applying a fault means for the request at hand. */
export type FaultAction =
  | { kind: 'reply'; reply: Reply } // answer this instead
  | { kind: 'reset' } // drop the connection before any byte
  | { kind: 'drop' } // do the work, then drop the connection before answering
  | { kind: 'delay'; ms: number } // wait, then answer normally
  | { kind: 'deliver'; plan: Partial<DeliveryPlan> } // answer normally, but send the body so

function htmlPage(status: number): string {
  const title = `${status} ${reasonPhrase(status)}`
  return `<html>\r\n<head><title>${title}</title></head>\r\n<body>\r\n<center><h1>${title}</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n`
}

/** A content type that fits a custom fault body (an S3 XML error, an HTML page, JSON, text). */
function sniffContentType(body: string): string {
  const text = body.trimStart()
  if (/^<(!doctype html|html)/i.test(text)) return 'text/html'
  if (text.startsWith('<')) return 'application/xml'
  try {
    JSON.parse(body)
    return 'application/json'
  } catch {
    return 'text/plain; charset=utf-8'
  }
}

function lowerCaseKeys(headers: Record<string, string> = {}): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]))
}

/** A 200 whose JSON does not have the documented shape. */
function wrongShape(endpoint: Endpoint, subject: string): unknown {
  if (endpoint === 'status') return { jobId: subject, status: 3, progress: 'half' }
  if (endpoint === 'agent' || endpoint === 'agent-create' || endpoint === 'agent-message')
    return { id: subject, status: 2 }
  if (endpoint === 'deploy-status') return { _id: subject, status: 4, logs: 'one line' }
  return { unexpected: true }
}

/** `subject` is the job id of the request, when it has one (for realistic wrong shapes). */
export function planFault(fault: Fault, endpoint: Endpoint, subject = ''): FaultAction {
  switch (fault.kind) {
    case 'http': {
      const headers = lowerCaseKeys(fault.headers)
      if (fault.body === undefined) {
        return {
          kind: 'reply',
          reply: errorReply(fault.status, reasonPhrase(fault.status), headers)
        }
      }
      const type = sniffContentType(fault.body)
      return { kind: 'reply', reply: bufferReply(fault.status, type, fault.body, headers) }
    }
    case 'html':
      return {
        kind: 'reply',
        reply: bufferReply(fault.status, 'text/html', htmlPage(fault.status))
      }
    case 'malformed-json':
      return {
        kind: 'reply',
        reply: bufferReply(200, 'application/json', '{"status":"running","progress":')
      }
    case 'wrong-shape':
      return { kind: 'reply', reply: jsonReply(200, wrongShape(endpoint, subject)) }
    case 'empty':
      return { kind: 'reply', reply: bufferReply(200, 'application/json', '') }
    case 'redirect':
      return {
        kind: 'reply',
        reply: {
          status: 302,
          headers: { location: fault.location, 'content-length': '0' },
          body: null
        }
      }
    case 'reset':
      return { kind: 'reset' }
    case 'drop':
      return { kind: 'drop' }
    case 'stall':
      return { kind: 'delay', ms: fault.ms }
    case 'stall-body':
      return { kind: 'deliver', plan: { stallAfter: { bytes: fault.afterBytes, ms: fault.ms } } }
    case 'cut':
      return {
        kind: 'deliver',
        plan: {
          cutAfter: fault.afterBytes,
          ...(fault.beforeCut ? { beforeCut: fault.beforeCut } : {})
        }
      }
    case 'corrupt':
      return { kind: 'deliver', plan: { corrupt: true } }
  }
}
