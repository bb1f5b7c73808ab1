// GitHub Enterprise Server, with environment stand-ins: the artifact service that
// @actions/artifact 2+ needs does not exist there, so `upload-artifact: true` fails before
// anything is started; the pull-request comment goes to the server's API (GITHUB_API_URL).
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { startEmulator, type Emulator } from '../emulator/index.ts'
import { emulatorInputs, runAction, type ActionRun } from '../support/action-runner.js'
import { errorsOf, expectCleanFailure } from '../support/assertions.js'
import { startGitHubStub, type GitHubStub } from '../support/github-stub.js'

const GHES = 'https://ghes.example.com'
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

async function exportRun(
  inputs: Record<string, string>,
  env: Record<string, string>
): Promise<ActionRun> {
  emulator = await startEmulator({ export: { queuedMs: 50, runningMs: 200 } })
  const run = await runAction(
    { mode: 'export', ...emulatorInputs(emulator), domain: 'docs.example.com', ...inputs },
    { env }
  )
  runs.push(run)
  return run
}

/** What a GHES runner sets; the artifact variables are there or not, the server decides. */
const ghesRunner = (extra: Record<string, string> = {}) => ({
  GITHUB_SERVER_URL: GHES,
  GITHUB_API_URL: `${GHES}/api/v3`,
  GITHUB_GRAPHQL_URL: `${GHES}/api/graphql`,
  GITHUB_REPOSITORY: 'acme/docs',
  GITHUB_RUN_ID: '4242',
  ...extra
})

describe('GitHub Enterprise Server', () => {
  it('refuses upload-artifact before any request, naming the server and bundle-path', async () => {
    const run = await exportRun({ 'upload-artifact': 'true' }, ghesRunner())
    expectCleanFailure(run, 'Input `upload-artifact: true` needs GitHub')
    const message = errorsOf(run).join('\n')
    expect(message).toContain(`GitHub Enterprise Server (${GHES})`)
    expect(message).toContain('`upload-artifact: false`')
    expect(message).toContain('`bundle-path`')
    // Not the local-run message: the variables are missing too, but the server is the reason.
    expect(message).not.toContain('ACTIONS_RUNTIME_TOKEN')
    expect(emulator?.requests).toEqual([])
    expect(run.outputs['job-id']).toBeUndefined()
  })

  it('refuses it also when the runner sets the artifact variables', async () => {
    const env = ghesRunner({
      ACTIONS_RUNTIME_TOKEN: 'not-a-jwt',
      ACTIONS_RESULTS_URL: 'http://127.0.0.1:9/'
    })
    const run = await exportRun({ 'upload-artifact': 'true' }, env)
    expectCleanFailure(run, `GitHub Enterprise Server (${GHES})`)
    expect(emulator?.requests).toEqual([])
  })

  it('exports as usual without upload-artifact: the server alone is no problem', async () => {
    const run = await exportRun({}, ghesRunner())
    expect(run.exitCode, run.log).toBe(0)
    expect(run.outputs.status).toBe('completed')
    expect(run.outputs['bundle-path']).toBeTruthy()
  })

  it('comments through the server’s API: REST under /api/v3, GraphQL at /api/graphql', async () => {
    const token = 'ghs_stubtoken0123456789abcdef'
    github = await startGitHubStub({ token, repo: 'acme/docs', pullNumber: 7, apiPath: '/api/v3' })
    const folder = await mkdtemp(join(tmpdir(), 'event-'))
    folders.push(folder)
    const eventPath = join(folder, 'event.json')
    await writeFile(eventPath, JSON.stringify({ pull_request: { number: 7 } }))
    const origin = new URL(github.url).origin
    const env = ghesRunner({
      GITHUB_API_URL: github.url,
      GITHUB_GRAPHQL_URL: `${origin}/api/graphql`,
      GITHUB_EVENT_PATH: eventPath,
      GITHUB_EVENT_NAME: 'pull_request'
    })
    const first = await exportRun({ comment: 'true', 'github-token': token }, env)
    expect(first.exitCode, first.log).toBe(0)
    await emulator?.close()
    const second = await exportRun({ comment: 'true', 'github-token': token }, env)
    expect(second.exitCode, second.log).toBe(0)
    expect(second.log).toContain('Updated the comment on pull request #7')
    expect(github.comments).toHaveLength(1)
    const paths = github.requests.map(request => `${request.method} ${request.path}`)
    expect(paths).toContain('POST /api/graphql')
    expect(paths).toContain('POST /api/v3/repos/acme/docs/issues/7/comments')
    expect(paths.filter(path => !/^(GET|POST|PATCH) \/api\/(v3\/|graphql$)/.test(path))).toEqual([])
  })
})
