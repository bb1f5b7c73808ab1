// The Admin API client against small node:http servers on loopback, for answers the emulator
// has no reason to give: trickling bodies, echoed keys, odd start answers.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it, vi, onTestFinished } from 'vitest'
import { recordLog } from '../support/recording-host.js'
import { createAdminApi, type AdminApiOptions } from '../../src/api/client.js'
import { ApiError } from '../../src/api/errors.js'
import { runDeps } from '../../src/modes/mode.js'
import type { CommonSettings } from '../../src/settings/common.js'
import { QUOTE_MAX_CHARS } from '../../src/util/untrusted.js'

const KEY = 'mint_k3yS3cr3tValue0123456789'

type Handler = (req: IncomingMessage, res: ServerResponse) => void

const servers: Server[] = []
afterEach(async () => {
  vi.restoreAllMocks()
  await Promise.all(
    servers.splice(0).map(server => {
      server.closeAllConnections()
      return new Promise(resolve => server.close(resolve))
    })
  )
})

/** A server on 127.0.0.1 that counts its requests. */
async function serve(handler: Handler): Promise<{ baseUrl: URL; requests: () => number }> {
  let count = 0
  const server = createServer((req, res) => {
    count += 1
    handler(req, res)
  })
  servers.push(server)
  await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return { baseUrl: new URL(`http://127.0.0.1:${port}`), requests: () => count }
}

function api(baseUrl: URL, options: Partial<AdminApiOptions> = {}) {
  return createAdminApi({ baseUrl, apiKey: KEY, requestTimeoutMs: 5000, ...options })
}

function json(res: ServerResponse, status: number, body: unknown, headers = {}): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers })
  res.end(JSON.stringify(body))
}

async function failureOf(call: Promise<unknown>): Promise<ApiError> {
  const error = await call.then(
    () => undefined,
    (e: unknown) => e
  )
  expect(error).toBeInstanceOf(ApiError)
  return error as ApiError
}

describe('createAdminApi', () => {
  it('never quotes the key a server echoes, even where the message is cut', async () => {
    const { baseUrl } = await serve((req, res) =>
      json(res, 400, { error: `${'x'.repeat(170)} got header ${req.headers.authorization}` })
    )
    const error = await failureOf(api(baseUrl).getExportJob('se_1'))
    // The cut at 200 characters falls inside the key: its first part must not show either.
    expect(error.message).toContain('got header Bearer ***')
    expect(error.message).not.toContain('k3y')
  })

  it('ends a call whose body trickles past the step deadline', async () => {
    // One byte every 50 ms keeps each silence short; the whole answer would take 3 s.
    const { baseUrl } = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' })
      const body = `{"status":"running"${' '.repeat(58)}}`
      let sent = 0
      const timer = setInterval(() => {
        if (res.destroyed || sent === body.length) return void clearInterval(timer)
        res.write(body[sent++] as string)
        if (sent === body.length) res.end()
      }, 50)
    })
    const client = api(baseUrl, { deadline: Date.now() + 300, maxAttempts: 1 })
    const error = await failureOf(client.getExportJob('se_1'))
    expect(error.kind).toBe('timeout')
    expect(error.message).toContain("the step's `timeout` ran out")
  })

  it('ends a call whose headers never come before the step deadline', async () => {
    const { baseUrl } = await serve(() => undefined)
    const client = api(baseUrl, { deadline: Date.now() + 300, maxAttempts: 1 })
    const error = await failureOf(client.getExportJob('se_1'))
    expect(error.message).toContain("the step's `timeout` ran out")
  })

  it('waits seconds after a 429 without Retry-After, so a near deadline stops the retry', async () => {
    const { baseUrl, requests } = await serve((_req, res) => json(res, 429, { error: 'slow down' }))
    const client = api(baseUrl, { deadline: Date.now() + 1000, maxAttempts: 3 })
    const error = await failureOf(client.getExportJob('se_1'))
    expect(error.status).toBe(429)
    expect(error.retriesEnded).toBe('deadline')
    expect(requests()).toBe(1)
  })

  it('sleeps the wait it logs, and checks that same wait against the deadline', async () => {
    const { baseUrl, requests } = await serve((_req, res) =>
      requests() === 1 ? json(res, 503, { error: 'busy' }) : json(res, 200, { status: 'running' })
    )
    // A second draw would give 495 ms, past the deadline; the first gives 50 ms.
    const draws = [0.1, 0.99]
    vi.spyOn(Math, 'random').mockImplementation(() => draws.shift() ?? 0.99)
    const recorded = recordLog()
    onTestFinished(recorded.restore)
    // The clock stands still, so the request's own time (long on a loaded machine) cannot
    // decide whether 50 ms fits before the deadline: only the draw does.
    vi.useFakeTimers({ toFake: ['Date'] })
    onTestFinished(() => void vi.useRealTimers())
    const client = api(baseUrl, { deadline: Date.now() + 400, maxAttempts: 3 })
    const job = await client.getExportJob('se_1')
    expect(job.status).toBe('running')
    expect(requests()).toBe(2)
    expect(recorded.of('info').join('\n')).toContain('Retrying in 50ms.')
  })

  it.each([
    ['deployment', 10_000],
    ['preview', 60_000]
  ] as const)(
    "waits out the %s limit's documented window after a 429 without Retry-After, past three attempts",
    async (what, windowMs) => {
      const { baseUrl, requests } = await serve((_req, res) =>
        requests() <= 4
          ? json(res, 429, { error: 'Too many requests' })
          : json(res, 202, { statusId: 'st_1', previewUrl: 'https://docs-b.mintlify.app' })
      )
      const waits: number[] = []
      const recorded = recordLog()
      onTestFinished(recorded.restore)
      // The back-off drawn on top of the window: 0, then all of it (500 ms, 1 s, 2 s caps).
      const draws = [0, 1, 1, 1]
      vi.spyOn(Math, 'random').mockImplementation(() => draws.shift() ?? 0)
      const client = api(baseUrl, { sleep: ms => Promise.resolve(void waits.push(ms)) })
      const triggered =
        what === 'preview'
          ? await client.triggerPreview('p1', 'docs/b')
          : await client.triggerDeployment('p1')
      expect(triggered.statusId).toBe('st_1')
      expect(requests()).toBe(5)
      expect(waits).toEqual([windowMs, windowMs + 1000, windowMs + 2000, windowMs + 4000])
      expect(recorded.of('info')[0]).toMatch(/ Retrying in (10s|1m)\.$/)
    }
  )

  it('gives up a call the API keeps rate-limiting after ten attempts, saying so', async () => {
    const { baseUrl, requests } = await serve((_req, res) => json(res, 429, { error: 'slow' }))
    const waits: number[] = []
    const recorded = recordLog()
    onTestFinished(recorded.restore)
    const error = await failureOf(
      api(baseUrl, { sleep: ms => Promise.resolve(void waits.push(ms)) }).getExportJob('se_1')
    )
    expect(error.status).toBe(429)
    expect(error.retriesEnded).toBe('attempts')
    expect(requests()).toBe(10)
    // Reads wait at least two seconds: a limit is not a dropped connection.
    for (const ms of waits) expect(ms).toBeGreaterThanOrEqual(2000)
  })

  it('makes three attempts in all by default, no more, no fewer', async () => {
    const { baseUrl, requests } = await serve((_req, res) => json(res, 503, { error: 'busy' }))
    vi.spyOn(Math, 'random').mockReturnValue(0) // no wait between attempts
    const recorded = recordLog()
    onTestFinished(recorded.restore)
    const error = await failureOf(api(baseUrl).getExportJob('se_1'))
    expect(error.status).toBe(503)
    expect(requests()).toBe(3)
    expect(recorded.of('info').filter(line => line.includes('Retrying in'))).toHaveLength(2)
    await failureOf(api(baseUrl, { maxAttempts: 1 }).getExportJob('se_1'))
    expect(requests()).toBe(4)
  })

  it('takes the step deadline from runDeps: a call that never answers ends there', async () => {
    const { baseUrl } = await serve(() => undefined)
    const settings = {
      baseUrl,
      apiKey: KEY,
      timeoutMs: 300,
      // Far longer than the step: only the step's deadline can end the call.
      requestTimeoutMs: 600_000
    } as unknown as CommonSettings
    const deps = runDeps(settings, new AbortController().signal)
    const error = await failureOf(deps.api.getExportJob('se_1'))
    expect(error.kind).toBe('timeout')
    expect(error.stepTimedOut).toBe(true)
    // Without the deadline the call would wait for the 10-minute request timeout.
  }, 10_000)

  it.each([null, ''])('keeps a started job whose answer has status %j', async status => {
    const { baseUrl } = await serve((_req, res) => json(res, 202, { jobId: 'se_9', status }))
    const job = await api(baseUrl).startExport({ domain: 'docs.example.com' })
    expect(job).toMatchObject({ jobId: 'se_9', status: 'queued' })
  })

  it('reads a long merge request link and repository whole, and drops a link past any real one', async () => {
    const long = `https://gitlab.example.com/${'platform/'.repeat(30)}docs/-/merge_requests/1234`
    expect(long.length).toBeGreaterThan(QUOTE_MAX_CHARS)
    let prLink = long
    const { baseUrl } = await serve((_req, res) =>
      json(res, 200, { id: 'j1', status: 'completed', prLink, source: { repository: long } })
    )
    const job = await api(baseUrl).getAgentJob('p1', 'j1')
    expect(job.prLink).toBe(long)
    expect(job.repository).toBe(long)
    // Cut, it would still parse as a URL: one that leads elsewhere.
    prLink = `https://github.com/acme/docs/pull/1?${'q'.repeat(2048)}`
    expect((await api(baseUrl).getAgentJob('p1', 'j1')).prLink).toBeUndefined()
  })

  it('hands the agent job body on as received, fields it could not read included', async () => {
    const body = { id: 'j1', status: 'completed', model: 7, source: 'x', extra: { a: 1 } }
    const { baseUrl } = await serve((_req, res) => json(res, 200, body))
    const job = await api(baseUrl).getAgentJob('p1', 'j1')
    expect(job.model).toBeUndefined()
    expect(job.raw).toEqual(body)
  })
})
