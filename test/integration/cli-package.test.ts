import { execFile } from 'node:child_process'
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startEmulator, type Emulator } from '../emulator/index.ts'
import { ROOT } from '../support/action-runner.js'
import { runCli } from '../support/cli-runner.js'

const exec = promisify(execFile)

/**
 * The CLI as a user gets it: `npm pack`, then `npm install --offline` of the tarball into an
 * empty folder (it ships bundled: nothing to fetch), then the installed `mintlify-admin`.
 */
describe('the packed CLI, installed offline into an empty folder', () => {
  let folder: string
  let bin: string
  let emu: Emulator

  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 'cli-package-'))
    const { stdout } = await exec('npm', ['pack', '--json', '--pack-destination', folder], {
      cwd: ROOT
    })
    const filename = (JSON.parse(stdout) as Array<{ filename: string }>)[0]?.filename as string
    const app = join(folder, 'app')
    await exec('mkdir', ['-p', app])
    await exec('npm', ['init', '-y'], { cwd: app })
    await exec('npm', ['install', '--offline', '--no-audit', '--no-fund', join(folder, filename)], {
      cwd: app
    })
    bin = join(app, 'node_modules', '.bin', 'mintlify-admin')
    emu = await startEmulator({
      export: { queuedMs: 50, runningMs: 150 },
      domains: {
        'failing.example.com': { outcome: 'failed' },
        'slow.example.com': { runningMs: 60_000 }
      }
    })
  }, 120_000)
  afterAll(async () => {
    await emu?.close()
    await rm(folder, { recursive: true, force: true })
  })

  it('holds the bundled CLI and nothing else to install', async () => {
    const installed = await readdir(join(folder, 'app', 'node_modules'))
    expect(installed.filter(name => !name.startsWith('.'))).toEqual(['mintlify-admin'])
  })

  it('tells the version of the package it came in', async () => {
    const run = await runCli(['--version'], { entry: bin })
    try {
      const manifest = JSON.parse(await readFile(join(ROOT, 'package.json'), 'utf8'))
      expect(run.exitCode, run.stderr).toBe(0)
      expect(run.stdout).toBe(`${manifest.version as string}\n`)
    } finally {
      await run.cleanup()
    }
  })

  it('runs an export against the emulator', async () => {
    const run = await runCli(
      [
        'export',
        '--domain',
        'docs.example.com',
        '--no-download',
        '--json',
        '--base-url',
        emu.apiUrl,
        '--poll-interval',
        '100ms'
      ],
      { entry: bin, env: { MINTLIFY_ADMIN_KEY: emu.apiKey } }
    )
    try {
      expect(run.exitCode, run.stderr).toBe(0)
      expect(JSON.parse(run.stdout)).toMatchObject({ status: 'completed' })
    } finally {
      await run.cleanup()
    }
  })

  it.each([
    ['a failed job', ['--domain', 'failing.example.com'], 1, /^error: Export job se_\w+ failed/m],
    ['an unknown flag', ['--domian', 'x'], 2, /unknown option '--domian'/],
    [
      'a bad duration',
      ['--domain', 'docs.example.com', '--timeout', 'soon'],
      2,
      /`--timeout` is `soon`/
    ],
    ['a missing domain', [], 2, /`--domain` is required in export mode/],
    [
      'the key as a flag',
      ['--domain', 'docs.example.com', '--api-key', 'mint_x'],
      2,
      /--api-key is not accepted/
    ],
    ['a timeout', ['--domain', 'slow.example.com', '--timeout', '1s'], 3, /Timed out after 1s/]
  ])('exits as documented for %s', async (_what, args, code, message) => {
    const run = await runCli(
      ['export', ...args, '--base-url', emu.apiUrl, '--poll-interval', '100ms'],
      { entry: bin, env: { MINTLIFY_API_KEY: emu.apiKey } }
    )
    try {
      expect(run.exitCode, run.stderr).toBe(code)
      expect(run.stderr).toMatch(message)
      expect(run.stderr).not.toContain(emu.apiKey)
    } finally {
      await run.cleanup()
    }
  })

  it('keeps the key off stderr even when the server echoes it', async () => {
    emu.inject('start', {
      kind: 'http',
      status: 400,
      body: JSON.stringify({ error: `Bad header: Bearer ${emu.apiKey}` })
    })
    const run = await runCli(
      ['export', '--domain', 'docs.example.com', '--json', '--base-url', emu.apiUrl],
      { entry: bin, env: { MINTLIFY_API_KEY: emu.apiKey } }
    )
    try {
      expect(run.exitCode).toBe(1)
      expect(run.stderr).toContain('Bearer ***')
      expect(run.stderr + run.stdout).not.toContain(emu.apiKey)
    } finally {
      await run.cleanup()
    }
  })

  it('runs on Node 22, the other maintained line', async () => {
    // The project brings Node 24; Node 22 comes from the npm registry, as the toolchain notes say.
    const node22 = join(folder, 'node22')
    await exec('mkdir', ['-p', node22])
    await exec('npm', ['init', '-y'], { cwd: node22 })
    await exec('npm', ['install', '--no-audit', '--no-fund', 'node@22'], { cwd: node22 })
    const node = join(node22, 'node_modules', '.bin', 'node')
    expect((await exec(node, ['--version'])).stdout).toMatch(/^v22\./)
    const run = await runCli(
      [
        'export',
        '--domain',
        'docs.example.com',
        '--no-download',
        '--json',
        '--base-url',
        emu.apiUrl,
        '--poll-interval',
        '100ms'
      ],
      { entry: bin, node, env: { MINTLIFY_API_KEY: emu.apiKey } }
    )
    try {
      expect(run.exitCode, run.stderr).toBe(0)
      expect(JSON.parse(run.stdout)).toMatchObject({ status: 'completed' })
    } finally {
      await run.cleanup()
    }
  }, 120_000)

  it('names the Node version it needs on an older Node, instead of crashing', async () => {
    // The machine's own Node (20) is older than the 22.12 the CLI needs.
    const { stdout: version } = await exec('/usr/bin/node', ['--version'])
    expect(version, 'this test needs the machine’s Node 20 at /usr/bin/node').toMatch(/^v20\./)
    const run = await runCli(['--help'], { entry: bin, node: '/usr/bin/node' })
    try {
      expect(run.exitCode).toBe(2)
      expect(run.stderr).toMatch(
        /^mintlify-admin needs Node\.js 22\.12 or later; this is v20\.\d+\.\d+\.\n$/
      )
    } finally {
      await run.cleanup()
    }
  })
})
