import { spawn } from 'node:child_process'
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { request } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { createSiteCheck } from '../../src/site/check.js'
import { writeHostConfig } from '../../src/site/host-config.js'
import type { SiteHost } from '../../src/site/hosts.js'
import { binary, freePort, listening, stopper } from '../support/real-servers.js'
import { feed, vendorSite, writeSite } from '../support/site-fixture.js'

/*
 * The site check against the servers it models: the fixture site served by a real nginx (with
 * the configuration the action writes, and bare as a plain static server) and a real Caddy,
 * and every path the check considered requested. What it calls resolvable must answer 200
 * (after redirects), what it calls broken 404. A missing server fails, naming its package.
 */

let stops: Array<() => Promise<void>> = []
afterEach(async () => {
  await Promise.all(stops.map(stop => stop()))
  stops = []
})

/** The status a browser ends on, following up to 5 redirects on the same server. */
async function finalStatus(port: number, path: string): Promise<number> {
  let current = path
  for (let hop = 0; hop <= 5; hop++) {
    const { status, location } = await new Promise<{ status: number; location?: string }>(
      (resolve, reject) => {
        const req = request({ host: '127.0.0.1', port, path: current }, res => {
          res.resume()
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, location: res.headers.location })
          )
        })
        req.on('error', reject)
        req.end()
      }
    )
    if (status < 300 || status >= 400 || !location) return status
    const next = new URL(location, `http://127.0.0.1:${port}${current}`)
    current = `${next.pathname}${next.search}`
  }
  return 310
}

interface Served {
  host: SiteHost
  verdicts: Map<string, boolean>
  port: number
}

/**
 * The vendor's site, and paths where servers differ from a plain reading: a doubled slash and
 * an encoded `..` (nginx and Caddy tidy both), and a `?` in a file name (Caddy's try_files
 * rewrites to the name, where it begins a query).
 */
function servedSite(): Map<string, string> {
  return new Map([
    ...vendorSite(),
    [
      'edge.html',
      '<a href="/guides//intro">a</a> <a href="/guides/..%2Fquickstart">b</a> <a href="/q%3Fz">c</a> <img src="/img/a%3Fb.png" alt="">'
    ],
    ['q?z.html', '<p>?</p>'],
    ['img/a?b.png', 'png']
  ])
}

/** The fixture in a temp folder, checked for `host`, its configuration written beside it. */
async function prepare(host: SiteHost) {
  const folder = await mkdtemp(join(tmpdir(), 'site-server-'))
  stops.push(() => rm(folder, { recursive: true, force: true }))
  const site = join(folder, 'site')
  await writeSite(site, servedSite())
  const verdicts = new Map<string, boolean>()
  const check = createSiteCheck({ host, onVerdict: (path, ok) => verdicts.set(path, ok) })
  await feed(check.visitor, servedSite())
  const result = check.finish()
  const config = result.config && (await writeHostConfig(result.config, site, folder))
  return { folder, site, verdicts, config }
}

async function serveWithNginx(host: 'nginx' | 'plain'): Promise<Served> {
  const nginx = binary('nginx', 'nginx')
  const { folder, site, verdicts, config } = await prepare(host)
  const port = await freePort()
  const prefix = join(folder, 'nginx')
  await mkdir(join(prefix, 'tmp'), { recursive: true })
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']
    .map(kind => `${kind}_temp_path ${join(prefix, 'tmp', kind)};`)
    .join('\n  ')
  await writeFile(
    join(prefix, 'nginx.conf'),
    `${process.getuid?.() === 0 ? 'user root;' : ''}
daemon off;
worker_processes 1;
pid ${join(prefix, 'nginx.pid')};
error_log ${join(prefix, 'error.log')} warn;
events { worker_connections 64; }
http {
  access_log off;
  ${temp}
  server {
    listen 127.0.0.1:${port};
    root ${site};
    ${config ? `include ${config};` : ''}
  }
}
`
  )
  const child = spawn(nginx, ['-p', prefix, '-c', join(prefix, 'nginx.conf')], {
    stdio: 'ignore'
  })
  stops.unshift(stopper(child))
  await listening(child, port, () => readFile(join(prefix, 'error.log'), 'utf8').catch(() => ''))
  return { host, verdicts, port }
}

async function serveWithCaddy(): Promise<Served> {
  const caddy = binary('caddy', 'caddy')
  const { folder, site, verdicts, config } = await prepare('caddy')
  const port = await freePort()
  const caddyfile = join(folder, 'Caddyfile')
  // The site block is the example the written file gives (`#   ` lines after `e.g.:`), so a
  // user who copies it gets what is tested here.
  const written = await readFile(config as string, 'utf8')
  const example = written
    .slice(written.indexOf('e.g.:\n') + 'e.g.:\n'.length)
    .split('\n')
    .filter(line => line.startsWith('#   '))
    .map(line => line.slice('#   '.length))
    .join('\n')
  expect(example).toContain('import Caddyfile-site')
  await writeFile(
    caddyfile,
    `{
  admin off
  auto_https off
}
${example
  .replace('docs.example.com', `http://127.0.0.1:${port}`)
  .replace('/srv/docs/site', site)
  .replace('import Caddyfile-site', `import ${config}`)}
`
  )
  let output = ''
  const child = spawn(caddy, ['run', '--config', caddyfile, '--adapter', 'caddyfile'], {
    env: { ...process.env, HOME: folder, XDG_DATA_HOME: folder, XDG_CONFIG_HOME: folder },
    stdio: ['ignore', 'pipe', 'pipe']
  })
  child.stdout?.on('data', chunk => (output += chunk))
  child.stderr?.on('data', chunk => (output += chunk))
  stops.unshift(stopper(child))
  await listening(child, port, async () => output)
  return { host: 'caddy', verdicts, port }
}

async function expectServerAgrees({ verdicts, port }: Served): Promise<void> {
  const seen: Record<string, number> = {}
  const expected: Record<string, number> = {}
  for (const [path, ok] of verdicts) {
    seen[path] = await finalStatus(port, path)
    expected[path] = ok ? 200 : 404
  }
  expect(seen).toEqual(expected)
  // The fixture holds both kinds, so both answers were asked for.
  expect(Object.values(expected)).toContain(200)
  expect(Object.values(expected)).toContain(404)
}

describe('the site check agrees with the real servers', () => {
  it('nginx with the configuration written for host: nginx', async () => {
    await expectServerAgrees(await serveWithNginx('nginx'))
  })

  it('nginx without rewrites, checked as host: plain', async () => {
    await expectServerAgrees(await serveWithNginx('plain'))
  })

  it('Caddy with the configuration written for host: caddy', async () => {
    await expectServerAgrees(await serveWithCaddy())
  })
})
