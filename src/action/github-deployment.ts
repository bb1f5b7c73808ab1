import * as github from '@actions/github'
import { log, secrets } from '../log.js'
import { stoppedWaiting } from '../modes/errors.js'
import type { PreviewReport } from '../modes/preview/run.js'
import { previewedCommit } from '../modes/preview/branch.js'
import type { PreviewSettings } from '../modes/preview/settings.js'
import { httpUrl, untrusted } from '../util/untrusted.js'
import { tokenIdentity } from './pr-comment.js'

type Octokit = ReturnType<typeof github.getOctokit>
type State = 'in_progress' | 'success' | 'failure'

/** Bounds each request (by default): recording a deployment is a courtesy and must not hold the step. */
const REQUEST_TIMEOUT_MS = 30_000

/**
 * GitHub refuses a deployment's or a status's description over 140 characters (422), which
 * would leave the deployment in progress: a cut one ends in `…`, its 140th.
 */
const DESCRIPTION_CUT = 139

/** What a deployment's payload records of the preview, for a run that follows it later. */
const STATUS_ID = 'mintlifyStatusId'
const PREVIEW_URL = 'previewUrl'
/** The task the previews' deployments are made with, so that a search lists only theirs. */
const TASK = 'deploy:mintlify-preview'
/** Pages of 100 searched for a followed preview's deployment (its environment's newest first). */
const MAX_PAGES = 5

/** A payload as GitHub gives it back: the object sent, or (from other writers) any JSON. */
function recordOf(payload: unknown): Record<string, unknown> | undefined {
  if (typeof payload === 'string') {
    try {
      payload = JSON.parse(payload)
    } catch {
      return undefined
    }
  }
  return payload && typeof payload === 'object' && !Array.isArray(payload)
    ? (payload as Record<string, unknown>)
    : undefined
}

/** A GitHub deployment of the preview, as Vercel or Netlify record theirs ("View deployment"). */
export interface PreviewDeployment {
  /**
   * For a preview followed by `status-id`: finds the deployment the run that triggered it
   * recorded, and the address it kept. A failed search records none (no second one beside it).
   */
  carryOn(report: PreviewReport): Promise<void>
  /** Creates the deployment of the head commit (or carries on the one found), in progress. */
  started(report: PreviewReport): Promise<void>
  /** Its final status: success with the preview URL as `environment_url`, or failure. */
  finished(report: PreviewReport, error: Error | undefined): Promise<void>
}

/**
 * The preview as a GitHub deployment. Without `deployments: write` (or on a fork's read-only
 * token) it warns once and the step goes on: the preview itself is the step's result.
 */
export function previewDeployment(
  settings: PreviewSettings,
  context: typeof github.context = github.context,
  requestTimeoutMs = REQUEST_TIMEOUT_MS
): PreviewDeployment | undefined {
  const options = settings.githubDeployment
  if (!options) return undefined
  // Another branch than the run's own is named by the branch: its commit is not known here;
  // nor is the commit of a preview followed by its status id.
  const sha = settings.statusId ? undefined : previewedCommit(settings.branch, settings.github)
  const ref = sha ?? settings.branch
  // A client per request: a signal made once would run out during a long build, and the
  // final status (sent minutes later) would fail at once.
  const octokit = (): Octokit =>
    github.getOctokit(options.token, {
      request: { signal: AbortSignal.timeout(requestTimeoutMs) }
    })
  const { owner, repo } = context.repo
  let deploymentId: number | undefined
  let broken = false

  const warn = (what: string, error: unknown) => {
    broken = true
    const status = (error as { status?: number }).status
    const hint =
      status === 403 || status === 404
        ? ' Give the workflow `permissions: deployments: write` (a pull request from a fork gets a read-only token), or set `github-deployment: false`.'
        : ''
    log.warning(
      `Could not ${what}${status ? ` (HTTP ${status})` : ''}: ${untrusted((error as Error).message)}.${hint}`
    )
  }

  const setStatus = async (state: State, report: PreviewReport) => {
    if (deploymentId === undefined || broken) return
    try {
      await octokit().rest.repos.createDeploymentStatus({
        owner,
        repo,
        deployment_id: deploymentId,
        state,
        ...(state === 'success' && report.previewUrl ? { environment_url: report.previewUrl } : {}),
        ...(settings.github.runUrl ? { log_url: settings.github.runUrl } : {}),
        description: untrusted(
          state === 'success'
            ? 'Mintlify preview ready'
            : state === 'failure'
              ? `Mintlify preview failed${report.deployment?.summary ? `: ${report.deployment.summary}` : ''}`
              : 'Mintlify preview building',
          DESCRIPTION_CUT
        ),
        auto_inactive: state === 'success'
      })
      log.info(`GitHub deployment ${deploymentId} of ${options.environment}: ${state}.`)
    } catch (error) {
      warn(`set the status of GitHub deployment ${deploymentId}`, error)
    }
  }

  /**
   * The deployment the run that triggered a followed preview recorded: made by this token's
   * identity (anyone with `deployments: write` could make one naming the status id), with the
   * status id in its payload. Undefined when none is found; throws when the search fails.
   */
  const recorded = async (statusId: string) => {
    const client = octokit()
    const creator = await tokenIdentity(client, 'no earlier GitHub deployment is carried on')
    if (!creator) return undefined
    let pages = 0
    for await (const { data } of client.paginate.iterator(client.rest.repos.listDeployments, {
      owner,
      repo,
      environment: options.environment,
      task: TASK,
      per_page: 100
    })) {
      for (const deployment of data) {
        const payload = recordOf(deployment.payload)
        if (deployment.creator?.login === creator && payload?.[STATUS_ID] === statusId)
          return { id: deployment.id, payload }
      }
      if (++pages >= MAX_PAGES) break
    }
    return undefined
  }

  return {
    async carryOn(report) {
      if (!report.resumed || !report.statusId) return
      let earlier: Awaited<ReturnType<typeof recorded>>
      try {
        earlier = await recorded(report.statusId)
      } catch (error) {
        // A new deployment would stand beside the earlier one, left in progress.
        warn(`look for the GitHub deployment of preview ${report.statusId}`, error)
        return
      }
      if (!earlier) return
      deploymentId = earlier.id
      const address = earlier.payload[PREVIEW_URL]
      if (!report.previewUrl && typeof address === 'string' && httpUrl(address))
        report.previewUrl = address
      log.info(`Carrying on GitHub deployment ${deploymentId} of ${options.environment}.`)
    },
    async started(report) {
      if (broken) return
      if (deploymentId !== undefined) {
        await setStatus('in_progress', report)
        return
      }
      if (!ref) {
        log.warning('No commit to record a GitHub deployment for (no GITHUB_SHA): skipped.')
        broken = true
        return
      }
      try {
        const created = await octokit().rest.repos.createDeployment({
          owner,
          repo,
          ref,
          environment: options.environment,
          description: untrusted(`Mintlify preview of ${report.branch}`, DESCRIPTION_CUT),
          auto_merge: false,
          required_contexts: [],
          transient_environment: true,
          production_environment: false,
          task: TASK,
          payload: {
            ...(report.statusId ? { [STATUS_ID]: report.statusId } : {}),
            ...(report.previewUrl
              ? { [PREVIEW_URL]: secrets.scrub(report.previewUrl, ['credential']) }
              : {})
          }
        })
        const id = (created.data as { id?: unknown }).id
        if (typeof id !== 'number') {
          broken = true
          log.warning('GitHub created no deployment (it answered without an id): skipped.')
          return
        }
        deploymentId = id
        log.info(
          `Recorded GitHub deployment ${id} of ${sha ? sha.slice(0, 7) : `branch ${untrusted(ref)}`} in ${options.environment}.`
        )
      } catch (error) {
        warn('record the preview as a GitHub deployment', error)
        return
      }
      await setStatus('in_progress', report)
    },
    async finished(report, error) {
      // The preview goes on building: neither failed nor ready, as far as this run knows.
      if (stoppedWaiting(error)) {
        if (deploymentId !== undefined && !broken)
          log.info(`GitHub deployment ${deploymentId} of ${options.environment}: left in progress.`)
        return
      }
      await setStatus(error ? 'failure' : 'success', report)
    }
  }
}
