// The download's own GET (src/download/direct-get.ts) against servers that send exactly the
// bytes each case needs, and against a real TLS server.
import { once } from 'node:events'
import { createServer as createHttpsServer } from 'node:https'
import { createServer, type AddressInfo, type Server, type Socket } from 'node:net'
import { getCACertificates, setDefaultCACertificates, type TLSSocket } from 'node:tls'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { connectionTarget, directGet } from '../../src/download/direct-get.js'
import { DownloadError } from '../../src/download/errors.js'
import type { StoreAnswer } from '../../src/download/transport.js'
import { selfSignedCertificate, type Certificate } from '../support/tls.js'

const servers: Array<{ close(): unknown; closeAllConnections?: () => void }> = []
afterEach(() => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections?.()
    server.close()
  }
})

interface Asked {
  /** The request's head as the server read it. */
  head: Promise<string>
  /** Resolves when the client closed its connection. */
  closed: Promise<void>
}

/**
 * A server that answers each request with `answer(socket)`; the URL of /b?sig=1 on it, and
 * what the last connection asked (`connected`: once a connection came).
 */
async function rawStore(
  answer: (socket: Socket) => void
): Promise<{ url: string; asked: Asked; connected: Promise<void> }> {
  let asked!: Asked
  let connection!: () => void
  const connected = new Promise<void>(resolve => (connection = resolve))
  const ready = new Promise<void>(resolve => {
    const server: Server = createServer(socket => {
      let text = ''
      connection()
      asked = {
        head: new Promise(resolve =>
          socket.on('data', chunk => {
            text += chunk.toString('latin1')
            if (text.includes('\r\n\r\n')) resolve(text)
          })
        ),
        closed: new Promise(resolve => socket.on('close', () => resolve()))
      }
      socket.on('error', () => undefined)
      void asked.head.then(() => answer(socket))
    })
    servers.push(server)
    server.listen(0, '127.0.0.1', () => resolve())
  })
  await ready
  const server = servers.at(-1) as Server
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/b?sig=1`,
    connected,
    get asked() {
      return asked
    }
  }
}

/** A store that sends `first` at once, and `second` when the test calls `rest()`. */
async function twoPartStore(first: string, second: string) {
  let answering!: Socket
  const store = await rawStore(socket => {
    answering = socket
    socket.write(first)
  })
  return { store, rest: () => void answering.write(second) }
}

// Longer than a test may take: a connection a test waits to see closed must be closed by the
// code under test, never by the idle timeout.
const get = directGet({ idleTimeoutMs: 120_000 })

async function bodyOf(answer: StoreAnswer): Promise<string> {
  let text = ''
  await answer.read(chunk => void (text += chunk.toString('latin1')))
  return text
}

describe('the direct GET', () => {
  it('sends our headers only, and reads a sized body with its headers', async () => {
    const store = await rawStore(socket =>
      socket.end(
        'HTTP/1.1 200 OK\r\nContent-Length: 5\r\nETag: "e1"\r\nX-Twice: a\r\nx-twice: b\r\n\r\nhello'
      )
    )
    const answer = await get(store.url, { range: 'bytes=0-', 'if-match': '"e1"' })
    expect(answer.statusCode).toBe(200)
    expect(answer.headers).toMatchObject({
      'content-length': '5',
      etag: '"e1"',
      'x-twice': ['a', 'b']
    })
    expect(await bodyOf(answer)).toBe('hello')
    const port = new URL(store.url).port
    expect(await store.asked.head).toBe(
      `GET /b?sig=1 HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nrange: bytes=0-\r\nif-match: "e1"\r\nConnection: close\r\n\r\n`
    )
  })

  it('hands out the body bytes that came with the head first, then the rest', async () => {
    const { store, rest } = await twoPartStore(
      'HTTP/1.1 200 OK\r\nContent-Length: 8\r\n\r\nfirst',
      'end'
    )
    const answer = await get(store.url, {})
    const chunks: string[] = []
    const read = answer.read(chunk => {
      chunks.push(chunk.toString())
      if (chunks.length === 1) rest()
    })
    await read
    expect(chunks).toEqual(['first', 'end'])
  })

  it('ends a read stopped or failed on a body that came whole before it', async () => {
    const whole = 'HTTP/1.1 500 Oops\r\nContent-Length: 5\r\n\r\nhello'
    const stopped = await get((await rawStore(socket => socket.end(whole))).url, {})
    await new Promise(setImmediate)
    const seen: string[] = []
    await stopped.read(chunk => {
      seen.push(chunk.toString())
      return false
    })
    expect(seen).toEqual(['hello'])
    const failing = await get((await rawStore(socket => socket.end(whole))).url, {})
    await new Promise(setImmediate)
    await expect(
      failing.read(() => {
        throw new Error('no room')
      })
    ).rejects.toThrow('no room')
  })

  it('reads a chunked body, and one that ends with the connection', async () => {
    const chunked = await rawStore(socket =>
      socket.end(
        'HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n2\r\nde\r\n0\r\n\r\n'
      )
    )
    expect(await bodyOf(await get(chunked.url, {}))).toBe('abcde')
    const unsized = await rawStore(socket => socket.end('HTTP/1.0 200 OK\r\n\r\nall of it'))
    expect(await bodyOf(await get(unsized.url, {}))).toBe('all of it')
  })

  it('reads a head that comes in several reads', async () => {
    const store = await rawStore(socket => {
      socket.write('HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 200 OK\r\n')
      setTimeout(() => socket.end('Content-Length: 2\r\n\r\nok'), 50)
    })
    const answer = await get(store.url, {})
    expect(answer.statusCode).toBe(200)
    expect(await bodyOf(answer)).toBe('ok')
  })

  it('keeps header text as sent: latin1, and a header named __proto__ is only a header', async () => {
    const store = await rawStore(socket =>
      socket.end(
        Buffer.concat([
          Buffer.from('HTTP/1.1 302 Found\r\nLocation: https://b.example.com/caf'),
          Buffer.from([0xe9]),
          Buffer.from('\r\n__proto__: x\r\nContent-Length: 0\r\n\r\n')
        ])
      )
    )
    const answer = await get(store.url, {})
    // ascii would drop the high bit: `cafi`, a plausible name the link rules would let pass.
    expect(answer.headers.location).toBe('https://b.example.com/caf\u00e9')
    expect(answer.headers['__proto__']).toBe('x')
    expect(Object.getPrototypeOf(answer.headers)).toBeNull()
  })

  it('passes over an informational answer to the real one', async () => {
    const store = await rawStore(socket =>
      socket.end(
        'HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 404 Not Found\r\nContent-Length: 2\r\n\r\nno'
      )
    )
    const answer = await get(store.url, {})
    expect(answer.statusCode).toBe(404)
    expect(await bodyOf(answer)).toBe('no')
  })

  it.each([
    [
      'a body cut before its length',
      'HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\nshort',
      'the connection was closed by the other side before the body ended'
    ],
    [
      'an invalid length',
      'HTTP/1.1 200 OK\r\nContent-Length: 5x\r\n\r\nhello',
      'the store sent an invalid Content-Length'
    ],
    [
      'an answer that is not HTTP',
      'SSH-2.0-OpenSSH\r\n\r\n',
      "the store's answer is not valid HTTP"
    ],
    ['no answer at all', '', 'the store closed the connection without an answer'],
    // parseInt would take -5 (the parser then looped for ever) and zz (NaN: a last chunk).
    [
      'a negative chunk size',
      'HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n-5\r\nabcde\r\n0\r\n\r\n',
      "the store's answer is not valid HTTP (invalid chunk size)"
    ],
    [
      'a chunk size that is no number',
      'HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\nzz\r\n\r\n',
      "the store's answer is not valid HTTP (invalid chunk size)"
    ],
    [
      'a coding other than chunked',
      'HTTP/1.1 200 OK\r\nTransfer-Encoding: gzip\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n0\r\n\r\n',
      'the store sent the body with a Transfer-Encoding the download does not take (gzip, chunked)'
    ]
  ])('fails, worth another try, on %s', async (_what, bytes, message) => {
    const store = await rawStore(socket => socket.end(bytes))
    const error = await get(store.url, {})
      .then(bodyOf)
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(DownloadError)
    expect((error as DownloadError).message).toContain(message)
    expect((error as DownloadError).transient).toBe(true)
  })

  it('refuses to send a header value that would end its line', async () => {
    const store = await rawStore(socket => socket.end('HTTP/1.1 200 OK\r\n\r\n'))
    const error = await get(store.url, { 'if-match': '"e"\r\nx-injected: 1' }).catch(
      (e: unknown) => e
    )
    expect(error).toBeInstanceOf(DownloadError)
    expect((error as Error).message).toBe(
      'the request header if-match would hold characters HTTP does not allow; not sent'
    )
    expect((error as DownloadError).transient).toBe(false)
  })

  it('fails a store that stops sending, before the head and within the body', async () => {
    const quick = directGet({ idleTimeoutMs: 100 })
    const silent = await rawStore(() => undefined)
    await expect(quick(silent.url, {})).rejects.toThrow('no response headers in time')
    const slowHead = await rawStore(socket => socket.write('HTTP/1.1 200 OK\r\n'))
    await expect(quick(slowHead.url, {})).rejects.toThrow('no response headers in time')
    const stalled = await rawStore(socket =>
      socket.write('HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\nsome')
    )
    const answer = await quick(stalled.url, {})
    await expect(bodyOf(answer)).rejects.toThrow('the store stopped sending data')
    await stalled.asked.closed
  })

  it.each([
    ['a sized body', 'HTTP/1.1 200 OK\r\nContent-Length: 1000\r\n\r\nab'],
    // Both chunks in one read: the second is not handed out.
    [
      'two chunks in one read',
      'HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n2\r\nab\r\n2\r\ncd\r\n'
    ]
  ])('stops when the reader says so, and closes the connection: %s', async (_what, bytes) => {
    const store = await rawStore(socket => socket.write(bytes))
    const answer = await get(store.url, {})
    const seen: string[] = []
    await answer.read(chunk => {
      seen.push(chunk.toString())
      return false
    })
    expect(seen).toEqual(['ab'])
    await store.asked.closed
  })

  it('ends a read with what the reader threw, or what cancelled it', async () => {
    const store = await rawStore(socket =>
      socket.write('HTTP/1.1 200 OK\r\nContent-Length: 1000\r\n\r\nab')
    )
    const failing = await get(store.url, {})
    await expect(
      failing.read(() => {
        throw new Error('disk full')
      })
    ).rejects.toThrow('disk full')
    await store.asked.closed

    const waiting = await rawStore(socket =>
      socket.write('HTTP/1.1 200 OK\r\nContent-Length: 9\r\n\r\n')
    )
    const answer = await get(waiting.url, {})
    const read = answer.read(() => undefined)
    answer.cancel(new Error('the tail failed'))
    await expect(read).rejects.toThrow('the tail failed')
    await waiting.asked.closed
  })

  it('ends with the signal’s reason when cancelled, before or during the answer', async () => {
    const waiting = new AbortController()
    const silent = await rawStore(() => undefined)
    const asked = get(silent.url, {}, waiting.signal)
    asked.catch(() => undefined)
    await silent.connected
    await silent.asked.head
    waiting.abort(new Error('cancelled while waiting'))
    await expect(asked).rejects.toThrow('cancelled while waiting')
    await silent.asked.closed

    const controller = new AbortController()
    const store = await rawStore(socket =>
      socket.write('HTTP/1.1 200 OK\r\nContent-Length: 9\r\n\r\n')
    )
    const answer = await get(store.url, {}, controller.signal)
    const read = answer.read(() => undefined)
    controller.abort(new Error('cancelled by the workflow'))
    await expect(read).rejects.toThrow('cancelled by the workflow')
    await store.asked.closed
    await expect(get(store.url, {}, controller.signal)).rejects.toThrow('cancelled by the workflow')
  })

  it('reads a body once', async () => {
    const store = await rawStore(socket =>
      socket.end('HTTP/1.1 200 OK\r\nContent-Length: 1\r\n\r\nx')
    )
    const answer = await get(store.url, {})
    await bodyOf(answer)
    await expect(answer.read(() => undefined)).rejects.toThrow('read once')
  })
})

describe('more of the direct GET', () => {
  it('connects to the address of a link, naming a host by SNI and an address never', () => {
    const target = (url: string) => connectionTarget(new URL(url))
    expect(target('https://b.example.com/x')).toEqual({
      host: 'b.example.com',
      port: 443,
      tls: true,
      servername: 'b.example.com'
    })
    expect(target('https://[::1]:8443/x')).toEqual({ host: '::1', port: 8443, tls: true })
    expect(target('https://10.0.0.1/x')).toEqual({ host: '10.0.0.1', port: 443, tls: true })
    expect(target('http://b.example.com:81/x')).toEqual({
      host: 'b.example.com',
      port: 81,
      tls: false
    })
    expect(target('http://[fe80::1]/x')).toMatchObject({ host: 'fe80::1', port: 80 })
  })

  it('takes a timeout for a fault worth another try', async () => {
    const silent = await rawStore(() => undefined)
    const error = await directGet({ idleTimeoutMs: 100 })(silent.url, {}).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(DownloadError)
    expect((error as DownloadError).transient).toBe(true)
  })

  it('refuses a switch of protocols, and a length that is not a count', async () => {
    const switched = await rawStore(socket =>
      socket.end('HTTP/1.1 101 Switching Protocols\r\nUpgrade: h2c\r\nConnection: upgrade\r\n\r\n')
    )
    const error = await get(switched.url, {}).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(DownloadError)
    expect((error as DownloadError).message).toBe('the store switched protocols (HTTP 101)')
    expect((error as DownloadError).transient).toBe(false)
    const negative = await rawStore(socket =>
      socket.end('HTTP/1.1 200 OK\r\nContent-Length: -5\r\n\r\nhello')
    )
    await expect(get(negative.url, {})).rejects.toThrow('the store sent an invalid Content-Length')
  })

  it('names no header it refuses to send by a name it would not send either', async () => {
    const store = await rawStore(socket => socket.end('HTTP/1.1 200 OK\r\n\r\n'))
    await expect(get(store.url, { 'bad name': 'x' })).rejects.toThrow(
      'the request header (a name) would hold characters HTTP does not allow; not sent'
    )
  })

  it('stops handing out a body read as it comes, even within one read', async () => {
    // The body comes after `read` began, two chunks in one packet: the second is not handed out.
    const { store, rest } = await twoPartStore(
      'HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n',
      '2\r\nab\r\n2\r\ncd\r\n'
    )
    const answer = await get(store.url, {})
    const seen: string[] = []
    const read = answer.read(chunk => {
      seen.push(chunk.toString())
      return false
    })
    rest()
    await read
    expect(seen).toEqual(['ab'])
    await store.asked.closed
  })

  it('reads a chunk size that comes over two reads', async () => {
    const { store, rest } = await twoPartStore(
      'HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n1',
      '\r\nd\r\n0\r\n\r\n'
    )
    const answer = await get(store.url, {})
    let text = ''
    await answer.read(chunk => {
      text += chunk.toString()
      if (text === 'abc') rest()
    })
    expect(text).toBe('abcd')
  })

  it('takes nothing after the answer it asked for', async () => {
    // A second answer in the same packet (the store was asked one, with Connection: close).
    const store = await rawStore(socket =>
      socket.end(
        'HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nokHTTP/1.1 200 OK\r\nContent-Length: 4\r\n\r\nevil'
      )
    )
    expect(await bodyOf(await get(store.url, {}))).toBe('ok')
  })

  it('reads a body that came whole after its connection closed', async () => {
    const store = await rawStore(socket =>
      socket.end('HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\nhello')
    )
    const answer = await get(store.url, {})
    await store.asked.closed
    await new Promise(resolve => setTimeout(resolve, 20))
    expect(await bodyOf(answer)).toBe('hello')
  })

  it('hands out nothing of an answer cancelled before it was read', async () => {
    const store = await rawStore(socket =>
      socket.write('HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\nab')
    )
    const answer = await get(store.url, {})
    answer.cancel(new Error('the tail failed'))
    // Read once the connection is closed: the failure is still the first one.
    await store.asked.closed
    await new Promise(resolve => setTimeout(resolve, 20))
    const seen: string[] = []
    await expect(answer.read(chunk => void seen.push(chunk.toString()))).rejects.toThrow(
      'the tail failed'
    )
    expect(seen).toEqual([])
  })

  it('closes the connection of an answer it discards', async () => {
    const store = await rawStore(socket =>
      socket.write('HTTP/1.1 302 Found\r\nLocation: /elsewhere\r\nContent-Length: 1000\r\n\r\n')
    )
    const answer = await get(store.url, {})
    await answer.discard()
    await store.asked.closed
  })
})

describe('the direct GET over TLS', () => {
  let certificate: Certificate
  let defaults: string[]
  /** The ALPN protocol of each request the stores took. */
  const protocols: Array<string | false | null> = []
  beforeAll(() => {
    certificate = selfSignedCertificate()
    defaults = getCACertificates('default')
  })
  afterAll(() => setDefaultCACertificates(defaults))

  async function httpsStore(
    body = Buffer.alloc(1_000_000, 7)
  ): Promise<{ port: number; servernames: Array<string | false | null> }> {
    const servernames: Array<string | false | null> = []
    const server = createHttpsServer(
      { ...certificate, ALPNProtocols: ['http/1.1'] },
      (req, res) => {
        servernames.push((req.socket as TLSSocket).servername)
        protocols.push((req.socket as TLSSocket).alpnProtocol)
        res.end(body)
      }
    )
    servers.push(server)
    server.listen(0, '127.0.0.1')
    await once(server, 'listening')
    return { port: (server.address() as AddressInfo).port, servernames }
  }

  it('refuses a certificate it does not trust, in words that say why', async () => {
    const { port } = await httpsStore()
    const error = await get(`https://localhost:${port}/b`, {}).catch((e: unknown) => e)
    expect((error as { code?: string }).code).toBe('DEPTH_ZERO_SELF_SIGNED_CERT')
  })

  it('keeps the body records that came with the head until they are read', async () => {
    // A paused TLS socket still hands out the records it already decrypted, into the same read
    // buffer: the bytes that come before `read` must be copies (3 records of 16 KiB, measured).
    setDefaultCACertificates([...defaults, certificate.cert])
    const body = Buffer.alloc(2_000_000)
    for (let i = 0; i < body.length; i++) body[i] = i % 251
    const { port } = await httpsStore(body)
    const answer = await get(`https://localhost:${port}/b`, {})
    await new Promise(setImmediate)
    const chunks: Buffer[] = []
    await answer.read(chunk => void chunks.push(Buffer.from(chunk)))
    expect(Buffer.concat(chunks).equals(body)).toBe(true)
  })

  it('reads a head that spans several TLS records', async () => {
    // Each 16 KiB record is a read of its own: the head is whole only at the third.
    setDefaultCACertificates([...defaults, certificate.cert])
    const long = 'x'.repeat(40_000)
    const server = createHttpsServer(certificate, (_req, res) => {
      res.setHeader('x-long', long)
      res.end('ok')
    })
    servers.push(server)
    server.listen(0, '127.0.0.1')
    await once(server, 'listening')
    const answer = await get(`https://localhost:${(server.address() as AddressInfo).port}/b`, {})
    expect(answer.headers['x-long']).toBe(long)
    expect(await bodyOf(answer)).toBe('ok')
  })

  it('reads the body from a server it trusts, naming the host by SNI (never an address)', async () => {
    setDefaultCACertificates([...defaults, certificate.cert])
    const { port, servernames } = await httpsStore()
    const answer = await get(`https://localhost:${port}/b`, {})
    let bytes = 0
    let sevens = true
    await answer.read(chunk => {
      bytes += chunk.length
      sevens &&= chunk.every(byte => byte === 7)
    })
    expect({ bytes, sevens }).toEqual({ bytes: 1_000_000, sevens: true })
    await bodyOf(await get(`https://127.0.0.1:${port}/b`, {}))
    expect(servernames).toEqual(['localhost', false])
    expect(protocols.slice(-2)).toEqual(['http/1.1', 'http/1.1'])
  })
})
