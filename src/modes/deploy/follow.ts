import type { DeploymentStatus, Triggered } from '../../api/client.js'
import { ApiError, TRIGGER_WINDOW_MS } from '../../api/errors.js'
import { mayHaveTakenEffect } from '../../api/retry-policy.js'
import { log } from '../../log.js'
import { lastFailureNote, pollUntil, PollTimeoutError } from '../../poll/poll.js'
import { NotFoundGrace } from '../../poll/not-found-grace.js'
import { WaitLog } from '../../poll/wait-log.js'
import { formatDuration } from '../../settings/duration.js'
import type { CommonSettings } from '../../settings/common.js'
import { TimedOutError } from '../errors.js'
import type { RunDeps } from '../mode.js'
import { classifyDeployment, lastLogLines } from './status.js'
import { statusPollOptions } from '../../poll/status-poll.js'
import { asError } from '../../util/errors.js'

/*
 * What deploy and preview share: triggering (not idempotent), following a status id to
 * `success` or `failure`, and the words for each way it can end.
 */

/** Where a deployment whose outcome this step cannot tell is seen. */
const DASHBOARD = "the project's deployments on the Mintlify dashboard (https://app.mintlify.com)"

/** What both modes report: the status followed and the last answer about it. */
export interface DeploymentReport {
  projectId?: string
  /** Set as soon as the trigger's answer (or the `status-id` input) gives it. */
  statusId?: string
  /** The last answer of the status endpoint. */
  deployment?: DeploymentStatus
  /** How long this step waited, in ms. */
  waitedMs: number
}

export class DeploymentError extends Error {
  override name = 'DeploymentError'
}

export type DeploymentKind = 'deployment' | 'preview'

/**
 * Sends one trigger. The API client repeats it only when it certainly never arrived, or was
 * refused with 429 and the wait fits before the step's deadline; anything else that leaves the
 * outcome unknown is explained here, and never sent again.
 */
export async function trigger(
  kind: DeploymentKind,
  send: () => Promise<Triggered>
): Promise<Triggered> {
  try {
    return await send()
  } catch (error) {
    throw explainTrigger(kind, error)
  }
}

function explainTrigger(kind: DeploymentKind, error: unknown): Error {
  if (!(error instanceof ApiError)) return asError(error)
  if (error.status === 429) {
    // A 429 was refused, not run: what ended the retries says what to do.
    if (error.retriesEnded === 'attempts')
      return new DeploymentError(
        `${error.message} It stayed limited through every attempt (other runs of the organization share the limit): run it again later.`
      )
    const wait =
      error.retryAfterMs === undefined
        ? `The limit lasts up to ${formatDuration(TRIGGER_WINDOW_MS[kind])}`
        : `The server asked to wait ${formatDuration(error.retryAfterMs)}`
    return new DeploymentError(
      `${error.message} ${wait}, past this step's \`timeout\`: run it again later, or with a longer \`timeout\`.`
    )
  }
  if (!mayHaveTakenEffect(error)) return error
  const what = kind === 'preview' ? 'a preview deployment' : 'a deployment'
  return new DeploymentError(
    `${error.message} The request may have reached Mintlify, so ${what} may have started; it was not sent again, since triggering is not idempotent. Look at ${DASHBOARD} before running this again, or follow one there with \`status-id\`.`
  )
}

/**
 * Polls the status until `success` or `failure`, logging each change, and judges the result:
 * a failure throws with the server's summary, after the last lines of its log in a group.
 */
export async function followDeployment(
  kind: DeploymentKind,
  statusId: string,
  report: DeploymentReport,
  settings: CommonSettings,
  deps: RunDeps,
  { triggeredHere }: { triggeredHere: boolean }
): Promise<DeploymentStatus> {
  const label = kind === 'preview' ? 'Preview' : 'Deployment'
  const unfamiliar = new Set<string>()
  const wait = new WaitLog(`${label} ${statusId}`)
  const grace = new NotFoundGrace(settings.notFoundGraceMs, wait, waited =>
    triggeredHere
      ? new DeploymentError(
          `${label} ${statusId} was triggered, but the API answers 404 for its status${waited}. Look at ${DASHBOARD} before triggering again.`
        )
      : new DeploymentError(
          `Deployment status \`${statusId}\` was not found${waited}. Check \`status-id\` (\`${statusId}\`), and that the key belongs to the organization of that deployment.`
        )
  )
  const deployment = await pollUntil<DeploymentStatus>({
    ...statusPollOptions(`${label} status poll`, settings, deps),
    check: async () => {
      let status: DeploymentStatus
      try {
        status = await deps.api.getDeploymentStatus(statusId, deps.signal)
      } catch (error) {
        // A trigger answers 202 (accepted, not done), and a status started elsewhere may be as
        // new: until it was seen once, a 404 is a race.
        if (!report.deployment && grace.pollAgain(error)) return { done: false }
        throw error
      }
      grace.answered()
      report.deployment = status
      wait.update(status.status)
      const verdict = classifyDeployment(status)
      if (verdict.kind === 'pending' && !verdict.known && !unfamiliar.has(status.status)) {
        unfamiliar.add(status.status)
        log.info(
          `Status "${status.status}" is not among the documented ones; waiting for success or failure.`
        )
      }
      return verdict.kind === 'pending' ? { done: false } : { done: true, value: status }
    }
  })
    .catch((error: unknown) => {
      throw grace.explain(error, settings.timeoutMs)
    })
    .finally(() => wait.stop())
  const verdict = classifyDeployment(deployment)
  if (verdict.kind === 'failure') {
    const lines = lastLogLines(deployment.logs)
    if (lines.length > 0) {
      await log.group(
        `${label} ${statusId}: the last ${lines.length} lines of its log`,
        async () => {
          for (const line of lines) log.info(line)
        }
      )
    }
    throw new DeploymentError(
      `${label} ${statusId} failed: ${verdict.summary ?? 'the service gave no summary'}.${lines.length ? ' The last lines of its log are in the step’s log.' : ''}`
    )
  }
  return deployment
}

/** The step's own words for a timeout, and for a status seen that is gone; else the error as it is. */
export function explainWait(
  kind: DeploymentKind,
  error: unknown,
  report: DeploymentReport,
  settings: CommonSettings
): Error {
  const label = kind === 'preview' ? 'Preview' : 'Deployment'
  const lost =
    error instanceof ApiError &&
    error.status === 404 &&
    error.operation.kind === 'deployment-status'
  if (lost && report.deployment) {
    return new DeploymentError(
      `${label} ${report.statusId} was seen (last status: ${report.deployment.status}) but the API now answers 404: it may have been removed. Look at ${DASHBOARD}.`
    )
  }
  if (error instanceof PollTimeoutError || (error instanceof ApiError && error.stepTimedOut)) {
    const polled = error instanceof PollTimeoutError ? error : undefined
    const what = kind === 'preview' ? 'preview' : 'deployment'
    const id = report.statusId ? ` ${report.statusId}` : ''
    const last = report.deployment
      ? ` (last status: ${report.deployment.status})`
      : ' (its status was never read)'
    const failure = polled ? lastFailureNote(polled) : ''
    const resume = report.statusId
      ? `: wait for it again with \`status-id: ${report.statusId}\``
      : ''
    return new TimedOutError(
      `Timed out after ${formatDuration(settings.timeoutMs)} waiting for ${what}${id}${last}.${failure} Increase \`timeout\`; the ${what} goes on on the server${resume}.`
    )
  }
  return asError(error)
}
