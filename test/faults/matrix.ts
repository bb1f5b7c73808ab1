import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Emulator, EmulatorInput } from '../emulator/index.ts'
import { startGitHubStub, type GitHubStub } from '../support/github-stub.js'

/** One row of the fault matrix: a fault injected over real sockets, and what must follow. */
export interface FaultCase {
  /** Short name of the fault, as it appears in docs/reliability.md. */
  fault: string
  mode: 'export' | 'agent-watch' | 'deploy' | 'preview'
  /** What the action must do about it, in words (the docs' "expected" column). */
  expected: string
  emulator?: EmulatorInput
  inputs?: Record<string, string>
  /** Injects faults, pre-creates jobs, starts side servers; may add inputs (e.g. a job-id). */
  setup?: (emu: Emulator, side: SideServers) => Promise<SetupResult | void> | SetupResult | void
  /** Sends SIGTERM (a cancelled workflow) once the log shows this text. */
  cancelWhen?: string
  outcome: { exitCode: 0 } | { exitCode: 1; message: string | RegExp }
  /** Extra checks on the run (log lines, requests the emulator saw). */
  check?: (context: CaseContext) => void | Promise<void>
}

export interface SetupResult {
  inputs?: Record<string, string>
  /** Extra environment of the run (a pull-request event, say). */
  env?: Record<string, string>
  /** Removes what the setup made, whatever the outcome. */
  cleanup?: () => Promise<void>
}

export interface CaseContext {
  log: string
  /** The log as written, before the runner's masking. */
  rawLog: string
  outputs: Record<string, string>
  /** The job summary as written. */
  summary: string
  emu: Emulator
  side: SideServers
  elapsedMs: number
  /** With `cancelWhen`: from the signal to the exit. */
  msFromSignalToExit?: number
  runnerTemp: string
}

/** A server on another loopback port that records what reaches it, e.g. a redirect target. */
export interface Recorder {
  url: string
  requests: Array<{ url: string; authorization?: string }>
}

/** The token the GitHub stand-in accepts; a runner masks it like any secret input. */
export const GITHUB_TOKEN = 'ghs_faultmatrix0123456789'

export class SideServers {
  private servers: Server[] = []
  private folders: string[] = []
  readonly recorders: Recorder[] = []
  /** The GitHub REST stand-in, once a case asked for a pull request. */
  github?: GitHubStub

  /**
   * A pull-request run: the GitHub stand-in for `acme/docs` #7, the event file, and the inputs
   * and environment that make the action comment there.
   */
  async pullRequest(): Promise<Required<Omit<SetupResult, 'cleanup'>>> {
    this.github = await startGitHubStub({ token: GITHUB_TOKEN, repo: 'acme/docs', pullNumber: 7 })
    const folder = await mkdtemp(join(tmpdir(), 'fault-event-'))
    this.folders.push(folder)
    const eventPath = join(folder, 'event.json')
    await writeFile(eventPath, JSON.stringify({ pull_request: { number: 7 } }))
    return {
      inputs: { comment: 'true', 'github-token': GITHUB_TOKEN },
      env: {
        GITHUB_API_URL: this.github.url,
        GITHUB_EVENT_PATH: eventPath,
        GITHUB_EVENT_NAME: 'pull_request',
        GITHUB_REPOSITORY: 'acme/docs'
      }
    }
  }

  async recorder(status = 404): Promise<Recorder> {
    const requests: Recorder['requests'] = []
    const server = createServer((req, res) => {
      requests.push({ url: req.url ?? '', authorization: req.headers.authorization })
      res.writeHead(status, { 'content-type': 'application/json' })
      res.end('{"error":"recorder"}')
    })
    await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve))
    this.servers.push(server)
    const recorder = { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, requests }
    this.recorders.push(recorder)
    return recorder
  }

  async close(): Promise<void> {
    await Promise.all(
      this.servers.map(
        server =>
          new Promise<void>(resolve => {
            server.closeAllConnections()
            server.close(() => resolve())
          })
      )
    )
    this.servers = []
    await this.github?.close()
    await Promise.all(this.folders.map(folder => rm(folder, { recursive: true, force: true })))
    this.folders = []
  }
}
