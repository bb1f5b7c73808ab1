import { connect, createServer, type Server, type Socket } from 'node:net'
import type { AddressInfo } from 'node:net'

/**
 * A TCP proxy on loopback in front of a real store, that the test controls: it cuts a
 * connection after so many bytes of the answer (running the test's step first, so that what
 * happens "between the cut and the resume" is done before the client can resume), paces
 * answers, holds a new connection until the test let it through, and records request heads.
 * Bytes pass unchanged, so a link signed for the proxy's host is valid at the store.
 */
export interface CutProxy {
  /** `http://127.0.0.1:<port>` */
  url: string
  /** `host:port` of the proxy, to sign links for. */
  host: string
  /** Request heads seen, in order: the request line and lower-cased headers. */
  requests: Array<{ line: string; headers: Record<string, string> }>
  /** Cuts the answer on the next connection after `afterBytes`, once `beforeCut` resolved. */
  cutNext(afterBytes: number, beforeCut?: () => Promise<void>): void
  /**
   * Runs `step` once, when the connection with this number (1 = the first) opens; that
   * connection and every later one reach the store only after it: a replacement of the object
   * then looks atomic, as on S3, even on a store that writes it in place.
   */
  onConnection(number: number, step: () => Promise<void>): void
  /** Paces every answer to this many bytes per second and connection (0: no pacing). */
  pace(bytesPerSecond: number): void
  close(): Promise<void>
}

export async function startCutProxy(target: { host: string; port: number }): Promise<CutProxy> {
  const requests: CutProxy['requests'] = []
  const sockets = new Set<Socket>()
  let gate: { from: number; step: () => Promise<void>; done?: Promise<void> } | undefined
  let cut: { afterBytes: number; beforeCut?: () => Promise<void> } | undefined
  let bytesPerSecond = 0
  let connections = 0

  const server: Server = createServer(client => {
    const number = ++connections
    const armed = cut
    cut = undefined
    sockets.add(client)
    client.on('close', () => sockets.delete(client))
    client.on('error', () => undefined)
    client.pause()
    void (async () => {
      if (gate && number >= gate.from) await (gate.done ??= gate.step())
      const upstream = connect(target.port, target.host)
      sockets.add(upstream)
      upstream.on('close', () => (sockets.delete(upstream), client.destroy()))
      upstream.on('error', () => client.destroy())
      client.on('close', () => upstream.destroy())
      let head = ''
      client.on('data', (chunk: Buffer) => {
        head += chunk.toString('latin1')
        for (let end = head.indexOf('\r\n\r\n'); end >= 0; end = head.indexOf('\r\n\r\n')) {
          requests.push(parseHead(head.slice(0, end)))
          head = head.slice(end + 4)
        }
        upstream.write(chunk)
      })
      client.resume()
      let sent = 0
      const started = Date.now()
      upstream.on('data', (chunk: Buffer) => {
        if (armed && sent + chunk.length >= armed.afterBytes) {
          upstream.pause()
          client.write(chunk.subarray(0, armed.afterBytes - sent), () => {
            void (armed.beforeCut?.() ?? Promise.resolve()).then(() => {
              upstream.destroy()
              client.destroy()
            })
          })
          sent = armed.afterBytes
          upstream.removeAllListeners('data')
          return
        }
        sent += chunk.length
        client.write(chunk)
        if (bytesPerSecond > 0) {
          upstream.pause()
          const due = started + (sent * 1000) / bytesPerSecond - Date.now()
          setTimeout(() => upstream.resume(), Math.max(0, due))
        }
      })
    })()
  })
  await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    host: `127.0.0.1:${port}`,
    requests,
    cutNext(afterBytes, beforeCut) {
      cut = { afterBytes, ...(beforeCut ? { beforeCut } : {}) }
    },
    onConnection(number, step) {
      gate = { from: number, step }
    },
    pace(rate) {
      bytesPerSecond = rate
    },
    close: () =>
      new Promise(resolve => {
        for (const socket of sockets) socket.destroy()
        server.close(() => resolve())
      })
  }
}

function parseHead(text: string): { line: string; headers: Record<string, string> } {
  const [line = '', ...rest] = text.split('\r\n')
  const headers: Record<string, string> = {}
  for (const header of rest) {
    const colon = header.indexOf(':')
    if (colon > 0)
      headers[header.slice(0, colon).trim().toLowerCase()] = header.slice(colon + 1).trim()
  }
  return { line, headers }
}
