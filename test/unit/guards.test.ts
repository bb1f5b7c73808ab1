// The small guards the mutation run found under-tested in process: each case is one decision
// the guard makes, with the input that tells the right decision from its neighbours.
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { Agent } from 'undici'
import { afterEach, describe, expect, it } from 'vitest'
import { ApiError } from '../../src/api/errors.js'
import {
  certainlyNotSent,
  mayHaveTakenEffect,
  mayRetry,
  pollMayContinue
} from '../../src/api/retry-policy.js'
import { DownloadError, LinkExpiredError, ObjectChangedError } from '../../src/download/errors.js'
import { storeLinkProblem } from '../../src/download/link-rules.js'
import {
  conditionalHeaders,
  parseContentRange,
  rangedAnswerProblem
} from '../../src/download/ranges.js'
import { directGet } from '../../src/download/direct-get.js'
import { hostOf, requestObject, storeError } from '../../src/download/response.js'
import { undiciGet } from '../../src/download/transport.js'
import { parseSizeBytes } from '../../src/settings/size.js'
import { httpUrl, isSafeId, linkTextProblem, untrusted } from '../../src/util/untrusted.js'
import { storeBody } from '../support/store-body.js'

type Operation = ConstructorParameters<typeof ApiError>[0]['operation']
const apiError = (
  details: Partial<ConstructorParameters<typeof ApiError>[0]>,
  operation: Operation = { kind: 'status', jobId: 'se_1' }
) =>
  new ApiError({
    kind: 'http',
    request: 'GET /x',
    host: 'api.example.com',
    operation,
    ...details
  } as ConstructorParameters<typeof ApiError>[0])

describe('the retry policy', () => {
  const refused = (code: string) => apiError({ kind: 'network', code, cause: code })
  const start = { kind: 'start', domain: 'docs.example.com' } as Operation
  const create = { kind: 'agent-create', projectId: 'p' } as Operation
  const trigger = { kind: 'trigger', what: 'deployment', projectId: 'p' } as Operation

  it.each([
    ['ECONNREFUSED', true],
    ['ENOTFOUND', true],
    ['EAI_AGAIN', true],
    ['EHOSTUNREACH', true],
    ['ENETUNREACH', true],
    ['UND_ERR_CONNECT_TIMEOUT', true],
    ['ECONNRESET', false],
    ['UND_ERR_SOCKET', false]
  ])('takes %s as certainly not sent: %s', (code, notSent) => {
    expect(certainlyNotSent(refused(code))).toBe(notSent)
    expect(mayHaveTakenEffect(refused(code))).toBe(!notSent)
  })
  it('takes an HTTP answer as sent, a 5xx as maybe acted on, a 4xx as refused', () => {
    expect(certainlyNotSent(apiError({ status: 503, code: 'ECONNREFUSED' }))).toBe(false)
    expect(mayHaveTakenEffect(apiError({ status: 500 }))).toBe(true)
    expect(mayHaveTakenEffect(apiError({ status: 499 }))).toBe(false)
    expect(mayHaveTakenEffect(apiError({ status: 429 }))).toBe(false)
    expect(mayHaveTakenEffect(apiError({ kind: 'timeout', cause: 'slow' }))).toBe(true)
  })
  it.each([
    // operation, error, retried
    ['a read', {}, { status: 500 }, true],
    ['a read', {}, { status: 404 }, false],
    // A 503 may follow a job the service queued: sent again only when told when to come back.
    ['a start', start, { status: 503 }, false],
    ['a start', start, { status: 503, retryAfterMs: 1000 }, true],
    ['a start', start, { status: 502, retryAfterMs: 1000 }, false],
    ['a start', start, { status: 429 }, true],
    ['a start', start, { status: 500 }, false],
    ['a start', start, { status: 502 }, false],
    ['a start', start, { kind: 'network', code: 'ECONNREFUSED', cause: 'x' }, true],
    ['a start', start, { kind: 'network', code: 'ECONNRESET', cause: 'x' }, false],
    ['an agent job', create, { status: 429, retryAfterMs: 1000 }, true],
    ['an agent job', create, { status: 429 }, false],
    ['an agent job', create, { status: 503, retryAfterMs: 1000 }, false],
    ['an agent job', create, { kind: 'network', code: 'ENOTFOUND', cause: 'x' }, true],
    ['a trigger', trigger, { status: 429 }, true],
    ['a trigger', trigger, { status: 503 }, false],
    ['a trigger', trigger, { kind: 'network', code: 'ECONNREFUSED', cause: 'x' }, true]
  ] as const)('retries %s after %j: %s', (_what, operation, details, retried) => {
    const error = apiError(
      details as never,
      ('kind' in operation ? operation : undefined) as Operation
    )
    expect(mayRetry(error)).toBe(retried)
  })
  it('polls on after a transient fault or an unreadable answer, never after a refusal', () => {
    expect(pollMayContinue(apiError({ status: 502 }))).toBe(true)
    expect(pollMayContinue(apiError({ kind: 'invalid-response', cause: 'not JSON' }))).toBe(true)
    expect(pollMayContinue(apiError({ status: 401 }))).toBe(false)
    expect(pollMayContinue(new Error('boom'))).toBe(false)
    expect(pollMayContinue({ transient: true, kind: 'invalid-response' })).toBe(false)
  })
})

describe('Content-Range and the conditions of a ranged request', () => {
  it('reads only a whole `bytes a-b/total` header', () => {
    expect(parseContentRange('bytes 0-99/1000')).toEqual({ start: 0, end: 99, total: 1000 })
    expect(parseContentRange(' bytes 5-9/* ')).toEqual({ start: 5, end: 9 })
    for (const bad of ['bytes 0-99/1000 extra', 'xbytes 0-99/1000', 'bytes 0-99', '', undefined])
      expect(parseContentRange(bad)).toBeUndefined()
  })
  it('names a strong ETag by If-Match, a date by If-Unmodified-Since', () => {
    expect(conditionalHeaders('W/"x"')).toEqual({
      'if-range': 'W/"x"',
      'if-unmodified-since': 'W/"x"'
    })
  })
  it('says why a 206 is of another object, in words that name both', () => {
    const identity = { validator: '"a"', totalBytes: 1000 }
    const asked = { start: 10, end: undefined }
    expect(rangedAnswerProblem({ contentRange: 'bytes 10-999/1000' }, asked, identity)).toEqual({
      kind: 'changed',
      detail: 'its ETag is missing, was "a"'
    })
    const since = { validator: 'Mon, 23 Nov 2026 20:00:00 GMT', totalBytes: 1000 }
    expect(rangedAnswerProblem({ contentRange: 'bytes 10-999/1000' }, asked, since)).toEqual({
      kind: 'changed',
      detail: 'it was modified at an unknown time, was Mon, 23 Nov 2026 20:00:00 GMT'
    })
    expect(
      rangedAnswerProblem({ contentRange: 'bytes 10-1999/2000', etag: '"a"' }, asked, identity)
    ).toEqual({ kind: 'changed', detail: 'it now has 2000 bytes, was 1000' })
    expect(
      rangedAnswerProblem({ contentRange: 'bytes 11-999/1000', etag: '"a"' }, asked, identity)
    ).toEqual({ kind: 'range', detail: 'asked for bytes 10-999, got 11-999' })
  })
  it('takes the total from the answer when the first response had none', () => {
    const unknown = { validator: '"a"', totalBytes: undefined }
    const asked = { start: 10, end: undefined }
    expect(
      rangedAnswerProblem({ contentRange: 'bytes 10-499/500', etag: '"a"' }, asked, unknown)
    ).toBeUndefined()
    expect(
      rangedAnswerProblem({ contentRange: 'bytes 10-498/*', etag: '"a"' }, asked, unknown)
    ).toEqual({ kind: 'range', detail: 'asked for bytes 10--1, got 10-498' })
  })
  it('takes an answer that does not say the total as of the size it began with', () => {
    const identity = { validator: '"a"', totalBytes: 1000 }
    const asked = { start: 10, end: undefined }
    expect(
      rangedAnswerProblem({ contentRange: 'bytes 10-999/*', etag: '"a"' }, asked, identity)
    ).toBeUndefined()
  })
  it('says so when the answer has no Content-Range it can read', () => {
    const identity = { validator: '"a"', totalBytes: 1000 }
    expect(rangedAnswerProblem({ etag: '"a"' }, { start: 10, end: undefined }, identity)).toEqual({
      kind: 'range',
      detail: 'the answer has no usable Content-Range'
    })
  })
})

describe('a store’s refusal, in the words it used', () => {
  const said = (status: number, body: string) =>
    storeError(status, storeBody(body), 'https://b.example.com/x?s=1')
  it('quotes code and message, or either, or the body', async () => {
    const both = await said(500, '<Error><Code>InternalError</Code><Message>oops</Message></Error>')
    expect(both).toBeInstanceOf(DownloadError)
    expect(both.message).toBe('the store answered HTTP 500 (InternalError: oops)')
    expect((both as DownloadError).transient).toBe(true)
    expect((await said(503, '<Code>SlowDown</Code>')).message).toBe(
      'the store answered HTTP 503 (SlowDown)'
    )
    expect((await said(404, '<Message>no such key</Message>')).message).toBe(
      'the store answered HTTP 404 (no such key)'
    )
    expect((await said(404, 'plain words')).message).toBe(
      'the store answered HTTP 404 (plain words)'
    )
    expect((await said(404, '')).message).toBe('the store answered HTTP 404')
  })
  it.each([
    [408, true],
    [429, true],
    [499, false],
    [500, true],
    [404, false]
  ])('takes HTTP %i as worth another try: %s', async (status, transient) =>
    expect(((await said(status, '')) as DownloadError).transient).toBe(transient)
  )
  it('takes any 403 for a refused link, certain only when it says expired', async () => {
    const plain = await said(403, '')
    expect(plain).toBeInstanceOf(LinkExpiredError)
    expect((plain as LinkExpiredError).certain).toBe(false)
    expect(plain.message).toContain('HTTP 403')
    const azure = await said(
      403,
      '<Message>Signature not valid in the specified time frame</Message>'
    )
    expect((azure as LinkExpiredError).certain).toBe(true)
    expect(await said(400, '<Code>InvalidArgument</Code>')).toBeInstanceOf(DownloadError)
  })
  it('takes an expired token for a refused link only in a 400', async () => {
    const expiredToken = '<Code>ExpiredToken</Code><Message>The token has expired</Message>'
    const refused = await said(400, expiredToken)
    expect(refused).toBeInstanceOf(LinkExpiredError)
    expect((refused as LinkExpiredError).certain).toBe(true)
    const fault = await said(500, expiredToken)
    expect(fault).not.toBeInstanceOf(LinkExpiredError)
    expect((fault as DownloadError).transient).toBe(true)
  })
  it('says what a 412 and a 416 mean', async () => {
    expect(await said(412, '')).toBeInstanceOf(ObjectChangedError)
    expect((await said(412, '')).message).toContain('(HTTP 412 to If-Match).')
    expect((await said(412, '<Code>PreconditionFailed</Code>')).message).toContain(
      '(HTTP 412 to If-Match: PreconditionFailed).'
    )
    expect((await said(416, '')).message).toContain(
      '(HTTP 416: it is shorter than the range asked for).'
    )
  })
  it('reads a short body to its end', async () => {
    const error = await storeError(
      500,
      storeBody('<Error><Code>SlowDown</Code>', '<Message>later</Message></Error>'),
      'https://b.example.com/'
    )
    expect(error.message).toBe('the store answered HTTP 500 (SlowDown: later)')
  })
  it('keeps only the start of the body', async () => {
    const chunks = ['x'.repeat(4096), '<Code>Late</Code>'].map(part => Buffer.from(part))
    const error = await storeError(500, storeBody(...chunks), 'https://b.example.com/')
    expect(error.message).not.toContain('Late')
  })
  it('names the host, never the query', () => {
    expect(hostOf('https://b.example.com:8443/x?sig=secret')).toBe('b.example.com:8443')
    expect(hostOf('not a url')).toBe('the store')
  })
})

describe.each([
  ['over a direct connection', () => directGet({ idleTimeoutMs: 5000 })],
  ['through undici', () => undiciGet(new Agent())]
])('redirects of the store, %s', (_how, transport) => {
  const servers: Server[] = []
  afterEach(async () => {
    await Promise.all(
      servers.splice(0).map(server => {
        server.closeAllConnections()
        return new Promise(resolve => server.close(resolve))
      })
    )
  })
  /** A store whose answer to each path is given; it records what it was asked. */
  async function store(answers: Record<string, { status: number; location?: string }>) {
    const asked: Array<{ path: string; method?: string; headers: Record<string, unknown> }> = []
    const server = createServer((req, res) => {
      asked.push({ path: req.url ?? '', method: req.method, headers: req.headers })
      const answer = answers[(req.url ?? '').split('?')[0] as string] ?? { status: 200 }
      res.writeHead(answer.status, answer.location ? { location: answer.location } : {})
      res.end(answer.status === 200 ? 'the object' : '')
    })
    servers.push(server)
    await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve))
    return { base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, asked }
  }
  const get = (url: string, checkHop: (url: string) => string | undefined = () => undefined) =>
    requestObject({
      url,
      headers: { range: 'bytes=0-' },
      get: transport(),
      checkHop
    })

  it('follows up to five hops, each checked, with our headers only', async () => {
    const hops = Object.fromEntries(
      [1, 2, 3, 4, 5].map(n => [`/r${n}`, { status: n % 2 ? 302 : 307, location: `/r${n + 1}` }])
    )
    const { base, asked } = await store(hops)
    const checked: string[] = []
    const { response, url } = await get(`${base}/r1?sig=secret`, hop => void checked.push(hop))
    expect(response.statusCode).toBe(200)
    let body = ''
    await response.read(chunk => void (body += chunk.toString()))
    expect(body).toBe('the object')
    expect(url).toBe(`${base}/r6`)
    expect(checked).toEqual([2, 3, 4, 5, 6].map(n => `${base}/r${n}`))
    expect(asked.map(request => request.headers.range)).toEqual(Array(6).fill('bytes=0-'))
    expect(asked.map(request => request.method)).toEqual(Array(6).fill('GET'))
  })
  it('stops at the sixth', async () => {
    const hops = Object.fromEntries(
      [1, 2, 3, 4, 5, 6].map(n => [`/r${n}`, { status: 301, location: `/r${n + 1}` }])
    )
    const { base, asked } = await store(hops)
    await expect(get(`${base}/r1`)).rejects.toThrow(
      'the store redirected (HTTP 301) more than 5 times; not followed'
    )
    expect(asked).toHaveLength(6)
  })
  it.each([
    [{ status: 303 }, 'the store redirected (HTTP 303) without a Location header'],
    [
      { status: 308, location: '/a b' },
      'the store redirected (HTTP 308) to a location that holds a space'
    ],
    [
      { status: 302, location: 'http://[::1' },
      'the store redirected (HTTP 302) to a location that is not a URL; not followed'
    ]
  ])('refuses a redirect %j', async (answer, message) => {
    const { base, asked } = await store({ '/x': answer })
    const error = await get(`${base}/x`).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(DownloadError)
    expect((error as Error).message).toContain(message)
    expect((error as DownloadError).transient).toBe(false)
    expect(asked).toHaveLength(1)
  })
  it('refuses a hop its rule refuses, quoting it without its credentials', async () => {
    const { base, asked } = await store({
      '/x': { status: 302, location: 'http://cdn.example.com/y?X-Amz-Signature=abcdef0123456789' }
    })
    const error = await get(`${base}/x`, hop =>
      hop.startsWith('http://cdn') ? 'uses plain http' : undefined
    ).catch((e: unknown) => e as Error)
    expect((error as Error).message).toBe(
      'the store redirected (HTTP 302) to http://cdn.example.com/y?…, which uses plain http; not followed'
    )
    expect((error as Error).message).not.toContain('abcdef0123456789')
    expect(asked).toHaveLength(1)
  })
})

describe('the undici transport', () => {
  it('keeps a body that fails before it is read from ending the process', async () => {
    // The head, then the connection cut: the body fails while nobody reads it (a restart's
    // truncate may be under way); without a listener, the process would end.
    const server = createServer((_req, res) => {
      res.writeHead(200, { 'content-length': '100' })
      res.write('part', () => res.socket?.destroy())
    })
    await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve))
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/b`
      const answer = await undiciGet(new Agent())(url, {})
      await new Promise(resolve => setTimeout(resolve, 100))
      await expect(answer.read(() => undefined)).rejects.toThrow()
    } finally {
      server.close()
    }
  })
})

describe('the rules of a store link', () => {
  it('accepts https and loopback http, and masks what it accepts', () => {
    expect(storeLinkProblem('https://b.example.com/x?X-Amz-Signature=s1', false)).toBeUndefined()
    expect(storeLinkProblem('http://127.0.0.1:9/x', false)).toBeUndefined()
    expect(storeLinkProblem('http://b.example.com/x', true)).toBeUndefined()
  })
  it('refuses plain http elsewhere, userinfo, and text URL parsing would change', () => {
    expect(storeLinkProblem('http://b.example.com/x', false)).toMatch(/plain http/)
    expect(storeLinkProblem('https://u:p@b.example.com/x', false)).toMatch(/credentials/)
    expect(storeLinkProblem('https://b.example.com/a b', false)).toMatch(/holds a space/)
  })
  it('says what plain http would expose: the link, not an admin key', () => {
    const problem = storeLinkProblem('http://b.example.com/x', false)
    expect(problem).toContain('which would send the link in clear')
    expect(problem).not.toContain('admin key')
  })
})

describe('text from outside', () => {
  it('becomes one line without controls, invisible characters or a command opener', () => {
    expect(untrusted('a\r\nb\u2028c\u0085d\u001b[31me')).toBe('a b c d [31me')
    expect(untrusted(':\u2060:set-output')).toBe(': :set-output')
    expect(untrusted('::warning::x')).toBe(': :warning::x')
    expect(untrusted('x ##[error]y')).toBe('x # #[error]y')
    expect(untrusted('  a   b  ')).toBe('a b')
  })
  it('is cut at the limit, counting characters, not UTF-16 units', () => {
    expect(untrusted('😀'.repeat(5), 3)).toBe('😀😀😀…')
    expect(untrusted('abc', 3)).toBe('abc')
  })
  it('is an id only when it could be no path', () => {
    for (const good of ['se_1', 'a', 'A.b-c_9', 'x'.repeat(128)]) expect(isSafeId(good)).toBe(true)
    for (const bad of ['', '.', '..', '.x', '-x', 'a/b', 'x'.repeat(129), 'a b', 'é'])
      expect(isSafeId(bad)).toBe(false)
  })
  it('is a link only as written: no space, quote, brace or non-ASCII', () => {
    expect(linkTextProblem('https://x.example/a?b=c')).toBeUndefined()
    for (const bad of ['https://x/a b', 'https://x/"', "https://x/'", 'https://x/{', 'https://x/é'])
      expect(linkTextProblem(bad)).toMatch(/not valid in a URL as written/)
  })
  it('is an http(s) address without userinfo, or none', () => {
    expect(httpUrl('https://x.example/a')).toBe('https://x.example/a')
    expect(httpUrl('http://x.example/a')).toBe('http://x.example/a')
    for (const bad of ['ftp://x.example/', 'https://u@x.example/', 'https://:p@x.example/', 'x'])
      expect(httpUrl(bad)).toBeUndefined()
    expect(httpUrl('https://x.example/a b')).toBeUndefined()
  })
})

describe('sizes', () => {
  it.each([
    ['1048576', 1048576],
    [' 20GiB ', 20 * 1024 ** 3],
    ['500 MB', 500e6],
    ['1.5kib', 1536],
    ['2b', 2],
    ['3TB', 3e12]
  ])('reads %j', (text, bytes) => expect(parseSizeBytes(text)).toBe(bytes))
  it.each(['', 'MB', '1.MB', '1.5.2MB', '-1', '1 MiB extra', 'x1MB', '1 mi', '1.x'])(
    'refuses %j',
    text => expect(parseSizeBytes(text)).toBeUndefined()
  )
})
