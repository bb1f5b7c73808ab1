import { createServer, request, type Server } from 'node:http'
import { connect, type AddressInfo, type Socket } from 'node:net'
import { isLoopbackHost } from '../../src/settings/base-url.js'

export interface LoopbackProxy {
  url: string
  /** `host:port` of each request or tunnel it carried. */
  targets: string[]
  close(): Promise<void>
}

/** An HTTP proxy (CONNECT tunnels and absolute-form requests) that only reaches loopback. */
export async function startLoopbackProxy(): Promise<LoopbackProxy> {
  const targets: string[] = []
  const sockets = new Set<Socket>()
  const server: Server = createServer((req, res) => {
    const target = new URL(req.url ?? '')
    targets.push(target.host)
    if (!isLoopbackHost(target.hostname)) return void res.writeHead(403).end()
    const upstream = request(target, { method: req.method, headers: req.headers }, answer => {
      res.writeHead(answer.statusCode ?? 502, answer.headers)
      answer.pipe(res)
    })
    upstream.on('error', () => res.destroy())
    req.pipe(upstream)
  })
  server.on('connect', (req, client: Socket, head: Buffer) => {
    const [host = '', port = ''] = (req.url ?? '').split(/:(?=\d+$)/)
    targets.push(req.url ?? '')
    if (!isLoopbackHost(host)) return void client.end('HTTP/1.1 403 Forbidden\r\n\r\n')
    const upstream = connect(Number(port), host === 'localhost' ? '127.0.0.1' : host, () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n')
      upstream.write(head)
      upstream.pipe(client)
      client.pipe(upstream)
    })
    for (const socket of [upstream, client]) {
      sockets.add(socket)
      socket.on('error', () => undefined)
      socket.on('close', () => sockets.delete(socket))
    }
  })
  await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    targets,
    close: () =>
      new Promise(resolve => {
        for (const socket of sockets) socket.destroy()
        server.closeAllConnections()
        server.close(() => resolve())
      })
  }
}
