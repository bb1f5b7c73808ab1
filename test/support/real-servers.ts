// Real servers from Debian packages (nginx, Caddy, tinyproxy), started for a test on a free
// loopback port and stopped after it. A missing one fails the test, naming its package.
import { spawnSync, type ChildProcess } from 'node:child_process'
import { createServer, connect } from 'node:net'

export function binary(name: string, debianPackage: string): string {
  for (const candidate of [name, `/usr/sbin/${name}`, `/usr/bin/${name}`]) {
    if (spawnSync(candidate, ['-v'], { stdio: 'ignore' }).error === undefined) return candidate
  }
  throw new Error(
    `${name} is not installed: \`apt-get install -y ${debianPackage}\` (.ci/run installs it).`
  )
}

export async function freePort(): Promise<number> {
  const server = createServer()
  await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve))
  const port = (server.address() as { port: number }).port
  await new Promise(resolve => server.close(resolve))
  return port
}

/**
 * Resolves once the port accepts connections; rejects when the process ends first, or has not
 * listened within 30 s (a server that hangs at its start fails the test in words, not by its
 * timeout).
 */
export async function listening(child: ChildProcess, port: number, log: () => Promise<string>) {
  let exited = false
  child.once('exit', () => (exited = true))
  const deadline = Date.now() + 30_000
  for (;;) {
    if (exited) throw new Error(`the server exited before listening:\n${await log()}`)
    if (Date.now() > deadline)
      throw new Error(`the server did not listen on port ${port} within 30 s:\n${await log()}`)
    const ok = await new Promise<boolean>(resolve => {
      const socket = connect(port, '127.0.0.1')
      socket.once('connect', () => resolve(socket.end() !== undefined))
      socket.once('error', () => resolve(false))
    })
    if (ok) return
    await new Promise(resolve => setTimeout(resolve, 50))
  }
}

export function stopper(child: ChildProcess): () => Promise<void> {
  return async () => {
    if (child.exitCode !== null) return
    const done = new Promise(resolve => child.once('exit', resolve))
    child.kill('SIGTERM')
    await done
  }
}
