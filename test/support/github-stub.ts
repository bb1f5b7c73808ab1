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
  transient_environment?: boolean
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
  comments: StubComment[]
  /** Every body a comment was created or updated with, in order. */
  commentBodies: string[]
  deployments: StubDeployment[]
  /** Every request, with its JSON body (parsed) when it had one. */
  requests: Array<{
    method: string
    path: string
    authorization?: string
    body?: Record<string, unknown>
  }>
  /** A comment someone else wrote, e.g. one that quotes the action's marker. */
  addComment(body: string, login: string): StubComment
  close(): Promise<void>
}

/** The login GitHub shows for comments made with the workflow's own token. */
export const WORKFLOW_TOKEN_LOGIN = 'github-actions[bot]'

/**
 * The three issue-comment endpoints of the GitHub REST API, on loopback, for one repository and
 * pull request: enough to check that the action creates its comment once and updates it later.
 */
export async function startGitHubStub(options: {
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
  /** Answer 403 to deployment writes only, as a token without `deployments: write` gets. */
  noDeployments?: boolean
  /**
   * Where the REST API lives, as on GitHub Enterprise Server (`/api/v3`, GraphQL then at
   * `/api/graphql`); default the root, as api.github.com. Requests elsewhere answer 404.
   */
  apiPath?: string
}): Promise<GitHubStub> {
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
    const path = (req.url ?? '').split('?')[0] as string
    requests.push({
      method: req.method ?? '',
      path,
      authorization: req.headers.authorization,
      ...(body ? { body: JSON.parse(body) } : {})
    })
    const send = (status: number, payload: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' })
      res.end(JSON.stringify(payload))
    }
    if (req.headers.authorization?.replace(/^(token|bearer) /i, '') !== options.token) {
      return send(401, { message: 'Bad credentials' })
    }
    if (path === graphqlPath && req.method === 'POST') {
      const query = String(JSON.parse(body).query)
      if (/viewer\s*\{\s*login\s*\}/.test(query)) return send(200, { data: { viewer: { login } } })
      return send(200, { errors: [{ message: 'the stub answers only viewer { login }' }] })
    }
    const isWrite = req.method === 'POST' || req.method === 'PATCH'
    if (isWrite && options.readOnly)
      return send(403, { message: 'Resource not accessible by integration' })

    if (path === `${base}/${options.pullNumber}/comments` && req.method === 'GET')
      return send(200, comments)
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
      const merged = commit[1] === options.mergeCommit
      return send(200, merged ? [{ number: options.pullNumber, merge_commit_sha: commit[1] }] : [])
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
