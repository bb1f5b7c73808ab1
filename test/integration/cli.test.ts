import { execFile } from 'node:child_process'
import { chmod, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { basename, dirname, join } from 'node:path'
import { promisify } from 'node:util'
import { afterEach, describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { cliProgram } from '../../src/cli/main.js'
import { startEmulator, type Emulator } from '../emulator/index.ts'
import { emulatorInputs, ROOT, runAction } from '../support/action-runner.js'
import { CLI_ENTRY, runCli, type CliRun } from '../support/cli-runner.js'

/** The bundled CLI against the emulator, as a GitLab or Jenkins job would run it. */
describe('mintlify-admin (the CLI)', () => {
  let emu: Emulator | undefined
  const runs: CliRun[] = []
  afterEach(async () => {
    await Promise.all(runs.splice(0).map(run => run.cleanup()))
    await emu?.close()
    emu = undefined
  })

  async function cli(args: string[], env: Record<string, string> = {}, stdin?: string) {
    const run = await runCli(args, {
      env: { MINTLIFY_API_KEY: (emu as Emulator).apiKey, ...env },
      ...(stdin === undefined ? {} : { stdin })
    })
    runs.push(run)
    return run
  }

  const apiFlags = () => ['--base-url', (emu as Emulator).apiUrl, '--poll-interval', '100ms']

  /** The run's own temp folders left in its TMPDIR (the run's folder). */
  const tempFoldersLeft = async (run: CliRun) =>
    (await readdir(run.folder)).filter(name => name.startsWith('mintlify-admin-'))

  it('exports, prints the action’s outputs as one JSON object, and exits 0', async () => {
    emu = await startEmulator({ export: { queuedMs: 50, runningMs: 200 } })
    const run = await cli(['export', '--domain', 'docs.example.com', '--json', ...apiFlags()])
    expect(run.exitCode, run.stderr).toBe(0)
    const outputs = JSON.parse(run.stdout) as Record<string, unknown>
    expect(outputs['status']).toBe('completed')
    expect(String(outputs['bundle-url'])).toMatch(new RegExp(`^${emu.storageUrl}/`))
    const served = await emu.bundleFile(String(outputs['job-id']))
    expect(outputs['bundle-sha256']).toBe(served.sha256)
    expect(run.stderr).toContain(`Started export job ${String(outputs['job-id'])}`)
    expect(run.stderr).not.toContain(emu.apiKey)
  })

  it('draws its live line on a terminal (log-update, loaded only there)', async () => {
    emu = await startEmulator({ export: { queuedMs: 50, runningMs: 400 } })
    // util-linux's `script` gives the CLI a pseudo-terminal; it is part of every Debian and
    // Ubuntu system, so a missing one is a broken machine, said as such, never a skip (the suite
    // runs on Linux: macOS's BSD `script` takes other flags).
    // A pseudo-terminal of no size shows log-update nothing to draw: it is given one first.
    const command = `stty rows 30 cols 120; ${[process.execPath, CLI_ENTRY, 'export']
      .concat(['--domain', 'docs.example.com'], apiFlags())
      .map(word => `'${word.replaceAll("'", `'\\''`)}'`)
      .join(' ')}`
    const { stdout } = await promisify(execFile)('script', ['-qefc', command, '/dev/null'], {
      env: { PATH: process.env.PATH ?? '', HOME: tmpdir(), MINTLIFY_API_KEY: emu.apiKey },
      timeout: 20_000
    }).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') throw new Error('`script` (util-linux) is needed for this test')
      throw new Error(`${error.message}\n${(error as { stdout?: string }).stdout ?? ''}`)
    })
    expect(stdout).toContain('Export job')
    // Drawn and erased in place (ANSI erase line), which only the live line writes.
    expect(stdout).toContain('\u001b[2K')
    expect(stdout).toContain('Downloaded')
  })

  it('gives the same outputs as the action for the same answers', async () => {
    emu = await startEmulator({ export: { queuedMs: 50, runningMs: 200 } })
    const jobId = emu.createExportJob('docs.example.com', 'completed')
    const cliRun = await cli([
      'export',
      '--job-id',
      jobId,
      '--no-download',
      '--json',
      ...apiFlags()
    ])
    const actionRun = await runAction({
      mode: 'export',
      ...emulatorInputs(emu),
      'job-id': jobId,
      download: 'false'
    })
    try {
      const fromCli = JSON.parse(cliRun.stdout) as Record<string, string | number>
      const fromAction = { ...actionRun.outputs }
      // Each asked for its own presigned link; the CLI writes Helm values only when asked to.
      for (const name of ['bundle-url', 'expires-at']) {
        expect(fromCli[name]).toBeTruthy()
        delete fromCli[name]
        delete fromAction[name]
      }
      expect(fromAction['helm-values']).toBeTruthy()
      expect(fromCli['helm-values']).toBeUndefined()
      delete fromAction['helm-values']
      expect(Object.fromEntries(Object.entries(fromCli).map(([k, v]) => [k, String(v)]))).toEqual(
        fromAction
      )
    } finally {
      await actionRun.cleanup()
    }
  })

  it('keeps the dotenv within the 5 KiB GitLab takes, leaving out the largest value and saying so', async () => {
    emu = await startEmulator({
      agentJobs: { job_1: { projectId: 'proj_1', timeline: 'completed-with-pr', activeMs: 0 } }
    })
    // A job whose answer carries 6 KB more than the documented fields.
    const body = JSON.stringify({
      id: 'job_1',
      status: 'completed',
      prLink: 'https://github.com/acme/docs/pull/42',
      notes: 'n'.repeat(6000)
    })
    emu.inject('agent', { kind: 'http', status: 200, body })
    const watch = ['agent-watch', '--project-id', 'proj_1', '--job-id', 'job_1', ...apiFlags()]
    const run = await cli([...watch, '--output-env', 'agent.env', '--json'])
    expect(run.exitCode, run.stderr).toBe(0)
    const text = await readFile(join(run.folder, 'agent.env'), 'utf8')
    expect(Buffer.byteLength(text)).toBeLessThanOrEqual(5120)
    expect(text).toContain('MINTLIFY_PR_LINK=https://github.com/acme/docs/pull/42\n')
    expect(text).not.toContain('MINTLIFY_JOB=')
    expect(run.stderr).toContain(
      "--output-env leaves out MINTLIFY_JOB: GitLab refuses a dotenv report over 5120 bytes, which would fail the job's artifact upload. `--json` gives every output."
    )
    expect(JSON.parse(JSON.parse(run.stdout).job as string).notes).toHaveLength(6000)
  })

  it('writes dotenv lines and the summary for GitLab', async () => {
    emu = await startEmulator({ export: { queuedMs: 50, runningMs: 200 } })
    const run = await cli([
      'export',
      '--domain',
      'docs.example.com',
      '--output-env',
      'export.env',
      '--summary',
      'summary.md',
      ...apiFlags()
    ])
    expect(run.exitCode, run.stderr).toBe(0)
    const lines = (await readFile(join(run.folder, 'export.env'), 'utf8')).trim().split('\n')
    expect(lines).toContain('MINTLIFY_STATUS=completed')
    expect(lines.find(line => line.startsWith('MINTLIFY_JOB_ID='))).toMatch(
      /^MINTLIFY_JOB_ID=se_\w+$/
    )
    expect(await readFile(join(run.folder, 'summary.md'), 'utf8')).toContain(
      '<h2>✅ Mintlify static export</h2>'
    )
    // The dotenv holds the bundle link: owner-only, also over a file that was there.
    expect((await stat(join(run.folder, 'export.env'))).mode & 0o777).toBe(0o600)
    await chmod(join(run.folder, 'export.env'), 0o644)
    const again = await cli([
      'export',
      '--domain',
      'docs.example.com',
      '--output-env',
      join(run.folder, 'export.env'),
      ...apiFlags()
    ])
    expect(again.exitCode, again.stderr).toBe(0)
    expect((await stat(join(run.folder, 'export.env'))).mode & 0o777).toBe(0o600)
  })

  it('exits 1 when the export job fails, with the reason', async () => {
    emu = await startEmulator({ export: { queuedMs: 50, runningMs: 100, outcome: 'failed' } })
    const run = await cli(['export', '--domain', 'docs.example.com', '--json', ...apiFlags()])
    expect(run.exitCode, run.stderr).toBe(1)
    expect(run.stderr).toMatch(/^error: Export job se_\w+ failed: Build failed/m)
    expect(JSON.parse(run.stdout).error).toMatch(/failed: Build failed/)
    expect(await tempFoldersLeft(run)).toEqual([])
  })

  it.each([
    [['export', '--domian', 'x'], /unknown option '--domian'/],
    [
      ['export', '--domain', 'docs.example.com', '--timeout', 'soon'],
      /`--timeout` is `soon`: expected a duration/
    ],
    [['export'], /`--domain` is required in export mode/],
    [['publish'], /unknown command 'publish'/],
    [
      ['export', '--domain', 'docs.example.com', '--api-key', 'mint_x'],
      /--api-key is not accepted: a flag leaves the key in process lists/
    ]
  ])('exits 2 for bad usage: %j', async (args, message) => {
    emu = await startEmulator()
    const run = await cli([...args, ...apiFlags()])
    expect(run.exitCode, run.stderr).toBe(2)
    expect(run.stderr).toMatch(message)
    expect(emu.requests).toEqual([])
  })

  it('exits 3 when --timeout runs out, saying how to resume', async () => {
    emu = await startEmulator({ export: { queuedMs: 50, runningMs: 60_000 } })
    const run = await cli([
      'export',
      '--domain',
      'docs.example.com',
      '--timeout',
      '1s',
      '--summary',
      'summary.md',
      ...apiFlags()
    ])
    expect(run.exitCode, run.stderr).toBe(3)
    expect(run.stderr).toMatch(
      /Timed out after 1s .*Increase `--timeout`\..*resume with `--job-id se_\w+`/
    )
    // The summary the action would write: ⏳, not ❌, with the lines to follow the job again.
    const summary = await readFile(join(run.folder, 'summary.md'), 'utf8')
    expect(summary).toContain('still running, this step stopped waiting')
    expect(summary).toContain('job-id: se_')
  })

  it('exits 130 when interrupted, at once and not at the job’s end', async () => {
    emu = await startEmulator({ export: { queuedMs: 50, runningMs: 60_000 } })
    const started = Date.now()
    const run = await runCli(
      ['export', '--domain', 'docs.example.com', '--summary', 'summary.md', ...apiFlags()],
      {
        env: { MINTLIFY_API_KEY: emu.apiKey },
        signalWhen: { text: 'Started export job', signal: 'SIGTERM' }
      }
    )
    runs.push(run)
    expect(run.exitCode, run.stderr).toBe(130)
    expect(run.stderr).toMatch(/^error: Interrupted/m)
    expect(await readFile(join(run.folder, 'summary.md'), 'utf8')).toContain(
      'this step was cancelled'
    )
    // The job would run for 60 s; the kill-switch of the runner is 25 s.
    expect(Date.now() - started).toBeLessThan(20_000)
  })

  it('a second Ctrl-C while it removes its files does not cut that short', async () => {
    emu = await startEmulator({ export: { queuedMs: 50, runningMs: 60_000 } })
    const run = await runCli(['export', '--domain', 'docs.example.com', ...apiFlags()], {
      env: { MINTLIFY_API_KEY: emu.apiKey },
      // The second once the run has said it stopped, before its folder is gone.
      signalWhen: {
        text: 'Started export job',
        signal: 'SIGINT',
        then: { text: 'Interrupted by SIGINT', signal: 'SIGINT' }
      }
    })
    runs.push(run)
    expect(run.exitCode, run.stderr).toBe(130)
    expect(await tempFoldersLeft(run)).toEqual([])
  })

  it('keeps the outcome and the outputs when a file it was asked for cannot be written', async () => {
    emu = await startEmulator({ export: { queuedMs: 50, runningMs: 150 } })
    const run = await cli([
      'export',
      '--domain',
      'docs.example.com',
      '--json',
      '--summary',
      '/proc/nonexistent/s.md',
      ...apiFlags()
    ])
    expect(run.exitCode, run.stderr).toBe(1)
    // The outputs, and the error that failed the run: a JSON reader sees why the exit code is 1.
    expect(JSON.parse(run.stdout)).toMatchObject({
      status: 'completed',
      error: expect.stringMatching(
        /^--summary \/proc\/nonexistent\/s\.md could not be written \(ENOENT\)/
      )
    })
    expect(run.stderr).toMatch(
      /^error: --summary \/proc\/nonexistent\/s\.md could not be written \(ENOENT\)/m
    )
    const slow = await startEmulator({ export: { queuedMs: 50, runningMs: 60_000 } })
    try {
      const timedOut = await runCli(
        [
          'export',
          '--domain',
          'docs.example.com',
          '--timeout',
          '1s',
          '--output-env',
          '/proc/nonexistent/x.env',
          '--base-url',
          slow.apiUrl
        ],
        { env: { MINTLIFY_API_KEY: slow.apiKey } }
      )
      runs.push(timedOut)
      expect(timedOut.exitCode, timedOut.stderr).toBe(3)
      expect(timedOut.stderr).toContain('Timed out after 1s')
    } finally {
      await slow.close()
    }
  })

  it('stops at once when cancelled while it waits for the key on stdin', async () => {
    emu = await startEmulator()
    // stdin stays open; the signal comes once the CLI says it reads it (its handlers are set).
    // A CLI that waited for stdin to close would be killed at the runner's 25 s: exit code null.
    const run = await runCli(
      ['export', '--domain', 'docs.example.com', '--api-key-stdin', ...apiFlags()],
      {
        env: { DEBUG: 'mintlify-admin' },
        keepStdinOpen: true,
        signalWhen: { text: 'Reading the admin key from standard input.', signal: 'SIGTERM' }
      }
    )
    runs.push(run)
    expect(run.exitCode, run.stderr).toBe(130)
  })

  it('does not quote the value of a mistyped flag (it may be the key)', async () => {
    emu = await startEmulator()
    const run = await cli(['export', '--apikey=mint_SECRETSECRET123', '--json', ...apiFlags()])
    expect(run.exitCode).toBe(2)
    expect(run.stderr).toContain("unknown option '--apikey=…'")
    // With --json the usage error is the JSON object on stdout, as any other error is.
    expect(JSON.parse(run.stdout)).toEqual({ error: "unknown option '--apikey=…'" })
    expect(run.stdout + run.stderr).not.toContain('SECRETSECRET')
  })

  it('never quotes a key given where a value or a path belongs', async () => {
    emu = await startEmulator()
    const key = emu.apiKey
    const runs = [
      // --api-key-stdin takes no value: the key is left over as an argument.
      await cli(['deploy', '--project-id', 'proj_1', '--api-key-stdin', key, '--json']),
      await cli(['export', '--domain', 'docs.example.com', '--api-key-file', key, '--json']),
      // A key that looks like no admin key, as the subcommand: known from the environment.
      await cli(['s3cr3t-value-99', '--json'], { MINTLIFY_API_KEY: 's3cr3t-value-99' })
    ]
    for (const run of runs) {
      expect(run.exitCode, run.stderr).toBe(2)
      expect(run.stdout + run.stderr).not.toMatch(new RegExp(`${key}|s3cr3t-value`))
      expect(JSON.parse(run.stdout).error).not.toMatch(/^error: /)
    }
    expect(runs[0]?.stderr).toContain('but got 1 (not shown: one may be a secret)')
    expect(runs[1]?.stderr).toContain(
      '--api-key-file (a value like a key, not a path) cannot be read'
    )
    expect(emu.requests).toHaveLength(0)
  })

  it('names where the key came from when the key is at fault', async () => {
    emu = await startEmulator()
    const folder = await mkdtemp(join(tmpdir(), 'key-'))
    try {
      await writeFile(join(folder, 'key'), 'not_an_admin_key\n')
      const run = await cli(
        ['deploy', '--project-id', 'proj_1', '--api-key-file', join(folder, 'key'), ...apiFlags()],
        { MINTLIFY_API_KEY: '' }
      )
      expect(run.exitCode).toBe(1)
      expect(run.stderr).toContain('`--api-key-file`')
      expect(run.stderr).not.toContain('MINTLIFY_API_KEY')
    } finally {
      await rm(folder, { recursive: true, force: true })
    }
  })

  it('refuses a flag taken for the value of the one before it (exit 2)', async () => {
    emu = await startEmulator()
    const run = await cli(['export', '--domain', '--json', ...apiFlags()])
    expect(run.exitCode).toBe(2)
    expect(run.stderr).toContain('--domain took `--json` for its value')
    // The job that asked for JSON reads the error on stdout, though --domain took its flag.
    expect(JSON.parse(run.stdout)).toEqual({
      error: expect.stringContaining('--domain took `--json` for its value')
    })
    // The CLI's own options too (a file named `--json`), and a prompt (a paid job).
    const own = ['export', '--domain', 'docs.example.com', '--summary', '--json', ...apiFlags()]
    const summary = await cli(own)
    expect(summary.exitCode).toBe(2)
    expect(summary.stderr).toContain('--summary took `--json` for its value')
    expect(JSON.parse(summary.stdout)).toHaveProperty('error')
    const prompt = await cli([
      'agent',
      '--project-id',
      'p',
      '--prompt',
      '--apikey=mint_s3cret',
      ...apiFlags()
    ])
    expect(prompt.exitCode).toBe(2)
    expect(prompt.stderr).toContain('--prompt took `--apikey` for its value')
    expect(prompt.stderr).not.toContain('s3cret')
    // `--json` only as the value of another flag, asked for by nobody: nothing on stdout.
    expect(prompt.stdout).toBe('')
    const value = await cli(['agent', '--project-id', 'p', '--prompt=--json', ...apiFlags()])
    expect(value.exitCode).toBe(2)
    expect(value.stdout).toBe('')
    expect(emu.requests).toHaveLength(0)
  })

  it('refuses a value with bytes that are not UTF-8, before any request (exit 2)', async () => {
    emu = await startEmulator()
    const run = await cli([
      'preview',
      '--project-id',
      'proj_1',
      '--branch',
      'docs/\ufffd',
      ...apiFlags()
    ])
    expect(run.exitCode).toBe(2)
    expect(run.stderr).toContain('--branch holds bytes that are not UTF-8')
    expect(emu.requests).toHaveLength(0)
  })

  it('refuses output paths that cannot serve before anything starts (exit 2)', async () => {
    emu = await startEmulator()
    const export_ = ['export', '--domain', 'docs.example.com', ...apiFlags()]
    const folderForFile = await cli([...export_, '--output-env', ROOT])
    expect(folderForFile.exitCode).toBe(2)
    expect(folderForFile.stderr).toContain(`--output-env ${ROOT} is a folder, not a file`)
    const underFile = await cli([...export_, '--summary', join(ROOT, 'package.json', 's.md')])
    expect(underFile.exitCode).toBe(2)
    expect(underFile.stderr).toContain('lies under')
    const pathIsFile = await cli([...export_, '--path', join(ROOT, 'package.json')])
    expect(pathIsFile.exitCode).toBe(2)
    expect(pathIsFile.stderr).toContain('is a file, not a folder')
    // A folder the run may not write into (procfs refuses root too): found now, not once the
    // export is done or its bundle arrives.
    const unwritable = /lies under \/proc\/1, a folder that may not be written \((EACCES|EPERM)\)/
    for (const flags of [
      ['--summary', '/proc/1/summary.md'],
      ['--output-env', '/proc/1/export.env'],
      ['--path', '/proc/1/site']
    ]) {
      const refused = await cli([...export_, ...flags])
      expect(refused.exitCode, refused.stderr).toBe(2)
      expect(refused.stderr).toMatch(unwritable)
    }
    expect(emu.requests).toHaveLength(0)
  })

  it('names TMPDIR when it cannot hold the run’s folder, and never creates it (exit 2)', async () => {
    emu = await startEmulator()
    const export_ = ['export', '--domain', 'docs.example.com', ...apiFlags()]
    const scratch = await mkdtemp(join(tmpdir(), 'cli-tmpdir-'))
    try {
      await writeFile(join(scratch, 'file'), '')
      const missing = join(scratch, 'missing', 'deeper')
      for (const [tmp, code] of [
        [join(scratch, 'file'), 'ENOTDIR'],
        [missing, 'ENOENT']
      ] as const) {
        const run = await cli(export_, { TMPDIR: tmp })
        expect(run.exitCode, run.stderr).toBe(2)
        expect(run.stderr).toContain(
          `The temp folder ${tmp} (TMPDIR) cannot hold the run's own folder (${code}): set TMPDIR to a folder the run may write to.`
        )
      }
      // Node's compile cache would have made it, parents and all.
      expect(await readdir(scratch)).toEqual(['file'])
      expect(emu.requests).toHaveLength(0)
    } finally {
      await rm(scratch, { recursive: true, force: true })
    }
  })

  it('a stdout that cannot take --json fails the run cleanly; a lost log does not', async () => {
    emu = await startEmulator({ export: { queuedMs: 0, runningMs: 0 } })
    const export_ = [
      'export',
      '--domain',
      'docs.example.com',
      '--json',
      '--no-download',
      ...apiFlags()
    ]
    // `--json > export.json` on a full disk: the outputs a later step reads are not there.
    const full = await runCli(export_, {
      env: { MINTLIFY_API_KEY: emu.apiKey },
      stdoutTo: '/dev/full'
    })
    runs.push(full)
    expect(full.exitCode, full.stderr).toBe(1)
    expect(full.stderr).toContain(
      'error: --json: standard output could not be written (ENOSPC): check where it goes (a full disk?).'
    )
    expect(full.stderr).not.toMatch(/^\s+at /m)
    expect(await tempFoldersLeft(full)).toEqual([])
    // `2> log` on a full disk: the run goes on to its outputs and its own exit code.
    const quiet = await runCli([...export_, '--output-env', 'export.env'], {
      env: { MINTLIFY_API_KEY: emu.apiKey },
      stderrTo: '/dev/full'
    })
    runs.push(quiet)
    expect(quiet.exitCode).toBe(0)
    expect(JSON.parse(quiet.stdout)).toMatchObject({ status: 'completed' })
    expect(await readFile(join(quiet.folder, 'export.env'), 'utf8')).toMatch(/^MINTLIFY_JOB_ID=/m)
    expect(await tempFoldersLeft(quiet)).toEqual([])
  })

  it('writes an output file into a folder it makes, as it does the Helm values', async () => {
    emu = await startEmulator({ export: { queuedMs: 0, runningMs: 0 } })
    const run = await cli([
      'export',
      '--domain',
      'docs.example.com',
      '--no-wait',
      '--output-env',
      'reports/deep/export.env',
      ...apiFlags()
    ])
    expect(run.exitCode, run.stderr).toBe(0)
    expect(await readFile(join(run.folder, 'reports/deep/export.env'), 'utf8')).toMatch(
      /^MINTLIFY_JOB_ID=se_/m
    )
  })

  it('says its help in flags: `--no-wait`, not `wait: false`, and its own --path default', async () => {
    emu = await startEmulator()
    const help = await cli(['export', '--help'])
    expect(help.stdout.replace(/\s+/g, ' ')).toContain('resume a job started with `--no-wait`')
    expect(help.stdout).not.toContain('wait: false')
    // A flag's `false` is its --no- form.
    expect(help.stdout).not.toContain('`false`')
    expect(help.stdout.replace(/\s+/g, ' ')).toContain('`--no-download` stops once `bundle-url`')
    expect(help.stdout.replace(/\s+/g, ' ')).toContain(
      'relative paths are from where the command runs'
    )
  })

  it('exits 0 for help asked for, 2 for help shown for want of a command', async () => {
    emu = await startEmulator()
    const asked = await cli(['help', 'export'])
    expect(asked.exitCode, asked.stderr).toBe(0)
    expect(asked.stdout).toContain('--domain')
    const wanting = await cli([])
    expect(wanting.exitCode).toBe(2)
  })

  it('names MINTLIFY_API_KEY, not a flag it refuses, when the key is refused', async () => {
    emu = await startEmulator({ expiredKeys: ['mint_emulator_0123456789abcdef'] })
    const run = await cli(['export', '--domain', 'docs.example.com', ...apiFlags()])
    expect(run.exitCode).toBe(1)
    expect(run.stderr).toContain('Check that `MINTLIFY_API_KEY` holds a current admin key')
    expect(run.stderr).not.toContain('--api-key')
  })

  it('exits 2 with no subcommand (an empty $MODE must not pass)', async () => {
    emu = await startEmulator()
    const run = await cli([])
    expect(run.exitCode).toBe(2)
  })

  it('exits 3 when --timeout ends a request that never answers', async () => {
    emu = await startEmulator()
    emu.inject('start', { kind: 'stall', ms: 20_000 })
    const run = await cli([
      'export',
      '--domain',
      'docs.example.com',
      '--timeout',
      '2s',
      ...apiFlags()
    ])
    expect(run.exitCode, run.stderr).toBe(3)
    expect(run.stderr).toContain('Timed out after 2s')
  })

  it('takes --path and --helm-values from the working directory, and leaves no temp folder', async () => {
    emu = await startEmulator({ export: { queuedMs: 50, runningMs: 100 } })
    const run = await cli(
      [
        'export',
        '--domain',
        'docs.example.com',
        '--path',
        'out',
        '--helm-values',
        'values.yaml',
        '--json',
        ...apiFlags()
      ],
      { GITHUB_WORKSPACE: '/nonexistent', DEBUG: 'express:*' }
    )
    expect(run.exitCode, run.stderr).toBe(0)
    const outputs = JSON.parse(run.stdout) as Record<string, string>
    expect(outputs['bundle-path']).toBe(join(run.folder, 'out', 'bundle.tar.gz'))
    const values = join(run.folder, 'values.yaml')
    expect(outputs['helm-values']).toBe(values)
    expect(parse(await readFile(values, 'utf8')).staticExport.bundleUrl).toBe(outputs['bundle-url'])
    // It holds the link: readable by its owner only.
    expect((await stat(values)).mode & 0o777).toBe(0o600)
    expect(run.stderr).toContain(`Helm values are in ${values}`)
    // TMPDIR is the run's folder: the run's own mintlify-admin-* folder in it is gone.
    expect(await tempFoldersLeft(run)).toEqual([])
    expect(run.stderr).not.toContain('debug:')
  })

  it('keeps its temp folder only when an output names a file in it, and says so', async () => {
    emu = await startEmulator({ export: { queuedMs: 50, runningMs: 100 } })
    const run = await cli(['export', '--domain', 'docs.example.com', '--json', ...apiFlags()])
    expect(run.exitCode, run.stderr).toBe(0)
    const outputs = JSON.parse(run.stdout) as Record<string, string>
    const [kept, ...others] = await tempFoldersLeft(run)
    expect(others).toEqual([])
    const folder = join(run.folder, kept as string)
    expect(outputs['bundle-path']).toBe(
      join(folder, 'mintlify-export', outputs['job-id'] as string, 'bundle.tar.gz')
    )
    expect(run.stderr).toContain(`${folder} holds files the outputs name`)
    // Without --helm-values no file holds the link.
    expect(outputs['helm-values']).toBeUndefined()
    expect(await readdir(dirname(outputs['bundle-path'] as string))).toEqual(['bundle.tar.gz'])
    // Nothing to hand on: nothing kept.
    const linkOnly = await cli([
      'export',
      '--job-id',
      outputs['job-id'] as string,
      '--no-download',
      ...apiFlags()
    ])
    expect(linkOnly.exitCode, linkOnly.stderr).toBe(0)
    expect(await tempFoldersLeft(linkOnly)).toEqual([])
    expect(linkOnly.stderr).not.toContain('holds files the outputs name')
  })

  it.each([
    ['an empty path', ['--helm-values', ''], 'was given an empty path'],
    ['--no-wait', ['--helm-values', 'v.yaml', '--no-wait'], 'which --no-wait does not wait for'],
    ['a folder', ['--helm-values', '.'], '--helm-values . is a folder'],
    [
      'a file inside --path',
      ['--path', 'public', '--helm-values', 'public/values.yaml'],
      '--helm-values public/values.yaml is inside --path'
    ],
    [
      'the bundle itself',
      ['--path', 'out', '--helm-values', 'out/bundle.tar.gz'],
      'is inside --path'
    ]
  ])('refuses --helm-values with %s before starting anything', async (_what, flags, message) => {
    emu = await startEmulator({ export: { queuedMs: 50, runningMs: 100 } })
    const run = await cli(['export', '--domain', 'docs.example.com', ...flags, ...apiFlags()])
    expect(run.exitCode, run.stderr).toBe(2)
    expect(run.stderr).toContain(message)
    expect(emu.requests.filter(request => request.method === 'POST')).toEqual([])
    expect(await tempFoldersLeft(run)).toEqual([])
  })

  it.each([
    ['stdout', '| head -c 0'],
    ['its log (stderr)', '2>&1 >/dev/null | head -c 0']
  ])(
    'finishes its run when %s is closed early (temp folder removed, exit code kept)',
    async (_what, pipe) => {
      emu = await startEmulator()
      const command = [process.execPath, CLI_ENTRY, 'deploy', '--project-id', 'proj_1', '--json']
        .concat(apiFlags())
        .map(word => `'${word}'`)
        .join(' ')
      const folder = await mkdtemp(join(tmpdir(), 'cli-epipe-'))
      try {
        // `head -c 0` exits at once: every line meets a closed pipe. With pipefail, a run that
        // did not exit 0 rejects.
        await promisify(execFile)('bash', ['-o', 'pipefail', '-c', `${command} ${pipe}`], {
          env: { PATH: process.env.PATH ?? '', TMPDIR: folder, MINTLIFY_API_KEY: emu.apiKey },
          cwd: folder
        })
        expect(emu.requests.filter(request => request.method === 'POST')).toHaveLength(1)
        const left = await readdir(folder)
        expect(left.filter(name => name.startsWith('mintlify-admin-'))).toEqual([])
      } finally {
        await rm(folder, { recursive: true, force: true })
      }
    }
  )

  it('tells its version however it is started', async () => {
    const manifest = JSON.parse(await readFile(join(ROOT, 'package.json'), 'utf8'))
    for (const entry of [
      CLI_ENTRY,
      CLI_ENTRY.replace(/\.js$/, ''),
      join(ROOT, 'cli', 'index.js')
    ]) {
      const run = await runCli(['--version'], { entry })
      runs.push(run)
      expect(run.stdout, run.stderr).toBe(`${manifest.version as string}\n`)
    }
  })

  it('never shows the key, even when the server echoes it', async () => {
    emu = await startEmulator()
    emu.inject('start', {
      kind: 'http',
      status: 400,
      body: JSON.stringify({ error: `Bad header: Bearer ${emu.apiKey}` })
    })
    const run = await cli(['export', '--domain', 'docs.example.com', '--json', ...apiFlags()])
    expect(run.exitCode).toBe(1)
    expect(run.stderr).toContain('Bad header: Bearer ***')
    expect(run.stderr + run.stdout).not.toContain(emu.apiKey)
  })

  it('reads the key from a file or from stdin, and says where to put it when missing', async () => {
    emu = await startEmulator({
      agentJobs: { job_1: { projectId: 'proj_1', timeline: 'completed-with-pr', activeMs: 100 } }
    })
    const watch = ['agent-watch', '--project-id', 'proj_1', '--job-id', 'job_1', ...apiFlags()]
    const fromStdin = await cli(
      [...watch, '--api-key-stdin', '--json'],
      { MINTLIFY_API_KEY: '' },
      `${emu.apiKey}\n`
    )
    expect(fromStdin.exitCode, fromStdin.stderr).toBe(0)
    expect(JSON.parse(fromStdin.stdout)['pr-link']).toBe('https://github.com/acme/docs/pull/42')
    expect(await tempFoldersLeft(fromStdin)).toEqual([])
    const missing = await cli(watch, { MINTLIFY_API_KEY: '' })
    expect(missing.exitCode).toBe(2)
    expect(missing.stderr).toContain('No admin key: set MINTLIFY_API_KEY')
  })

  it.each([
    ['an empty key file', ['--api-key-file', '/dev/null'], '', '--api-key-file /dev/null is empty'],
    [
      'an empty --api-key-file',
      ['--api-key-file', ''],
      '',
      '--api-key-file was given an empty path'
    ],
    ['nothing on stdin', ['--api-key-stdin'], '\n', '--api-key-stdin read nothing'],
    [
      'both a file and stdin',
      ['--api-key-file', '/dev/null', '--api-key-stdin'],
      'mint_x',
      'were both given: use one of them'
    ]
  ])('refuses %s, even with MINTLIFY_API_KEY set', async (_what, flags, stdin, message) => {
    emu = await startEmulator()
    // The variable holds a working key: the run must stop at the flag, not take the key from it.
    const run = await cli(['deploy', '--project-id', 'proj_1', ...flags, ...apiFlags()], {}, stdin)
    expect(run.exitCode, run.stderr).toBe(2)
    expect(run.stderr).toContain(message)
  })

  it('names flags, not inputs, in what it says', async () => {
    emu = await startEmulator()
    const noWait = await cli(['export', '--domain', 'docs.example.com', '--no-wait', ...apiFlags()])
    expect(noWait.exitCode, noWait.stderr).toBe(0)
    expect(noWait.stderr).toMatch(
      /Not waiting \(`--no-wait`\)\. Resume later with `--job-id se_\w+`/
    )
    // A file that exists beside the run's folder (its working directory), not in it.
    const beside = join(tmpdir(), `prompt-${process.pid}.md`)
    await writeFile(beside, 'Document the new flags.')
    const outside = await cli([
      'agent',
      '--project-id',
      'proj_1',
      '--prompt-file',
      `../${basename(beside)}`,
      ...apiFlags()
    ]).finally(() => rm(beside))
    expect(outside.exitCode).toBe(2)
    expect(outside.stderr).toContain(
      `\`--prompt-file\` (\`../${basename(beside)}\`) is outside ${outside.folder}`
    )
    const missing = await cli([
      'agent',
      '--project-id',
      'proj_1',
      '--prompt-file',
      'x.md',
      ...apiFlags()
    ])
    expect(missing.stderr).toContain(
      `cannot be read (ENOENT): give the path of a file under ${missing.folder}`
    )
  })
})

describe('the README’s CLI examples', () => {
  /** `--name` of every flag a subcommand takes (its own, and help). */
  function flagsOf(mode: string): Set<string> {
    const command = cliProgram(() => undefined).commands.find(c => c.name() === mode)
    return new Set(['--help', ...(command?.options ?? []).map(option => option.long as string)])
  }

  it('use only flags that exist, in GitLab CI, Jenkins and the shell alike', async () => {
    const readme = await readFile(join(ROOT, 'README.md'), 'utf8')
    const section = readme.slice(readme.indexOf('## Use it outside GitHub Actions'))
    const gitlab = /```yaml gitlab-ci\n([\s\S]*?)```/.exec(section)?.[1] as string
    const jenkins = /```groovy\n([\s\S]*?)```/.exec(section)?.[1] as string
    // The GitLab job is YAML that GitLab can read: its script holds the command.
    const job = (parse(gitlab) as Record<string, { script: string[] }>)['export-docs']
    const commands = [
      ...(job?.script ?? []),
      ...section.slice(0, section.indexOf('```yaml gitlab-ci')).split('\n'),
      ...jenkins.split('\n')
    ].flatMap(line => [
      ...line.matchAll(/mintlify-admin (export|agent-watch)((?: --?[\w-]+(?: [^\s'-][^\s']*)?)*)/g)
    ])
    expect(commands.length).toBeGreaterThanOrEqual(4)
    for (const [, mode, rest] of commands) {
      const known = flagsOf(mode as string)
      for (const flag of (rest as string).match(/--[\w-]+/g) ?? [])
        expect(known.has(flag), `${mode} ${flag}`).toBe(true)
    }
  })
})
