import * as core from '@actions/core'
import { log, secrets, useHost } from '../log.js'
import { runDeps, type RunDeps } from '../modes/mode.js'
import { CancelledError } from '../modes/errors.js'
import { modeOf, readSettings, type Settings } from '../modes/modes.js'
import type { ExportReport } from '../modes/export/run.js'
import type { ExportSettings } from '../modes/export/settings.js'
import { previewCommentMarker, recordedPreviewAddress } from '../modes/preview/report.js'
import type { PreviewReport } from '../modes/preview/run.js'
import type { PreviewSettings } from '../modes/preview/settings.js'
import { maskSecretInputs } from '../settings/common.js'
import { formatDuration } from '../settings/duration.js'
import { checkGitHubServices } from './github-server.js'
import { actionHost } from './host.js'
import { actionInputs } from './inputs.js'
import { asError, messageOf } from '../util/errors.js'

/**
 * The GitHub Action: inputs → settings → the mode's run → outputs, job summary, comment and
 * artifact (the GitHub-only parts). Only here does a failure fail the step.
 */
export async function run(): Promise<void> {
  useHost(actionHost)
  const controller = new AbortController()
  const cancel = (signal: NodeJS.Signals) =>
    controller.abort(
      new CancelledError(
        `Cancelled by ${signal}: this step stopped; anything it started on Mintlify goes on.`
      )
    )
  process.once('SIGINT', cancel)
  process.once('SIGTERM', cancel)
  // Set when the step stops waiting for work it cannot stop (an artifact upload).
  const leftRunning = { work: false }
  try {
    // Before anything else can print them: a runner masks a value only from the next line on.
    maskSecretInputs(actionInputs)
    // Before the settings: on GitHub Enterprise Server the artifact variables are missing too,
    // and the reason to name is the server, not a local run.
    checkGitHubServices(actionInputs, process.env)
    const settings = readSettings(actionInputs)
    await runMode(settings, runDeps(settings, controller.signal), leftRunning)
  } catch (error) {
    const message = messageOf(error)
    // log.error guards the message (secrets, command openers); setFailed only sets the code.
    log.error(message)
    process.exitCode = core.ExitCode.Failure
    if (error instanceof Error && error.stack) log.debug(error.stack)
  } finally {
    process.off('SIGINT', cancel)
    process.off('SIGTERM', cancel)
  }
  // Work left running (the artifact client takes no signal) would keep the process, and so the
  // step, alive: it ends once the log is out.
  if (leftRunning.work) process.stdout.write('', () => process.exit())
}

async function runMode(
  settings: Settings,
  deps: RunDeps,
  leftRunning: { work: boolean }
): Promise<void> {
  const mode = modeOf(settings)
  const comment = async (report: unknown, error: Error | undefined) => {
    if (!settings.commentToken) return
    const content = mode.comment(settings, report, error)
    if (!content) return
    const { upsertPullRequestComment } = await import('./pr-comment.js')
    await upsertPullRequestComment(
      settings.commentToken,
      content.marker,
      content.body,
      undefined,
      content.branch
    )
  }
  const deployment =
    settings.mode === 'preview'
      ? (await import('./github-deployment.js')).previewDeployment(settings)
      : undefined
  // Once the work started on the server (an agent job, a deployment, a preview), the pull
  // request hears of it while it is followed, not only once it ends; a preview's deployment
  // too. A followed preview's records come first: its address, from the GitHub deployment or
  // the comment of the run that triggered it, goes into both.
  const onStarted = async (report: unknown) =>
    besideOutcome('the in-progress comment and deployment', async () => {
      if (settings.mode === 'preview') {
        await deployment?.carryOn(report as PreviewReport)
        await recallPreviewAddress(settings, report as PreviewReport)
      }
      await deployment?.started(report as PreviewReport)
      await comment(report, undefined)
    })
  const outcome = await mode.run(settings, { ...deps, onStarted })
  if (settings.mode === 'export' && !outcome.error) {
    outcome.error = await uploadArtifact(settings, outcome.report as ExportReport, {
      ...deps,
      leftRunning
    })
  }
  const { report } = outcome
  let { error } = outcome
  try {
    for (const [name, value] of Object.entries(mode.outputs(report))) {
      // Outputs may carry a link (`bundle-url` is the point of the step), never a credential.
      core.setOutput(name, typeof value === 'number' ? value : secrets.scrub(value, ['credential']))
    }
  } catch (failure) {
    // Outputs the next step cannot have fail the step, but the summary, the comment and the
    // GitHub deployment still say what happened (a comment left at "working" would stay so).
    const reason = asError(failure)
    if (error) log.error(`The outputs could not be set: ${reason.message}`)
    error ??= reason
  }
  await besideOutcome('the job summary', async () => {
    if (process.env.GITHUB_STEP_SUMMARY)
      await core.summary.addRaw(mode.summaryMarkdown(report, error)).write()
  })
  await comment(report, error)
  await besideOutcome('the GitHub deployment', async () =>
    deployment?.finished(report as PreviewReport, error)
  )
  if (error) throw error
}

/**
 * The export as a workflow artifact, when asked for; its failure is the step's. The upload is
 * bounded by the step's `timeout` and its cancel like everything else, though the artifact
 * client can only be left running, not stopped (then `leftRunning.work`).
 */
async function uploadArtifact(
  settings: ExportSettings,
  report: ExportReport,
  deps: Pick<RunDeps, 'signal' | 'deadline'> & { leftRunning: { work: boolean } }
): Promise<Error | undefined> {
  if (!settings.artifact) return undefined
  // Loaded when needed: the artifact client is most of the bundle's code.
  const { artifactRequest, uploadBundleArtifact, ArtifactError } = await import('./artifact.js')
  const request = artifactRequest(settings.artifact, report)
  if (!request) return undefined
  const { signal, deadline } = deps
  // Not a TimedOutError, which says the work goes on on the server: the export is done.
  const why = () =>
    signal.aborted
      ? asError(signal.reason)
      : new ArtifactError(
          `Timed out after ${formatDuration(settings.timeoutMs)} uploading artifact \`${request.name}\`; the export finished and its outputs are set. Increase \`timeout\`, or upload the files with actions/upload-artifact in a step of their own (\`upload-artifact: false\`).`
        )
  // Cancelled or out of time after the download: nothing more is started.
  if (signal.aborted || Date.now() >= deadline) return why()
  const started = Date.now()
  let stop!: () => void
  const stopped = new Promise<never>((_, reject) => {
    stop = () => {
      deps.leftRunning.work = true
      reject(why())
    }
  })
  const timer = setTimeout(() => stop(), Math.max(0, deadline - Date.now()))
  const onAbort = () => stop()
  signal.addEventListener('abort', onAbort, { once: true })
  try {
    // The race hears the upload's end either way, so a failure after it was left is handled.
    report.artifact = await Promise.race([uploadBundleArtifact(request), stopped])
    return undefined
  } catch (error) {
    return asError(error)
  } finally {
    clearTimeout(timer)
    signal.removeEventListener('abort', onAbort)
    report.phases.push({ name: 'artifact', ms: Date.now() - started })
  }
}

/**
 * A preview followed by `status-id` whose address no GitHub deployment recorded: the comment of
 * the run that triggered it holds it, when that run commented.
 */
async function recallPreviewAddress(settings: PreviewSettings, report: PreviewReport) {
  if (!report.resumed || report.previewUrl || !settings.commentToken) return
  const { ownCommentBody } = await import('./pr-comment.js')
  const marker = previewCommentMarker(settings.projectId, settings.branch)
  const body = await ownCommentBody(settings.commentToken, marker, settings.branch)
  const address = body === undefined ? undefined : recordedPreviewAddress(body)
  if (address) report.previewUrl = address
}

/** Work beside the step's outcome (the summary): its failure is a warning, never the result. */
async function besideOutcome(what: string, work: () => Promise<void>): Promise<void> {
  try {
    await work()
  } catch (error) {
    log.warning(`Could not write ${what}: ${messageOf(error)}`)
  }
}
