import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { AGENT_PR_LINK } from '../emulator/agent.ts'
import { startEmulator, type Emulator } from '../emulator/index.ts'
import type { AgentScenario } from '../emulator/types.ts'
import { emulatorInputs, runAction, type ActionRun } from '../support/action-runner.js'
import { expectCleanFailure, expectNoSecretsShown, warningsOf } from '../support/assertions.js'
import { startGitHubStub, type GitHubStub } from '../support/github-stub.js'

const PROJECT = 'proj_docs'
let emulator: Emulator | undefined
let github: GitHubStub | undefined
let runs: ActionRun[] = []
/** Folders a test made for itself (event payloads), removed after it. */
let folders: string[] = []

afterEach(async () => {
  await emulator?.close()
  await github?.close()
  await Promise.all(runs.map(run => run.cleanup()))
  await Promise.all(folders.map(folder => rm(folder, { recursive: true, force: true })))
  emulator = github = undefined
  runs = []
  folders = []
})

async function emulateJob(timeline: AgentScenario['timeline'], extra: Partial<AgentScenario> = {}) {
  emulator = await startEmulator({
    agentJobs: { job_1: { projectId: PROJECT, timeline, activeMs: 400, ...extra } }
  })
  return emulator
}

async function watch(
  inputs: Record<string, string> = {},
  env?: Record<string, string>
): Promise<ActionRun> {
  const emu = emulator as Emulator
  const run = await runAction(
    {
      mode: 'agent-watch',
      ...emulatorInputs(emu),
      'project-id': PROJECT,
      'job-id': 'job_1',
      ...inputs
    },
    { env }
  )
  runs.push(run)
  return run
}

describe('agent-watch, end to end against the emulator', () => {
  it('follows a job to a pull request and hands it over', async () => {
    const emu = await emulateJob('completed-with-pr')
    const run = await watch()
    expect(run.exitCode, run.log).toBe(0)
    expect(run.outputs).toMatchObject({
      status: 'completed',
      'pr-link': 'https://github.com/acme/docs/pull/42',
      model: expect.any(String),
      repository: 'https://github.com/acme/docs',
      ref: 'main',
      'archived-at': ''
    })
    expect(Date.parse(run.outputs['created-at'] as string)).toBeGreaterThan(0)
    const job = JSON.parse(run.outputs.job as string)
    expect(job).toMatchObject({
      id: 'job_1',
      status: 'completed',
      prLink: 'https://github.com/acme/docs/pull/42'
    })
    expect(run.log).toContain('Agent job job_1: active')
    expect(run.summary).toContain('<a href="https://github.com/acme/docs/pull/42">')
    expect(run.summary).toMatch(/Action waited/)
    // Completed, not archived: the spec gives no end time, so no run time is made up.
    expect(run.summary).not.toMatch(/Job ran for/)
    expect(emu.requests.filter(r => r.endpoint === 'agent').length).toBeGreaterThan(1)
    expectNoSecretsShown(run, [emu.apiKey])
  })

  it('succeeds without changes, and says so plainly', async () => {
    await emulateJob('completed-no-changes')
    const run = await watch()
    expect(run.exitCode, run.log).toBe(0)
    expect(run.outputs['pr-link']).toBe('')
    expect(run.log).toContain('completed without file changes, so no pull request was opened')
  })

  it('fails without changes when require-pr is true', async () => {
    await emulateJob('completed-no-changes')
    const run = await watch({ 'require-pr': 'true' })
    expectCleanFailure(run, '`require-pr: true` makes this a failure')
    expect(run.outputs.status).toBe('completed')
  })

  it('fails the step when the agent failed, naming the job', async () => {
    await emulateJob('failed')
    const run = await watch()
    expectCleanFailure(run, /Agent job job_1 failed/)
    expect(run.outputs.status).toBe('failed')
  })

  it('succeeds on an archived job and reports when it was archived', async () => {
    await emulateJob('archived')
    const run = await watch()
    expect(run.exitCode, run.log).toBe(0)
    expect(run.outputs.status).toBe('archived')
    expect(Date.parse(run.outputs['archived-at'] as string)).toBeGreaterThan(0)
    expect(run.log).toContain('is archived (archived at')
    expect(run.log).toContain('without a pull request: it completed without file changes or failed')
  })

  it('fails on an archived job without a pull request when require-pr is true', async () => {
    await emulateJob('archived')
    const run = await watch({ 'require-pr': 'true' })
    expectCleanFailure(
      run,
      /is archived \(archived at [^)]+\) without a pull request: .*`require-pr: true` makes this a failure/
    )
    expect(run.outputs.status).toBe('archived')
  })

  it('hands on the pull request of an archived job, require-pr met', async () => {
    await emulateJob('archived-with-pr')
    const run = await watch({ 'require-pr': 'true' })
    expect(run.exitCode, run.log).toBe(0)
    expect(run.outputs['pr-link']).toBe(AGENT_PR_LINK)
    expect(run.log).toContain(`; it had opened ${AGENT_PR_LINK}`)
  })

  it('logs an unknown status once and keeps polling', async () => {
    await emulateJob('unknown-status', { unknownStatus: 'paused', activeMs: 600 })
    const run = await watch()
    expect(run.exitCode, run.log).toBe(0)
    expect(
      run.log.split('\n').filter(l => l.includes('"paused" is not among the documented ones'))
    ).toHaveLength(1)
    expect(run.outputs.status).toBe('completed')
  })

  it('waits out a 404 during not-found-grace', async () => {
    await emulateJob('not-found-then-found')
    const run = await watch({ 'not-found-grace': '5s' })
    expect(run.exitCode, run.log).toBe(0)
    // Once, however many polls: a state of the wait, with its heartbeat.
    const states = run.log.match(
      /^Agent job job_1: not visible yet \(HTTP 404\); polled again for up to the 5s of `not-found-grace`$/gm
    )
    expect(states).toHaveLength(1)
    expect(run.outputs['pr-link']).toBe('https://github.com/acme/docs/pull/42')
  })

  it('a job still not found when `timeout` runs out fails as not found, not as still working', async () => {
    await emulateJob('completed-with-pr')
    const run = await watch({
      'job-id': 'job_missing',
      'not-found-grace': '1h',
      'poll-interval': '100ms',
      timeout: '2s'
    })
    expectCleanFailure(
      run,
      'Agent job job_missing not found in project proj_docs, still, when `timeout` (2s) ran out. Check `job-id`'
    )
    expect(run.summary).toContain('❌ Mintlify agent job')
    expect(run.summary).not.toContain('still running')
  })

  it('a job seen after a 404 and still working when `timeout` runs out is a timeout', async () => {
    const emu = await emulateJob('completed-with-pr', { activeMs: 60_000 })
    emu.inject('agent', { kind: 'http', status: 404, body: '{"error":"not found"}' })
    const run = await watch({ 'poll-interval': '100ms', 'not-found-grace': '1h', timeout: '2s' })
    expectCleanFailure(
      run,
      /^Timed out after 2s waiting for agent job job_1 \(last status: active\)/
    )
    expect(run.summary).toContain('still running, this step stopped waiting')
  })

  it('a job never read for 5xx when `timeout` runs out is a timeout, not a job never found', async () => {
    const emu = await emulateJob('completed-with-pr')
    emu.inject(
      'agent',
      { kind: 'http', status: 404, body: '{"error":"not found"}' },
      ...Array.from({ length: 200 }, () => ({ kind: 'http', status: 503 }) as const)
    )
    const run = await watch({ 'poll-interval': '100ms', 'max-poll-errors': '1000', timeout: '3s' })
    expectCleanFailure(
      run,
      /^Timed out after 3s waiting for agent job job_1 \(the job was never read\)/
    )
    expect(run.summary).toContain('still running, this step stopped waiting')
  })

  it('fails at once on a 404 with not-found-grace: 0s', async () => {
    await emulateJob('not-found-then-found')
    const run = await watch({ 'not-found-grace': '0s' })
    expectCleanFailure(run, 'Agent job job_1 not found in project proj_docs. Check `job-id`')
  })

  it('fails for a job that never appears, after the grace', async () => {
    await emulateJob('completed-with-pr')
    const run = await watch({ 'job-id': 'job_missing', 'not-found-grace': '500ms' })
    expectCleanFailure(
      run,
      'Agent job job_missing not found in project proj_docs, still, after the 500ms of `not-found-grace`'
    )
  })

  it('polls through 429 and 5xx', async () => {
    const emu = await emulateJob('completed-with-pr')
    emu.inject(
      'agent',
      { kind: 'http', status: 429, headers: { 'retry-after': '1' } },
      { kind: 'http', status: 503 },
      { kind: 'reset' }
    )
    const run = await watch()
    expect(run.exitCode, run.log).toBe(0)
    expect(run.outputs.status).toBe('completed')
  })

  it('says a job it saw and then lost was removed, not that the inputs are wrong', async () => {
    const emu = await emulateJob('completed-with-pr', { activeMs: 60_000 })
    emu.inject('agent', { kind: 'stall', ms: 0 }, { kind: 'http', status: 404 })
    const run = await watch()
    expectCleanFailure(
      run,
      'Agent job job_1 was seen (last status: active) but the API now answers 404'
    )
    expect(run.log).not.toContain('Check `job-id`')
  })

  it.each([
    ['without a scheme', 'github.com/acme/docs/pull/42'],
    ['longer than any real one', `https://github.com/acme/docs/pull/42?${'a'.repeat(2100)}`]
  ])(
    'a pull request named by a link it cannot use (%s) is never "no file changes"',
    async (_, link) => {
      const emu = await emulateJob('completed-with-pr')
      const body = JSON.stringify({ id: 'job_1', status: 'completed', prLink: link })
      emu.inject('agent', { kind: 'http', status: 200, body })
      const run = await watch()
      expect(run.exitCode, run.log).toBe(0)
      expect(run.outputs['pr-link'] ?? '').toBe('')
      expect(warningsOf(run).join('\n')).toContain(
        'Agent job job_1 is completed and names a pull request, but by a link the action cannot use'
      )
      expect(run.log).not.toContain('without file changes')

      emu.inject('agent', { kind: 'http', status: 200, body })
      const required = await watch({ 'require-pr': 'true' })
      expectCleanFailure(
        required,
        /names a pull request, but by a link the action cannot use .*`require-pr: true` makes this a failure\./
      )
    }
  )

  it('hands over a job whose answer nests a field thousands of levels deep', async () => {
    const emu = await emulateJob('completed-with-pr')
    const deep = `${'['.repeat(5000)}${']'.repeat(5000)}`
    const body = `{"id":"job_1","status":"completed","prLink":"https://github.com/acme/docs/pull/42","x":${deep}}`
    emu.inject('agent', { kind: 'http', status: 200, body })
    const run = await watch()
    expect(run.exitCode, run.log).toBe(0)
    expect(run.outputs['pr-link']).toBe('https://github.com/acme/docs/pull/42')
    // Kept to 32 levels, the rest as a note.
    const job = JSON.parse(run.outputs.job as string) as { x: unknown }
    expect(JSON.stringify(job.x)).toBe(
      `${'['.repeat(31)}"(nested too deep to keep)"${']'.repeat(31)}`
    )
  })

  it('keeps the outcome when the job summary cannot be written', async () => {
    await emulateJob('completed-with-pr')
    const run = await watch({}, { GITHUB_STEP_SUMMARY: '/nonexistent/summary.md' })
    expect(run.exitCode, run.log).toBe(0)
    expect(run.outputs.status).toBe('completed')
    expect(run.log).toContain('::warning::Could not write the job summary')
  })

  it('sees a job that ends just before the timeout, in the last check', async () => {
    // Polls at 0 s and 2 s (the first pause), then one last check a second before the 4 s
    // timeout, which must still get its answer: the job completed at 2.5 s.
    const emu = await emulateJob('completed-with-pr', { activeMs: 2500 })
    // A real API takes a while to answer; the last check's answer comes after 300 ms.
    emu.inject(
      'agent',
      { kind: 'stall', ms: 0 },
      { kind: 'stall', ms: 0 },
      { kind: 'stall', ms: 300 }
    )
    const run = await watch({ timeout: '4s', 'poll-interval': '10s' })
    expect(run.exitCode, run.log).toBe(0)
    expect(run.outputs.status).toBe('completed')
    expect(emu.requests.filter(r => r.endpoint === 'agent')).toHaveLength(3)
  })

  it('names the failure that kept it from reading the job when it times out', async () => {
    const emu = await emulateJob('completed-with-pr')
    // More 503s than 2 s can ask for (polls 100 ms apart, three attempts each), whatever the
    // random back-off draws: the job is never read.
    emu.inject(
      'agent',
      ...Array.from({ length: 1000 }, () => ({ kind: 'http', status: 503 }) as const)
    )
    const run = await watch({ timeout: '2s' })
    expectCleanFailure(
      run,
      'Timed out after 2s waiting for agent job job_1 (the job was never read). The last check failed:'
    )
    expect(run.log).toContain('503')
  })

  it('times out with the last status it saw', async () => {
    await emulateJob('completed-with-pr', { activeMs: 60_000 })
    const run = await watch({ timeout: '1s' })
    expectCleanFailure(run, 'Timed out after 1s waiting for agent job job_1 (last status: active)')
  })

  it.each([
    [{ 'project-id': '' }, 'Input `project-id` is required in this mode'],
    [{ 'job-id': '  ' }, 'Input `job-id` is required in this mode'],
    [{ 'not-found-grace': 'later' }, 'Input `not-found-grace` is `later`'],
    [{ 'require-pr': 'maybe' }, 'Input `require-pr` is `maybe`: expected `true` or `false`.']
  ])('refuses bad input %j', async (inputs, message) => {
    const emu = await emulateJob('completed-with-pr')
    expectCleanFailure(await watch(inputs), message)
    expect(emu.requests).toHaveLength(0)
  })
})

describe('pull-request comment', () => {
  const token = 'ghs_stubtoken0123456789abcdef'

  async function prEnv(stub: GitHubStub): Promise<Record<string, string>> {
    const folder = await mkdtemp(join(tmpdir(), 'event-'))
    folders.push(folder)
    const eventPath = join(folder, 'event.json')
    await writeFile(eventPath, JSON.stringify({ pull_request: { number: 7 } }))
    return {
      GITHUB_API_URL: stub.url,
      GITHUB_EVENT_PATH: eventPath,
      GITHUB_EVENT_NAME: 'pull_request',
      GITHUB_REPOSITORY: 'acme/docs'
    }
  }

  it('creates one comment, then updates it on the next run', async () => {
    await emulateJob('completed-with-pr')
    github = await startGitHubStub({ token, repo: 'acme/docs', pullNumber: 7 })
    const env = await prEnv(github)
    const first = await watch({ comment: 'true', 'github-token': token }, env)
    expect(first.exitCode, first.log).toBe(0)
    expect(github.comments).toHaveLength(1)
    expect(github.comments[0]?.body).toContain('https://github.com/acme/docs/pull/42')
    const id = github.comments[0]?.id

    const second = await watch({ comment: 'true', 'github-token': token }, env)
    expect(second.exitCode, second.log).toBe(0)
    expect(github.comments).toHaveLength(1)
    expect(github.comments[0]?.id).toBe(id)
    expect(github.requests.filter(r => r.method === 'PATCH')).toHaveLength(1)
    expect(second.log).toContain('Updated the comment on pull request #7')
    for (const run of [first, second])
      expectNoSecretsShown(run, [token, (emulator as Emulator).apiKey])
  })

  it('comments on an export too, with size, checksum and expiry', async () => {
    const emu = (emulator = await startEmulator({ export: { queuedMs: 50, runningMs: 200 } }))
    github = await startGitHubStub({ token, repo: 'acme/docs', pullNumber: 7 })
    const run = await runAction(
      {
        mode: 'export',
        ...emulatorInputs(emu),
        domain: 'docs.example.com',
        comment: 'true',
        'github-token': token
      },
      { env: await prEnv(github) }
    )
    runs.push(run)
    expect(run.exitCode, run.log).toBe(0)
    const body = github.comments[0]?.body ?? ''
    expect(body).toContain(run.outputs['bundle-sha256'])
    expect(body).toContain(run.outputs['expires-at'])
    expect(body).toContain('12 pages')
    expect(body).not.toContain('X-Amz-Signature')
  })

  it('warns, never fails, when the token may not comment', async () => {
    await emulateJob('completed-with-pr')
    github = await startGitHubStub({ token, repo: 'acme/docs', pullNumber: 7, readOnly: true })
    const run = await watch({ comment: 'true', 'github-token': token }, await prEnv(github))
    expect(run.exitCode, run.log).toBe(0)
    expect(run.log).toMatch(
      /::warning::Could not comment on pull request #7 \(HTTP 403\).*pull-requests: write/
    )
  })

  it('does nothing outside a pull request, and says so', async () => {
    await emulateJob('completed-with-pr')
    github = await startGitHubStub({ token, repo: 'acme/docs', pullNumber: 7 })
    const run = await watch(
      { comment: 'true', 'github-token': token },
      { GITHUB_API_URL: github.url, GITHUB_REPOSITORY: 'acme/docs' }
    )
    expect(run.exitCode, run.log).toBe(0)
    expect(run.log).toContain('not for a pull request, so no comment was posted')
    expect(github.requests).toHaveLength(0)
  })
})
