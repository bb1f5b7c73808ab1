import { afterEach, describe, expect, it } from 'vitest'
import { startEmulator, type Emulator } from '../emulator/index.ts'
import { emulatorInputs, runAction, type ActionRun } from '../support/action-runner.js'
import { runCli } from '../support/cli-runner.js'
import { startLoopbackProxy, type LoopbackProxy } from '../support/proxy.js'

describe('behind a proxy, as on self-hosted runners', () => {
  let emu: Emulator | undefined
  let proxy: LoopbackProxy | undefined
  let run: ActionRun | undefined

  afterEach(async () => {
    await run?.cleanup()
    await proxy?.close()
    await emu?.close()
    emu = proxy = run = undefined
  })

  async function exportVia(env: Record<string, string>): Promise<ActionRun> {
    emu = await startEmulator({ export: { queuedMs: 50, runningMs: 200 } })
    run = await runAction(
      {
        mode: 'export',
        ...emulatorInputs(emu),
        domain: 'docs.example.com'
      },
      { env }
    )
    return run
  }

  it('sends the API calls and the download through HTTP(S)_PROXY', async () => {
    proxy = await startLoopbackProxy()
    const result = await exportVia({ HTTP_PROXY: proxy.url, HTTPS_PROXY: proxy.url })
    expect(result.exitCode, result.log).toBe(0)
    const apiHost = new URL((emu as Emulator).apiUrl).host
    const storageHost = new URL((emu as Emulator).storageUrl).host
    expect(proxy.targets).toContain(apiHost)
    expect(proxy.targets).toContain(storageHost)
  })

  it('the CLI sends the API calls and the download through HTTP(S)_PROXY too', async () => {
    // Its bundle, unlike the action's, holds none of undici's index (src/util/undici.ts).
    emu = await startEmulator({ export: { queuedMs: 50, runningMs: 200 } })
    proxy = await startLoopbackProxy()
    const cli = await runCli(
      [
        'export',
        '--domain',
        'docs.example.com',
        '--base-url',
        emu.apiUrl,
        '--poll-interval',
        '100ms'
      ],
      { env: { MINTLIFY_API_KEY: emu.apiKey, HTTP_PROXY: proxy.url, HTTPS_PROXY: proxy.url } }
    )
    await cli.cleanup()
    expect(cli.exitCode, cli.stderr).toBe(0)
    expect(proxy.targets).toContain(new URL(emu.apiUrl).host)
    expect(proxy.targets).toContain(new URL(emu.storageUrl).host)
  })

  it('goes direct for hosts in NO_PROXY', async () => {
    proxy = await startLoopbackProxy()
    const result = await exportVia({ HTTP_PROXY: proxy.url, NO_PROXY: '127.0.0.1,localhost' })
    expect(result.exitCode, result.log).toBe(0)
    expect(proxy.targets).toEqual([])
  })
})
