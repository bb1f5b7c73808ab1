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
  const checked = (branch: string, from: string) =>
    branch.length > 255 || NOT_A_BRANCH.test(branch)
      ? {
          problem: `${from} is not a branch name git accepts (no spaces, control characters, \`~^:?*[\\\`, \`..\` or \`@{\`): give the branch to preview, e.g. \`docs/new-page\`.`
        }
      : { branch }
  const given = input.trim()
  if (given) return checked(given, 'Input `branch`')
  const set = 'Set `branch` to the branch to preview'
  if (run.headRef && run.headFromFork) {
    return {
      problem: `Input \`branch\` is required here: the pull request comes from a fork, whose branch this repository's Mintlify project cannot build (and a fork's run has no secrets). ${set}, or run previews only for branches of this repository (\`if: github.event.pull_request.head.repo.full_name == github.repository\`).`
    }
  }
  if (run.headRef) return checked(run.headRef, 'The pull request’s head branch')
  if (run.forPullRequest) {
    return {
      problem: `Input \`branch\` is required here: the event${run.eventName ? ` \`${run.eventName}\`` : ''} does not say the pull request’s head branch. ${set} (e.g. from \`gh pr view --json headRefName\`).`
    }
  }
  if (run.refName) return checked(run.refName, 'The branch the workflow runs on')
  return {
    problem: `Input \`branch\` is required here: this run is not for a pull request and runs on no branch. ${set} (e.g. \`branch: \${{ github.head_ref }}\` in a workflow; \`$CI_COMMIT_REF_NAME\` in GitLab CI).`
  }
}

/**
 * The commit a preview of `branch` builds, when this run knows it: the run's own commit, when
 * the branch is the one the run is for. A comment's `branch`, or a dispatch for another
 * branch, builds whatever that branch holds; a fork's branch of the same name is not this
 * repository's.
 */
export function previewedCommit(branch: string, run: GitHubRun): string | undefined {
  const ownBranch = run.headFromFork ? undefined : (run.headRef ?? run.refName)
  return branch === ownBranch ? run.headSha : undefined
}
