import type { AgentJob } from '../../src/api/client.js'
import type { AgentReport } from '../../src/modes/agent-watch/run.js'
import type { AgentRunReport } from '../../src/modes/agent/run.js'
import type { DeploymentReport } from '../../src/modes/deploy/follow.js'
import { TimedOutError } from '../../src/modes/errors.js'
import type { ExportPhase, ExportReport } from '../../src/modes/export/run.js'
import type { ModeName } from '../../src/modes/modes.js'
import type { PreviewReport } from '../../src/modes/preview/run.js'
import type { GitHubRun } from '../../src/settings/github-run.js'

/*
 * Sample reports of every mode, in the states a run ends in (or comments in while it waits),
 * for the summaries test and `npm run preview:summary`.
 */

export const agentJob = (status: string, extra: Partial<AgentJob> = {}): AgentJob => ({
  id: 'job_1',
  status,
  model: 'claude-sonnet-4',
  repository: 'https://github.com/acme/docs',
  ...extra,
  raw: { status }
})

/** Each mode's report while the work still goes on: what a timeout leaves. */
export const inProgress = {
  export: {
    jobId: 'se_3f9a2c1b8e7d4a06',
    started: true,
    lastJob: { status: 'running', progress: 40, pageCount: 4 },
    phases: [
      { name: 'wait' as ExportPhase, ms: 900_000 },
      { name: 'download', ms: 0 }
    ]
  } satisfies ExportReport,
  'agent-watch': {
    projectId: 'proj_1',
    jobId: 'job_1',
    job: agentJob('active'),
    waitedMs: 60_000
  } satisfies AgentReport,
  agent: {
    projectId: 'proj_1',
    jobId: 'job_1',
    job: agentJob('active'),
    waitedMs: 60_000,
    request: 'create',
    prompt: 'Update the docs for `retries` <b>now</b>\n\n> quoted',
    waited: true
  } satisfies AgentRunReport,
  deploy: {
    projectId: 'proj_1',
    statusId: 'st_1',
    deployment: { status: 'in_progress', logs: [] },
    waitedMs: 900_000
  } satisfies DeploymentReport,
  preview: {
    projectId: 'proj_1',
    statusId: 'st_2',
    deployment: { status: 'in_progress', logs: [] },
    waitedMs: 900_000,
    branch: 'docs/x',
    previewUrl: 'https://acme-docs-x.mintlify.app'
  } satisfies PreviewReport
}

const run: GitHubRun = {
  runUrl: 'https://github.com/acme/docs/actions/runs/14023358112',
  repositoryUrl: 'https://github.com/acme/docs',
  headSha: '9f2c1e7a4b0d3c8e5f6a7b8c9d0e1f2a3b4c5d6e'
}

/** What each mode's comment reads of its settings; the rest is left out. */
export const commentSettings: Record<ModeName, object> = {
  export: { target: { kind: 'domain', domain: 'https://docs.acme.com' } },
  'agent-watch': { projectId: 'proj_1', jobId: 'job_1' },
  agent: {},
  deploy: { projectId: 'proj_1', github: run },
  preview: { projectId: 'proj_1', branch: 'docs/x', github: run }
}

export interface ReportSample {
  mode: ModeName
  variant: string
  /** The state, in a few words, for people. */
  label: string
  report: object
  error?: Error
  /** Posted while the action waits: only the comment shows this state, no summary. */
  commentOnly?: boolean
}

const timeout = (what: string, last: string) =>
  new TimedOutError(
    `Timed out after 15m waiting for ${what} (last status: ${last}). Increase \`timeout\`; it goes on on the server.`
  )

const commit = { sha: '9f2c1e7a4b0d3c8e5f6a7b8c9d0e1f2a3b4c5d6e', message: 'Document `retries`' }

export const SAMPLES: ReportSample[] = [
  {
    mode: 'export',
    variant: 'success',
    label: 'downloaded, checked and extracted',
    report: {
      jobId: 'se_3f9a2c1b8e7d4a06',
      started: true,
      lastJob: { status: 'completed', progress: 100, pageCount: 42 },
      link: {
        url: 'https://exports.mintlify.com/acme/se_3f9a2c1b8e7d4a06.tar.gz?X-Amz-Signature=abc',
        expiresAt: new Date(Date.now() + 3_600_000)
      },
      download: {
        path: '/home/runner/work/_temp/mintlify-export/bundle.tar.gz',
        sizeBytes: 18_874_368,
        sha256: 'b5bb9d8014a0f9b1d61e21e796d78dccdf1352f23cd32812f4850b878ae4944c',
        format: 'tar.gz',
        retries: 0
      },
      site: { path: 'site', files: 214, totalBytes: 52_428_800 },
      externalHosts: new Map([['fonts.googleapis.com', 'index.html']]),
      artifact: {
        name: 'mintlify-export',
        id: 3141592,
        url: 'https://github.com/acme/docs/actions/runs/14023358112/artifacts/3141592'
      },
      phases: [
        { name: 'start', ms: 800 },
        { name: 'render', ms: 95_000 },
        { name: 'link', ms: 300 },
        { name: 'download', ms: 4_200 },
        { name: 'extract', ms: 1_100 }
      ]
    } satisfies ExportReport
  },
  {
    mode: 'export',
    variant: 'broken-links',
    label: 'extracted, with links that will not resolve on the host (check: fail)',
    report: brokenLinksReport(),
    error: new Error(
      '3 URL(s) of the site will not resolve on host `nginx` (check: fail), e.g. "/guides/missing" in guides/intro.html. Deploy the configuration in `host-config` with the site.'
    )
  },
  {
    mode: 'export',
    variant: 'failure',
    label: 'the job failed',
    report: {
      ...inProgress.export,
      lastJob: { status: 'failed', progress: 70, reason: 'Page `/api/retries` failed to render' },
      phases: [{ name: 'render', ms: 120_000 }]
    } satisfies ExportReport,
    error: new Error('Export job se_3f9a2c1b8e7d4a06 failed: Page `/api/retries` failed to render')
  },
  {
    mode: 'export',
    variant: 'timeout',
    label: 'timed out while rendering',
    report: inProgress.export,
    error: timeout('export se_3f9a2c1b8e7d4a06', 'running')
  },
  {
    mode: 'agent-watch',
    variant: 'success',
    label: 'the job opened a pull request',
    report: {
      ...inProgress['agent-watch'],
      job: agentJob('completed', { prLink: 'https://github.com/acme/docs/pull/42' }),
      waitedMs: 372_000
    } satisfies AgentReport
  },
  {
    mode: 'agent-watch',
    variant: 'failure',
    label: 'the job failed',
    report: { ...inProgress['agent-watch'], job: agentJob('failed') } satisfies AgentReport,
    error: new Error('Agent job job_1 failed: could not push to `docs/agent_update`.')
  },
  {
    mode: 'agent-watch',
    variant: 'timeout',
    label: 'timed out while the job works',
    report: inProgress['agent-watch'],
    error: timeout('agent job job_1', 'active')
  },
  {
    mode: 'agent',
    variant: 'success',
    label: 'the job opened a pull request',
    report: {
      ...inProgress.agent,
      job: agentJob('completed', { prLink: 'https://github.com/acme/docs/pull/42' }),
      context: 'pull request #12',
      waitedMs: 372_000
    } satisfies AgentRunReport
  },
  {
    mode: 'agent',
    variant: 'started',
    label: 'started, not followed (wait: false)',
    report: { ...inProgress.agent, waited: false, waitedMs: 0 } satisfies AgentRunReport
  },
  {
    mode: 'agent',
    variant: 'working',
    label: 'working (the comment while the action waits)',
    report: inProgress.agent,
    commentOnly: true
  },
  {
    mode: 'agent',
    variant: 'failure',
    label: 'the job failed',
    report: { ...inProgress.agent, job: agentJob('failed') } satisfies AgentRunReport,
    error: new Error('Agent job job_1 failed: could not push to `docs/agent_update`.')
  },
  {
    mode: 'agent',
    variant: 'timeout',
    label: 'timed out while the job works',
    report: inProgress.agent,
    error: timeout('agent job job_1', 'active')
  },
  {
    mode: 'deploy',
    variant: 'building',
    label: 'building (the comment while the action waits)',
    report: inProgress.deploy,
    commentOnly: true
  },
  {
    mode: 'deploy',
    variant: 'success',
    label: 'live',
    report: {
      ...inProgress.deploy,
      deployment: {
        status: 'success',
        summary: 'Deployed 42 pages',
        logs: [],
        commit,
        endedAt: '2026-11-25T15:04:05Z'
      },
      waitedMs: 84_000
    } satisfies DeploymentReport
  },
  {
    mode: 'deploy',
    variant: 'failure',
    label: 'the deployment failed',
    report: {
      ...inProgress.deploy,
      deployment: {
        status: 'failure',
        summary: 'Broken link in `api/retries.mdx`',
        logs: [],
        commit
      },
      waitedMs: 61_000
    } satisfies DeploymentReport,
    error: new Error(
      'Deployment st_1 failed: Broken link in `api/retries.mdx`. The last lines of its log are in the step’s log.'
    )
  },
  {
    mode: 'deploy',
    variant: 'timeout',
    label: 'timed out while building',
    report: inProgress.deploy,
    error: timeout('deployment st_1', 'in_progress')
  },
  {
    mode: 'preview',
    variant: 'building',
    label: 'building (the comment while the action waits)',
    report: inProgress.preview,
    commentOnly: true
  },
  {
    mode: 'preview',
    variant: 'success',
    label: 'ready, with its address and a screenshot',
    report: {
      ...inProgress.preview,
      deployment: {
        status: 'success',
        logs: [],
        commit,
        screenshotUrl: 'https://screenshots.mintlify.com/acme/st_2.png',
        endedAt: '2026-11-25T15:04:05Z'
      },
      waitedMs: 84_000
    } satisfies PreviewReport
  },
  {
    mode: 'preview',
    variant: 'failure',
    label: 'the preview failed',
    report: {
      ...inProgress.preview,
      deployment: {
        status: 'failure',
        summary: 'Broken link in `api/retries.mdx`',
        logs: [],
        commit
      },
      waitedMs: 61_000
    } satisfies PreviewReport,
    error: new Error(
      'Preview st_2 failed: Broken link in `api/retries.mdx`. The last lines of its log are in the step’s log.'
    )
  },
  {
    mode: 'preview',
    variant: 'timeout',
    label: 'timed out while building',
    report: inProgress.preview,
    error: timeout('preview st_2', 'in_progress')
  }
]

/** An extracted export whose site check found broken links, one of them hostile text. */
export function brokenLinksReport(extra = 0): ExportReport {
  const hostile = '/x::error::pwned\n| `tick` <img src=x onerror=alert(1)> @acme/team'
  return {
    jobId: 'se_3f9a2c1b8e7d4a06',
    started: true,
    lastJob: { status: 'completed', progress: 100, pageCount: 42 },
    site: { path: 'site', files: 214, totalBytes: 52_428_800 },
    siteCheck: {
      host: 'nginx',
      pages: 42,
      filesRead: 60,
      references: 5_200,
      targets: 310,
      origins: ['https://docs.acme.com'],
      broken: [
        { target: '/guides/missing', from: 'guides/intro.html', kind: 'link', count: 2 },
        { target: '/img/logo@2x.png', from: 'index.html', kind: 'asset', count: 42 },
        { target: hostile, from: 'a|b\n::warning::c.html', kind: 'sitemap', count: 1 },
        ...Array.from({ length: extra }, (_, i) => ({
          target: `/gone/${i}`,
          from: 'index.html',
          kind: 'link' as const,
          count: 1
        }))
      ],
      skipped: []
    },
    hostConfigPath: '/home/runner/work/_temp/mintlify-export/se_3f9a2c1b8e7d4a06/nginx-site.conf',
    phases: [{ name: 'check', ms: 400 }]
  }
}
