// startEmulator: the Admin API and the presigned object store, on two local servers.
import { randomBytes } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import { createServer as createHttpsServer } from 'node:https'
import type { Socket } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { handleApi } from './api.ts'
import { createArchiveStore } from './archive.ts'
import type { Context } from './context.ts'
import { newDeployment } from './deployments.ts'
import { newJob } from './export-jobs.ts'
import { createFaultQueue } from './faults.ts'
import { exportBehaviourFor, resolveOptions } from './options.ts'
import { siteFiles } from './site.ts'
import { handleStorage } from './storage.ts'
import type { Emulator, EmulatorInput, StartSettings } from './types.ts'

export type * from './types.ts'

type Handler = (ctx: Context, req: IncomingMessage, res: ServerResponse) => Promise<void>

/** Only loopback, ever. */
const HOST = '127.0.0.1'

function copySite(site: Map<string, Buffer>): Map<string, Buffer> {
  return new Map([...site].map(([path, content]) => [path, Buffer.from(content)]))
}

function isAbort(error: unknown): boolean {
  return error instanceof Error && error.name === 'AbortError'
}

/** One line per finished request, for the CLI's log. */
function logWhenDone(req: IncomingMessage, res: ServerResponse, log: (line: string) => void) {
  const started = Date.now()
  res.once('close', () => {
    const path = (req.url ?? '/').split('?')[0]
    const outcome = res.writableFinished ? String(res.statusCode) : 'dropped'
    const range = req.headers.range ? ` (${req.headers.range})` : ''
    log(`${req.method} ${path}${range} → ${outcome} in ${Date.now() - started} ms`)
  })
}

function serve(
  ctx: Context,
  handler: Handler,
  settings: StartSettings,
  sockets: Set<Socket>,
  tls?: StartSettings['storageTls']
) {
  const listener = (req: IncomingMessage, res: ServerResponse) => {
    if (settings.log) logWhenDone(req, res, settings.log)
    handler(ctx, req, res).catch((error: unknown) => {
      if (ctx.signal.aborted || isAbort(error)) return void res.destroy()
      console.error('[emulator] internal error:', error)
      if (res.headersSent) return void res.destroy()
      const message = error instanceof Error ? error.message : String(error)
      res.writeHead(500, { 'content-type': 'application/json; charset=utf-8' })
      res.end(JSON.stringify({ error: `Emulator error: ${message}` }))
    })
  }
  const server: Server = tls ? createHttpsServer(tls, listener) : createServer(listener)
  server.on('connection', socket => {
    sockets.add(socket)
    socket.once('close', () => sockets.delete(socket))
  })
  return server
}

function listen(server: Server, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, HOST, () => {
      server.off('error', reject)
      const address = server.address()
      resolve(typeof address === 'object' && address ? address.port : port)
    })
  })
}

function closeServer(server: Server, sockets: Set<Socket>): Promise<void> {
  return new Promise(resolve => {
    if (!server.listening) return resolve()
    server.close(() => resolve())
    server.closeAllConnections()
    for (const socket of sockets) socket.destroy()
  })
}

/**
 * Starts both servers on free loopback ports and builds the archive for the initial storage
 * options. `settings` (ports, request log) is for the CLI; tests need only `options`.
 */
export async function startEmulator(
  options: EmulatorInput = {},
  settings: StartSettings = {}
): Promise<Emulator> {
  const abort = new AbortController()
  const tempDir = await mkdtemp(join(tmpdir(), 'mintlify-emulator-'))
  const site = settings.site ?? siteFiles()
  const ctx: Context = {
    options: resolveOptions(options),
    jobs: new Map(),
    agentClocks: new Map(),
    agentCreated: new Map(),
    agentUses: new Map(),
    agentPrompts: [],
    agentPickups: new Map(),
    faults: createFaultQueue(),
    deployments: new Map(),
    triggerTimes: { deploy: [], preview: [] },
    requests: [],
    archives: createArchiveStore(tempDir, site, abort.signal),
    secret: randomBytes(32),
    storageUrl: '',
    signal: abort.signal
  }
  const apiSockets = new Set<Socket>()
  const storageSockets = new Set<Socket>()
  const api = serve(ctx, handleApi, settings, apiSockets)
  const storage = serve(ctx, handleStorage, settings, storageSockets, settings.storageTls)

  let closing: Promise<void> | undefined
  const close = () =>
    (closing ??= (async () => {
      abort.abort()
      await Promise.all([closeServer(api, apiSockets), closeServer(storage, storageSockets)])
      await ctx.archives.settle()
      await rm(tempDir, { recursive: true, force: true })
    })())

  let apiPort: number
  try {
    apiPort = await listen(api, settings.apiPort ?? 0)
    // A different host name than the API, so clients must not carry the key over; 'localhost'
    // reaches 127.0.0.1 directly, or after ::1 is refused (Node's autoSelectFamily).
    const scheme = settings.storageTls ? 'https' : 'http'
    ctx.storageUrl = `${scheme}://localhost:${await listen(storage, settings.storagePort ?? 0)}`
    await ctx.archives.get(ctx.options.storage)
  } catch (error) {
    await close()
    throw error
  }

  return {
    apiUrl: `http://${HOST}:${apiPort}`,
    storageUrl: ctx.storageUrl,
    get apiKey() {
      return ctx.options.apiKey
    },
    get options() {
      return ctx.options
    },
    set options(value) {
      ctx.options = value
    },
    get requests() {
      return ctx.requests
    },
    get agentPrompts() {
      return ctx.agentPrompts
    },
    set requests(value) {
      ctx.requests = value
    },
    inject(endpoint, ...faults) {
      ctx.faults.push(endpoint, faults)
    },
    createExportJob(domain, state = 'completed') {
      const b = exportBehaviourFor(ctx.options, domain)
      const now = Date.now()
      const job =
        state === 'completed'
          ? newJob(domain, now - b.queuedMs - b.runningMs, { pinned: 'completed' })
          : newJob(domain, now - b.queuedMs) // running from this moment on
      ctx.jobs.set(job.jobId, job)
      return job.jobId
    },
    createDeployment(projectId, kind = 'deployment') {
      const ref = kind === 'deployment' ? ctx.options.deployments.deploymentBranch : 'preview'
      const deployment = newDeployment(projectId, kind, ref, Date.now())
      ctx.deployments.set(deployment.statusId, deployment)
      return deployment.statusId
    },
    expectedSite: () => copySite(site),
    async bundleFile(jobId) {
      if (!ctx.jobs.has(jobId)) throw new Error(`The emulator has no export job ${jobId}`)
      const { path, sha256, size } = await ctx.archives.get(ctx.options.storage)
      return { path, sha256, size }
    },
    close
  }
}
