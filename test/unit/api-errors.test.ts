import { describe, expect, it } from 'vitest'
import { API_KEYS_PAGE, describeFailure, type ApiErrorDetails } from '../../src/api/errors.js'
import { classifyRequestError } from '../../src/api/client.js'
import { describeNetworkError } from '../../src/util/network-error.js'

const http = (status: number, extra: Partial<ApiErrorDetails> = {}): ApiErrorDetails => ({
  kind: 'http',
  status,
  request: 'GET /v2/agent/p/job/j',
  operation: { kind: 'agent', projectId: 'p', jobId: 'j' },
  ...extra
})

describe('HTTP errors say each fact once', () => {
  it('states what was not found when the server did not', () => {
    expect(describeFailure(http(404))).toBe(
      `GET /v2/agent/p/job/j failed with HTTP 404. Agent job \`j\` was not found in project \`p\`. Check \`job-id\` (\`j\`) and \`project-id\` (\`p\`; shown at ${API_KEYS_PAGE}).`
    )
  })

  it('leaves the fact to the server when it said it', () => {
    const message = describeFailure(http(404, { serverMessage: 'Agent job j not found' }))
    expect(message.match(/not found/g)).toHaveLength(1)
    expect(message).toContain('". Check `job-id`')
  })

  it('names the domain of a start refused as invalid (400), or not found (404, tolerated)', () => {
    const start = {
      request: 'POST /v1/static-export/jobs',
      operation: { kind: 'start', domain: 'd.example.com' }
    } as const
    expect(describeFailure(http(400, start))).toContain(
      'The service refused the domain or the paths: check `domain` (`d.example.com`)'
    )
    expect(describeFailure(http(404, start))).toContain(
      'No deployment was found for domain `d.example.com`. Check `domain` (`d.example.com`)'
    )
  })

  it('a refused key names the input and links the API keys page', () => {
    expect(describeFailure(http(401))).toContain(
      `The admin API key was refused. Check that \`api-key\` holds a current admin key`
    )
    const said = describeFailure(http(401, { serverMessage: 'API key has expired' }))
    expect(said).not.toContain('was refused')
    expect(said).toContain(`create one at ${API_KEYS_PAGE}.`)
  })
})

describe('a proxy that refuses a tunnel', () => {
  // undici's error when a proxy answers CONNECT with anything but 200: an aborted request.
  const refusal = (status: number) =>
    Object.assign(new Error(`Proxy response (${status}) !== 200 when HTTP Tunneling`), {
      code: 'UND_ERR_ABORTED'
    })

  it('is a network failure in words, not a cancellation', () => {
    expect(classifyRequestError(refusal(403))).toEqual({
      kind: 'network',
      cause:
        "the proxy refused to open a tunnel to the host (HTTP 403); check the proxy's rules for that host and port, or list the host in NO_PROXY [UND_ERR_ABORTED]",
      code: 'UND_ERR_ABORTED',
      // Its rules stay: asking again is no use. A 502 or 503 of the proxy may pass.
      permanent: true
    })
    expect(classifyRequestError(refusal(502)).permanent).toBe(false)
    // A request cancelled by the step is still one.
    const aborted = Object.assign(new Error('Request aborted'), { code: 'UND_ERR_ABORTED' })
    expect(classifyRequestError(aborted).kind).toBe('aborted')
  })

  it('says where the credentials go when the proxy asks for them (407)', () => {
    expect(describeNetworkError(refusal(407))).toContain(
      '(HTTP 407: it wants credentials, which go in the proxy URL as user:password@)'
    )
  })
})
