import { describe, expect, it } from 'vitest'
import { classifyAgentJob, pullRequestAbsence } from '../../src/modes/agent-watch/agent-status.js'
import type { AgentReport } from '../../src/modes/agent-watch/run.js'
import type { AgentJob } from '../../src/api/client.js'
import { exportCommentBody, exportCommentMarker } from '../../src/modes/export/report.js'
import { TimedOutError } from '../../src/modes/errors.js'
import { pullRequestOf } from '../../src/action/pr-comment.js'
import { promptDetails } from '../../src/modes/agent/report.js'
import type { AgentRunReport } from '../../src/modes/agent/run.js'
import { renderGfm } from '../support/markdown.js'
import { agentWatchMode } from '../../src/modes/agent-watch/mode.js'
import {
  agentCommentBody,
  agentCommentMarker,
  agentOutputs,
  agentRunMs,
  agentSummaryRows
} from '../../src/modes/agent-watch/report.js'

function agentJob(fields: Partial<AgentJob>): AgentJob {
  const job = { status: 'active', ...fields }
  return { raw: { ...job }, ...job }
}

describe('classifyAgentJob', () => {
  it('ends on completed, archived and failed only', () => {
    expect(classifyAgentJob(agentJob({ status: 'completed', prLink: 'https://x/pull/1' }))).toEqual(
      {
        kind: 'completed',
        prLink: 'https://x/pull/1'
      }
    )
    expect(classifyAgentJob(agentJob({ status: 'completed' }))).toEqual({ kind: 'completed' })
    expect(classifyAgentJob(agentJob({ status: 'archived' }))).toEqual({ kind: 'archived' })
    // Archived after it opened its pull request: the link is still the job's result.
    expect(classifyAgentJob(agentJob({ status: 'archived', prLink: 'https://x/pull/1' }))).toEqual({
      kind: 'archived',
      prLink: 'https://x/pull/1'
    })
    expect(classifyAgentJob(agentJob({ status: 'active' }))).toEqual({
      kind: 'pending',
      known: true
    })
    expect(classifyAgentJob(agentJob({ status: 'paused' }))).toEqual({
      kind: 'pending',
      known: false
    })
  })
  it('uses a reason the server sends with a failure', () => {
    const job: AgentJob = { status: 'failed', raw: { status: 'failed', error: 'out of credits' } }
    expect(classifyAgentJob(job)).toEqual({ kind: 'failed', reason: 'out of credits' })
    expect(classifyAgentJob(agentJob({ status: 'failed' }))).toEqual({ kind: 'failed' })
  })
  it.each(['error', 'message', 'failureReason', 'reason'])('takes the reason from `%s`', key => {
    const job: AgentJob = { status: 'failed', raw: { status: 'failed', [key]: 'out of credits' } }
    expect(classifyAgentJob(job)).toEqual({ kind: 'failed', reason: 'out of credits' })
  })
  it('passes over a blank reason to the next field', () => {
    const raw = { status: 'failed', error: '  ', message: 'quota reached' }
    expect(classifyAgentJob({ status: 'failed', raw })).toEqual({
      kind: 'failed',
      reason: 'quota reached'
    })
  })
  it('reads the status whatever its case and surrounding space', () => {
    expect(classifyAgentJob(agentJob({ status: ' Archived\n' }))).toEqual({ kind: 'archived' })
    expect(classifyAgentJob(agentJob({ status: 'COMPLETED ' }))).toEqual({ kind: 'completed' })
    expect(classifyAgentJob(agentJob({ status: ' Active' }))).toEqual({
      kind: 'pending',
      known: true
    })
  })
})

const report: AgentReport = {
  projectId: 'proj_1',
  jobId: 'job_1',
  waitedMs: 42_000,
  job: agentJob({
    status: 'archived',
    model: 'claude-sonnet-4',
    repository: 'https://github.com/acme/docs',
    ref: 'main',
    createdAt: '2026-01-01T00:00:00Z',
    archivedAt: '2026-01-01T00:05:00Z'
  })
}

describe('agent outputs', () => {
  it('sets every output, null fields as empty strings', () => {
    const outputs = agentOutputs(report)
    expect(outputs).toMatchObject({
      status: 'archived',
      'pr-link': '',
      model: 'claude-sonnet-4',
      repository: 'https://github.com/acme/docs',
      ref: 'main',
      'created-at': '2026-01-01T00:00:00Z',
      'archived-at': '2026-01-01T00:05:00Z'
    })
    expect(JSON.parse(outputs.job as string)).toMatchObject({ status: 'archived' })
  })
  it('measures how long the job ran up to its archiving', () => {
    expect(agentRunMs(report)).toBe(5 * 60_000)
    const rows = Object.fromEntries(agentSummaryRows(report))
    expect(rows['Job ran for']).toBe('5m')
    expect(rows['Action waited']).toBe('42s')
    expect(rows['Pull request']).toBe('none')
  })
  it('gives no run time to a job that is not archived (its age is not one)', () => {
    const active = {
      ...report,
      job: agentJob({ status: 'active', createdAt: '2026-01-01T00:00:00Z' })
    }
    expect(agentRunMs(active)).toBeUndefined()
    expect(Object.fromEntries(agentSummaryRows(active))['Job ran for']).toBeUndefined()
  })
  it('says "no file changes" only of a completed job', () => {
    expect(pullRequestAbsence(agentJob({ status: 'completed' }))).toBe('none (no file changes)')
    expect(pullRequestAbsence(agentJob({ status: 'active' }))).toBe('none yet')
    expect(pullRequestAbsence(agentJob({ status: 'failed' }))).toBe('none')
  })
  it('hands on no status the answer did not give (taken as active only to keep waiting)', () => {
    const assumed = {
      ...report,
      job: { ...agentJob({ status: 'active' }), statusAssumed: true as const }
    }
    expect(agentOutputs(assumed).status).toBe('')
    expect(Object.fromEntries(agentSummaryRows(assumed)).Status).toBe('not in the last answer')
    expect(agentCommentBody(assumed, undefined)).not.toContain('status:')
    const given = { ...report, job: agentJob({ status: 'active' }) }
    expect(agentOutputs(given).status).toBe('active')
    expect(agentCommentBody(given, undefined)).toContain('status: active')
  })
  it('escapes what the server sent', () => {
    const odd = { ...report, job: agentJob({ status: '<b>x</b>', prLink: 'https://x/"><script>' }) }
    const html = agentSummaryRows(odd)
      .map(row => row[1])
      .join(' ')
    expect(html).not.toContain('<script>')
    expect(html).not.toContain('<b>')
  })
})

describe('comments', () => {
  it('finds the pull request of the run', () => {
    const context = { repo: { owner: 'o', repo: 'r' }, payload: { pull_request: { number: 7 } } }
    expect(pullRequestOf(context as never)).toEqual({ owner: 'o', repo: 'r', issueNumber: 7 })
    expect(pullRequestOf({ repo: { owner: 'o', repo: 'r' }, payload: {} } as never)).toBeUndefined()
    const workflowRun = (eventName: string) => ({
      eventName,
      repo: { owner: 'o', repo: 'r' },
      payload: { workflow_run: { pull_requests: [{ number: 9 }] } }
    })
    expect(pullRequestOf(workflowRun('workflow_run') as never)).toEqual({
      owner: 'o',
      repo: 'r',
      issueNumber: 9
    })
    expect(pullRequestOf(workflowRun('push') as never)).toBeUndefined()
    const noPulls = { eventName: 'workflow_run', repo: { owner: 'o', repo: 'r' }, payload: {} }
    expect(pullRequestOf(noPulls as never)).toBeUndefined()
    const emptyRun = { ...noPulls, payload: { workflow_run: {} } }
    expect(pullRequestOf(emptyRun as never)).toBeUndefined()
    // A fork's run: its pull request is not this repository's to list.
    const forkRun = { ...noPulls, payload: { workflow_run: { pull_requests: [] } } }
    expect(pullRequestOf(forkRun as never)).toBeUndefined()
  })
  it('describes an export without its link', () => {
    const body = exportCommentBody(
      {
        jobId: 'se_1',
        lastJob: { status: 'completed', pageCount: 12 },
        link: {
          url: 'https://s/b?X-Amz-Signature=secretsecret',
          expiresAt: new Date('2026-01-01T00:00:00Z')
        },
        download: {
          path: '/t/b.tar.gz',
          sizeBytes: 10,
          sha256: 'f'.repeat(64),
          format: 'tar.gz',
          retries: 0
        },
        phases: []
      },
      undefined
    )
    expect(body).toContain('ready')
    expect(body).toContain('12 pages')
    expect(body).toContain('f'.repeat(64))
    expect(body).toContain('2026-01-01T00:00:00.000Z')
    expect(body).not.toContain('secretsecret')
    expect(exportCommentMarker('docs.example.com')).toMatch(/^<!-- .* -->$/)
  })
  it('heads a timeout after the export finished as a failure, not as still running', () => {
    const done = { jobId: 'se_1', lastJob: { status: 'completed' as const }, phases: [] }
    const heading = (error: Error) => exportCommentBody(done, error).split('\n')[0]
    expect(heading(new TimedOutError('Timed out downloading.', false))).toBe(
      '### ❌ Mintlify static export failed'
    )
    expect(heading(new TimedOutError('Timed out waiting.'))).toBe(
      '### ⏳ Mintlify static export still running: this run stopped waiting'
    )
  })
  it('says on the pull request how many files the link check could not read', () => {
    const siteCheck = {
      host: 'nginx' as const,
      pages: 1,
      filesRead: 1,
      references: 3,
      targets: 2,
      origins: [],
      broken: [],
      skipped: ['huge.html']
    }
    const body = exportCommentBody({ jobId: 'se_1', siteCheck, phases: [] }, undefined)
    expect(body).toContain(
      'all links resolve on host `nginx`; 1 file(s) too large to read, not checked'
    )
    const read = exportCommentBody(
      { jobId: 'se_1', siteCheck: { ...siteCheck, skipped: [] }, phases: [] },
      undefined
    )
    expect(read).toContain('all links resolve on host `nginx`')
    expect(read).not.toContain('not checked')
  })
  it('describes an agent result with its pull request', () => {
    const done = {
      ...report,
      job: agentJob({ status: 'completed', prLink: 'https://github.com/acme/docs/pull/42' })
    }
    expect(agentCommentBody(done, undefined)).toContain('https://github.com/acme/docs/pull/42')
    const failedJob = { ...report, job: agentJob({ status: 'failed' }) }
    const failed = agentCommentBody(failedJob, new Error('Agent job job_1 failed: boom'))
    // The heading says so, apart from the quoted error the test wrote.
    expect(failed.split('\n')[0]).toBe('### ❌ The docs agent failed')
    expect(failed).toContain('> Agent job job\\_1 failed: boom')
  })
  it('heads a step that failed beside the agent by what the job did, not as the agent’s failure', () => {
    const heading = (job: AgentJob | undefined, error?: Error) =>
      agentCommentBody({ ...report, job }, error).split('\n')[0]
    const refused = new Error('GET failed with HTTP 401.')
    expect(heading(agentJob({ status: 'active' }), refused)).toBe(
      '### ⚠️ Could not follow the docs agent: it may still be working'
    )
    expect(heading(undefined, refused)).toBe(
      '### ⚠️ Could not follow the docs agent: it may still be working'
    )
    const required = new Error('`require-pr: true` makes this a failure.')
    expect(heading(agentJob({ status: 'completed' }), required)).toBe(
      '### ❌ The docs agent finished without a pull request to hand on'
    )
    // A pull request named by a link that cannot be used is not "no changes needed".
    const unusable = { ...agentJob({ status: 'completed' }), prLinkUnusable: true as const }
    expect(heading(unusable)).toBe(
      '### ⚠️ The docs agent finished; its pull request link could not be used'
    )
  })
  it('heads a job it did not wait for by what the step did: started it, or sent it a follow-up', () => {
    const active = { ...report, job: agentJob({ status: 'active' }) }
    const heading = (more: object) =>
      agentCommentBody({ ...active, ...more }, undefined).split('\n')[0]
    expect(heading({ waited: false, request: 'create' })).toBe('### ⏳ The docs agent started')
    expect(heading({ waited: false, request: 'follow-up' })).toBe(
      '### ⏳ The docs agent took the follow-up'
    )
    expect(heading({ request: 'follow-up' })).toBe('### ⏳ The docs agent is working')
  })
  it('heads an archived job with its pull request, or says it has none', () => {
    expect(agentCommentBody(report, undefined).split('\n')[0]).toBe(
      '### 🗄️ The docs agent job is archived, with no pull request'
    )
    const archived = { ...report, job: { ...report.job, prLink: 'https://github.com/a/b/pull/1' } }
    expect(agentCommentBody(archived as AgentReport, undefined).split('\n')[0]).toBe(
      '### 🗄️ The docs agent job is archived; its pull request: https://github.com/a/b/pull/1'
    )
  })
  it('keeps one comment per agent job', () => {
    expect(agentCommentMarker('proj_1', 'job_a')).not.toBe(agentCommentMarker('proj_1', 'job_b'))
  })
  it('shows what the server sent as text: no image, no disguised link, no mention', () => {
    const hostile = {
      ...report,
      job: agentJob({
        status: '<img src=https://evil.example/x>',
        prLink: '[safe](https://evil.example/phish)'
      })
    }
    const reason = 'Agent job job_1 failed: ![t](https://evil.example/t.png) | cc @acme/admins'
    const body = agentCommentBody(hostile, new Error(reason))
    expect(body).not.toContain('<img')
    expect(body).not.toContain('![t](')
    expect(body).not.toContain('[safe](')
    expect(body).not.toContain('@acme')
    expect(body).toContain('@\u200bacme/admins')
    const linked = {
      ...report,
      job: agentJob({ status: 'completed', prLink: 'https://github.com/a/b/pull/1' })
    }
    expect(agentCommentBody(linked, undefined).split('\n')[0]).toBe(
      '### ✅ The docs agent opened a pull request: https://github.com/a/b/pull/1'
    )
  })
  it('escapes the Markdown of the error quoted in the job summary', () => {
    const summary = agentWatchMode.summaryMarkdown(
      report,
      new Error('failed: ![pixel](https://evil.example/p.png)\n[Fix](https://evil.example)')
    )
    expect(summary).not.toContain('![pixel](')
    expect(summary).not.toContain('[Fix](')
    expect(summary).toContain('> failed: \\!\\[pixel\\]')
  })
})

describe('the prompt in the agent summary', () => {
  it('stays text inside its folded block: no tag, no end of the block, no mention', () => {
    const prompt =
      'Document @acme/admins\n</pre></details><img src=x onerror=alert(1)>\n\n# Heading & [link](https://evil.example)'
    const block = promptDetails({
      request: 'create',
      prompt,
      projectId: 'proj_1',
      waited: true,
      waitedMs: 0
    } as unknown as AgentRunReport)
    const html = renderGfm(block)
    expect(html).not.toContain('<img')
    expect(html).not.toContain('<h1>')
    expect(html).not.toContain('<a ')
    expect(html.match(/<\/pre>/g)).toHaveLength(1)
    expect(html.match(/<\/details>/g)).toHaveLength(1)
    expect(html).toContain('@\u200bacme/admins')
    expect(html).toContain('&lt;/pre&gt;&lt;/details&gt;&lt;img')
    expect(block).toContain(`(${prompt.length} characters)`)
  })
})
