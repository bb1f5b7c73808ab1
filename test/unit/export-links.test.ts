// The export's bundle links in process, against the emulator: a fresh link (asked for because
// the first one expired, before or during the download) passes the same checks as the first,
// https and masking, and the step's deadline reaches the download.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest'
import { createAdminApi, type AdminApi } from '../../src/api/client.js'
import { runExport } from '../../src/modes/export/run.js'
import type { ExportSettings } from '../../src/modes/export/settings.js'
import { startEmulator, type Emulator, type EmulatorInput } from '../emulator/index.ts'
import { exportSettings } from '../support/export-settings.js'
import { recordLog } from '../support/recording-host.js'

/** S3's body for a presigned link past its expiry. */
const EXPIRED = '<Error><Code>AccessDenied</Code><Message>Request has expired</Message></Error>'
/** A link that would travel in clear: plain http to a host that is not loopback. */
const INSECURE = 'http://store.example.com/bundle.tar.gz?X-Amz-Signature=insecure0123456789abcdef'

let emulator: Emulator | undefined
let temp: string | undefined
afterEach(async () => {
  vi.unstubAllEnvs()
  await emulator?.close()
  if (temp) await rm(temp, { recursive: true, force: true })
  emulator = temp = undefined
})

async function exportSettingsOf(options: EmulatorInput, inputs: Record<string, string> = {}) {
  emulator = await startEmulator({ ...options, export: { queuedMs: 0, runningMs: 0 } })
  temp = await mkdtemp(join(tmpdir(), 'export-links-'))
  return exportSettings(emulator, temp, { extract: 'false', ...inputs })
}

/**
 * The emulator's API, with the bundle calls after the first `real` ones answered by `fresh`;
 * with `firstExpired`, the first link says it has expired already.
 */
function apiWithFreshLinks(
  settings: ExportSettings,
  real: number,
  fresh: () => string,
  firstExpired = false
) {
  const api = createAdminApi({ baseUrl: settings.baseUrl, apiKey: settings.apiKey })
  let calls = 0
  const bundleCalls: string[] = []
  const wrapped: AdminApi = {
    ...api,
    async createBundle(jobId, signal) {
      calls += 1
      const link = await api.createBundle(jobId, signal)
      // The emulator signs links of one second alike: a session token of its own tells them
      // apart (the store ignores it; the action takes it for a credential, as S3's is).
      link.url += `&X-Amz-Security-Token=session${calls}${'x'.repeat(24)}`
      if (calls > real) link.url = fresh()
      if (calls === 1 && firstExpired) link.expiresAt = new Date(Date.now() - 60_000)
      bundleCalls.push(link.url)
      return link
    }
  }
  return { api: wrapped, bundleCalls }
}

/** The session token of a link handed out here. */
const tokenOf = (url: string) => new URL(url).searchParams.get('X-Amz-Security-Token') ?? ''

function downloadsSeen(): string[] {
  return (emulator as Emulator).requests
    .filter(r => r.endpoint === 'download')
    .map(r => tokenOf(new URL(r.url, (emulator as Emulator).storageUrl).href))
}

async function run(settings: ExportSettings, api: AdminApi, deadline = Date.now() + 20_000) {
  const recorded = recordLog()
  onTestFinished(recorded.restore)
  const outcome = await runExport(settings, { api, signal: new AbortController().signal, deadline })
  return { ...outcome, recorded }
}

describe('a fresh link after the first one expired before the download', () => {
  it('is masked before it is used', async () => {
    const settings = await exportSettingsOf({})
    const { api, bundleCalls } = apiWithFreshLinks(
      settings,
      Number.POSITIVE_INFINITY,
      () => '',
      true
    )
    const { error, recorded } = await run(settings, api)
    expect(error).toBeUndefined()
    expect(bundleCalls).toHaveLength(2)
    const fresh = tokenOf(bundleCalls[1] as string)
    expect(recorded.masks).toContain(fresh)
    expect(downloadsSeen()).toEqual([fresh])
  })

  it('is refused when it would travel in clear', async () => {
    const settings = await exportSettingsOf({})
    const { api } = apiWithFreshLinks(settings, 1, () => INSECURE, true)
    const { error } = await run(settings, api)
    expect(error?.message).toMatch(
      /^The bundle link from the API \(http:\/\/store\.example\.com\/bundle\.tar\.gz\?.*\) uses plain http .*; refusing to download it\.$/
    )
    expect(error?.message).not.toContain('insecure0123456789abcdef')
    expect(downloadsSeen()).toEqual([])
  })
})

describe('a fresh link after the store refused an expired one mid-way', () => {
  it('is masked before it is used', async () => {
    const settings = await exportSettingsOf({})
    ;(emulator as Emulator).inject('download', { kind: 'http', status: 403, body: EXPIRED })
    const { api, bundleCalls } = apiWithFreshLinks(settings, Number.POSITIVE_INFINITY, () => '')
    const { error, recorded } = await run(settings, api)
    expect(error).toBeUndefined()
    expect(bundleCalls).toHaveLength(2)
    const fresh = tokenOf(bundleCalls[1] as string)
    expect(recorded.masks).toContain(fresh)
    expect(downloadsSeen()).toEqual([tokenOf(bundleCalls[0] as string), fresh])
  })

  it('is refused when it would travel in clear', async () => {
    const settings = await exportSettingsOf({})
    ;(emulator as Emulator).inject('download', { kind: 'http', status: 403, body: EXPIRED })
    const { api, bundleCalls } = apiWithFreshLinks(settings, 1, () => INSECURE)
    const { error } = await run(settings, api)
    expect(error?.message).toMatch(/uses plain http .*; refusing to download it\.$/)
    expect(downloadsSeen()).toEqual([tokenOf(bundleCalls[0] as string)])
  })
})

describe('the step deadline', () => {
  it('ends a download slower than what is left of the step', async () => {
    // 8 MiB at 256 KiB/s: half a minute, against a step with a second left.
    const settings = await exportSettingsOf({
      storage: { padBytes: 8 * 1024 * 1024, bytesPerSecondPerConnection: 256 * 1024 }
    })
    // The API client is given no deadline here: only the download can be ended by it.
    const api = createAdminApi({ baseUrl: settings.baseUrl, apiKey: settings.apiKey })
    const { error, report } = await run(settings, api, Date.now() + 1000)
    expect(error?.name).toBe('TimedOutError')
    expect(error?.message).toMatch(/^Timed out after .* downloading/)
    expect(report.download).toBeUndefined()
  }, 15_000)
})
