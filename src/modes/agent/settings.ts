import { readFileSync, realpathSync, statSync } from 'node:fs'
import { resolve } from 'node:path'
import { log } from '../../log.js'
import { readEvent, untrustedTrigger, type GitHubEvent } from '../../github/event.js'
import type { GitHubApiAccess } from '../../github/pull-files.js'
import type { CommonSettings } from '../../settings/common.js'
import { segmentsAfterJob, type Reader } from '../../settings/reader.js'
import { inside } from '../../util/paths.js'
import type { AgentWatchSettings } from '../agent-watch/settings.js'
import { API_KEYS_PAGE } from '../../api/errors.js'

/** A new job from a prompt, or a follow-up message to an existing one. */
export type AgentRequest =
  | { readonly kind: 'create'; readonly prompt: string; readonly source: string }
  | { readonly kind: 'follow-up'; readonly jobId: string; readonly message: string }

export interface AgentSettings
  extends CommonSettings, Pick<AgentWatchSettings, 'projectId' | 'requirePr'> {
  readonly mode: 'agent'
  readonly request: AgentRequest
  /** Add the triggering change to a new job's prompt. */
  readonly context: 'auto' | 'none'
  /** Follow the job to its end; false returns once it is created. */
  readonly wait: boolean
  /** The event that started the run, when there is one. */
  readonly event?: GitHubEvent
  /** For a pull request's changed files; undefined without a token. */
  readonly github?: GitHubApiAccess
}

/** A prompt file larger than this is no prompt (the whole prompt is cut far below it). */
const MAX_PROMPT_FILE_BYTES = 1024 * 1024

export function readAgentStartSettings(
  reader: Reader,
  common: CommonSettings,
  env: NodeJS.ProcessEnv
): AgentSettings {
  const projectId = reader.id(
    'project-id',
    reader.required('project-id', `the project id shown on the API keys page (${API_KEYS_PAGE})`)
  )
  const event = readTriggerEvent(reader, env)
  const wait = reader.flag('wait')
  const requirePr = reader.flag('require-pr')
  if (requirePr && !wait) {
    reader.problem(
      'Input `require-pr: true` needs the job followed to its end: remove `wait: false`, or check for the pull request in the step that follows the job.'
    )
  }
  return {
    ...common,
    mode: 'agent',
    projectId,
    request: readRequest(reader, env),
    context: reader.choice('context', ['auto', 'none']),
    wait,
    requirePr,
    ...(event ? { event } : {}),
    ...githubAccess(reader, env)
  }
}

/** `prompt`, `prompt-file`, or `job-id` with `message`: exactly one. */
function readRequest(reader: Reader, env: NodeJS.ProcessEnv): AgentRequest {
  const prompt = reader.text('prompt')
  const promptFile = reader.text('prompt-file')
  const jobId = reader.jobId('job-id', reader.text('job-id'), segmentsAfterJob)
  const message = reader.text('message')
  const given = [prompt && '`prompt`', promptFile && '`prompt-file`', jobId && '`job-id`']
    .filter(Boolean)
    .join(', ')
  const fallback: AgentRequest = { kind: 'create', prompt: '', source: 'prompt' }
  if (jobId && !prompt && !promptFile) {
    if (!message) {
      reader.problem(
        'Input `job-id` in `agent` mode sends a follow-up: set `message` to what the agent should do next (or use `mode: agent-watch` to only follow the job).'
      )
    }
    return { kind: 'follow-up', jobId, message }
  }
  if (message && !jobId) {
    reader.problem(
      'Input `message` is a follow-up to an existing job: set `job-id` to that job, or use `prompt` to start a new one.'
    )
  }
  if (prompt && !promptFile && !jobId) return { kind: 'create', prompt, source: 'prompt' }
  if (promptFile && !prompt && !jobId) return readPromptFile(reader, promptFile, env)
  reader.problem(
    given
      ? `Inputs ${given} were all given: set only one of \`prompt\`, \`prompt-file\`, or \`job-id\` with \`message\`.`
      : 'Mode `agent` needs what to ask: set `prompt` (or `prompt-file`) to start a job, or `job-id` and `message` for a follow-up.'
  )
  return fallback
}

function readPromptFile(reader: Reader, file: string, env: NodeJS.ProcessEnv): AgentRequest {
  const workspace = env.GITHUB_WORKSPACE || process.cwd()
  const fallback: AgentRequest = { kind: 'create', prompt: '', source: file }
  let bytes: Buffer
  try {
    // Links resolved first: a checked-out change could point the file at /proc/self/environ.
    const path = realpathSync(resolve(workspace, file))
    inside(realpathSync(workspace), path, 'prompt-file')
    const stats = statSync(path)
    if (!stats.isFile()) {
      reader.problem(`Input \`prompt-file\` (\`${file}\`) is not a regular file.`)
      return fallback
    }
    if (stats.size > MAX_PROMPT_FILE_BYTES) {
      reader.problem(
        `Input \`prompt-file\` (\`${file}\`) has ${stats.size} bytes: a prompt file may have at most ${MAX_PROMPT_FILE_BYTES}.`
      )
      return fallback
    }
    bytes = readFileSync(path)
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    reader.problem(
      code
        ? `Input \`prompt-file\` (\`${file}\`) cannot be read (${code}): give the path of a file under ${workspace} (in a workflow, check out the repository first with actions/checkout).`
        : `Input \`prompt-file\` (\`${file}\`) is outside ${workspace} (or links out of it), the workspace or, for the CLI, the folder it runs in: give a path in the repository, e.g. \`.github/docs-agent.md\`.`
    )
    return fallback
  }
  // Not read as UTF-8 whatever it holds: a file Windows saved as "Unicode" (UTF-16) would
  // reach the agent as NULs and replacement characters. A UTF-8 byte-order mark is dropped.
  let text: string
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes)
  } catch {
    text = '\0'
  }
  if (text.includes('\0')) {
    reader.problem(
      `Input \`prompt-file\` (\`${file}\`) is not UTF-8 text (it holds bytes that are not, or NULs, as a UTF-16 file does): save it as UTF-8.`
    )
    return fallback
  }
  if (!text.trim()) reader.problem(`Input \`prompt-file\` (\`${file}\`) is empty.`)
  return { kind: 'create', prompt: text, source: file }
}

/**
 * The event, refused when anyone could have written it and its author has no write access:
 * checked here, before any request, whatever the prompt says.
 */
function readTriggerEvent(reader: Reader, env: NodeJS.ProcessEnv): GitHubEvent | undefined {
  let event: GitHubEvent | undefined
  try {
    event = readEvent(env)
  } catch (error) {
    reader.problem((error as Error).message)
    return undefined
  }
  // Read whatever the event: a value that is no flag is refused on every event alike.
  const allowed = reader.flag('allow-untrusted-trigger')
  const refusal = untrustedTrigger(event)
  if (refusal && !allowed) reader.problem(refusal)
  else if (refusal) log.warning(`\`allow-untrusted-trigger: true\`: running anyway. ${refusal}`)
  return event
}

/** The action's `github-token`, else GITHUB_TOKEN (the CLI in a workflow); masked either way. */
function githubAccess(reader: Reader, env: NodeJS.ProcessEnv): { github?: GitHubApiAccess } {
  let token = reader.text('github-token')
  if (!token) {
    // Not an input, so not masked with the inputs.
    token = env.GITHUB_TOKEN?.trim() ?? ''
    log.secret(token)
  }
  if (!token) return {}
  return { github: { apiUrl: env.GITHUB_API_URL || 'https://api.github.com', token } }
}
