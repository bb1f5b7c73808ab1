import { log } from '../../log.js'
import type { AgentJob } from '../../api/client.js'
import { ApiError } from '../../api/errors.js'
import { mayHaveTakenEffect } from '../../api/retry-policy.js'
import { valueAt, textAt } from '../../github/event.js'
import { pullRequestFiles } from '../../github/pull-files.js'
import { isSafeId, untrusted } from '../../util/untrusted.js'
import { classifyAgentJob } from '../agent-watch/agent-status.js'
import { AgentJobError, watchAgentJob, type AgentReport } from '../agent-watch/run.js'
import type { Outcome, RunDeps } from '../mode.js'
import {
  buildPrompt,
  CONTEXT_MAX_FILES,
  pullRequestContext,
  pushContext,
  type ChangeContext
} from './prompt.js'
import type { AgentSettings } from './settings.js'
import { asError } from '../../util/errors.js'

export interface AgentRunReport extends AgentReport {
  /** A new job, or a follow-up message to `jobId`. */
  request: 'create' | 'follow-up'
  /** The prompt (or message) as sent, once built. */
  prompt?: string
  /** Where the added context came from, e.g. `pull request #12`. */
  context?: string
  /** False when `wait: false` returned right after the request. */
  waited: boolean
}

/**
 * Starts an agent job (or sends a follow-up), then follows it as agent-watch does. The create
 * and the message are never sent twice unless they certainly never arrived: each job may open
 * a pull request and costs credits.
 */
export async function runAgent(
  settings: AgentSettings,
  deps: RunDeps
): Promise<Outcome<AgentRunReport>> {
  const { request, projectId } = settings
  const report: AgentRunReport = {
    projectId,
    jobId: request.kind === 'follow-up' ? request.jobId : '',
    request: request.kind,
    waited: false,
    waitedMs: 0
  }
  let job: AgentJob
  let before: AgentJob | undefined
  try {
    // A follow-up continues a job that has its context already: only a new job gets the block.
    const context =
      settings.context === 'auto' && request.kind === 'create'
        ? await changeContext(settings, deps)
        : undefined
    const built = buildPrompt(request.kind === 'create' ? request.prompt : request.message, context)
    for (const notice of built.notices) log.notice(notice)
    report.prompt = built.text
    if (built.context) report.context = built.context
    const about = `${built.text.length} characters${built.context ? `, with the ${built.context}` : ''}`
    if (request.kind === 'create') {
      log.info(`Starting an agent job in project ${projectId} (prompt: ${about}).`)
      job = await deps.api.createAgentJob(projectId, built.text, deps.signal)
      if (!job.id || !isSafeId(job.id)) {
        throw new AgentJobError(
          `The agent job was created, but the service answered without a usable job id (${job.id ? `\`${untrusted(job.id, 40)}\`` : 'none'}), so it cannot be followed. Look for it on the Mintlify dashboard; do not run this step again for it.`
        )
      }
      report.jobId = job.id
      log.info(`Started agent job ${job.id}: ${job.status}`)
    } else {
      // What the job shows before the message: until the service picks it up, it shows that.
      before = await deps.api.getAgentJob(projectId, request.jobId, deps.signal)
      // Its next end may be the earlier request's: the service says nothing of which it ends.
      if (classifyAgentJob(before).kind === 'pending')
        log.warning(
          `Agent job ${request.jobId} is still working (${before.status}) on an earlier request: the result this step waits for may be that request's, not the follow-up's.`
        )
      log.info(`Sending a follow-up to agent job ${request.jobId} (message: ${about}).`)
      job = await deps.api.sendAgentMessage(projectId, request.jobId, built.text, deps.signal)
      log.info(
        statusGiven(job)
          ? `Agent job ${request.jobId} took the follow-up: ${job.status}`
          : `Agent job ${request.jobId} took the follow-up.`
      )
    }
    report.job = job
  } catch (error) {
    return { report, error: explainSend(error, report) }
  }
  if (!settings.wait) return { report }

  report.waited = true
  await deps.onStarted?.(report)
  const watched = await watchAgentJob(
    {
      ...settings,
      jobId: report.jobId,
      startedHere: request.kind === 'create',
      ...(request.kind === 'follow-up'
        ? {
            followUp: {
              // A status the answer did not give (the client's default) shows no work begun.
              seenWorking: statusGiven(job) && classifyAgentJob(job).kind === 'pending',
              ...(before ? { before } : {})
            }
          }
        : {})
    },
    deps
  )
  return {
    report: { ...report, ...watched.report, job: watched.report.job ?? job },
    ...(watched.error ? { error: watched.error } : {})
  }
}

/** The message's answer may be any part of a job (the vendor requires no field). */
function statusGiven(job: AgentJob): boolean {
  return !job.statusAssumed
}

/** The block about the triggering change, for the events that have one. */
async function changeContext(
  settings: AgentSettings,
  deps: RunDeps
): Promise<ChangeContext | undefined> {
  const event = settings.event
  if (!event) return undefined
  if (event.name === 'push') return pushContext(event)
  if (event.name !== 'pull_request' && event.name !== 'pull_request_target') return undefined
  const number = valueAt(event.payload, 'pull_request', 'number')
  const repository = textAt(event.payload, 'repository', 'full_name')
  const total = valueAt(event.payload, 'pull_request', 'changed_files')
  let files: { listed: string[]; total: number } | undefined
  if (!settings.github) {
    log.notice(
      "No GitHub token (`github-token`, or GITHUB_TOKEN for the CLI): the prompt goes without the pull request's changed files."
    )
  } else if (typeof number === 'number' && repository) {
    try {
      const listed = await pullRequestFiles(
        settings.github,
        repository,
        number,
        CONTEXT_MAX_FILES,
        deps.signal
      )
      files = { listed, total: typeof total === 'number' ? total : listed.length }
    } catch (error) {
      log.warning(
        `Could not list the changed files of pull request #${number}: ${untrusted((error as Error).message)}. The prompt goes without them.`
      )
    }
  }
  return pullRequestContext(event, files)
}

/**
 * A create or follow-up that may have reached the service without an answer coming back: say
 * so, and where to look, rather than send it again.
 */
function explainSend(error: unknown, report: AgentRunReport): Error {
  if (!(error instanceof ApiError)) return asError(error)
  // The read of the job before a follow-up sent nothing.
  const sending =
    error.operation.kind === 'agent-create' || error.operation.kind === 'agent-message'
  if (!sending || !mayHaveTakenEffect(error)) return error
  const why =
    error.kind === 'http'
      ? `HTTP ${error.status}${error.serverMessage ? ` "${error.serverMessage}"` : ''}`
      : error.kind === 'invalid-response'
        ? 'an answer the action cannot read'
        : error.kind === 'aborted'
          ? 'cancelled while the request was out'
          : (error.reason ?? 'the connection ended')
  if (report.request === 'create') {
    return new AgentJobError(
      `Starting the agent job got no usable answer (${why}), but the request reached the service, so a job may have been created. Look at the project's agent jobs on the Mintlify dashboard (and for a new docs pull request) before running this again; the step does not send it twice, so that no second job is started.`
    )
  }
  return new AgentJobError(
    `Sending the follow-up to agent job ${report.jobId} got no usable answer (${why}), but the request reached the service, so the job may have it. Check the job (\`mode: agent-watch\`, \`job-id: ${report.jobId}\`) before sending it again; the step does not send it twice.`
  )
}
