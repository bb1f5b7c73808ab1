import { TimedOutError } from '../errors.js'
import { log } from '../../log.js'
import type { AdminApi, AgentJob } from '../../api/client.js'
import { API_KEYS_PAGE, ApiError } from '../../api/errors.js'
import { lastFailureNote, pollUntil, PollTimeoutError } from '../../poll/poll.js'
import { WaitLog } from '../../poll/wait-log.js'
import { isNotFound, NotFoundGrace } from '../../poll/not-found-grace.js'
import { formatDuration } from '../../settings/duration.js'
import type { AgentWatchSettings } from './settings.js'
import { classifyAgentJob } from './agent-status.js'
import { statusPollOptions } from '../../poll/status-poll.js'
import { asError } from '../../util/errors.js'

export interface AgentReport {
  projectId: string
  jobId: string
  /** The last answer of the API about the job. */
  job?: AgentJob
  /** How long this step waited, in ms. */
  waitedMs: number
}

export interface AgentOutcome {
  report: AgentReport
  error?: Error
}

export interface AgentDeps {
  api: AdminApi
  signal: AbortSignal
  /** Epoch ms at which the step's `timeout` runs out; the API client's requests end there too. */
  deadline: number
}

/** What following a job needs: agent-watch's settings, or those of a job `agent` just started. */
export type AgentWatchOptions = Pick<
  AgentWatchSettings,
  | 'projectId'
  | 'jobId'
  | 'requirePr'
  | 'notFoundGraceMs'
  | 'timeoutMs'
  | 'pollIntervalMs'
  | 'maxPollErrors'
> & {
  /** The job was started by this step: a 404 for it is not a wrong `job-id`. */
  readonly startedHere?: boolean
  /**
   * A follow-up was just sent: the job may still show the end state of its previous prompt
   * (`before`, read just before the message) until the service picks the message up. An end
   * state counts once the job was seen working again, or once it differs from `before`; the
   * same end state unchanged for FOLLOW_UP_SETTLE_MS is taken, with a warning.
   */
  readonly followUp?: { readonly seenWorking: boolean; readonly before?: AgentJob }
}

/** How long an unchanged end state after a follow-up is taken for "not picked up yet". */
export const FOLLOW_UP_SETTLE_MS = 30_000

export class AgentJobError extends Error {
  override name = 'AgentJobError'
}

/**
 * Polls the agent job until it is completed, archived or failed, and judges the result. Returns
 * the error beside the report (never throws for expected failures) so outputs are still set.
 */
export async function watchAgentJob(
  settings: AgentWatchOptions,
  deps: AgentDeps
): Promise<AgentOutcome> {
  const { projectId, jobId } = settings
  const report: AgentReport = { projectId, jobId, waitedMs: 0 }
  const started = Date.now()
  const unfamiliar = new Set<string>()
  let seenWorking = settings.followUp?.seenWorking ?? true
  const wait = new WaitLog(`Agent job ${jobId}`)

  const grace = new NotFoundGrace(
    settings.notFoundGraceMs,
    wait,
    waited =>
      new AgentJobError(
        settings.startedHere
          ? `Agent job ${jobId} was started, but the API answers 404 for it${waited}. Look at the project's agent jobs on the Mintlify dashboard before starting it again.`
          : `Agent job ${jobId} not found in project ${projectId}${waited}. Check \`job-id\`, and \`project-id\` (shown on ${API_KEYS_PAGE}).`
      )
  )

  try {
    report.job = await pollUntil<AgentJob>({
      ...statusPollOptions('Agent job poll', settings, deps),
      check: async () => {
        let job: AgentJob
        try {
          job = await deps.api.getAgentJob(projectId, jobId, deps.signal)
        } catch (error) {
          // Seen before (a follow-up's job was read just before it was sent), so the inputs
          // were right: the job went away (deleted, say).
          const seen = report.job ?? settings.followUp?.before
          if (seen && isNotFound(error)) {
            throw new AgentJobError(
              `Agent job ${jobId} was seen (last status: ${seen.status}) but the API now answers 404: it may have been deleted. Nothing to wait for.`
            )
          }
          // A job created a moment ago may not be readable yet: a 404 is a race for a while.
          if (grace.pollAgain(error)) return { done: false }
          throw error
        }
        grace.answered()
        report.job = job
        wait.update(job.status)
        const verdict = classifyAgentJob(job)
        const before = settings.followUp?.before
        if (verdict.kind === 'pending') seenWorking = true
        else if (!seenWorking && (!before || sameEndState(job, before))) {
          if (Date.now() - started < FOLLOW_UP_SETTLE_MS) return { done: false }
          seenWorking = true
          log.warning(
            `Agent job ${jobId} still shows the state it had before the follow-up (${job.status}) and was never seen working on it: the follow-up may not have been picked up yet, or was done between two polls. Check the job before relying on this result.`
          )
        }
        if (verdict.kind === 'pending' && !verdict.known && !unfamiliar.has(job.status)) {
          unfamiliar.add(job.status)
          log.info(
            `Status "${job.status}" is not among the documented ones; waiting for completed, archived or failed.`
          )
        }
        return verdict.kind === 'pending' ? { done: false } : { done: true, value: job }
      }
    })
    report.waitedMs = Date.now() - started
    judge(report.job, settings)
    return { report }
  } catch (error) {
    report.waitedMs = Date.now() - started
    return { report, error: explain(grace.explain(error, settings.timeoutMs), report, settings) }
  } finally {
    wait.stop()
  }
}

/** The same end state: what a follow-up that was not picked up yet still shows. */
function sameEndState(job: AgentJob, before: AgentJob): boolean {
  return (
    job.status === before.status &&
    job.prLink === before.prLink &&
    job.archivedAt === before.archivedAt
  )
}

/** Throws for the outcomes that fail the step; logs the others plainly. */
function judge(job: AgentJob, settings: AgentWatchOptions): void {
  const verdict = classifyAgentJob(job)
  const id = settings.jobId
  if (verdict.kind === 'failed') {
    throw new AgentJobError(
      `Agent job ${id} failed${verdict.reason ? `: ${verdict.reason}` : ' (the service gave no reason)'}.`
    )
  }
  if (verdict.kind !== 'pending' && !verdict.prLink && job.prLinkUnusable) {
    // A pull request there is, but no link to hand on: never "no file changes".
    noPullRequest(
      `Agent job ${id} is ${job.status} and names a pull request, but by a link the action cannot use (not a web link, or longer than 2,048 characters): \`pr-link\` stays empty; look for the pull request in the repository.`,
      settings,
      'warning'
    )
    return
  }
  if (verdict.kind === 'archived') {
    const archived = `Agent job ${id} is archived${job.archivedAt ? ` (archived at ${job.archivedAt})` : ''}`
    // The spec keeps no state from before the archive: no pull request is all that is known.
    if (verdict.prLink) log.info(`${archived}; it had opened ${verdict.prLink}`)
    else
      noPullRequest(
        `${archived} without a pull request: it completed without file changes or failed before it was archived.`,
        settings
      )
    return
  }
  if (verdict.kind === 'completed' && verdict.prLink) {
    log.info(`Agent job ${id} completed and opened ${verdict.prLink}`)
    return
  }
  noPullRequest(
    `Agent job ${id} completed without file changes, so no pull request was opened.`,
    settings
  )
}

/** A job that ended without a pull request: a notice, or a failure with `require-pr`. */
function noPullRequest(
  message: string,
  settings: AgentWatchOptions,
  level: 'notice' | 'warning' = 'notice'
): void {
  if (settings.requirePr)
    throw new AgentJobError(`${message} \`require-pr: true\` makes this a failure.`)
  log[level](message)
}

function explain(error: unknown, report: AgentReport, settings: AgentWatchOptions): Error {
  if (error instanceof PollTimeoutError || (error instanceof ApiError && error.stepTimedOut)) {
    const polled = error instanceof PollTimeoutError ? error : undefined
    const last = report.job ? ` (last status: ${report.job.status})` : ' (the job was never read)'
    const failure = polled ? lastFailureNote(polled) : ''
    return new TimedOutError(
      `Timed out after ${formatDuration(settings.timeoutMs)} waiting for agent job ${settings.jobId}${last}.${failure} Increase \`timeout\`; the agent keeps working on the server.`
    )
  }
  return asError(error)
}
