// Deploy and preview modes, end to end: the bundled action (and the CLI) against the emulator's
// deployment endpoints and the GitHub REST stand-in.
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { micromark } from 'micromark'
import { gfm, gfmHtml } from 'micromark-extension-gfm'
import { afterEach, describe, expect, it } from 'vitest'
import { startEmulator, type Emulator, type EmulatorInput } from '../emulator/index.ts'
import { emulatorInputs, runAction, type ActionRun } from '../support/action-runner.js'
import {
  errorsOf,
  expectCleanFailure,
  expectNoSecretsShown,
  expectOnlyOwnCommands,
  warningsOf
} from '../support/assertions.js'
import { runCli } from '../support/cli-runner.js'
import { startGitHubStub, type GitHubStub } from '../support/github-stub.js'

const PROJECT = 'proj_docs'
const TOKEN = 'ghs_stubtoken0123456789abcdef'
const HEAD_SHA = '0123456789abcdef0123456789abcdef01234567'

let emulator: Emulator | undefined
let github: GitHubStub | undefined
let runs: ActionRun[] = []
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

async function emulate(deployments: EmulatorInput['deployments'] = {}): Promise<Emulator> {
  emulator = await startEmulator({
    deployments: { queuedMs: 100, inProgressMs: 300, ...deployments }
  })
  return emulator
}

async function action(
  mode: 'deploy' | 'preview',
  inputs: Record<string, string> = {},
  env?: Record<string, string>
): Promise<ActionRun> {
  const run = await runAction(
    { mode, ...emulatorInputs(emulator as Emulator), 'project-id': PROJECT, ...inputs },
    { env }
  )
  runs.push(run)
  return run
}

/** The answer of a status the API does not know. */
const NOT_FOUND = { kind: 'http', status: 404, body: '{"error":"gone"}' } as const

const triggers = (emu: Emulator, endpoint: 'deploy' | 'preview') =>
  emu.requests.filter(r => r.endpoint === endpoint)

/** A pull_request event for branch `docs/new-page`, as a runner writes it, and the run's variables. */
async function pullRequestEnv(stub?: GitHubStub): Promise<Record<string, string>> {
  const folder = await mkdtemp(join(tmpdir(), 'event-'))
  folders.push(folder)
  const eventPath = join(folder, 'event.json')
  await writeFile(
    eventPath,
    JSON.stringify({
      pull_request: { number: 7, head: { ref: 'docs/new-page', sha: HEAD_SHA } }
    })
  )
  return {
    GITHUB_EVENT_PATH: eventPath,
    GITHUB_EVENT_NAME: 'pull_request',
    GITHUB_REPOSITORY: 'acme/docs',
    GITHUB_SERVER_URL: 'https://github.com',
    GITHUB_RUN_ID: '4242',
    GITHUB_REF_NAME: '7/merge',
    GITHUB_SHA: 'fedcba9876543210fedcba9876543210fedcba98',
    ...(stub ? { GITHUB_API_URL: stub.url } : {})
  }
}

describe('mode: deploy', () => {
  it('triggers the deployment, logs each status, and sets the outputs once live', async () => {
    const emu = await emulate()
    const run = await action('deploy')
    expect(run.exitCode, run.log).toBe(0)
    expect(triggers(emu, 'deploy')).toHaveLength(1)
    expect(run.outputs).toMatchObject({
      'status-id': expect.stringMatching(/^[0-9a-f]{24}$/),
      status: 'success',
      'commit-sha': expect.stringMatching(/^[0-9a-f]{40}$/),
      'commit-message': 'Publish the docs',
      'screenshot-url': expect.stringMatching(/^https:\/\/screenshots\.mintlify\.example\//)
    })
    expect(Date.parse(run.outputs['ended-at'] as string)).toBeGreaterThan(0)
    const id = run.outputs['status-id'] as string
    // Each change once, in order, however many polls saw the same status.
    const changes = run.log
      .split('\n')
      .filter(line => line.startsWith(`Deployment ${id}: `))
      .map(line => line.slice(`Deployment ${id}: `.length))
    expect(['queued', 'in_progress', 'success'].filter(s => changes.includes(s))).toEqual(changes)
    expect(changes.at(-1)).toBe('success')
    expect(emu.requests.filter(r => r.endpoint === 'deploy-status').length).toBeGreaterThan(
      changes.length
    )
    expect(run.summary).toContain('<h2>✅ Mintlify deployment</h2>')
    expectNoSecretsShown(run, [emu.apiKey])
  })

  it('fails with the summary, and the last lines of the log in a group', async () => {
    await emulate({ outcome: 'failure', logLines: 40 })
    const run = await action('deploy')
    const id = run.outputs['status-id'] as string
    expectCleanFailure(run, `Deployment ${id} failed: Build failed: 1 page could not be rendered.`)
    expect(run.outputs.status).toBe('failure')
    const group = run.log.slice(run.log.indexOf('::group::'), run.log.indexOf('::endgroup::'))
    expect(group).toContain(`::group::Deployment ${id}: the last 30 lines of its log`)
    // Escaped: the log's `</Card>` is text, and no line of it starts a command.
    expect(group).toContain('Error: guides/broken.mdx: unexpected closing tag </Card> at line 12')
    expect(group).toContain('Step 11/40')
    expect(group).not.toContain('Step 10/40')
    expect(run.summary).toContain('Build failed: 1 page could not be rendered')
  })

  it('waits for a deployment started elsewhere, given its status-id, without triggering', async () => {
    const emu = await emulate()
    const statusId = emu.createDeployment(PROJECT)
    const run = await action('deploy', { 'status-id': statusId })
    expect(run.exitCode, run.log).toBe(0)
    expect(run.outputs).toMatchObject({ 'status-id': statusId, status: 'success' })
    expect(triggers(emu, 'deploy')).toHaveLength(0)
    expect(run.log).toContain(`Following deployment ${statusId} (not triggering one`)
  })

  it.each([
    ['at once with `not-found-grace: 0s`', '0s'],
    ['after `not-found-grace`', '1s']
  ])('says which status-id was not found, %s', async (_case, grace) => {
    const emu = await emulate()
    const run = await action('deploy', {
      'status-id': 'abc123',
      'not-found-grace': grace,
      'poll-interval': '100ms'
    })
    expectCleanFailure(run, 'Check `status-id` (`abc123`)')
    if (grace === '1s')
      expect(errorsOf(run).join('\n')).toContain(', still, after the 1s of `not-found-grace`.')
    expect(triggers(emu, 'deploy')).toHaveLength(0)
    const polls = emu.requests.filter(r => r.endpoint === 'deploy-status').length
    if (grace === '0s') expect(polls).toBe(1)
    else expect(polls).toBeGreaterThan(1)
  })

  /** How many times the status was polled in `emu`. */
  const statusPolls = (emu: Emulator) =>
    emu.requests.filter(r => r.endpoint === 'deploy-status').length

  it('a triggered deployment whose status, once seen, answers 404: fails at once, no advice to check an input not given', async () => {
    const emu = await emulate({ inProgressMs: 60_000 })
    emu.inject('deploy-status', { kind: 'stall', ms: 0 }, NOT_FOUND)
    const run = await action('deploy', { 'poll-interval': '100ms' })
    expectCleanFailure(
      run,
      /Deployment \w+ was seen \(last status: \w+\) but the API now answers 404/
    )
    expect(run.log).not.toContain('status-id')
    expect(statusPolls(emu)).toBe(2)
  })

  it.each([
    ['0s', /Deployment \w+ was triggered, but the API answers 404 for its status\. Look at/],
    [
      '1s',
      /Deployment \w+ was triggered, but the API answers 404 for its status, still, after the 1s of `not-found-grace`\. Look at/
    ]
  ])(
    'a triggered deployment whose status is never found (not-found-grace %s): look at the dashboard, no `status-id` advice',
    async (grace, said) => {
      const emu = await emulate({ inProgressMs: 60_000 })
      emu.inject('deploy-status', ...Array.from({ length: 200 }, () => NOT_FOUND))
      const run = await action('deploy', { 'poll-interval': '100ms', 'not-found-grace': grace })
      expectCleanFailure(run, said)
      expect(errorsOf(run).join('\n')).toContain('before triggering again')
      expect(run.log).not.toContain('status-id')
      if (grace === '0s') expect(statusPolls(emu)).toBe(1)
      else expect(statusPolls(emu)).toBeGreaterThan(1)
    }
  )

  it('a status still not found when `timeout` runs out fails (not "still running"), with the advice for a trigger or a status-id', async () => {
    const emu = await emulate({ inProgressMs: 60_000 })
    emu.inject('deploy-status', ...Array.from({ length: 200 }, () => NOT_FOUND))
    const inputs = { 'poll-interval': '100ms', 'not-found-grace': '1h', timeout: '2s' }
    const run = await action('deploy', inputs)
    expectCleanFailure(
      run,
      /^Deployment \w+ was triggered, but the API answers 404 for its status, still, when `timeout` \(2s\) ran out\. Look at/
    )
    expect(run.log).not.toContain('status-id')
    expect(run.summary).toContain('❌ Mintlify deployment failed')
    const given = await action('deploy', { ...inputs, 'status-id': 'abc123' })
    expectCleanFailure(
      given,
      'Deployment status `abc123` was not found, still, when `timeout` (2s) ran out. Check `status-id` (`abc123`)'
    )
  })

  it('a status still not found whose last poll the deadline cuts fails as never found too', async () => {
    const emu = await emulate({ inProgressMs: 60_000 })
    emu.inject(
      'deploy-status',
      ...Array.from({ length: 5 }, () => NOT_FOUND),
      ...Array.from({ length: 20 }, () => ({ kind: 'stall', ms: 5000 }) as const)
    )
    const run = await action('deploy', {
      'poll-interval': '100ms',
      'not-found-grace': '1h',
      timeout: '2s'
    })
    expect(statusPolls(emu)).toBeGreaterThan(5)
    expectCleanFailure(
      run,
      /^Deployment \w+ was triggered, but the API answers 404 for its status, still, when `timeout` \(2s\) ran out\./
    )
  })

  it('a status never read for 5xx when `timeout` runs out is a timeout, not a status never found', async () => {
    const emu = await emulate({ inProgressMs: 60_000 })
    emu.inject(
      'deploy-status',
      NOT_FOUND,
      ...Array.from({ length: 200 }, () => ({ kind: 'http', status: 503 }) as const)
    )
    const run = await action('deploy', { 'poll-interval': '100ms', timeout: '3s' })
    expectCleanFailure(
      run,
      /^Timed out after 3s waiting for deployment \w+ \(its status was never read\)/
    )
    expect(run.summary).toContain('still running')
  })

  it('a status seen after a 404 and still running when `timeout` runs out is a timeout', async () => {
    const emu = await emulate({ inProgressMs: 60_000 })
    emu.inject('deploy-status', NOT_FOUND)
    const run = await action('deploy', {
      'poll-interval': '100ms',
      'not-found-grace': '1h',
      timeout: '2s'
    })
    expectCleanFailure(run, /^Timed out after 2s waiting for deployment \w+ \(last status: /)
    expect(run.summary).toContain('still running')
  })

  it('404s, then a 503 whose retry the deadline cuts: a timeout, not a status never found', async () => {
    const emu = await emulate({ inProgressMs: 60_000 })
    emu.inject(
      'deploy-status',
      NOT_FOUND,
      NOT_FOUND,
      { kind: 'http', status: 503 },
      {
        kind: 'stall',
        ms: 60_000
      }
    )
    const run = await action('deploy', {
      'poll-interval': '100ms',
      'not-found-grace': '1h',
      timeout: '4s'
    })
    // The client sent the 503's request again (a retry within one poll), which the deadline cut.
    expect(run.log).toMatch(/HTTP 503.* Retrying in /)
    expectCleanFailure(
      run,
      /^Timed out after 4s waiting for deployment \w+ \(its status was never read\)/
    )
    expect(run.summary).toContain('still running')
  })

  it('polls through a just-triggered status the API does not show yet (404), then follows it', async () => {
    const emu = await emulate()
    emu.inject('deploy-status', NOT_FOUND, NOT_FOUND)
    const run = await action('deploy', { 'poll-interval': '100ms' })
    expect(run.exitCode, run.log).toBe(0)
    expect(run.outputs.status).toBe('success')
    // Once, however many polls: a state of the wait, with its heartbeat.
    const states = run.log.match(
      /Deployment \w+: not visible yet \(HTTP 404\); polled again for up to the 10s of `not-found-grace`$/gm
    )
    expect(states).toHaveLength(1)
    expect(run.log).not.toContain('::warning')
    expect(statusPolls(emu)).toBeGreaterThan(2)
    expect(triggers(emu, 'deploy')).toHaveLength(1)
  })

  it('never sends a trigger twice that reached the service unanswered', async () => {
    const emu = await emulate()
    emu.inject('deploy', { kind: 'drop' })
    const run = await action('deploy')
    expectCleanFailure(run, /may have reached Mintlify, so a deployment may have started/)
    expect(errorsOf(run).join('\n')).toContain('Mintlify dashboard')
    expect(triggers(emu, 'deploy')).toHaveLength(1)
    // It did start on the service: that is why it must not be sent again.
    expect(emu.requests.filter(r => r.endpoint === 'deploy-status')).toHaveLength(0)
  })

  it.each([
    {
      answer: 'a 409',
      status: 409,
      error: 'A deployment is already in progress',
      says: 'HTTP 409: "A deployment is already in progress". The service refused it as conflicting: a deployment of this project may be under way already. Follow that one with its `status-id`',
      // The bundle link's 409 advice is an export's.
      not: 'export'
    },
    {
      answer: 'a 5xx',
      status: 500,
      error: 'could not queue',
      says: 'HTTP 500: "could not queue". This is an error on the service side. The request may have reached Mintlify, so a deployment may have started',
      // Beside "look before running this again", not the general advice.
      not: 'try again later'
    }
  ])(
    '$answer from the trigger gets a trigger’s advice, once',
    async ({ status, error, says, not }) => {
      const emu = await emulate()
      emu.inject('deploy', { kind: 'http', status, body: JSON.stringify({ error }) })
      const run = await action('deploy')
      expectCleanFailure(run, says)
      expect(errorsOf(run).join('\n')).not.toContain(not)
      expect(triggers(emu, 'deploy')).toHaveLength(1)
    }
  )

  it('waits out a 429 whose Retry-After fits in the timeout', async () => {
    const emu = await emulate()
    emu.inject('deploy', { kind: 'http', status: 429, headers: { 'retry-after': '1' } })
    const run = await action('deploy')
    expect(run.exitCode, run.log).toBe(0)
    expect(triggers(emu, 'deploy')).toHaveLength(2)
    expect(run.log).toMatch(/HTTP 429.*10 requests per 10 seconds per organization.*Retrying in/)
  })

  it('fails at once naming the limit when the rate limit outlasts the timeout', async () => {
    const emu = await emulate({ deployLimit: { requests: 2, windowMs: 120_000 }, retryAfter: true })
    // Two triggers by someone else in the organization fill the window.
    for (let i = 0; i < 2; i++)
      await fetch(`${emu.apiUrl}/v1/project/update/${PROJECT}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${emu.apiKey}` }
      })
    emu.requests = []
    const run = await action('deploy', { timeout: '10s' })
    expectCleanFailure(run, /HTTP 429.*10 requests per 10 seconds per organization/)
    expect(errorsOf(run).join('\n')).toMatch(
      /The server asked to wait (1m\d+s|2m), past this step's `timeout`/
    )
    expect(triggers(emu, 'deploy')).toHaveLength(1)
  })

  it('comments the deployment on the pull request: building, then live with the commit it built', async () => {
    await emulate()
    github = await startGitHubStub({ token: TOKEN, repo: 'acme/docs', pullNumber: 7 })
    const run = await action(
      'deploy',
      { comment: 'true', 'github-token': TOKEN },
      await pullRequestEnv(github)
    )
    expect(run.exitCode, run.log).toBe(0)
    expect(github.comments).toHaveLength(1)
    const [building, live] = github.commentBodies
    expect(github.commentBodies).toHaveLength(2)
    for (const body of [building, live])
      expect(body?.split('\n')[0]).toBe(`<!-- mintlify-admin-action:deploy:${PROJECT} -->`)
    expect(building).toContain('### ⏳ Mintlify deployment building')
    // The project's deployment branch is built, not the pull request's head: no commit until
    // the status names one.
    expect(building).not.toContain('**Commit:**')
    expect(live).toContain('### ✅ Mintlify deployment ready')
    const sha = run.outputs['commit-sha'] as string
    expect(live).toContain(
      `**Commit:** [${sha.slice(0, 7)}](https://github.com/acme/docs/commit/${sha})`
    )
    expect(live).not.toContain('Branch')
    expect(live).not.toContain('Open the preview')
  })

  it('times out with the status id to wait on', async () => {
    await emulate({ queuedMs: 0, inProgressMs: 60_000 })
    const run = await action('deploy', { timeout: '1s' })
    const id = run.outputs['status-id'] as string
    expectCleanFailure(
      run,
      `Timed out after 1s waiting for deployment ${id} (last status: in_progress). Increase \`timeout\`; the deployment goes on on the server: wait for it again with \`status-id: ${id}\`.`
    )
  })

  it('times out on a preview with how to wait on it again (by its id)', async () => {
    await emulate({ queuedMs: 0, inProgressMs: 60_000 })
    const run = await action('preview', { timeout: '1s', branch: 'feature' })
    const id = run.outputs['status-id'] as string
    expectCleanFailure(
      run,
      `Timed out after 1s waiting for preview ${id} (last status: in_progress). Increase \`timeout\`; the preview goes on on the server: wait for it again with \`status-id: ${id}\`.`
    )
    expect(run.summary).toContain(
      `mode: preview\nproject-id: ${PROJECT}\nbranch: 'feature'\nstatus-id: ${id}`
    )
  })

  it('refuses a project id that could become a path, before any request', async () => {
    const emu = await emulate()
    expectCleanFailure(await action('deploy', { 'project-id': '../x' }), 'Input `project-id`')
    expect(emu.requests).toHaveLength(0)
  })
})

describe('mode: preview', () => {
  it('previews the pull request’s branch, comments building then ready, and records a GitHub deployment', async () => {
    const emu = await emulate()
    github = await startGitHubStub({ token: TOKEN, repo: 'acme/docs', pullNumber: 7 })
    const run = await action(
      'preview',
      { comment: 'true', 'github-deployment': 'true', 'github-token': TOKEN },
      await pullRequestEnv(github)
    )
    expect(run.exitCode, run.log).toBe(0)

    // The branch came from the event file, not from GITHUB_REF_NAME (7/merge).
    const trigger = triggers(emu, 'preview')
    expect(trigger).toHaveLength(1)
    expect(trigger[0]?.url).toBe(`/v1/project/preview/${PROJECT}`)
    expect(run.outputs).toMatchObject({
      'preview-url': 'https://proj-docs-docs-new-page.mintlify.app',
      'status-id': expect.stringMatching(/^[0-9a-f]{24}$/),
      status: 'success'
    })

    // One comment: created while building, updated in place once ready.
    expect(github.comments).toHaveLength(1)
    const posts = github.requests.filter(r => r.method === 'POST' && r.path.endsWith('/comments'))
    const patches = github.requests.filter(r => r.method === 'PATCH')
    expect(posts).toHaveLength(1)
    expect(patches).toHaveLength(1)
    const building = String(posts[0]?.body?.body)
    const ready = github.comments[0]?.body ?? ''
    expect(building).toContain('Mintlify preview building')
    expect(ready).toContain('Mintlify preview ready')
    expect(ready).toContain('[Open the preview](https://proj-docs-docs-new-page.mintlify.app/)')
    expect(ready).toContain('![Screenshot of the preview](https://screenshots.mintlify.example/')
    for (const body of [building, ready]) {
      expect(body).toContain('(https://github.com/acme/docs/actions/runs/4242)')
      expect(body).toMatch(
        /\[[0-9a-f]{7}\]\(https:\/\/github\.com\/acme\/docs\/commit\/[0-9a-f]{40}\)/
      )
      expect(body.split('\n')[0]).toBe(
        `<!-- mintlify-admin-action:preview:${PROJECT}:docs%2Fnew-page -->`
      )
    }
    // Before the build answered, the commit shown is the pull request's head.
    expect(building).toContain(HEAD_SHA.slice(0, 7))

    // The GitHub deployment: the head commit, in progress, then success with the preview URL.
    expect(github.deployments).toHaveLength(1)
    const deployment = github.deployments[0]
    expect(deployment).toMatchObject({ ref: HEAD_SHA, environment: 'docs-preview' })
    expect(deployment?.statuses.map(s => s.state)).toEqual(['in_progress', 'success'])
    expect(deployment?.statuses[1]).toMatchObject({
      environment_url: 'https://proj-docs-docs-new-page.mintlify.app',
      log_url: 'https://github.com/acme/docs/actions/runs/4242'
    })
    expectNoSecretsShown(run, [TOKEN, emu.apiKey])
  })

  it('updates the same comment on the next run of the branch', async () => {
    await emulate()
    github = await startGitHubStub({ token: TOKEN, repo: 'acme/docs', pullNumber: 7 })
    const env = await pullRequestEnv(github)
    for (let i = 0; i < 2; i++) {
      const run = await action('preview', { comment: 'true', 'github-token': TOKEN }, env)
      expect(run.exitCode, run.log).toBe(0)
    }
    expect(github.comments).toHaveLength(1)
    expect(github.requests.filter(r => r.method === 'PATCH')).toHaveLength(3)
  })

  it('comments the failure with its reason, and fails the GitHub deployment', async () => {
    await emulate({ outcome: 'failure' })
    github = await startGitHubStub({ token: TOKEN, repo: 'acme/docs', pullNumber: 7 })
    const run = await action(
      'preview',
      { comment: 'true', 'github-deployment': 'true', 'github-token': TOKEN },
      await pullRequestEnv(github)
    )
    expectCleanFailure(run, /Preview \w+ failed: Build failed: 1 page could not be rendered/)
    const body = github.comments[0]?.body ?? ''
    expect(body).toContain('Mintlify preview failed')
    expect(body).toContain('> Preview')
    expect(body).toContain('Build failed: 1 page could not be rendered')
    expect(body).not.toContain('Screenshot')
    expect(github.deployments[0]?.statuses.map(s => s.state)).toEqual(['in_progress', 'failure'])
  })

  it('a preview whose status is never found fails after `not-found-grace`, and so does its GitHub deployment', async () => {
    const emu = await emulate({ inProgressMs: 60_000 })
    emu.inject('deploy-status', ...Array.from({ length: 200 }, () => NOT_FOUND))
    github = await startGitHubStub({ token: TOKEN, repo: 'acme/docs', pullNumber: 7 })
    const run = await action(
      'preview',
      {
        comment: 'true',
        'github-deployment': 'true',
        'github-token': TOKEN,
        'poll-interval': '100ms',
        'not-found-grace': '1s'
      },
      await pullRequestEnv(github)
    )
    expectCleanFailure(
      run,
      /^Preview \w+ was triggered, but the API answers 404 for its status, still, after the 1s of `not-found-grace`\. Look at/
    )
    expect(github.comments[0]?.body).toContain('Mintlify preview failed')
    expect(github.deployments[0]?.statuses.map(s => s.state)).toEqual(['in_progress', 'failure'])
  })

  it('a cancelled run says the preview goes on building, and leaves its deployment in progress', async () => {
    await emulate({ queuedMs: 0, inProgressMs: 60_000 })
    github = await startGitHubStub({ token: TOKEN, repo: 'acme/docs', pullNumber: 7 })
    const run = await runAction(
      {
        mode: 'preview',
        ...emulatorInputs(emulator as Emulator),
        'project-id': PROJECT,
        'poll-interval': '100ms',
        comment: 'true',
        'github-deployment': 'true',
        'github-token': TOKEN
      },
      {
        env: await pullRequestEnv(github),
        signalWhen: { text: ': in_progress', signal: 'SIGINT' }
      }
    )
    runs.push(run)
    expectCleanFailure(run, 'Cancelled by SIGINT: this step stopped')
    expect(run.summary).toContain('⏹️ Mintlify preview: this step was cancelled')
    const body = github.comments.at(-1)?.body ?? ''
    expect(body).toContain('### ⏳ Mintlify preview still building: this run stopped waiting')
    expect(body).not.toContain('failed')
    expect(github.deployments[0]?.statuses.map(s => s.state)).toEqual(['in_progress'])
  })

  it('warns, never fails, when the token may not write deployments', async () => {
    await emulate()
    github = await startGitHubStub({
      token: TOKEN,
      repo: 'acme/docs',
      pullNumber: 7,
      noDeployments: true
    })
    const run = await action(
      'preview',
      { 'github-deployment': 'true', 'github-token': TOKEN },
      await pullRequestEnv(github)
    )
    expect(run.exitCode, run.log).toBe(0)
    expect(warningsOf(run).join('\n')).toMatch(
      /Could not record the preview as a GitHub deployment \(HTTP 403\).*deployments: write/
    )
    expect(run.outputs.status).toBe('success')
  })

  it('takes the branch the workflow runs on outside a pull request', async () => {
    const emu = await emulate()
    const run = await action(
      'preview',
      {},
      { GITHUB_EVENT_NAME: 'push', GITHUB_REF_NAME: 'staging' }
    )
    expect(run.exitCode, run.log).toBe(0)
    expect(run.outputs['preview-url']).toBe('https://proj-docs-staging.mintlify.app')
    expect(triggers(emu, 'preview')).toHaveLength(1)
  })

  it('fails clearly, with no request, when there is no branch to preview', async () => {
    const emu = await emulate()
    const run = await action('preview', {}, { GITHUB_EVENT_NAME: 'workflow_dispatch' })
    expectCleanFailure(
      run,
      'Input `branch` is required here: this run is not for a pull request and runs on no branch.'
    )
    expect(emu.requests).toHaveLength(0)
  })

  it('says previews are not on the plan on a 403', async () => {
    const emu = await emulate({ previewsOnPlan: false })
    const run = await action('preview', { branch: 'docs/x' })
    expectCleanFailure(
      run,
      /HTTP 403: "Preview deployments are not available on your plan".*Preview deployments are not on your organization’s Mintlify plan/
    )
    expect(triggers(emu, 'preview')).toHaveLength(1)
  })

  it('names the preview limit when the rate limit outlasts the timeout', async () => {
    const emu = await emulate()
    for (let i = 0; i < 5; i++)
      await fetch(`${emu.apiUrl}/v1/project/preview/${PROJECT}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${emu.apiKey}`, 'content-type': 'application/json' },
        body: JSON.stringify({ branch: `b${i}` })
      })
    emu.requests = []
    const run = await action('preview', { branch: 'docs/x', timeout: '10s' })
    // The vendor sends no Retry-After: the documented minute is what the step cannot wait.
    expectCleanFailure(
      run,
      /HTTP 429.*5 previews per minute per organization\. The limit lasts up to 1m, past this step's `timeout`/
    )
    expect(triggers(emu, 'preview')).toHaveLength(1)
  })

  it('a 404 from the preview trigger names the branch too', async () => {
    const emu = await emulate()
    emu.inject('preview', { kind: 'http', status: 404, body: '{"error":"Not found"}' })
    const run = await action('preview', { branch: 'docs/x' })
    expectCleanFailure(
      run,
      /HTTP 404: "Not found"\. Check `project-id` .*and that `branch` exists in the repository connected to that project\./
    )
    expect(triggers(emu, 'preview')).toHaveLength(1)
  })

  it('comments another branch’s preview without the run’s commit until the build names its own', async () => {
    const emu = await emulate()
    github = await startGitHubStub({ token: TOKEN, repo: 'acme/docs', pullNumber: 7 })
    const run = await action(
      'preview',
      { branch: 'docs/other', comment: 'true', 'github-token': TOKEN },
      await pullRequestEnv(github)
    )
    expect(run.exitCode, run.log).toBe(0)
    const posts = github.requests.filter(r => r.method === 'POST' && r.path.endsWith('/comments'))
    const building = String(posts[0]?.body?.body)
    expect(building).toContain('Mintlify preview building')
    // The pull request's head is not what a preview of docs/other builds (the footer names
    // the run's commit, as the run's).
    expect(building).not.toContain('**Commit:**')
    expect(building).not.toContain(`/commit/${HEAD_SHA})`)
    const ready = github.comments[0]?.body ?? ''
    expect(ready).toContain(`/commit/${run.outputs['commit-sha']})`)
    expect(triggers(emu, 'preview')).toHaveLength(1)
  })

  it('takes a preview address without a scheme as https, and leaves out one that is no link, saying so', async () => {
    const emu = await emulate()
    /** A preview run whose trigger answers with this address. */
    const previewWith = async (previewUrl: string) => {
      const statusId = emu.createDeployment(PROJECT, 'preview')
      emu.inject('preview', {
        kind: 'http',
        status: 202,
        body: JSON.stringify({ statusId, previewUrl })
      })
      const run = await action('preview', { branch: 'docs/x' })
      expect(run.exitCode, run.log).toBe(0)
      return run
    }
    const bare = await previewWith('proj-docs-x.mintlify.app')
    expect(bare.outputs['preview-url']).toBe('https://proj-docs-x.mintlify.app')
    const odd = await previewWith('javascript:alert(1)')
    expect(odd.outputs['preview-url'] ?? '').toBe('')
    expect(warningsOf(odd).join('\n')).toContain(
      "The preview's address is not a web link (javascript:alert(1)): `preview-url` stays empty."
    )
  })

  it('refuses `environment` without `github-deployment: true`, before any request', async () => {
    const emu = await emulate()
    const run = await action('preview', { branch: 'docs/x', environment: 'staging-docs' })
    expectCleanFailure(run, 'Input `environment` is set, but `github-deployment` is not `true`')
    expect(emu.requests).toHaveLength(0)
  })

  it('never sends a preview trigger twice that reached the service unanswered', async () => {
    const emu = await emulate()
    emu.inject('preview', { kind: 'drop' })
    const run = await action('preview', { branch: 'docs/x' })
    expectCleanFailure(run, /may have reached Mintlify, so a preview deployment may have started/)
    expect(triggers(emu, 'preview')).toHaveLength(1)
  })
})

describe('a preview followed again by `status-id`', () => {
  const PREVIEW_URL = 'https://proj-docs-docs-new-page.mintlify.app'
  const recorded = { comment: 'true', 'github-token': TOKEN }

  /** A preview of the pull request's branch whose run timed out while it built; its status id. */
  async function timedOut(env: Record<string, string>, inputs: Record<string, string>) {
    const first = await action('preview', { timeout: '1s', ...inputs }, env)
    const id = first.outputs['status-id'] as string
    expectCleanFailure(first, `wait for it again with \`status-id: ${id}\``)
    // The build ends now: the next status read is its success.
    ;(emulator as Emulator).options.deployments.inProgressMs = 0
    return id
  }

  it('carries on the comment and the GitHub deployment to ready, with the address they recorded', async () => {
    const emu = await emulate({ queuedMs: 0, inProgressMs: 60_000 })
    github = await startGitHubStub({ token: TOKEN, repo: 'acme/docs', pullNumber: 7 })
    const env = await pullRequestEnv(github)
    const inputs = { ...recorded, 'github-deployment': 'true' }
    const id = await timedOut(env, inputs)
    expect(github.deployments[0]?.payload).toEqual({
      mintlifyStatusId: id,
      previewUrl: PREVIEW_URL
    })
    // Newer deployments of the environment that are not this one: another preview's, one
    // someone else made naming this status id, one of another task naming it.
    const evil = { mintlifyStatusId: id, previewUrl: 'https://evil.example' }
    const other = { ref: 'main', environment: 'docs-preview', statuses: [] }
    github.deployments.push(
      {
        ...other,
        id: 1,
        task: 'deploy:mintlify-preview',
        payload: { ...evil, mintlifyStatusId: 'f'.repeat(24) }
      },
      {
        ...other,
        id: 2,
        task: 'deploy:mintlify-preview',
        payload: evil,
        creator: { login: 'mallory' }
      },
      { ...other, id: 3, payload: evil }
    )
    // The address can come only from the deployment: the comment's record of it is gone.
    const comment = github.comments[0] as { body: string }
    comment.body = comment.body.replace(/<!-- mintlify-admin-action:preview-url:.*-->/, '')

    const run = await action('preview', { ...inputs, 'status-id': id }, env)
    expect(run.exitCode, run.log).toBe(0)
    expect(triggers(emu, 'preview')).toHaveLength(1)
    expect(run.outputs).toMatchObject({
      'preview-url': PREVIEW_URL,
      'status-id': id,
      status: 'success'
    })
    expect(run.log).toContain(`Following preview ${id} of branch docs/new-page`)
    // The same deployment, in progress again (this run's log), then ready: none left behind.
    expect(github.deployments).toHaveLength(4)
    expect(github.deployments[0]?.statuses.map(s => s.state)).toEqual([
      'in_progress',
      'in_progress',
      'success'
    ])
    expect(github.deployments[0]?.statuses[2]?.environment_url).toBe(PREVIEW_URL)
    for (const newer of github.deployments.slice(1)) expect(newer.statuses).toEqual([])
    // The same comment, now ready with the link. While building, no commit: the preview
    // followed may build another than the one this run is for.
    expect(github.comments).toHaveLength(1)
    expect(github.commentBodies).toHaveLength(4)
    expect(github.commentBodies[2]).toContain('Mintlify preview building')
    expect(github.commentBodies[2]).not.toContain('**Commit:**')
    expect(github.comments[0]?.body).toContain('Mintlify preview ready')
    expect(github.comments[0]?.body).toContain(`[Open the preview](${PREVIEW_URL}/)`)
    expectNoSecretsShown(run, [TOKEN, emu.apiKey])
  })

  it('reads the address back from its own earlier comment when no deployment recorded it', async () => {
    await emulate({ queuedMs: 0, inProgressMs: 60_000 })
    github = await startGitHubStub({ token: TOKEN, repo: 'acme/docs', pullNumber: 7 })
    const env = await pullRequestEnv(github)
    const id = await timedOut(env, recorded)
    const own = github.comments[0]?.body ?? ''
    expect(own).toContain(
      `<!-- mintlify-admin-action:preview-url:${encodeURIComponent(PREVIEW_URL)} -->`
    )
    // Someone else's comment with the same lines, first: never ours to read.
    github.comments.unshift({
      id: 1,
      body: own.replace(
        encodeURIComponent(PREVIEW_URL),
        encodeURIComponent('https://evil.example')
      ),
      user: { login: 'mallory' }
    })

    const run = await action('preview', { ...recorded, 'status-id': id }, env)
    expect(run.exitCode, run.log).toBe(0)
    expect(run.outputs['preview-url']).toBe(PREVIEW_URL)
    const body = github.comments.find(c => c.user.login !== 'mallory')?.body ?? ''
    expect(body).toContain('Mintlify preview ready')
    expect(body).toContain(`[Open the preview](${PREVIEW_URL}/)`)
    // What GitHub shows: the record stays out of sight.
    expect(
      micromark(body, {
        allowDangerousHtml: true,
        extensions: [gfm()],
        htmlExtensions: [gfmHtml()]
      })
    ).not.toMatch(/preview-url:[^<]*<\/p>/)
  })

  it('says so, and leaves `preview-url` empty, when nothing recorded the address', async () => {
    const emu = await emulate()
    const statusId = emu.createDeployment(PROJECT, 'preview')
    const run = await action('preview', { branch: 'docs/x', 'status-id': statusId })
    expect(run.exitCode, run.log).toBe(0)
    expect(triggers(emu, 'preview')).toHaveLength(0)
    expect(run.outputs).toMatchObject({
      'preview-url': '',
      'status-id': statusId,
      status: 'success'
    })
    expect(run.log).toContain(
      `Following preview ${statusId} of branch docs/x (not triggering one: \`status-id\` is set).`
    )
    expect(run.log).toContain(
      'Its address is in the log of the run that triggered it: only the trigger gives it.'
    )
    // The status names the branch it builds (the emulator's `preview`): not the one given.
    expect(warningsOf(run)).toEqual([
      `Preview ${statusId} builds preview, not branch docs/x: this run's comment and GitHub deployment are those of docs/x. Give the branch it builds as \`branch\`.`
    ])
    expect(run.summary).toContain(
      'not known to this run, which followed <code>status-id</code>: see the run that triggered it'
    )
  })

  it('a search for the earlier deployment that fails records no second one beside it', async () => {
    await emulate({ queuedMs: 0, inProgressMs: 60_000 })
    github = await startGitHubStub({ token: TOKEN, repo: 'acme/docs', pullNumber: 7 })
    const env = await pullRequestEnv(github)
    const inputs = { 'github-token': TOKEN, 'github-deployment': 'true' }
    const id = await timedOut(env, inputs)
    github.options.noReads = true
    const run = await action('preview', { ...inputs, 'status-id': id }, env)
    expect(run.exitCode, run.log).toBe(0)
    expect(warningsOf(run)).toEqual([
      expect.stringMatching(
        new RegExp(`^Could not look for the GitHub deployment of preview ${id} \\(HTTP 403\\)`)
      )
    ])
    expect(github.deployments).toHaveLength(1)
    expect(github.deployments[0]?.statuses.map(s => s.state)).toEqual(['in_progress'])
  })

  it('a dispatch that follows it carries on the comment of its branch’s open pull request', async () => {
    await emulate({ queuedMs: 0, inProgressMs: 60_000 })
    github = await startGitHubStub({ token: TOKEN, repo: 'acme/docs', pullNumber: 7 })
    const id = await timedOut(await pullRequestEnv(github), recorded)
    const folder = await mkdtemp(join(tmpdir(), 'event-'))
    folders.push(folder)
    await writeFile(join(folder, 'event.json'), JSON.stringify({ inputs: { 'status-id': id } }))
    const dispatch = {
      GITHUB_EVENT_PATH: join(folder, 'event.json'),
      GITHUB_EVENT_NAME: 'workflow_dispatch',
      GITHUB_REPOSITORY: 'acme/docs',
      GITHUB_REF_NAME: 'main',
      GITHUB_SHA: 'e'.repeat(40),
      GITHUB_API_URL: github.url
    }
    github.options.branchPulls = { 'docs/new-page': 7 }
    const inputs = { ...recorded, branch: 'docs/new-page', 'status-id': id }
    const run = await action('preview', inputs, dispatch)
    expect(run.exitCode, run.log).toBe(0)
    expect(run.outputs['preview-url']).toBe(PREVIEW_URL)
    expect(github.comments).toHaveLength(1)
    expect(github.comments[0]?.body).toContain('Mintlify preview ready')
    // Without an open pull request for the branch, nothing to comment on.
    github.options.branchPulls = {}
    const none = await action('preview', inputs, dispatch)
    expect(none.exitCode, none.log).toBe(0)
    expect(none.outputs['preview-url']).toBe('')
    expect(none.log).toContain('This run is not for a pull request, so no comment was posted.')
  })

  it('a status id not found says to check it, not to look before triggering again', async () => {
    await emulate()
    const statusId = 'aaaaaaaaaaaaaaaaaaaaaaaa'
    const run = await action('preview', {
      branch: 'docs/x',
      'status-id': statusId,
      'not-found-grace': '0s'
    })
    expectCleanFailure(
      run,
      `Deployment status \`${statusId}\` was not found. Check \`status-id\` (\`${statusId}\`)`
    )
  })

  it('an address recorded as anything but a web link is left out', async () => {
    await emulate({ queuedMs: 0, inProgressMs: 60_000 })
    github = await startGitHubStub({ token: TOKEN, repo: 'acme/docs', pullNumber: 7 })
    const env = await pullRequestEnv(github)
    const inputs = { ...recorded, 'github-deployment': 'true' }
    const id = await timedOut(env, inputs)
    const hostile = 'javascript:alert(1)'
    const first = github.deployments[0] as { payload?: unknown }
    first.payload = JSON.stringify({ mintlifyStatusId: id, previewUrl: hostile })
    const comment = github.comments[0] as { body: string }
    comment.body = comment.body.replace(
      encodeURIComponent(PREVIEW_URL),
      encodeURIComponent(hostile)
    )

    const run = await action('preview', { ...inputs, 'status-id': id }, env)
    expect(run.exitCode, run.log).toBe(0)
    expect(run.outputs['preview-url']).toBe('')
    // Found by its payload (given back as a string), carried on without the address.
    expect(github.deployments).toHaveLength(1)
    expect(github.deployments[0]?.statuses.at(-1)).not.toHaveProperty('environment_url')
    expect(github.comments[0]?.body).not.toContain('javascript:')
  })
})

describe('the screenshot', () => {
  it('a signed screenshot link is left out, not handed on with its signature scrubbed', async () => {
    const emu = await emulate()
    const signed =
      'https://shots.example/a.png?X-Amz-Signature=0123456789abcdef0123456789abcdef&X-Amz-Expires=3600'
    const answer = {
      status: 'success',
      screenshot: signed,
      screenshotLight: 'https://shots.example/light.png'
    }
    emu.inject('deploy-status', { kind: 'http', status: 200, body: JSON.stringify(answer) })
    const run = await action('deploy')
    expect(run.exitCode, run.log).toBe(0)
    expect(run.outputs['screenshot-url']).toBe('https://shots.example/light.png')

    emu.inject('deploy-status', {
      kind: 'http',
      status: 200,
      body: JSON.stringify({ status: 'success', screenshot: signed })
    })
    const alone = await action('deploy')
    expect(alone.exitCode, alone.log).toBe(0)
    expect(alone.outputs['screenshot-url'] ?? '').toBe('')
    expect(alone.log).not.toContain('0123456789abcdef0123456789abcdef')
  })
})

describe('hostile answers', () => {
  const HOSTILE =
    '\n::set-output name=preview-url::https://evil.example ![x](https://evil.example/i.png) <script>alert(1)</script> @org/team ##[error]legacy'

  it('quotes server text on one line, in the log, the summary and the comment', async () => {
    const emu = await emulate()
    github = await startGitHubStub({ token: TOKEN, repo: 'acme/docs', pullNumber: 7 })
    const answer = {
      _id: HOSTILE,
      status: 'failure',
      summary: HOSTILE,
      logs: [HOSTILE, `::error::${HOSTILE}`, '\u001b[31mred'],
      endedAt: HOSTILE,
      screenshot: 'javascript:alert(1)',
      commit: { sha: HOSTILE, ref: HOSTILE, message: HOSTILE }
    }
    emu.inject('deploy-status', { kind: 'http', status: 200, body: JSON.stringify(answer) })
    const run = await action(
      'preview',
      { comment: 'true', 'github-token': TOKEN },
      await pullRequestEnv(github)
    )
    expectCleanFailure(run, /Preview \w+ failed: : :set-output/)
    expectOnlyOwnCommands(run.rawLog)
    expect(run.outputs['preview-url']).toBe('https://proj-docs-docs-new-page.mintlify.app')
    expect(run.outputs['screenshot-url']).toBe('')
    for (const value of Object.values(run.outputs)) expect(value).not.toMatch(/[\r\n]/)
    const render = (markdown: string) =>
      micromark(markdown, {
        allowDangerousHtml: true,
        extensions: [gfm()],
        htmlExtensions: [gfmHtml()]
      })
    expect(github.comments).toHaveLength(1)
    expect(github.comments[0]?.body).toContain('Mintlify preview failed')
    for (const page of [run.summary, github.comments[0]?.body ?? '']) {
      expect(render(page)).not.toMatch(/<img|<script|href="javascript:/i)
      expect(render(page)).not.toContain('@org/team')
    }
  })
})

describe('cancellation', () => {
  it('stops waiting at once on SIGINT (exit 130), having triggered once', async () => {
    const emu = await emulate({ queuedMs: 0, inProgressMs: 60_000 })
    const run = await runCli(
      ['deploy', '--project-id', PROJECT, '--base-url', emu.apiUrl, '--poll-interval', '100ms'],
      {
        env: { MINTLIFY_API_KEY: emu.apiKey },
        signalWhen: { text: ': in_progress', signal: 'SIGINT' }
      }
    )
    await run.cleanup()
    expect(run.exitCode, run.stderr).toBe(130)
    expect(run.stderr).toContain('Interrupted')
    expect(triggers(emu, 'deploy')).toHaveLength(1)
  })
})

describe('the CLI', () => {
  async function cli(args: string[], emu: Emulator) {
    const run = await runCli(
      [...args, '--base-url', emu.apiUrl, '--poll-interval', '100ms', '--json'],
      {
        env: { MINTLIFY_API_KEY: emu.apiKey }
      }
    )
    await run.cleanup()
    return { ...run, json: JSON.parse(run.stdout || '{}') as Record<string, string> }
  }

  it('deploys: mintlify-admin deploy', async () => {
    const emu = await emulate()
    const run = await cli(['deploy', '--project-id', PROJECT], emu)
    expect(run.exitCode, run.stderr).toBe(0)
    expect(run.json).toMatchObject({ status: 'success', 'commit-message': 'Publish the docs' })
  })

  it('fails a failed deployment with exit code 1, the log lines on stderr', async () => {
    const emu = await emulate({ outcome: 'failure' })
    const run = await cli(['deploy', '--project-id', PROJECT], emu)
    expect(run.exitCode, run.stderr).toBe(1)
    expect(run.json.error).toMatch(/failed: Build failed: 1 page could not be rendered/)
    expect(run.stderr).toContain('unexpected closing tag </Card>')
  })

  it('previews a branch: mintlify-admin preview --branch', async () => {
    const emu = await emulate()
    const run = await cli(['preview', '--project-id', PROJECT, '--branch', 'docs/x'], emu)
    expect(run.exitCode, run.stderr).toBe(0)
    expect(run.json).toMatchObject({
      'preview-url': 'https://proj-docs-docs-x.mintlify.app',
      status: 'success'
    })
  })

  it('refuses a preview with no branch, naming the flag (exit 2, no request)', async () => {
    const emu = await emulate()
    const run = await cli(['preview', '--project-id', PROJECT], emu)
    expect(run.exitCode).toBe(2)
    expect(run.json.error).toContain('`--branch` is required here')
    expect(emu.requests).toHaveLength(0)
  })

  it('follows a preview by --status-id, without triggering one', async () => {
    const emu = await emulate()
    const statusId = emu.createDeployment(PROJECT, 'preview')
    const args = ['preview', '--project-id', PROJECT, '--branch', 'docs/x', '--status-id', statusId]
    const run = await cli(args, emu)
    expect(run.exitCode, run.stderr).toBe(0)
    expect(run.json).toMatchObject({ 'status-id': statusId, status: 'success', 'preview-url': '' })
    expect(triggers(emu, 'preview')).toHaveLength(0)
  })

  it('a timeout exits 3 (the work goes on) and names the flag that follows it again', async () => {
    const emu = await emulate({ queuedMs: 0, inProgressMs: 60_000 })
    const run = await cli(
      ['preview', '--project-id', PROJECT, '--branch', 'docs/x', '--timeout', '1s'],
      emu
    )
    expect(run.exitCode, run.stderr).toBe(3)
    const id = run.json['status-id'] as string
    expect(run.json.error).toBe(
      `Timed out after 1s waiting for preview ${id} (last status: in_progress). Increase \`--timeout\`; the preview goes on on the server: wait for it again with \`--status-id ${id}\`.`
    )
  })

  it('waits on a given --status-id', async () => {
    const emu = await emulate()
    const statusId = emu.createDeployment(PROJECT)
    const run = await cli(['deploy', '--project-id', PROJECT, '--status-id', statusId], emu)
    expect(run.exitCode, run.stderr).toBe(0)
    expect(run.json).toMatchObject({ 'status-id': statusId, status: 'success' })
    expect(triggers(emu, 'deploy')).toHaveLength(0)
  })
})
