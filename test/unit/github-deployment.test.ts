import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import type { PreviewSettings } from '../../src/modes/preview/settings.js'
import type { PreviewReport } from '../../src/modes/preview/run.js'
import { CancelledError, TimedOutError } from '../../src/modes/errors.js'
import { startGitHubStub, type GitHubStub } from '../support/github-stub.js'
import { recordLog } from '../support/recording-host.js'

const TOKEN = 'ghs_stubtoken0123456789abcdef'
let stub: GitHubStub
const apiUrl = process.env.GITHUB_API_URL

// One stub for the file: @actions/github reads GITHUB_API_URL once, when it loads, as on a runner.
beforeAll(async () => {
  stub = await startGitHubStub({ token: TOKEN, repo: 'acme/docs', pullNumber: 7 })
  process.env.GITHUB_API_URL = stub.url
})

afterAll(async () => {
  await stub.close()
  if (apiUrl === undefined) delete process.env.GITHUB_API_URL
  else process.env.GITHUB_API_URL = apiUrl
})

afterEach(() => {
  vi.restoreAllMocks()
})

/** A preview's settings with a GitHub deployment, on acme/docs. */
const settings = {
  branch: 'docs/x',
  githubDeployment: { environment: 'docs-preview', token: TOKEN },
  github: { headSha: 'abcdef0123456789abcdef0123456789abcdef01', headRef: 'docs/x' }
} as unknown as PreviewSettings
const context = { repo: { owner: 'acme', repo: 'docs' } } as never

describe('the GitHub deployment of a preview', () => {
  it('sets its final status however long the build took (each request has its own bound)', async () => {
    const { previewDeployment } = await import('../../src/action/github-deployment.js')
    const recorder = recordLog()
    try {
      // Each request's bound, run out on demand: a build that outlasts the bound is one call.
      const bounds: AbortController[] = []
      const timeout = vi.spyOn(AbortSignal, 'timeout').mockImplementation(() => {
        const bound = new AbortController()
        bounds.push(bound)
        return bound.signal
      })
      const requestTimeoutMs = 2000
      const deployment = previewDeployment(settings, context, requestTimeoutMs)
      const report = { branch: 'docs/x', waitedMs: 0, previewUrl: 'https://p.example' }
      await deployment?.started(report as PreviewReport)
      expect(bounds.length).toBeGreaterThan(0)
      // The build outlasted the bound: every bound made so far runs out before the final status.
      for (const bound of bounds) bound.abort(new DOMException('timed out', 'TimeoutError'))
      await deployment?.finished(report as PreviewReport, undefined)
      expect(timeout).toHaveBeenCalledWith(requestTimeoutMs)
      expect(recorder.of('warning')).toEqual([])
      expect(stub.deployments.at(-1)?.statuses.map(s => s.state)).toEqual([
        'in_progress',
        'success'
      ])
    } finally {
      recorder.restore()
    }
  })

  it('keeps descriptions within GitHub’s 140 characters, so a long failure still ends it', async () => {
    const { previewDeployment } = await import('../../src/action/github-deployment.js')
    const recorder = recordLog()
    try {
      const deployment = previewDeployment(settings, context, 2000)
      const report = {
        branch: `docs/${'b'.repeat(200)}`,
        waitedMs: 0,
        deployment: { summary: `Build failed: ${'x'.repeat(300)}` }
      }
      await deployment?.started(report as unknown as PreviewReport)
      await deployment?.finished(report as unknown as PreviewReport, new Error('failed'))
      expect(recorder.of('warning')).toEqual([])
      const recorded = stub.deployments.at(-1)
      expect(recorded?.statuses.map(s => s.state)).toEqual(['in_progress', 'failure'])
      expect([...(recorded?.description ?? '')]).toHaveLength(140)
    } finally {
      recorder.restore()
    }
  })

  it('is of the previewed branch, not the run’s commit, when the run is for another branch', async () => {
    const { previewDeployment } = await import('../../src/action/github-deployment.js')
    const recorder = recordLog()
    try {
      // A /docs comment on the default branch's run, naming the pull request's branch.
      const other = { ...settings, branch: 'docs/y' } as PreviewSettings
      const deployment = previewDeployment(other, context, 2000)
      await deployment?.started({ branch: 'docs/y', waitedMs: 0 } as PreviewReport)
      expect(stub.deployments.at(-1)?.ref).toBe('docs/y')
      const own = previewDeployment(settings, context, 2000)
      await own?.started({ branch: 'docs/x', waitedMs: 0 } as PreviewReport)
      expect(stub.deployments.at(-1)?.ref).toBe(settings.github.headSha)
      // A fork's branch of the same name: its commit is not this repository's branch.
      const fork = { ...settings, github: { ...settings.github, headFromFork: true } }
      await previewDeployment(fork as PreviewSettings, context, 2000)?.started({
        branch: 'docs/x',
        waitedMs: 0
      } as PreviewReport)
      expect(stub.deployments.at(-1)?.ref).toBe('docs/x')
    } finally {
      recorder.restore()
    }
  })

  it.each([
    ['timed out', new TimedOutError('Timed out.')],
    ['cancelled', new CancelledError('Cancelled by SIGTERM.')]
  ])('stays in progress when the run %s: the preview goes on building', async (_what, error) => {
    const { previewDeployment } = await import('../../src/action/github-deployment.js')
    const recorder = recordLog()
    try {
      const deployment = previewDeployment(settings, context, 2000)
      const report = { branch: 'docs/x', waitedMs: 0 } as PreviewReport
      await deployment?.started(report)
      await deployment?.finished(report, error)
      expect(stub.deployments.at(-1)?.statuses.map(s => s.state)).toEqual(['in_progress'])
      expect(recorder.of('info').join('\n')).toContain('left in progress')
    } finally {
      recorder.restore()
    }
  })
})
