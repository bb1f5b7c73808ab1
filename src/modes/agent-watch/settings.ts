import type { CommonSettings } from '../../settings/common.js'
import { segmentsAfterJob, type Reader } from '../../settings/reader.js'
import { API_KEYS_PAGE } from '../../api/errors.js'

export interface AgentWatchSettings extends CommonSettings {
  readonly mode: 'agent-watch'
  readonly projectId: string
  readonly jobId: string
  /** Fail when the agent completed without opening a pull request. */
  readonly requirePr: boolean
}

export function readAgentSettings(reader: Reader, common: CommonSettings): AgentWatchSettings {
  const projectId = reader.id(
    'project-id',
    reader.required('project-id', `the project id shown on the API keys page (${API_KEYS_PAGE})`)
  )
  const jobId = reader.jobId(
    'job-id',
    reader.required('job-id', 'the id of the agent job to watch'),
    segmentsAfterJob
  )
  return {
    ...common,
    mode: 'agent-watch',
    projectId,
    jobId,
    requirePr: reader.flag('require-pr')
  }
}
