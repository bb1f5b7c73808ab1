// Settings validation, one decision a case: the domain, whole numbers and sizes, a job id
// pasted as an address, and what the run knows of GitHub from its environment.
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it, onTestFinished } from 'vitest'
import { normaliseDomain } from '../../src/settings/domain.js'
import { readGitHubRun } from '../../src/settings/github-run.js'
import {
  Reader,
  segmentsAfterJob,
  SettingsError,
  type InputSource
} from '../../src/settings/reader.js'
import { recordLog } from '../support/recording-host.js'

describe('the domain', () => {
  it.each([
    ['docs.example.com', 'docs.example.com', undefined],
    ['Docs.Example.com.', 'docs.example.com', 'Docs.Example.com.'],
    ['https://docs.example.com/', 'docs.example.com', 'https://docs.example.com/'],
    ['docs.example.com/', 'docs.example.com', 'docs.example.com/']
  ])('takes %j as %j', (input, domain, normalisedFrom) =>
    expect(normaliseDomain(input)).toEqual({
      ok: true,
      domain,
      ...(normalisedFrom ? { normalisedFrom } : {})
    })
  )
  it.each([
    ['https://docs.example.com/guide', 'has a path (/guide); give the host only'],
    ['https://docs.example.com/?x=1', 'has a path (/?x=1); give the host only'],
    ['https://docs.example.com:8443', 'has a port (8443); give the host name only'],
    ['docs.example.com:8443', 'has a port (8443); give the host name only'],
    ['docs.example.com:8443/', 'has a port (8443); give the host name only'],
    ['docs.example.com/guide', 'has a path (/guide); give the host only'],
    ['https://', 'is not a host name or a site address'],
    ['docs_example', 'is not a valid host name (expected something like docs.example.com)']
  ])('refuses %j: %s', (input, problem) =>
    expect(normaliseDomain(input)).toEqual({ ok: false, problem })
  )
})

/** Inputs from a plain object, as a front door gives them. */
function source(values: Record<string, string>): InputSource {
  return {
    text: name => values[name] ?? '',
    list: name => (values[name] ?? '').split('\n').filter(Boolean),
    flag: name => {
      const value = values[name] ?? 'false'
      if (value !== 'true' && value !== 'false') throw new Error('not a boolean')
      return value === 'true'
    }
  }
}
function reader(values: Record<string, string>) {
  const problems: string[] = []
  return { read: new Reader(source(values), problems), problems }
}

describe('the reader', () => {
  it.each([
    ['0', 0, []],
    ['7', 7, []],
    ['10', 10, []]
  ])('counts %j', (text, value, problems) => {
    const { read, problems: found } = reader({ n: text })
    expect(read.count('n', { min: 0, max: 10 })).toBe(value)
    expect(found).toEqual(problems)
  })
  it.each(['11', '-1', '1.5', ' 2', '', 'x'])('refuses the count %j', text => {
    const { read, problems } = reader({ n: text })
    read.count('n', { min: 0, max: 10 })
    expect(problems).toEqual([`Input \`n\` is \`${text}\`: expected a whole number from 0 to 10.`])
  })
  it('reads a size of at least its minimum', () => {
    const ok = reader({ s: '1KiB' })
    expect(ok.read.size('s', { min: 1024 })).toBe(1024)
    expect(ok.problems).toEqual([])
    for (const text of ['1023', 'lots']) {
      const { read, problems } = reader({ s: text })
      read.size('s', { min: 1024 })
      expect(problems).toEqual([
        `Input \`s\` is \`${text}\`: expected a size such as \`500MiB\` or \`20GiB\` (at least 1024 bytes).`
      ])
    }
  })
  it('says a flag that is not true or false', () => {
    const { read, problems } = reader({ f: 'yes' })
    expect(read.flag('f')).toBe(false)
    expect(problems).toEqual(['Input `f` is `yes`: expected `true` or `false`.'])
  })
  it('takes the one job id in a pasted address, with a notice', () => {
    const recorded = recordLog()
    onTestFinished(recorded.restore)
    const { read, problems } = reader({})
    const pasted = 'https://dashboard.example.com/p/x/job/ag%5F1/logs'
    expect(read.jobId('job-id', pasted, segmentsAfterJob)).toBe('ag_1')
    expect(problems).toEqual([])
    expect(recorded.of('notice')).toEqual([
      'Input `job-id`: using `ag_1`, the job id in the address given.'
    ])
  })
  it('refuses an address with no job id, or with two', () => {
    const { read, problems } = reader({})
    expect(read.jobId('job-id', 'https://x.example.com/a/b', segmentsAfterJob)).toBe('')
    expect(read.jobId('job-id', 'https://x.example.com/job/a/jobs/b', segmentsAfterJob)).toBe('')
    expect(problems).toHaveLength(2)
    expect(problems[0]).toContain('and no part of it is a job id')
    expect(problems[1]).toContain('and it names more than one')
  })
  it('finds the segments after `job` or `jobs` only', () => {
    expect(segmentsAfterJob(['job', 'a', 'Jobs', 'b', 'x', 'c', 'jobx', 'd'])).toEqual(['a', 'b'])
    expect(segmentsAfterJob(['a', 'job'])).toEqual([])
  })
  it('lists every problem at once, or says the one', () => {
    expect(new SettingsError(['only one']).message).toBe('only one')
    expect(new SettingsError(['a', 'b']).message).toBe('2 inputs need fixing:\n  - a\n  - b')
  })
})

describe('the GitHub run', () => {
  let folder: string | undefined
  afterEach(async () => {
    if (folder) await rm(folder, { recursive: true, force: true })
    folder = undefined
  })
  async function event(payload: unknown): Promise<string> {
    folder = await mkdtemp(join(tmpdir(), 'event-'))
    const path = join(folder, 'event.json')
    await writeFile(path, JSON.stringify(payload))
    return path
  }
  const base = {
    GITHUB_SERVER_URL: 'https://github.com/',
    GITHUB_REPOSITORY: 'acme/docs',
    GITHUB_RUN_ID: '42',
    GITHUB_SHA: 'a'.repeat(40)
  }

  it('reads a push: the run page, the branch, the commit', () => {
    expect(
      readGitHubRun({
        ...base,
        GITHUB_EVENT_NAME: 'push',
        GITHUB_REF: 'refs/heads/main',
        GITHUB_REF_NAME: 'main'
      })
    ).toEqual({
      eventName: 'push',
      runUrl: 'https://github.com/acme/docs/actions/runs/42',
      repositoryUrl: 'https://github.com/acme/docs',
      headSha: 'a'.repeat(40),
      refName: 'main'
    })
  })
  it('reads a pull request from a fork: its head, and that it is a fork’s', async () => {
    const path = await event({
      repository: { full_name: 'acme/docs' },
      pull_request: {
        head: { ref: ' feature ', sha: 'b'.repeat(40), repo: { full_name: 'mallory/docs' } }
      }
    })
    expect(
      readGitHubRun({
        ...base,
        GITHUB_EVENT_NAME: 'pull_request',
        GITHUB_EVENT_PATH: path,
        GITHUB_REF: 'refs/pull/7/merge',
        GITHUB_REF_NAME: '7/merge'
      })
    ).toEqual({
      eventName: 'pull_request',
      runUrl: 'https://github.com/acme/docs/actions/runs/42',
      repositoryUrl: 'https://github.com/acme/docs',
      headRef: 'feature',
      headFromFork: true,
      forPullRequest: true,
      headSha: 'b'.repeat(40)
    })
  })
  it('takes a comment on a pull request for one, head unknown', async () => {
    const path = await event({ issue: { pull_request: {} } })
    const run = readGitHubRun({ GITHUB_EVENT_NAME: 'issue_comment', GITHUB_EVENT_PATH: path })
    expect(run).toEqual({ eventName: 'issue_comment', forPullRequest: true })
  })
  it('knows nothing it cannot trust: a bad repository, run id or sha, a tag', () => {
    expect(
      readGitHubRun({
        GITHUB_SERVER_URL: 'https://github.com',
        GITHUB_REPOSITORY: 'acme/docs/../x',
        GITHUB_RUN_ID: '42',
        GITHUB_SHA: 'not-a-sha',
        GITHUB_REF_TYPE: 'tag',
        GITHUB_REF_NAME: 'v1'
      })
    ).toEqual({})
    expect(readGitHubRun({ ...base, GITHUB_RUN_ID: '42x', GITHUB_HEAD_REF: 'feature' })).toEqual({
      repositoryUrl: 'https://github.com/acme/docs',
      headRef: 'feature',
      headSha: 'a'.repeat(40)
    })
  })
  it('goes by its variables when the event file cannot be read', () => {
    expect(
      readGitHubRun({ ...base, GITHUB_EVENT_NAME: 'push', GITHUB_EVENT_PATH: '/nonexistent' })
    ).toMatchObject({ eventName: 'push', headSha: 'a'.repeat(40) })
  })
})
