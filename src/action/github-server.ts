import type { InputSource } from '../settings/reader.js'

/**
 * Which GitHub the workflow runs on, from `GITHUB_SERVER_URL`: GitHub.com, GitHub Enterprise
 * Cloud with data residency (`*.ghe.com`), or a GitHub Enterprise Server (any other host).
 * `*.localhost` counts as GitHub.com, as `@actions/artifact` counts it (GitHub's own dev setups).
 */
export type GitHubKind = 'github.com' | 'ghe.com' | 'server'

export function gitHubKind(serverUrl: string | undefined): GitHubKind {
  if (!serverUrl) return 'github.com'
  let host: string
  try {
    host = new URL(serverUrl).hostname.toLowerCase()
  } catch {
    // Not a URL: no GitHub.com runner sets that, so not GitHub.com's services either.
    return 'server'
  }
  if (host === 'github.com' || host.endsWith('.localhost')) return 'github.com'
  if (host.endsWith('.ghe.com')) return 'ghe.com'
  return 'server'
}

/**
 * Why `upload-artifact: true` cannot work here, or undefined when it can. `@actions/artifact`
 * 2+ talks to the artifact service of GitHub.com and GHE.com, which GitHub Enterprise Server
 * does not have; there it would fail only after the whole export, so the step fails first.
 */
export function artifactServiceProblem(env: NodeJS.ProcessEnv): string | undefined {
  if (gitHubKind(env.GITHUB_SERVER_URL) !== 'server') return undefined
  return (
    `Input \`upload-artifact: true\` needs GitHub's artifact service, which GitHub Enterprise Server (${env.GITHUB_SERVER_URL}) does not have ` +
    '(the artifact client of actions/upload-artifact v4 and later works only on github.com and *.ghe.com). ' +
    'Set `upload-artifact: false` and upload the `bundle-path` (or `extract-path`) output with an upload step your server supports, ' +
    'such as `actions/upload-artifact@v3` on GitHub Enterprise Server. Nothing was started.'
  )
}

/**
 * Fails before any request when the inputs ask for a service this GitHub does not have. A
 * value `upload-artifact` cannot be read as is left to the settings reader, which names it.
 */
export function checkGitHubServices(inputs: InputSource, env: NodeJS.ProcessEnv): void {
  let uploadArtifact: boolean
  try {
    uploadArtifact = inputs.flag('upload-artifact')
  } catch {
    return
  }
  const problem = uploadArtifact ? artifactServiceProblem(env) : undefined
  if (problem) throw new GitHubServiceError(problem)
}

export class GitHubServiceError extends Error {
  override name = 'GitHubServiceError'
}
