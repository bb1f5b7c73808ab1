import { request, type Dispatcher } from '../util/undici.js'
import { createIdleBoundAgent } from '../util/http-agent.js'
import { describeNetworkError } from '../util/network-error.js'
import { isRecord } from './event.js'

/** How long the call may take, and any wait within it (connecting, the headers, the body). */
const GITHUB_TIMEOUT_MS = 30_000

/** Where the GitHub REST API is and the token to ask it with (GHES sets GITHUB_API_URL). */
export interface GitHubApiAccess {
  readonly apiUrl: string
  readonly token: string
}

/**
 * The names of a pull request's changed files, the first `max` of them, with GitHub's count of
 * all. One page of one REST call: Octokit would bring a client to the engine for a single GET.
 */
export async function pullRequestFiles(
  access: GitHubApiAccess,
  repository: string,
  number: number,
  max: number,
  signal: AbortSignal
): Promise<string[]> {
  const url = `${access.apiUrl.replace(/\/+$/, '')}/repos/${repository}/pulls/${number}/files?per_page=${Math.min(max, 100)}`
  // Through the runner's proxy, if it names one, like every other request of the engine.
  const dispatcher = createIdleBoundAgent(GITHUB_TIMEOUT_MS)
  try {
    return await filesOnPage(url, access.token, max, dispatcher, signal)
  } finally {
    await dispatcher.close()
  }
}

async function filesOnPage(
  url: string,
  token: string,
  max: number,
  dispatcher: Dispatcher,
  signal: AbortSignal
): Promise<string[]> {
  let response
  try {
    response = await request(url, {
      method: 'GET',
      dispatcher,
      headers: {
        authorization: `Bearer ${token}`,
        accept: 'application/vnd.github+json',
        'user-agent': 'mintlify-admin-action',
        'x-github-api-version': '2022-11-28'
      },
      signal: AbortSignal.any([signal, AbortSignal.timeout(GITHUB_TIMEOUT_MS)])
    })
  } catch (error) {
    throw new Error(`the GitHub API could not be reached (${describeNetworkError(error)})`, {
      cause: error
    })
  }
  const text = await response.body.text()
  if (response.statusCode !== 200)
    throw new Error(`the GitHub API answered HTTP ${response.statusCode}`)
  const files: unknown = JSON.parse(text)
  if (!Array.isArray(files)) throw new Error('the GitHub API answered with no list of files')
  return files
    .map(file => (isRecord(file) && typeof file.filename === 'string' ? file.filename : ''))
    .filter(Boolean)
    .slice(0, max)
}
