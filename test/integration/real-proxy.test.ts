// The bundled action and the CLI behind a real proxy (tinyproxy, from Debian), as on a
// self-hosted runner: every request through a CONNECT tunnel (undici tunnels http too), the
// store's over https (the bundle's GET, and a zip's ranged request for its directory). The
// loopback proxy of proxy.test.ts is ours; this one is how proxies answer in the field.
import { spawn } from 'node:child_process'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { startEmulator, type Emulator } from '../emulator/index.ts'
import { emulatorInputs, runAction } from '../support/action-runner.js'
import { expectCleanFailure, readTree, warningsOf } from '../support/assertions.js'
import { runCli } from '../support/cli-runner.js'
import { binary, freePort, listening, stopper } from '../support/real-servers.js'
import { selfSignedCertificate } from '../support/tls.js'

let work: string
let emu: Emulator | undefined
let stops: Array<() => Promise<void>> = []

beforeEach(async () => {
  work = await mkdtemp(join(tmpdir(), 'real-proxy-'))
})
afterEach(async () => {
  await Promise.all(stops.map(stop => stop()))
  stops = []
  await emu?.close()
  emu = undefined
  await rm(work, { recursive: true, force: true })
})

interface Tinyproxy {
  url: string
  /** Its log: one `Request (file descriptor N): <method> <target> HTTP/1.1` line a request. */
  requests(): Promise<string[]>
}

/** tinyproxy on a free loopback port; `extra` lines are added to its configuration. */
async function startTinyproxy(extra: string[] = []): Promise<Tinyproxy> {
  const tinyproxy = binary('tinyproxy', 'tinyproxy')
  const port = await freePort()
  const logFile = join(work, 'tinyproxy.log')
  const config = join(work, 'tinyproxy.conf')
  await writeFile(
    config,
    [
      `Port ${port}`,
      'Listen 127.0.0.1',
      'Timeout 60',
      `LogFile "${logFile}"`,
      'LogLevel Connect',
      'MaxClients 50',
      'Allow 127.0.0.1',
      ...extra
    ].join('\n')
  )
  const child = spawn(tinyproxy, ['-d', '-c', config], { stdio: 'ignore' })
  stops.unshift(stopper(child))
  const log = () => readFile(logFile, 'utf8').catch(() => '')
  await listening(child, port, log)
  return {
    url: `http://127.0.0.1:${port}`,
    requests: async () =>
      [...(await log()).matchAll(/Request \(file descriptor \d+\): (\S+ \S+)/g)].map(
        ([, line]) => line as string
      )
  }
}

/** The emulator with its store on https, and a file naming the store's CA for the runner. */
async function emulateOverTls(): Promise<{ emu: Emulator; caFile: string }> {
  const certificate = selfSignedCertificate()
  emu = await startEmulator(
    { export: { queuedMs: 50, runningMs: 200 } as never, storage: { format: 'zip' } },
    { storageTls: certificate }
  )
  const caFile = join(work, 'store-ca.pem')
  await writeFile(caFile, certificate.cert)
  return { emu, caFile }
}

describe('behind tinyproxy', () => {
  it('the action calls the API and downloads and extracts the bundle through it', async () => {
    const proxy = await startTinyproxy()
    const { emu, caFile } = await emulateOverTls()
    const run = await runAction(
      { mode: 'export', ...emulatorInputs(emu), domain: 'docs.example.com', extract: 'true' },
      {
        env: { HTTP_PROXY: proxy.url, HTTPS_PROXY: proxy.url, NODE_EXTRA_CA_CERTS: caFile }
      }
    )
    try {
      expect(run.exitCode, run.log).toBe(0)
      const served = await emu.bundleFile(run.outputs['job-id'] as string)
      expect(run.outputs['bundle-sha256']).toBe(served.sha256)
      // The zip's directory came over a ranged request of its own, through the proxy too.
      expect(run.log).toContain('Extracting the zip as it downloads.')
      const site = await readTree(run.outputs['extract-path'] as string)
      for (const [name, content] of emu.expectedSite())
        expect(site.get(name)?.equals(content), name).toBe(true)
      const requests = await proxy.requests()
      expect(requests).toContain(`CONNECT ${new URL(emu.apiUrl).host}`)
      expect(requests).toContain(`CONNECT ${new URL(emu.storageUrl).host}`)
      // The bundle's GET and the directory's ranged GET both reached the store through it.
      const downloads = emu.requests.filter(request => request.endpoint === 'download')
      expect(downloads.map(request => request.headers.range !== undefined)).toEqual([false, true])
      // undici's warning that its proxy agent is experimental is no news for the runner's log.
      expect(run.rawLog).not.toContain('experimental')
    } finally {
      await run.cleanup()
    }
  })

  it('the CLI does the same through it', async () => {
    const proxy = await startTinyproxy()
    const { emu, caFile } = await emulateOverTls()
    const cli = await runCli(
      [
        'export',
        '--domain',
        'docs.example.com',
        '--base-url',
        emu.apiUrl,
        '--poll-interval',
        '100ms',
        '--path',
        join(work, 'out')
      ],
      {
        env: {
          MINTLIFY_API_KEY: emu.apiKey,
          HTTP_PROXY: proxy.url,
          HTTPS_PROXY: proxy.url,
          NODE_EXTRA_CA_CERTS: caFile
        }
      }
    )
    await cli.cleanup()
    expect(cli.exitCode, cli.stderr).toBe(0)
    const requests = await proxy.requests()
    expect(requests).toContain(`CONNECT ${new URL(emu.apiUrl).host}`)
    expect(requests).toContain(`CONNECT ${new URL(emu.storageUrl).host}`)
    expect(cli.stderr).not.toContain('experimental')
  })

  it('fails the step in words when the proxy refuses the tunnel to the store', async () => {
    const { emu, caFile } = await emulateOverTls()
    // Tunnels to the API's port only, as a proxy with rules for each host and port allows.
    const proxy = await startTinyproxy([`ConnectPort ${new URL(emu.apiUrl).port}`])
    const run = await runAction(
      { mode: 'export', ...emulatorInputs(emu), domain: 'docs.example.com' },
      {
        env: { HTTP_PROXY: proxy.url, HTTPS_PROXY: proxy.url, NODE_EXTRA_CA_CERTS: caFile }
      }
    )
    try {
      expectCleanFailure(
        run,
        `Downloading the bundle from ${new URL(emu.storageUrl).host} failed: the proxy refused to open a tunnel to the host (HTTP 403); check the proxy's rules for that host and port, or list the host in NO_PROXY [UND_ERR_ABORTED].`
      )
      // Its rules stay: the download is not tried again.
      expect(warningsOf(run).join('\n')).not.toContain('Download interrupted')
    } finally {
      await run.cleanup()
    }
  })

  it('fails an API call in words, not as a cancellation, when the proxy refuses it', async () => {
    const { emu, caFile } = await emulateOverTls()
    const proxy = await startTinyproxy(['ConnectPort 443'])
    const run = await runAction(
      {
        mode: 'export',
        ...emulatorInputs(emu),
        domain: 'docs.example.com',
        'max-poll-errors': '1'
      },
      {
        env: { HTTP_PROXY: proxy.url, HTTPS_PROXY: proxy.url, NODE_EXTRA_CA_CERTS: caFile }
      }
    )
    try {
      expectCleanFailure(
        run,
        `POST /v1/static-export/jobs failed: could not reach the Admin API at ${new URL(emu.apiUrl).host} (the proxy refused to open a tunnel to the host (HTTP 403)`
      )
      // Asked once: its rules stay.
      expect((await proxy.requests()).filter(line => line.startsWith('CONNECT'))).toHaveLength(1)
    } finally {
      await run.cleanup()
    }
  })
})
