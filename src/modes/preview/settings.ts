import { setByWorkflow } from '../../inputs.js'
import type { CommonSettings } from '../../settings/common.js'
import { readGitHubRun, type GitHubRun } from '../../settings/github-run.js'
import type { Reader } from '../../settings/reader.js'
import { readProjectId } from '../deploy/settings.js'
import { resolvePreviewBranch } from './branch.js'

export interface PreviewSettings extends CommonSettings {
  readonly mode: 'preview'
  readonly projectId: string
  /** The branch to preview (given, or from the pull request or the run's ref). */
  readonly branch: string
  /** Follow this preview, triggered by an earlier run or elsewhere, instead of triggering one. */
  readonly statusId?: string
  /** The workflow run, for the comment's links and the GitHub deployment's commit. */
  readonly github: GitHubRun
  /** Record the preview as a GitHub deployment (action only): its environment and token. */
  readonly githubDeployment?: { readonly environment: string; readonly token: string }
}

export function readPreviewSettings(
  reader: Reader,
  common: CommonSettings,
  env: NodeJS.ProcessEnv
): PreviewSettings {
  const projectId = readProjectId(reader)
  const statusId = reader.id('status-id', reader.text('status-id'))
  const github = readGitHubRun(env)
  const resolved = resolvePreviewBranch(reader.text('branch'), github)
  if ('problem' in resolved) reader.problem(resolved.problem)
  return {
    ...common,
    mode: 'preview',
    projectId,
    branch: 'branch' in resolved ? resolved.branch : '',
    ...(statusId ? { statusId } : {}),
    github,
    ...readGitHubDeployment(reader)
  }
}

function readGitHubDeployment(reader: Reader): Pick<PreviewSettings, 'githubDeployment'> {
  if (!reader.flag('github-deployment')) {
    // Set for nothing, it would be ignored: no deployment would appear in that environment.
    if (setByWorkflow('environment', reader.text('environment')))
      reader.problem(
        'Input `environment` is set, but `github-deployment` is not `true`: set `github-deployment: true` to record the preview as a GitHub deployment in that environment, or remove `environment`.'
      )
    return {}
  }
  const environment = reader.text('environment')
  const token = reader.text('github-token')
  if (!environment)
    reader.problem('Input `github-deployment: true` needs `environment` (default `docs-preview`).')
  if (!token)
    reader.problem(
      'Input `github-deployment: true` needs `github-token` (default: the workflow token `${{ github.token }}`).'
    )
  return environment && token ? { githubDeployment: { environment, token } } : {}
}
