import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { micromark } from 'micromark'
import { gfm, gfmHtml } from 'micromark-extension-gfm'
import { afterAll, describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import type { DeploymentStatus } from '../../src/api/client.js'
import { ApiError, type ApiErrorDetails } from '../../src/api/errors.js'
import { mayRetry } from '../../src/api/retry-policy.js'
import { deploymentStatusBody } from '../../src/api/schemas.js'
import {
  trigger as triggerDeployment,
  type DeploymentReport
} from '../../src/modes/deploy/follow.js'
import { mayHaveTakenEffect as mayHaveStarted } from '../../src/api/retry-policy.js'
import {
  commentState,
  deploymentCommentBody,
  deploymentOutputs
} from '../../src/modes/deploy/report.js'
import { classifyDeployment, lastLogLines } from '../../src/modes/deploy/status.js'
import { resolvePreviewBranch } from '../../src/modes/preview/branch.js'
import {
  previewAddressRecord,
  previewCommentMarker,
  previewOutputs,
  previewSnippet,
  recordedPreviewAddress
} from '../../src/modes/preview/report.js'
import { readGitHubRun } from '../../src/settings/github-run.js'

const render = (markdown: string) =>
  micromark(markdown, {
    allowDangerousHtml: true,
    extensions: [gfm()],
    htmlExtensions: [gfmHtml()]
  })

const status = (fields: Partial<DeploymentStatus>): DeploymentStatus => ({
  status: 'queued',
  logs: [],
  ...fields
})

describe('classifyDeployment', () => {
  it('ends on success and failure only; the rest is progress', () => {
    expect(classifyDeployment(status({ status: 'success' }))).toEqual({ kind: 'success' })
    expect(classifyDeployment(status({ status: 'failure', summary: 'broken' }))).toEqual({
      kind: 'failure',
      summary: 'broken'
    })
    expect(classifyDeployment(status({ status: 'failure' }))).toEqual({ kind: 'failure' })
    expect(classifyDeployment(status({ status: 'queued' }))).toEqual({
      kind: 'pending',
      known: true
    })
    expect(classifyDeployment(status({ status: 'in_progress' }))).toEqual({
      kind: 'pending',
      known: true
    })
    expect(classifyDeployment(status({ status: 'building' }))).toEqual({
      kind: 'pending',
      known: false
    })
    expect(classifyDeployment(status({ status: ' SUCCESS ' }))).toEqual({ kind: 'success' })
  })
  it('keeps the last lines of a log, skipping blank ones', () => {
    const logs = Array.from({ length: 50 }, (_, i) => `line ${i + 1}`)
    expect(lastLogLines(logs)).toEqual(logs.slice(20))
    expect(lastLogLines(['a', ' ', 'b'], 5)).toEqual(['a', 'b'])
  })
})

describe('the status answer', () => {
  it('reads every documented field, tolerating nulls and odd types', () => {
    const parsed = deploymentStatusBody.parse({
      status: 'failure',
      summary: 'Build failed\n::error::pwned',
      logs: ['ok', 3, '##[error]legacy', null, '::error::x'],
      endedAt: null,
      commit: null,
      screenshot: 42
    })
    expect(parsed.summary).toBe('Build failed ::error::pwned') // one line: no command
    expect(parsed.logs).toEqual(['ok', undefined, '# #[error]legacy', undefined, ': :error::x'])
    expect(parsed.commit).toBeNull()
    expect(parsed.screenshot).toBeUndefined()
  })
})

describe('retrying a trigger', () => {
  const trigger = { kind: 'trigger', what: 'deployment', projectId: 'p' } as const
  const error = (details: Partial<ApiErrorDetails>) =>
    new ApiError({
      kind: 'http',
      operation: trigger,
      request: 'POST /v1/project/update/p',
      ...details
    })
  it('is sent again only when it never arrived or was refused with 429', () => {
    expect(mayRetry(error({ kind: 'network', code: 'ECONNREFUSED' }))).toBe(true)
    expect(mayRetry(error({ status: 429 }))).toBe(true)
    expect(mayRetry(error({ kind: 'network', code: 'ECONNRESET' }))).toBe(false)
    expect(mayRetry(error({ kind: 'network', code: 'UND_ERR_SOCKET' }))).toBe(false)
    expect(mayRetry(error({ kind: 'timeout' }))).toBe(false)
    expect(mayRetry(error({ status: 503 }))).toBe(false)
    expect(mayRetry(error({ status: 502 }))).toBe(false)
  })
  it('says a deployment may have started unless the service refused it or it never left', () => {
    expect(mayHaveStarted(error({ kind: 'network', code: 'UND_ERR_SOCKET' }))).toBe(true)
    expect(mayHaveStarted(error({ kind: 'timeout' }))).toBe(true)
    expect(mayHaveStarted(error({ kind: 'invalid-response' }))).toBe(true)
    expect(mayHaveStarted(error({ status: 502 }))).toBe(true)
    expect(mayHaveStarted(error({ status: 403 }))).toBe(false)
    expect(mayHaveStarted(error({ status: 429 }))).toBe(false)
    expect(mayHaveStarted(error({ kind: 'network', code: 'ECONNREFUSED' }))).toBe(false)
    // A cancel while the request was out: it may have arrived.
    expect(mayHaveStarted(error({ kind: 'aborted' }))).toBe(true)
  })
  it('names the limit of each trigger on a 429', () => {
    expect(error({ status: 429 }).message).toContain('10 requests per 10 seconds per organization')
    const preview = new ApiError({
      kind: 'http',
      status: 429,
      operation: { ...trigger, what: 'preview' },
      request: 'POST /v1/project/preview/p'
    })
    expect(preview.message).toContain('5 previews per minute per organization')
  })
  it('says why a 429 ended the step: the wait past the timeout, or a limit that never lifted', async () => {
    const refused = (details: Partial<ApiErrorDetails>, ended: 'deadline' | 'attempts') => () =>
      Promise.reject(Object.assign(error({ status: 429, ...details }), { retriesEnded: ended }))
    await expect(triggerDeployment('deployment', refused({}, 'deadline'))).rejects.toThrow(
      /per organization with automation triggers\. The limit lasts up to 10s, past this step's `timeout`/
    )
    await expect(
      triggerDeployment('deployment', refused({ retryAfterMs: 60_000 }, 'deadline'))
    ).rejects.toThrow("The server asked to wait 1m, past this step's `timeout`")
    for (const retryAfterMs of [undefined, 1000])
      await expect(
        triggerDeployment('deployment', refused({ retryAfterMs }, 'attempts'))
      ).rejects.toThrow(
        /\. It stayed limited through every attempt \(other runs of the organization/
      )
  })
})

describe('resolvePreviewBranch', () => {
  it('takes the input first', () => {
    expect(resolvePreviewBranch(' docs/x ', { eventName: 'pull_request', headRef: 'y' })).toEqual({
      branch: 'docs/x'
    })
  })
  it("takes the pull request's head branch on pull-request events, never the merge ref", () => {
    const run = { eventName: 'pull_request', headRef: 'docs/new', refName: '7/merge' }
    expect(resolvePreviewBranch('', run)).toEqual({ branch: 'docs/new' })
    expect(resolvePreviewBranch('', { ...run, eventName: 'pull_request_target' })).toEqual({
      branch: 'docs/new'
    })
    const missing = resolvePreviewBranch('', { eventName: 'pull_request', forPullRequest: true })
    expect(missing).toEqual({ problem: expect.stringContaining('does not say the pull request’s') })
  })
  it('takes the branch the workflow runs on elsewhere', () => {
    expect(resolvePreviewBranch('', { eventName: 'push', refName: 'staging' })).toEqual({
      branch: 'staging'
    })
  })
  it('says what to set when there is no branch at all', () => {
    expect(resolvePreviewBranch('', {})).toEqual({
      problem: expect.stringMatching(
        /^Input `branch` is required here: this run is not for a pull request/
      )
    })
  })
  it.each(['a b', 'a..b', 'x~1', 'a:b', 'line\nbreak', '-rf', 'x.lock'])(
    'refuses %j as a branch name',
    name => {
      expect(resolvePreviewBranch(name, {})).toEqual({
        problem: expect.stringContaining('is not a branch name git accepts')
      })
    }
  )
})

describe('readGitHubRun', () => {
  let folder: string | undefined
  afterAll(async () => folder && rm(folder, { recursive: true, force: true }))

  it('reads the head of the pull request from the event file, and the run link', async () => {
    folder = await mkdtemp(join(tmpdir(), 'event-'))
    const path = join(folder, 'event.json')
    const sha = 'a'.repeat(40)
    await writeFile(path, JSON.stringify({ pull_request: { head: { ref: 'docs/x', sha } } }))
    expect(
      readGitHubRun({
        GITHUB_EVENT_NAME: 'pull_request',
        GITHUB_EVENT_PATH: path,
        GITHUB_SERVER_URL: 'https://github.com/',
        GITHUB_REPOSITORY: 'acme/docs',
        GITHUB_RUN_ID: '99',
        GITHUB_REF: 'refs/pull/7/merge',
        GITHUB_REF_NAME: '7/merge',
        GITHUB_SHA: 'b'.repeat(40)
      })
    ).toEqual({
      eventName: 'pull_request',
      runUrl: 'https://github.com/acme/docs/actions/runs/99',
      repositoryUrl: 'https://github.com/acme/docs',
      headRef: 'docs/x',
      forPullRequest: true,
      headSha: sha
    })
  })

  it('reads the head on every event about a pull request, and tells a fork’s head', async () => {
    folder ??= await mkdtemp(join(tmpdir(), 'event-'))
    const path = join(folder, 'review.json')
    await writeFile(
      path,
      JSON.stringify({
        repository: { full_name: 'acme/docs' },
        pull_request: {
          head: { ref: 'main', sha: 'c'.repeat(40), repo: { full_name: 'eve/docs' } }
        }
      })
    )
    const run = readGitHubRun({
      GITHUB_EVENT_NAME: 'pull_request_review',
      GITHUB_EVENT_PATH: path,
      GITHUB_REF: 'refs/pull/7/merge',
      GITHUB_REF_NAME: '7/merge'
    })
    expect(run).toMatchObject({ headRef: 'main', headFromFork: true, forPullRequest: true })
    expect(run.refName).toBeUndefined()
    // A fork since deleted (`repo: null`): its `main` is not this repository's.
    await writeFile(
      path,
      JSON.stringify({
        repository: { full_name: 'acme/docs' },
        pull_request: { head: { ref: 'main', sha: 'c'.repeat(40), repo: null } }
      })
    )
    expect(
      readGitHubRun({ GITHUB_EVENT_NAME: 'pull_request_target', GITHUB_EVENT_PATH: path })
    ).toMatchObject({ headRef: 'main', headFromFork: true })
    expect(resolvePreviewBranch('', run)).toEqual({
      problem: expect.stringContaining('the pull request comes from a fork')
    })
  })

  it('a workflow_run is for the run it follows: its branch, commit, fork and pull requests', async () => {
    folder ??= await mkdtemp(join(tmpdir(), 'event-'))
    const path = join(folder, 'workflow-run.json')
    const followed = (repo: string, pulls: unknown[]) => ({
      repository: { full_name: 'acme/docs' },
      workflow_run: {
        head_branch: 'docs/new',
        head_sha: '0123456789abcdef0123456789abcdef01234567',
        head_repository: { full_name: repo },
        pull_requests: pulls
      }
    })
    const env = {
      GITHUB_EVENT_NAME: 'workflow_run',
      GITHUB_EVENT_PATH: path,
      GITHUB_REF_NAME: 'main',
      GITHUB_SHA: 'fedcba9876543210fedcba9876543210fedcba98'
    }
    await writeFile(path, JSON.stringify(followed('acme/docs', [{ number: 7 }])))
    expect(readGitHubRun(env)).toMatchObject({
      headRef: 'docs/new',
      headSha: '0123456789abcdef0123456789abcdef01234567',
      forPullRequest: true
    })
    expect(readGitHubRun(env).headFromFork).toBeUndefined()
    await writeFile(path, JSON.stringify(followed('eve/docs', [])))
    expect(readGitHubRun(env)).toMatchObject({ headRef: 'docs/new', headFromFork: true })
    // A fork since deleted: its repository is null, and its branch no branch of this one.
    await writeFile(
      path,
      JSON.stringify({ workflow_run: { ...followed('x', []).workflow_run, head_repository: null } })
    )
    expect(readGitHubRun(env)).toMatchObject({ headRef: 'docs/new', headFromFork: true })
    // A fork's run names no pull request of this repository.
    expect(readGitHubRun(env).forPullRequest).toBeUndefined()
    // Without its branch, not its commit either: branch and commit must match.
    const noBranch = followed('acme/docs', [])
    delete (noBranch.workflow_run as { head_branch?: string }).head_branch
    await writeFile(path, JSON.stringify(noBranch))
    expect(readGitHubRun(env)).toMatchObject({ headSha: env.GITHUB_SHA, refName: 'main' })
    await writeFile(path, JSON.stringify(followed('acme/docs', [])))
    // The same payload under another event name is not read as a workflow_run.
    expect(readGitHubRun({ ...env, GITHUB_EVENT_NAME: 'push' }).headSha).toBe(env.GITHUB_SHA)
  })

  it('a comment on a pull request does not say its branch: a clear problem, not main', async () => {
    folder ??= await mkdtemp(join(tmpdir(), 'event-'))
    const path = join(folder, 'comment.json')
    await writeFile(path, JSON.stringify({ issue: { number: 7, pull_request: {} } }))
    const run = readGitHubRun({
      GITHUB_EVENT_NAME: 'issue_comment',
      GITHUB_EVENT_PATH: path,
      GITHUB_REF: 'refs/heads/main',
      GITHUB_REF_NAME: 'main'
    })
    expect(resolvePreviewBranch('', run)).toEqual({
      problem: expect.stringContaining('does not say the pull request’s head branch')
    })
  })
  it('is empty outside GitHub Actions, and survives a missing event file', () => {
    expect(readGitHubRun({})).toEqual({})
    expect(
      readGitHubRun({ GITHUB_EVENT_NAME: 'pull_request', GITHUB_EVENT_PATH: '/nonexistent' })
    ).toEqual({ eventName: 'pull_request' })
    expect(readGitHubRun({ GITHUB_REF_NAME: 'v1', GITHUB_REF_TYPE: 'tag' })).toEqual({})
  })
})

const run = {
  runUrl: 'https://github.com/acme/docs/actions/runs/99',
  repositoryUrl: 'https://github.com/acme/docs',
  headSha: 'c'.repeat(40)
}
const report = (fields: Partial<DeploymentReport> = {}): DeploymentReport => ({
  statusId: 'abc123',
  waitedMs: 1000,
  ...fields
})

describe('the preview comment', () => {
  it('goes building → ready → failed', () => {
    expect(commentState(report(), undefined)).toBe('building')
    expect(commentState(report({ deployment: status({ status: 'in_progress' }) }), undefined)).toBe(
      'building'
    )
    expect(commentState(report({ deployment: status({ status: 'success' }) }), undefined)).toBe(
      'ready'
    )
    expect(commentState(report(), new Error('x'))).toBe('failed')
  })

  it('a ready preview’s screenshot address cannot leave its image (closing parenthesis, quote, pipe)', () => {
    const body = deploymentCommentBody(
      'preview',
      report({
        deployment: status({
          status: 'success',
          screenshotUrl: 'https://shots.example/a)![x](https://evil.example/p.png)"b|c'
        })
      }),
      undefined,
      { run, branch: 'docs/x' }
    )
    const html = render(body)
    expect(html.match(/<img /g)).toHaveLength(1)
    expect(html).toContain(
      '<img src="https://shots.example/a%29!%5Bx%5D%28https://evil.example/p.png%29%22b%7Cc"'
    )
  })

  it('shows the link, the screenshot, the run and the short commit once ready', () => {
    const body = deploymentCommentBody(
      'preview',
      report({
        deployment: status({
          status: 'success',
          screenshotUrl: 'https://shots.example/1.png',
          commit: { sha: 'd'.repeat(40) }
        })
      }),
      undefined,
      { run, branch: 'docs/x', previewUrl: 'https://acme-docs-x.mintlify.app' }
    )
    const html = render(body)
    expect(html).toContain('<a href="https://acme-docs-x.mintlify.app/">Open the preview</a>')
    expect(html).toContain('<img src="https://shots.example/1.png" alt="Screenshot of the preview"')
    // The run's link is the footer the action adds to every comment, not a fact twice.
    expect(html).not.toContain('actions/runs/99')
    expect(html).toContain(
      `<a href="https://github.com/acme/docs/commit/${'d'.repeat(40)}">ddddddd</a>`
    )
    expect(html).toContain('<li><strong>Branch:</strong> docs/x</li>')
    expect(html).not.toContain('<table>')
  })

  it('shows the commit expected while building, and no link to open yet', () => {
    const context = { run, branch: 'docs/x', previewUrl: 'https://acme-docs-x.mintlify.app' }
    const html = render(
      deploymentCommentBody('preview', report(), undefined, {
        ...context,
        expectedCommit: 'c'.repeat(40)
      })
    )
    expect(html).toContain('Mintlify preview building')
    expect(html).not.toContain('Open the preview')
    expect(html).toContain('>ccccccc</a>')
    // Not known (another branch than the run's, or a deployment): no commit row.
    expect(render(deploymentCommentBody('preview', report(), undefined, context))).not.toContain(
      'Commit'
    )
  })

  it('renders hostile server text as text: no image, script, link or mention', () => {
    const hostile =
      '![x](https://evil.example/i.png) <script>alert(1)</script> | @org/team [a](javascript:alert(1))'
    const body = deploymentCommentBody(
      'preview',
      report({
        deployment: status({
          status: 'failure',
          summary: hostile,
          commit: { sha: hostile, message: hostile },
          screenshotUrl: 'javascript:alert(1)'
        })
      }),
      new Error(`Preview abc123 failed: ${hostile}.`),
      { run: {}, branch: hostile, previewUrl: 'javascript:alert(1)' }
    )
    const html = render(body)
    expect(html).not.toMatch(/<img|<script|href="javascript:/i)
    expect(html).not.toContain('@org/team')
    expect(html).toContain('Mintlify preview failed')
  })

  it('is one comment per project and branch', () => {
    expect(previewCommentMarker('proj', 'docs/x')).toBe(
      '<!-- mintlify-admin-action:preview:proj:docs%2Fx -->'
    )
    expect(previewCommentMarker('proj', 'a-->b')).not.toContain('-->b')
  })
})

describe('following a preview again', () => {
  it('gives the branch in the step to copy as YAML reads it back, whatever git allowed in it', () => {
    for (const branch of [
      'docs/new-page',
      "#docs/it's",
      '*alias',
      'a: b',
      '!tag',
      '@x',
      '%y',
      '1.10',
      '2024',
      '0x1F',
      'true',
      'null',
      'NULL',
      '~'
    ]) {
      const snippet = previewSnippet({ projectId: 'proj_1', branch, statusId: 'st_1', waitedMs: 0 })
      expect(parse(snippet ?? '')).toEqual({
        mode: 'preview',
        'project-id': 'proj_1',
        branch,
        'status-id': 'st_1'
      })
    }
  })

  it('reads back only a web link from a comment’s hidden record, on a line of its own', () => {
    const record = (url: string) => previewAddressRecord(url)
    expect(recordedPreviewAddress(`x${record('https://p.example/a?b=1&c=d--e')}\n\nfooter`)).toBe(
      'https://p.example/a?b=1&c=d--e'
    )
    expect(recordedPreviewAddress(record('javascript:alert(1)'))).toBeUndefined()
    expect(recordedPreviewAddress(record('https://u:p@p.example'))).toBeUndefined()
    expect(recordedPreviewAddress('<!-- mintlify-admin-action:preview-url:%E0%A4%A -->')).toBe(
      undefined
    )
    expect(
      recordedPreviewAddress(
        'quoted <!-- mintlify-admin-action:preview-url:https%3A%2F%2Fx.example -->'
      )
    ).toBeUndefined()
    expect(previewAddressRecord(undefined)).toBe('')
  })
})

describe('outputs', () => {
  it('are set from the last status; absent fields are empty, never "undefined"', () => {
    expect(deploymentOutputs(report())).toEqual({ 'status-id': 'abc123' })
    expect(
      deploymentOutputs(
        report({ deployment: status({ status: 'success', endedAt: '2026-01-01T00:00:00.000Z' }) })
      )
    ).toEqual({
      'status-id': 'abc123',
      status: 'success',
      'commit-sha': '',
      'commit-message': '',
      'screenshot-url': '',
      'ended-at': '2026-01-01T00:00:00.000Z'
    })
    expect(previewOutputs({ ...report(), branch: 'x', previewUrl: 'https://p.example' })).toEqual({
      'preview-url': 'https://p.example',
      'status-id': 'abc123'
    })
  })
})
