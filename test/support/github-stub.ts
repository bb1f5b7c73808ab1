import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface StubComment {
  id: number
  body: string
  user: { login: string }
}

/** A GitHub deployment and its statuses, as the stub recorded them. */
export interface StubDeployment {
  id: number
  ref: string
  environment: string
  description?: string
  transient_environment?: boolean
  /** As created: GitHub gives it back as sent (an object, or a string). */
  payload?: unknown
  /** `deploy` unless given. */
  task?: string
  /** Who made it; the token's own login unless given. */
  creator?: { login: string }
  statuses: Array<{
    state: string
    environment_url?: string
    log_url?: string
    description?: string
  }>
}

export interface GitHubStub {
  /** The API's address, as a runner sets GITHUB_API_URL (with `apiPath` when given). */
  url: string
  /**
   * The options it was started with, read on each request: a test may change how it answers
   * between requests (not `token`, `repo`, `apiPath` or `login`).
   */
  options: GitHubStubOptions
  comments: StubComment[]
  /** Every body a comment was created or updated with, in order. */
  commentBodies: string[]
  deployments: StubDeployment[]
  /** Every request, with its JSON body (parsed) when it had one. */
  requests: Array<{
    method: string
    path: string
    /** The query string, `?` included; empty when there is none. */
    query: string
    authorization?: string
    body?: Record<string, unknown>
  }>
  /** A comment someone else wrote, e.g. one that quotes the action's marker. */
  addComment(body: string, login: string): StubComment
  close(): Promise<void>
}

/** The login GitHub shows for comments made with the workflow's own token. */
export const WORKFLOW_TOKEN_LOGIN = 'github-actions[bot]'

/** GitHub refuses a deployment or deployment status description longer than this (HTTP 422). */
const DESCRIPTION_MAX_CHARS = 140

/** GitHub refuses a comment body longer than this (HTTP 422, "body is too long"). */
export const COMMENT_BODY_MAX_CHARS = 65_536

/** GitHub's page size for a listing without `per_page`, and the most `per_page` may ask. */
const DEFAULT_PER_PAGE = 30
const MAX_PER_PAGE = 100

export interface GitHubStubOptions {
  token: string
  repo: string
  pullNumber: number
  /** Answer 403 to writes, as a read-only token gets. */
  readOnly?: boolean
  /** Whose token it is, as GraphQL `viewer` answers; default the workflow token's bot. */
  login?: string
  /** The pull request's changed files (`GET /repos/{repo}/pulls/{n}/files`). */
  files?: string[]
  /** The commit that merged the pull request (`GET /repos/{repo}/commits/{sha}/pulls`). */
  mergeCommit?: string
  /**
   * What `GET /repos/{repo}/commits/{sha}/pulls` answers for other commits, in GitHub's order:
   * the merged pull request that brought a commit into the default branch, or, for a commit
   * outside it, the merged and the open ones it belongs to (an open one's `merge_commit_sha` is
   * its test merge). Any other commit has none.
   */
  commitPulls?: Record<string, Array<{ number: number; merge_commit_sha: string | null }>>
  /**
   * Answer 403 to REST reads too, as GitHub answers a workflow token that lacks the read
   * permission (`permissions: {}`); GraphQL `viewer` still answers.
   */
  noReads?: boolean
  /** GraphQL answers as GitHub does past its rate limit: HTTP 200 with a RATE_LIMIT error. */
  graphqlRateLimited?: boolean
  /** Answer nothing at all, as a stalled API: the request stays open until the client gives up. */
  stalled?: boolean
  /** Answer 403 to deployment writes only, as a token without `deployments: write` gets. */
  noDeployments?: boolean
  /**
   * Where the REST API lives, as on GitHub Enterprise Server (`/api/v3`, GraphQL then at
   * `/api/graphql`); default the root, as api.github.com. Requests elsewhere answer 404.
   */
  apiPath?: string
  /** Open pull requests by head branch (`GET /repos/{repo}/pulls?head=owner:branch`). */
  branchPulls?: Record<string, number>
}

/**
 * The three issue-comment endpoints of the GitHub REST API, on loopback, for one repository and
 * pull request: enough to check that the action creates its comment once and updates it later.
 */
export async function startGitHubStub(options: GitHubStubOptions): Promise<GitHubStub> {
  const login = options.login ?? WORKFLOW_TOKEN_LOGIN
  const comments: StubComment[] = []
  const deployments: StubDeployment[] = []
  const commentBodies: string[] = []
  const requests: GitHubStub['requests'] = []
  let nextId = 1000
  const apiPath = options.apiPath ?? ''
  const graphqlPath = apiPath ? apiPath.replace(/\/v3$/, '/graphql') : '/graphql'
  const base = `${apiPath}/repos/${options.repo}/issues`

  const server: Server = createServer(async (req, res) => {
    const body = await readBody(req)
    const url = new URL(req.url ?? '/', 'http://stub')
    const path = url.pathname
    requests.push({
      method: req.method ?? '',
      path,
      query: url.search,
      authorization: req.headers.authorization,
      ...(body ? { body: JSON.parse(body) } : {})
    })
    const send = (status: number, payload: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' })
      res.end(JSON.stringify(payload))
    }
    if (options.stalled) return
    if (req.headers.authorization?.replace(/^(token|bearer) /i, '') !== options.token) {
      return send(401, { message: 'Bad credentials' })
    }
    if (path === graphqlPath && req.method === 'POST') {
      if (options.graphqlRateLimited) {
        return send(200, {
          errors: [
            {
              type: 'RATE_LIMIT',
              code: 'graphql_rate_limit',
              message: 'API rate limit already exceeded for user ID 41898282.'
            }
          ]
        })
      }
      const query = String(JSON.parse(body).query)
      if (/viewer\s*\{\s*login\s*\}/.test(query)) return send(200, { data: { viewer: { login } } })
      return send(200, { errors: [{ message: 'the stub answers only viewer { login }' }] })
    }
    const isWrite = req.method === 'POST' || req.method === 'PATCH'
    if ((isWrite && options.readOnly) || (req.method === 'GET' && options.noReads))
      return send(403, { message: 'Resource not accessible by integration' })
    if (isWrite && path.startsWith(`${base}/`)) {
      const text = JSON.parse(body).body
      if (typeof text === 'string' && text.length > COMMENT_BODY_MAX_CHARS) {
        return send(422, {
          message: 'Validation Failed',
          errors: [
            {
              resource: 'IssueComment',
              code: 'custom',
              field: 'body',
              message: `body is too long (maximum is ${COMMENT_BODY_MAX_CHARS} characters)`
            }
          ]
        })
      }
    }

    if (path === `${base}/${options.pullNumber}/comments` && req.method === 'GET') {
      // Paged as GitHub pages: `per_page` (30 unless asked, at most 100), `page` from 1, and a
      // Link header naming the next page while there is one.
      const perPage = Math.min(
        Number(url.searchParams.get('per_page')) || DEFAULT_PER_PAGE,
        MAX_PER_PAGE
      )
      const page = Math.max(Number(url.searchParams.get('page')) || 1, 1)
      if (page * perPage < comments.length) {
        const next = new URL(url.href)
        next.searchParams.set('page', String(page + 1))
        next.searchParams.set('per_page', String(perPage))
        const host = req.headers.host ?? ''
        res.setHeader('link', `<http://${host}${next.pathname}${next.search}>; rel="next"`)
      }
      return send(200, comments.slice((page - 1) * perPage, page * perPage))
    }
    if (path === `${apiPath}/repos/${options.repo}/pulls` && req.method === 'GET') {
      const owner = options.repo.split('/')[0] as string
      const head = url.searchParams.get('head') ?? ''
      const branch = head.startsWith(`${owner}:`) ? head.slice(owner.length + 1) : undefined
      const number = branch === undefined ? undefined : options.branchPulls?.[branch]
      return send(200, number === undefined ? [] : [{ number, state: 'open' }])
    }
    if (
      path === `${apiPath}/repos/${options.repo}/pulls/${options.pullNumber}/files` &&
      req.method === 'GET'
    )
      return send(
        200,
        (options.files ?? []).map(filename => ({ filename, status: 'modified' }))
      )
    const commit = new RegExp(`^${apiPath}/repos/${options.repo}/commits/([0-9a-f]+)/pulls$`).exec(
      path
    )
    if (commit && req.method === 'GET') {
      const sha = commit[1] as string
      if (sha === options.mergeCommit)
        return send(200, [{ number: options.pullNumber, merge_commit_sha: sha }])
      return send(200, options.commitPulls?.[sha] ?? [])
    }
    if (path === `${base}/${options.pullNumber}/comments` && req.method === 'POST') {
      const comment = { id: nextId++, body: JSON.parse(body).body as string, user: { login } }
      comments.push(comment)
      commentBodies.push(comment.body)
      return send(201, comment)
    }
    const repoBase = `${apiPath}/repos/${options.repo}/deployments`
    if (path.startsWith(repoBase) && isWrite && options.noDeployments)
      return send(403, { message: 'Resource not accessible by integration' })
    const description =
      path.startsWith(repoBase) && isWrite ? JSON.parse(body).description : undefined
    // As GitHub: a deployment's or a status's description has at most 140 characters.
    if (typeof description === 'string' && [...description].length > DESCRIPTION_MAX_CHARS) {
      return send(422, {
        message: 'Validation Failed',
        errors: [
          {
            resource: path === repoBase ? 'Deployment' : 'DeploymentStatus',
            code: 'custom',
            field: 'description',
            message: `description is too long (maximum is ${DESCRIPTION_MAX_CHARS} characters)`
          }
        ]
      })
    }
    if (path === repoBase && req.method === 'GET') {
      // Newest first, as GitHub lists them, filtered by `environment` and `task`; one page.
      const environment = url.searchParams.get('environment')
      const task = url.searchParams.get('task')
      const perPage = Math.min(
        Number(url.searchParams.get('per_page')) || DEFAULT_PER_PAGE,
        MAX_PER_PAGE
      )
      const listed = deployments
        .filter(d => environment === null || d.environment === environment)
        .filter(d => task === null || (d.task ?? 'deploy') === task)
        .reverse()
        .slice(0, perPage)
      return send(
        200,
        listed.map(({ statuses: _statuses, ...d }) => ({
          ...d,
          task: d.task ?? 'deploy',
          payload: d.payload ?? {},
          creator: d.creator ?? { login }
        }))
      )
    }
    if (path === repoBase && req.method === 'POST') {
      const given = JSON.parse(body) as Omit<StubDeployment, 'id' | 'statuses'>
      const deployment: StubDeployment = { ...given, id: nextId++, statuses: [] }
      deployments.push(deployment)
      return send(201, {
        id: deployment.id,
        ref: deployment.ref,
        environment: deployment.environment
      })
    }
    const statuses = new RegExp(`^${repoBase}/(\\d+)/statuses$`).exec(path)
    if (statuses && req.method === 'POST') {
      const deployment = deployments.find(d => d.id === Number(statuses[1]))
      if (!deployment) return send(404, { message: 'Not Found' })
      const status = JSON.parse(body) as StubDeployment['statuses'][number]
      deployment.statuses.push(status)
      return send(201, { id: nextId++, ...status })
    }
    const update = new RegExp(`^${base}/comments/(\\d+)$`).exec(path)
    if (update && req.method === 'PATCH') {
      const comment = comments.find(c => c.id === Number(update[1]))
      if (!comment) return send(404, { message: 'Not Found' })
      // As on GitHub: only the author (or a maintainer, which a workflow token is not) may edit.
      if (comment.user.login !== login)
        return send(403, { message: 'Resource not accessible by integration' })
      comment.body = JSON.parse(body).body as string
      commentBodies.push(comment.body)
      return send(200, comment)
    }
    return send(404, { message: 'Not Found' })
  })
  await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}${apiPath}`,
    options,
    comments,
    commentBodies,
    deployments,
    requests,
    addComment(text, author) {
      const comment = { id: nextId++, body: text, user: { login: author } }
      comments.push(comment)
      return comment
    },
    close: () =>
      new Promise(resolve => {
        server.closeAllConnections()
        server.close(() => resolve())
      })
  }
}

async function readBody(req: IncomingMessage): Promise<string> {
  let text = ''
  for await (const chunk of req) text += chunk
  return text
}
