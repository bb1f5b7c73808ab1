import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface StubComment {
  id: number
  body: string
  user: { login: string }
}

export interface GitHubStub {
  /** The API's address, as a runner sets GITHUB_API_URL (with `apiPath` when given). */
  url: string
  comments: StubComment[]
  requests: Array<{ method: string; path: string; authorization?: string }>
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
  /**
   * Where the REST API lives, as on GitHub Enterprise Server (`/api/v3`, GraphQL then at
   * `/api/graphql`); default the root, as api.github.com. Requests elsewhere answer 404.
   */
  apiPath?: string
}): Promise<GitHubStub> {
  const login = options.login ?? WORKFLOW_TOKEN_LOGIN
  const comments: StubComment[] = []
  const requests: GitHubStub['requests'] = []
  let nextId = 1000
  const apiPath = options.apiPath ?? ''
  const graphqlPath = apiPath ? apiPath.replace(/\/v3$/, '/graphql') : '/graphql'
  const base = `${apiPath}/repos/${options.repo}/issues`

  const server: Server = createServer(async (req, res) => {
    const body = await readBody(req)
    const path = (req.url ?? '').split('?')[0] as string
    requests.push({ method: req.method ?? '', path, authorization: req.headers.authorization })
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
    if (path === `${base}/${options.pullNumber}/comments` && req.method === 'POST') {
      const comment = { id: nextId++, body: JSON.parse(body).body as string, user: { login } }
      comments.push(comment)
      return send(201, comment)
    }
    const update = new RegExp(`^${base}/comments/(\\d+)$`).exec(path)
    if (update && req.method === 'PATCH') {
      const comment = comments.find(c => c.id === Number(update[1]))
      if (!comment) return send(404, { message: 'Not Found' })
      // As on GitHub: only the author (or a maintainer, which a workflow token is not) may edit.
      if (comment.user.login !== login)
        return send(403, { message: 'Resource not accessible by integration' })
      comment.body = JSON.parse(body).body as string
      return send(200, comment)
    }
    return send(404, { message: 'Not Found' })
  })
  await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}${apiPath}`,
    comments,
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
