// The comment upsert in process, against the GitHub stand-in: which comment it finds again is
// decided by the exact marker, and that is what these tests look at (not the marker's shape).
import type * as github from '@actions/github'
import { afterAll, beforeAll, beforeEach, describe, expect, it, onTestFinished } from 'vitest'
import { agentCommentMarker } from '../../src/modes/agent-watch/report.js'
import { exportCommentMarker } from '../../src/modes/export/report.js'
import { previewCommentMarker } from '../../src/modes/preview/report.js'
import { startGitHubStub, WORKFLOW_TOKEN_LOGIN, type GitHubStub } from '../support/github-stub.js'
import { recordLog } from '../support/recording-host.js'

const TOKEN = 'ghs_prcommenttest0123456789'
const REPO = 'acme/docs'
const PULL = 7

/** A pull_request run's context, as @actions/github builds it from the event. */
function pullRequestContext(): typeof github.context {
  return {
    eventName: 'pull_request',
    sha: 'a'.repeat(40),
    serverUrl: 'https://github.com',
    runId: 42,
    repo: { owner: 'acme', repo: 'docs' },
    payload: { pull_request: { number: PULL, head: { sha: 'b'.repeat(40) } } }
  } as unknown as typeof github.context
}

let stub: GitHubStub
let upsertPullRequestComment: typeof import('../../src/action/pr-comment.js').upsertPullRequestComment
const apiUrl = process.env.GITHUB_API_URL
beforeAll(async () => {
  stub = await startGitHubStub({ token: TOKEN, repo: REPO, pullNumber: PULL })
  // @actions/github reads GITHUB_API_URL when it loads, as on a runner.
  process.env.GITHUB_API_URL = stub.url
  ;({ upsertPullRequestComment } = await import('../../src/action/pr-comment.js'))
})
afterAll(async () => {
  await stub.close()
  if (apiUrl === undefined) delete process.env.GITHUB_API_URL
  else process.env.GITHUB_API_URL = apiUrl
})
beforeEach(() => {
  stub.comments.length = 0
  stub.requests.length = 0
})

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

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}
