import type { CommonSettings } from '../../settings/common.js'
import { readGitHubRun, type GitHubRun } from '../../settings/github-run.js'
import type { Reader } from '../../settings/reader.js'
import { API_KEYS_PAGE } from '../../api/errors.js'

export interface DeploySettings extends CommonSettings {
  readonly mode: 'deploy'
  readonly projectId: string
  /** Follow this deployment, started elsewhere, instead of triggering one. */
  readonly statusId?: string
  /** The workflow run, for the comment's links (empty outside GitHub Actions). */
  readonly github: GitHubRun
}

/** `project-id`, the same way for deploy and preview. */
export function readProjectId(reader: Reader): string {
  return reader.id(
    'project-id',
    reader.required('project-id', `the project id shown on the API keys page (${API_KEYS_PAGE})`)
  )
}

export function readDeploySettings(
  reader: Reader,
  common: CommonSettings,
  env: NodeJS.ProcessEnv
): DeploySettings {
  const projectId = readProjectId(reader)
  const statusId = reader.id('status-id', reader.text('status-id'))
  return {
    ...common,
    mode: 'deploy',
    projectId,
    ...(statusId ? { statusId } : {}),
    github: readGitHubRun(env)
  }
}
