// The comment upsert in process, against the GitHub stand-in: which comment it finds again is
// decided by the exact marker, and that is what these tests look at (not the marker's shape).
import type * as github from '@actions/github'
import { afterAll, beforeAll, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest'
import { agentCommentMarker } from '../../src/modes/agent-watch/report.js'
import { exportCommentMarker } from '../../src/modes/export/report.js'
import { previewCommentMarker } from '../../src/modes/preview/report.js'
import {
  COMMENT_BODY_MAX_CHARS,
  startGitHubStub,
  WORKFLOW_TOKEN_LOGIN,
  type GitHubStub,
  type GitHubStubOptions
} from '../support/github-stub.js'
import { recordLog } from '../support/recording-host.js'

const TOKEN = 'ghs_prcommenttest0123456789'
const REPO = 'acme/docs'
const PULL = 7

/** A pull_request run's context, as @actions/github builds it from the event. */
function pullRequestContext(number = PULL): typeof github.context {
  return {
    eventName: 'pull_request',
    sha: 'a'.repeat(40),
    serverUrl: 'https://github.com',
    runId: 42,
    repo: { owner: 'acme', repo: 'docs' },
    payload: { pull_request: { number, head: { sha: 'b'.repeat(40) } } }
  } as unknown as typeof github.context
}

/** The context of a run for another event (a push, say), with no pull request in its payload. */
function eventContext(eventName: string, sha: string): typeof github.context {
  return {
    eventName,
    sha,
    serverUrl: 'https://github.com',
    runId: 42,
    repo: { owner: 'acme', repo: 'docs' },
    payload: {}
  } as unknown as typeof github.context
}

let stub: GitHubStub
const STUB_OPTIONS: GitHubStubOptions = { token: TOKEN, repo: REPO, pullNumber: PULL }
let upsertPullRequestComment: typeof import('../../src/action/pr-comment.js').upsertPullRequestComment
let runFooter: typeof import('../../src/action/pr-comment.js').runFooter
let isOwnComment: typeof import('../../src/action/pr-comment.js').isOwnComment
let ownCommentBody: typeof import('../../src/action/pr-comment.js').ownCommentBody
const apiUrl = process.env.GITHUB_API_URL
beforeAll(async () => {
  stub = await startGitHubStub({ ...STUB_OPTIONS })
  // @actions/github reads GITHUB_API_URL when it loads, as on a runner.
  process.env.GITHUB_API_URL = stub.url
  ;({ upsertPullRequestComment, runFooter, isOwnComment, ownCommentBody } =
    await import('../../src/action/pr-comment.js'))
})
afterAll(async () => {
  await stub.close()
  if (apiUrl === undefined) delete process.env.GITHUB_API_URL
  else process.env.GITHUB_API_URL = apiUrl
})
beforeEach(() => {
  stub.comments.length = 0
  stub.requests.length = 0
  // Each test changes the stub's answers it needs; the rest answer as a writable token gets.
  for (const key of Object.keys(stub.options)) delete stub.options[key as keyof GitHubStubOptions]
  Object.assign(stub.options, STUB_OPTIONS)
})

/** One upsert, whatever its result, with what it logged. */
async function attempt(
  context: typeof github.context,
  body = 'body',
  marker = exportCommentMarker('docs.example.com')
) {
  const recorded = recordLog()
  onTestFinished(recorded.restore)
  const result = await upsertPullRequestComment(TOKEN, marker, body, context)
  return { result, info: recorded.of('info'), warnings: recorded.of('warning') }
}

async function upsert(marker: string, body: string) {
  const recorded = recordLog()
  onTestFinished(recorded.restore)
  const result = await upsertPullRequestComment(TOKEN, marker, body, pullRequestContext())
  if (result === 'failed') throw new Error(recorded.of('warning').join('\n'))
  return result
}

describe('the pull-request comment upsert', () => {
  it('updates only the comment whose first line is exactly its marker', async () => {
    const marker = agentCommentMarker('proj_1', 'job_1')
    // Ours, but for other subjects: each begins with this marker's text or extends it.
    const longer = stub.addComment(`${marker} (an older run)\nold`, WORKFLOW_TOKEN_LOGIN)
    const cutShort = stub.addComment(`${marker.slice(0, -4)}0 -->\nother job`, WORKFLOW_TOKEN_LOGIN)
    const quoted = stub.addComment(`> ${marker}\nquoted`, WORKFLOW_TOKEN_LOGIN)
    const theirs = stub.addComment(`${marker}\nsomeone pasted it`, 'mallory')
    const ours = stub.addComment(`${marker}\nworking`, WORKFLOW_TOKEN_LOGIN)

    expect(await upsert(marker, 'done')).toBe('updated')

    const bodies = new Map(stub.comments.map(comment => [comment.id, comment.body]))
    expect(bodies.get(ours.id)).toMatch(new RegExp(`^${escape(marker)}\\ndone\\n`))
    for (const other of [longer, cutShort, quoted, theirs])
      expect(bodies.get(other.id)).toBe(other.body)
    expect(stub.requests.filter(r => r.method === 'PATCH').map(r => r.path)).toEqual([
      `/repos/${REPO}/issues/comments/${ours.id}`
    ])
  })

  it('posts a new comment when only near-misses of its marker are there', async () => {
    const marker = exportCommentMarker('docs.example.com')
    stub.addComment(`${marker}<!-- extended -->\nold`, WORKFLOW_TOKEN_LOGIN)
    stub.addComment(exportCommentMarker('docs.example.com.evil'), WORKFLOW_TOKEN_LOGIN)
    stub.addComment(`${marker}\nsomeone else's`, 'mallory')

    expect(await upsert(marker, 'exported')).toBe('created')
    expect(stub.comments).toHaveLength(4)
    expect(stub.comments.at(-1)?.body).toMatch(new RegExp(`^${escape(marker)}\\nexported\\n`))
    expect(stub.requests.filter(r => r.method === 'PATCH')).toEqual([])
  })

  it('finds its comment again on a second run, and a CRLF first line still counts', async () => {
    const marker = previewCommentMarker('proj_1', 'feature/x')
    expect(await upsert(marker, 'building')).toBe('created')
    expect(await upsert(marker, 'ready')).toBe('updated')
    expect(stub.comments).toHaveLength(1)
    expect(stub.comments[0]?.body).toMatch(new RegExp(`^${escape(marker)}\\nready\\n`))
    // A comment edited in a browser comes back with CRLF line ends.
    ;(stub.comments[0] as { body: string }).body = `${marker}\r\nedited`
    expect(await upsert(marker, 'ready again')).toBe('updated')
    expect(stub.comments).toHaveLength(1)
  })
})

describe('comment markers', () => {
  it('are exact, one per subject', () => {
    expect(exportCommentMarker('docs.example.com')).toBe(
      '<!-- mintlify-admin-action:export:docs.example.com -->'
    )
    expect(agentCommentMarker('proj_1', 'job_a')).toBe(
      '<!-- mintlify-admin-action:agent:proj_1:job_a -->'
    )
    expect(previewCommentMarker('proj', 'docs/x')).toBe(
      '<!-- mintlify-admin-action:preview:proj:docs%2Fx -->'
    )
  })
})

describe('on a push, the pull request that brought the commit in', () => {
  const merge = 'c0ffee'.padEnd(40, '1')
  const NOT_A_PULL_REQUEST = 'This run is not for a pull request, so no comment was posted.'

  it('comments on the pull request the commit merged, not an open one listed before it', async () => {
    // A push to a release branch: its commit merged #7 and is the head of the open #9, whose
    // merge_commit_sha is its own test merge. Only #7 is in the stub, so a comment on #9 fails.
    stub.options.commitPulls = {
      [merge]: [
        { number: 9, merge_commit_sha: 'd'.repeat(40) },
        { number: PULL, merge_commit_sha: merge }
      ]
    }
    const { result, info } = await attempt(eventContext('push', merge))
    expect(result).toBe('created')
    expect(info).toEqual([`Commented on pull request #${PULL}.`])
    expect(stub.requests.filter(r => r.method === 'GET').map(r => r.path)).toContain(
      `/repos/${REPO}/commits/${merge}/pulls`
    )
    expect(stub.comments).toHaveLength(1)
  })

  it('takes the first pull request listed when none merged the commit', async () => {
    stub.options.commitPulls = {
      [merge]: [
        { number: PULL, merge_commit_sha: 'd'.repeat(40) },
        { number: 9, merge_commit_sha: null }
      ]
    }
    expect((await attempt(eventContext('push', merge))).result).toBe('created')
    expect(stub.comments).toHaveLength(1)
  })

  it('posts nothing when no pull request brought the commit', async () => {
    const { result, info } = await attempt(eventContext('push', merge))
    expect(result).toBe('skipped')
    expect(info).toEqual([NOT_A_PULL_REQUEST])
    expect(stub.requests.map(r => `${r.method} ${r.path}`)).toEqual([
      `GET /repos/${REPO}/commits/${merge}/pulls`
    ])
  })

  it('asks nothing for another event, or for a push without a commit', async () => {
    stub.options.commitPulls = { [merge]: [{ number: PULL, merge_commit_sha: merge }] }
    for (const context of [eventContext('workflow_dispatch', merge), eventContext('push', '')]) {
      const { result, info } = await attempt(context)
      expect(result).toBe('skipped')
      expect(info).toEqual([NOT_A_PULL_REQUEST])
    }
    expect(stub.requests).toEqual([])
  })

  it('says why when the look-up is refused, and posts nothing', async () => {
    stub.options.noReads = true
    stub.options.commitPulls = { [merge]: [{ number: PULL, merge_commit_sha: merge }] }
    const { result, info, warnings } = await attempt(eventContext('push', merge))
    expect(result).toBe('skipped')
    expect(info).toEqual([
      `Could not find the pull request of commit c0ffee1 (Resource not accessible by integration), so no comment was posted.`,
      NOT_A_PULL_REQUEST
    ])
    expect(warnings).toEqual([])
  })
})

describe('what the upsert says it did', () => {
  it('names the pull request it commented on, then the one it updated', async () => {
    const first = await attempt(pullRequestContext())
    expect(first.result).toBe('created')
    expect(first.info).toEqual([`Commented on pull request #${PULL}.`])
    const second = await attempt(pullRequestContext())
    expect(second.result).toBe('updated')
    expect(second.info).toEqual([`Updated the comment on pull request #${PULL}.`])
  })

  it('finds its comment on a later page of the listing', async () => {
    const marker = exportCommentMarker('docs.example.com')
    for (let i = 0; i < 150; i += 1) stub.addComment(`comment ${i}`, 'someone')
    const ours = stub.addComment(`${marker}\nold`, WORKFLOW_TOKEN_LOGIN)
    expect((await attempt(pullRequestContext(), 'new', marker)).result).toBe('updated')
    expect(stub.comments.find(c => c.id === ours.id)?.body).toMatch(/^<!--.*-->\nnew\n/)
    expect(stub.comments).toHaveLength(151)
    expect(stub.requests.filter(r => r.path.endsWith(`/issues/${PULL}/comments`))).toHaveLength(2)
  })

  it('posts a new comment when GraphQL cannot say whose token it is', async () => {
    const marker = exportCommentMarker('docs.example.com')
    stub.addComment(`${marker}\nours, from an earlier run`, WORKFLOW_TOKEN_LOGIN)
    stub.options.graphqlRateLimited = true
    const { result, info } = await attempt(pullRequestContext(), 'new', marker)
    expect(result).toBe('created')
    expect(info).toEqual([
      'Could not tell who this token is (Request failed due to following response errors: - API rate limit already exceeded for user ID 41898282.), so a new comment is posted instead of updating one.',
      `Commented on pull request #${PULL}.`
    ])
    // Without an identity, no comment can be told to be ours: the listing is not even read.
    expect(stub.requests.filter(r => r.method === 'GET')).toEqual([])
    expect(stub.comments).toHaveLength(2)
  })
})

describe('a comment that cannot be posted is a warning, never a failed step', () => {
  const HINT =
    ' Give the workflow `permissions: pull-requests: write` (a pull request from a fork gets a read-only token), or set `comment: false`.'

  it('names the permission when the token may not write (a fork’s pull request)', async () => {
    stub.options.readOnly = true
    const { result, warnings } = await attempt(pullRequestContext())
    expect(result).toBe('failed')
    expect(warnings).toEqual([
      `Could not comment on pull request #${PULL} (HTTP 403): Resource not accessible by integration.${HINT}`
    ])
  })

  it('names the permission when the pull request cannot be seen', async () => {
    const { result, warnings } = await attempt(pullRequestContext(8))
    expect(result).toBe('failed')
    expect(warnings).toEqual([`Could not comment on pull request #8 (HTTP 404): Not Found.${HINT}`])
  })

  it('gives GitHub’s reason, and no permission hint, for any other refusal', async () => {
    const { result, warnings } = await attempt(
      pullRequestContext(),
      'x'.repeat(COMMENT_BODY_MAX_CHARS)
    )
    expect(result).toBe('failed')
    expect(warnings).toEqual([
      `Could not comment on pull request #${PULL} (HTTP 422): Validation Failed: {"resource":"IssueComment","code":"custom","field":"body","message":"body is too long (maximum is ${COMMENT_BODY_MAX_CHARS} characters)"}.`
    ])
  })

  it('gives up on a stalled API when the comment’s deadline passes', async () => {
    stub.options.stalled = true
    // The deadline, made explicit: the test ends it once the stub holds a request.
    const deadline = new AbortController()
    const timeout = vi.spyOn(AbortSignal, 'timeout').mockReturnValue(deadline.signal)
    onTestFinished(() => timeout.mockRestore())
    const pending = attempt(pullRequestContext())
    await vi.waitFor(() => expect(stub.requests).not.toHaveLength(0))
    expect(timeout).toHaveBeenCalledWith(30_000)
    // The reason AbortSignal.timeout gives when it fires.
    deadline.abort(new DOMException('The operation was aborted due to timeout', 'TimeoutError'))
    const { result, warnings } = await pending
    expect(result).toBe('failed')
    // Octokit gives every request that got no answer the status 500.
    expect(warnings).toEqual([
      `Could not comment on pull request #${PULL} (HTTP 500): The operation was aborted due to timeout.`
    ])
  })
})

describe('the footer under the comment', () => {
  const now = new Date('2025-06-01T09:05:59.999Z')

  it('links the run and names the pull request’s head commit and the time', () => {
    expect(runFooter(pullRequestContext(), now)).toBe(
      '<sub>[Workflow run](https://github.com/acme/docs/actions/runs/42) · commit `bbbbbbb` · updated 2025-06-01 09:05 UTC</sub>'
    )
  })

  it('names the run’s commit when there is no pull request head', () => {
    const push = eventContext('push', 'ABCDEF0123'.padEnd(40, '9'))
    expect(runFooter(push, now)).toBe(
      '<sub>[Workflow run](https://github.com/acme/docs/actions/runs/42) · commit `ABCDEF0` · updated 2025-06-01 09:05 UTC</sub>'
    )
    // A payload is outside text: a head whose sha is not a string is not taken.
    const noHeadSha = {
      ...pullRequestContext(),
      payload: { pull_request: { number: PULL, head: { sha: 1234567 } } }
    } as unknown as typeof github.context
    expect(runFooter(noHeadSha, now)).toContain('commit `aaaaaaa`')
  })

  it('names the followed run’s head commit on a workflow_run', () => {
    const followed = {
      ...eventContext('workflow_run', 'f'.repeat(40)),
      payload: { workflow_run: { head_sha: `c${'0'.repeat(39)}` } }
    } as unknown as typeof github.context
    expect(runFooter(followed, now)).toContain('commit `c000000`')
    // Another event's payload is not read as a workflow_run.
    const push = { ...followed, eventName: 'push' } as typeof github.context
    expect(runFooter(push, now)).toContain('commit `fffffff`')
  })

  it('names no commit on a comment’s run, which is the default branch’s, not the pull request’s', () => {
    const comment = {
      ...eventContext('issue_comment', 'd'.repeat(40)),
      payload: { issue: { number: PULL, pull_request: {} } }
    } as unknown as typeof github.context
    expect(runFooter(comment, now)).toBe(
      '<sub>[Workflow run](https://github.com/acme/docs/actions/runs/42) · updated 2025-06-01 09:05 UTC</sub>'
    )
  })

  it('leaves out the run link without a server or a run id', () => {
    const noRun = { ...pullRequestContext(), runId: 0 } as typeof github.context
    const noServer = { ...pullRequestContext(), serverUrl: '' } as typeof github.context
    for (const context of [noRun, noServer])
      expect(runFooter(context, now)).toBe(
        '<sub>commit `bbbbbbb` · updated 2025-06-01 09:05 UTC</sub>'
      )
  })

  it('names only a commit id: 7 to 64 hex digits and nothing else', () => {
    const footer = (sha: string) => runFooter(eventContext('push', sha), now)
    expect(footer('abcdef0')).toContain('commit `abcdef0`')
    expect(footer('a'.repeat(64))).toContain('commit `aaaaaaa`')
    for (const sha of [
      '',
      'main',
      'abcdef',
      'a'.repeat(65),
      `${'a'.repeat(40)}) [click](https://evil.example)`,
      `x${'a'.repeat(40)}`
    ])
      expect(footer(sha), sha).toBe(
        '<sub>[Workflow run](https://github.com/acme/docs/actions/runs/42) · updated 2025-06-01 09:05 UTC</sub>'
      )
  })
})

describe('whose comment it is', () => {
  const marker = '<!-- mintlify-admin-action:export:docs.example.com -->'
  const bot = WORKFLOW_TOKEN_LOGIN

  it('is nobody’s when the token’s identity is unknown, even a comment with no author', () => {
    expect(isOwnComment({ id: 1, body: marker, user: null }, marker, undefined)).toBe(false)
    expect(isOwnComment({ id: 1, body: marker }, marker, undefined)).toBe(false)
  })

  it('is not ours without a body (a listing in another media type leaves it out)', () => {
    expect(isOwnComment({ id: 1, user: { login: bot } }, marker, bot)).toBe(false)
    expect(isOwnComment({ id: 1, body: null, user: { login: bot } }, marker, bot)).toBe(false)
  })

  it('drops only a CR that ends the first line, never one inside it', () => {
    const inside = `${marker.slice(0, 10)}\r${marker.slice(10)}\nbody`
    expect(isOwnComment({ id: 1, body: inside, user: { login: bot } }, marker, bot)).toBe(false)
    const crlf = `${marker}\r\nbody`
    expect(isOwnComment({ id: 1, body: crlf, user: { login: bot } }, marker, bot)).toBe(true)
  })
})

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

describe('reading back the comment an earlier run wrote', () => {
  const marker = previewCommentMarker('proj_1', 'docs/x')
  const read = async (context: typeof github.context) => {
    const recorded = recordLog()
    onTestFinished(recorded.restore)
    const body = await ownCommentBody(TOKEN, marker, undefined, context)
    return { body, info: recorded.of('info'), warnings: recorded.of('warning') }
  }

  it('gives the body of its own comment with the exact marker, never another one’s', async () => {
    stub.addComment(`${marker}\nmallory's`, 'mallory')
    stub.addComment(
      `${previewCommentMarker('proj_1', 'docs/y')}\nother branch`,
      WORKFLOW_TOKEN_LOGIN
    )
    stub.addComment(`${marker}\nours`, WORKFLOW_TOKEN_LOGIN)
    expect(await read(pullRequestContext())).toEqual({
      body: `${marker}\nours`,
      info: [],
      warnings: []
    })
  })

  it('gives nothing when there is none, or no pull request to look on', async () => {
    stub.addComment(`${marker}\nmallory's`, 'mallory')
    expect(await read(pullRequestContext())).toEqual({ body: undefined, info: [], warnings: [] })
    stub.addComment(`${marker}\nours`, WORKFLOW_TOKEN_LOGIN)
    // A push whose commit no pull request brought in: nothing is asked of the comments.
    stub.requests.length = 0
    const push = await read(eventContext('push', 'e'.repeat(40)))
    expect(push.body).toBeUndefined()
    expect(stub.requests.some(r => r.path.endsWith('/comments'))).toBe(false)
    // A push that merged the pull request: its comments are read.
    stub.options.commitPulls = {
      ['f'.repeat(40)]: [{ number: PULL, merge_commit_sha: 'f'.repeat(40) }]
    }
    expect((await read(eventContext('push', 'f'.repeat(40)))).body).toBe(`${marker}\nours`)
  })

  it('says what it does without the token’s identity: reads no comment', async () => {
    stub.addComment(`${marker}\nours`, WORKFLOW_TOKEN_LOGIN)
    stub.options.graphqlRateLimited = true
    const { body, info } = await read(pullRequestContext())
    expect(body).toBeUndefined()
    expect(info).toEqual([expect.stringMatching(/, so no earlier comment is read\.$/)])
  })

  it('says why, and gives nothing, when the comments cannot be read (never fails)', async () => {
    stub.addComment(`${marker}\nours`, WORKFLOW_TOKEN_LOGIN)
    stub.options.noReads = true
    const { body, info, warnings } = await read(pullRequestContext())
    expect(body).toBeUndefined()
    expect(warnings).toEqual([])
    expect(info).toEqual([
      expect.stringMatching(/^Could not read the earlier comment on pull request #7: .*\.$/)
    ])
  })
})

describe('a run for no pull request, given the branch whose pull request it is about', () => {
  const marker = previewCommentMarker('proj_1', 'docs/x')
  const upsertFor = async (context: typeof github.context, branch?: string) => {
    const recorded = recordLog()
    onTestFinished(recorded.restore)
    const result = await upsertPullRequestComment(TOKEN, marker, 'ready', context, branch)
    return { result, info: recorded.of('info'), warnings: recorded.of('warning') }
  }
  const dispatch = eventContext('workflow_dispatch', 'e'.repeat(40))

  it('comments on the open pull request of that branch of this repository', async () => {
    stub.options.branchPulls = { 'docs/x': PULL }
    expect(await upsertFor(dispatch, 'docs/x')).toEqual({
      result: 'created',
      info: [`Commented on pull request #${PULL}.`],
      warnings: []
    })
    const asked = stub.requests.find(r => r.path === `/repos/${REPO}/pulls`)
    expect(asked).toBeDefined()
    // Without the branch, or for a branch with no open pull request: no comment.
    expect((await upsertFor(dispatch)).result).toBe('skipped')
    expect(await upsertFor(dispatch, 'docs/y')).toEqual({
      result: 'skipped',
      info: ['This run is not for a pull request, so no comment was posted.'],
      warnings: []
    })
    expect(stub.comments).toHaveLength(1)
  })

  it('asks GitHub for the head as owner:branch, open ones only', async () => {
    stub.options.branchPulls = { 'docs/x': PULL }
    await upsertFor(dispatch, 'docs/x')
    const listed = stub.requests.filter(r => r.path === `/repos/${REPO}/pulls`)
    expect(listed).toHaveLength(1)
    const query = new URLSearchParams(listed[0]?.query)
    expect(query.get('head')).toBe('acme:docs/x')
    expect(query.get('state')).toBe('open')
  })

  it('on a push, only the pull request that brought the commit in', async () => {
    stub.options.branchPulls = { 'docs/x': PULL }
    expect((await upsertFor(eventContext('push', 'e'.repeat(40)), 'docs/x')).result).toBe('skipped')
    expect(stub.requests.some(r => r.path === `/repos/${REPO}/pulls`)).toBe(false)
  })

  it('says why it could not look, and posts nothing (never fails)', async () => {
    stub.options.branchPulls = { 'docs/x': PULL }
    stub.options.noReads = true
    const { result, info, warnings } = await upsertFor(dispatch, 'docs/x')
    expect(result).toBe('skipped')
    expect(warnings).toEqual([])
    expect(info[0]).toMatch(
      /^Could not find the open pull request of branch docs\/x \(.*\), so no comment was posted\.$/
    )
  })
})
