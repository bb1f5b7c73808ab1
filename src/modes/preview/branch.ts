import type { GitHubRun } from '../../settings/github-run.js'

/** Characters git refuses in a branch name, and what the JSON body should never carry. */
const NOT_A_BRANCH = /[\s\p{Cc}~^:?*[\\]|\.\.|@\{|^\/|\/$|\.lock$|^-/u

/**
 * The branch to preview: `branch` when given, else the pull request's head branch on
 * pull-request events, else the branch the workflow runs on. A problem, in words, otherwise.
 */
export function resolvePreviewBranch(
  input: string,
  run: GitHubRun
): { branch: string } | { problem: string } {
  const given = input.trim()
  if (given) {
    if (given.length > 255 || NOT_A_BRANCH.test(given))
      return {
        problem: `Input \`branch\` is not a branch name git accepts (no spaces, control characters, \`~^:?*[\\\`, \`..\` or \`@{\`): give the branch to preview, e.g. \`docs/new-page\`.`
      }
    return { branch: given }
  }
  const onPullRequest = run.eventName === 'pull_request' || run.eventName === 'pull_request_target'
  if (onPullRequest && run.headRef) return { branch: run.headRef }
  if (!onPullRequest && run.refName) return { branch: run.refName }
  const where = onPullRequest
    ? 'the pull request’s head branch could not be read from the event'
    : 'this run is not for a pull request and runs on no branch'
  return {
    problem: `Input \`branch\` is required here: ${where}. Set \`branch\` to the branch to preview (e.g. \`branch: \${{ github.head_ref }}\`).`
  }
}
