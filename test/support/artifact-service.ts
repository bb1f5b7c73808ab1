// Stand-ins for what a runner's artifact upload talks to, on loopback only: the GitHub Actions
// results service (the two Twirp calls @actions/artifact makes) and a real Azure blob store
// (azurite, started as a child process), with SAS links signed by the well-known dev account key.
import { spawn, type ChildProcess } from 'node:child_process'
import { createHmac, randomUUID } from 'node:crypto'
import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { fileURLToPath } from 'node:url'

const HOST = '127.0.0.1'
/** Azurite's built-in account and key (public, documented; not a secret). */
const ACCOUNT = 'devstoreaccount1'
const ACCOUNT_KEY =
  'Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw=='
const AZURITE_MAIN = fileURLToPath(
  new URL('../../node_modules/azurite/dist/src/blob/main.js', import.meta.url)
)
const TWIRP_PREFIX = '/twirp/github.actions.results.api.v1.ArtifactService/'

export interface Azurite {
  /** `http://127.0.0.1:<port>/devstoreaccount1`, no trailing slash. */
  accountUrl: string
  /** Query string (no `?`) of an account SAS allowing everything on blobs for an hour. */
  sas: string
  /** Creates a container (idempotent). */
  createContainer(name: string): Promise<void>
  /** Reads one blob back, e.g. `artifacts/run/job/name.zip`. */
  readBlob(path: string): Promise<Buffer>
  stop(): Promise<void>
}

/**
 * An account SAS in the 2020-08-04 form (the last version without the encryption-scope line),
 * which every later service version still accepts.
 */
export function accountSas(expiresInMs = 3_600_000): string {
  const fields = {
    sv: '2020-08-04',
    ss: 'b',
    srt: 'sco',
    sp: 'rwdlacup',
    se: new Date(Date.now() + expiresInMs).toISOString().replace(/\.\d+Z$/, 'Z'),
    spr: 'https,http'
  }
  const toSign = [
    ACCOUNT,
    fields.sp,
    fields.ss,
    fields.srt,
    '',
    fields.se,
    '',
    fields.spr,
    fields.sv,
    ''
  ]
  const sig = createHmac('sha256', Buffer.from(ACCOUNT_KEY, 'base64'))
    .update(toSign.join('\n'), 'utf8')
    .digest('base64')
  return new URLSearchParams({ ...fields, sig }).toString()
}

/**
 * Starts azurite's blob service on a free loopback port, in memory, without telemetry (by default
 * azurite reports to Application Insights, which is not loopback). Resolves once it listens.
 */
export async function startAzurite(timeoutMs = 15_000): Promise<Azurite> {
  const child = spawn(
    process.execPath,
    [
      AZURITE_MAIN,
      '--blobHost',
      HOST,
      '--blobPort',
      '0',
      '--inMemoryPersistence',
      '--skipApiVersionCheck',
      '--disableTelemetry',
      '--silent'
    ],
    { stdio: ['ignore', 'pipe', 'pipe'], env: { PATH: process.env.PATH ?? '' } }
  )
  const stop = () => stopChild(child)
  let output = ''
  try {
    const port = await new Promise<number>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`azurite did not start within ${timeoutMs} ms:\n${output}`)),
        timeoutMs
      )
      const onData = (chunk: Buffer) => {
        output += chunk.toString('utf8')
        const listening = /listens on http:\/\/127\.0\.0\.1:(\d+)/.exec(output)
        if (listening) {
          clearTimeout(timer)
          resolve(Number(listening[1]))
        }
      }
      child.stdout.on('data', onData)
      child.stderr.on('data', onData)
      child.once('error', error => (clearTimeout(timer), reject(error)))
      child.once('exit', code => {
        clearTimeout(timer)
        reject(new Error(`azurite exited with ${code} before listening:\n${output}`))
      })
    })
    const accountUrl = `http://${HOST}:${port}/${ACCOUNT}`
    const sas = accountSas()
    return {
      accountUrl,
      sas,
      async createContainer(name) {
        const response = await fetch(`${accountUrl}/${name}?restype=container&${sas}`, {
          method: 'PUT',
          headers: { 'x-ms-version': '2020-08-04' }
        })
        await response.arrayBuffer()
        if (response.status !== 201 && response.status !== 409) {
          throw new Error(`Creating container ${name} answered HTTP ${response.status}`)
        }
      },
      async readBlob(path) {
        const response = await fetch(`${accountUrl}/${path}?${sas}`, {
          headers: { 'x-ms-version': '2020-08-04' }
        })
        const body = Buffer.from(await response.arrayBuffer())
        if (response.status !== 200) {
          throw new Error(`Reading blob ${path} answered HTTP ${response.status}: ${body}`)
        }
        return body
      },
      stop
    }
  } catch (error) {
    await stop()
    throw error
  }
}

/** SIGTERM, then SIGKILL after a second; resolves once the process has exited. */
function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve()
  return new Promise(resolve => {
    const killer = setTimeout(() => child.kill('SIGKILL'), 1000)
    child.once('exit', () => {
      clearTimeout(killer)
      resolve()
    })
    child.kill('SIGTERM')
  })
}

export interface TwirpCall {
  method: 'CreateArtifact' | 'FinalizeArtifact' | string
  authorization: string | undefined
  /** The JSON body as sent (snake_case field names). */
  body: Record<string, unknown>
}

export interface UploadedBlob {
  name: string
  /** Path of the blob below the account, e.g. `artifacts/<run>/<job>/<name>.zip`. */
  blobPath: string
  id: string
}

export interface ArtifactService {
  /** Origin of the stand-in, with a trailing slash as runners set it. */
  resultsUrl: string
  /** Every Twirp call received, in order. */
  calls: TwirpCall[]
  /** Artifacts finalized so far, by name. */
  artifacts: Map<string, UploadedBlob>
  /** Where signed upload URLs point instead of azurite (a store that stalls), while set. */
  uploadOrigin?: string
  /** The runner variables a job gets: runtime token, results URL, and where artifacts show. */
  runnerEnv(): Record<string, string>
  stop(): Promise<void>
}

export const RUN_BACKEND_ID = 'c0ffee00-0000-4000-8000-000000000001'
export const JOB_BACKEND_ID = 'c0ffee00-0000-4000-8000-000000000002'
const CONTAINER = 'actions-results'

/** An unsigned JWT, as @actions/artifact only decodes it: the `scp` claim names both run ids. */
export function runtimeToken(): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url')
  const claims = {
    scp: `Actions.ExampleScope Actions.Results:${RUN_BACKEND_ID}:${JOB_BACKEND_ID}`,
    exp: Math.floor(Date.now() / 1000) + 3600
  }
  return `${part({ alg: 'none', typ: 'JWT' })}.${part(claims)}.`
}

/**
 * The results service's artifact endpoints: CreateArtifact hands out a signed upload URL into
 * azurite, FinalizeArtifact assigns an int64 id (as a string, as protobuf JSON does).
 */
export async function startArtifactService(azurite: Azurite): Promise<ArtifactService> {
  await azurite.createContainer(CONTAINER)
  const calls: TwirpCall[] = []
  const artifacts = new Map<string, UploadedBlob>()
  const pending = new Map<string, string>()
  let nextId = 9_007_199_254_000n

  const service: ArtifactService = {
    resultsUrl: '',
    calls,
    artifacts,
    runnerEnv: () => ({
      ACTIONS_RUNTIME_TOKEN: runtimeToken(),
      ACTIONS_RESULTS_URL: service.resultsUrl,
      GITHUB_SERVER_URL: 'https://github.com',
      GITHUB_REPOSITORY: 'acme/docs',
      GITHUB_RUN_ID: '4242'
    }),
    stop: () =>
      new Promise(resolve => {
        server.close(() => resolve())
        server.closeAllConnections()
      })
  }
  const server: Server = createServer((req, res) => {
    const reply = (status: number, body: object) => {
      res.writeHead(status, { 'content-type': 'application/json' })
      res.end(JSON.stringify(body))
    }
    readJson(req).then(
      body => {
        const method = (req.url ?? '').startsWith(TWIRP_PREFIX)
          ? (req.url ?? '').slice(TWIRP_PREFIX.length)
          : ''
        if (req.method !== 'POST' || !method) return reply(404, { code: 'bad_route', msg: req.url })
        calls.push({ method, authorization: req.headers.authorization, body })
        const name = String(body.name ?? '')
        if (method === 'CreateArtifact') {
          const blobPath = `${CONTAINER}/${RUN_BACKEND_ID}/${randomUUID()}/${encodeURIComponent(name)}.zip`
          pending.set(name, blobPath)
          return reply(200, {
            ok: true,
            signed_upload_url: `${service.uploadOrigin ?? azurite.accountUrl}/${blobPath}?${azurite.sas}`
          })
        }
        if (method === 'FinalizeArtifact') {
          const blobPath = pending.get(name)
          if (!blobPath) return reply(404, { code: 'not_found', msg: `no artifact ${name}` })
          const id = String((nextId += 1n))
          artifacts.set(name, { name, blobPath, id })
          return reply(200, { ok: true, artifact_id: id })
        }
        return reply(404, { code: 'bad_route', msg: method })
      },
      () => reply(400, { code: 'malformed', msg: 'body is not JSON' })
    )
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, HOST, () => resolve())
  })
  const { port } = server.address() as AddressInfo
  service.resultsUrl = `http://${HOST}:${port}/`
  return service
}

function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('error', reject)
    req.on('end', () => {
      try {
        resolve(JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}'))
      } catch (error) {
        reject(error)
      }
    })
  })
}
