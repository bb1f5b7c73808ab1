import { TimedOutError } from '../errors.js'
import { log } from '../../log.js'
import { rm } from 'node:fs/promises'
import { join } from 'node:path'
import type { AdminApi, BundleLink, ExportJob } from '../../api/client.js'
import { ApiError } from '../../api/errors.js'
import { mayHaveTakenEffect, pollMayContinue } from '../../api/retry-policy.js'
import type { BundleBytes, ExtractedSite } from '../../archive/extract.js'
import type { AuditResult } from '../../audit/audit.js'
import { downloadBundle, type DownloadedFile } from '../../download/download.js'
import { ObjectChangedError } from '../../download/errors.js'
import { BundleRestartedError, GrowingBundle } from '../../download/growing-bundle.js'
import type { ArchiveFormat } from '../../archive/format.js'
import { lastFailureNote, pollUntil, PollTimeoutError } from '../../poll/poll.js'
import { isNotFound, NotFoundGrace } from '../../poll/not-found-grace.js'
import { fixedSchedule, pollSchedule } from '../../poll/schedule.js'
import { storeLinkProblem } from '../../download/link-rules.js'
import { redactLink } from '../../secrets.js'
import { formatDuration } from '../../settings/duration.js'
import type { ExportSettings } from './settings.js'
import { classifyExportJob, describeJobProgress } from './job-status.js'
import { downloadProgressLog, ProgressLog } from './progress-log.js'
import { cleanUpAfterFailure } from '../../util/cleanup.js'
import { inside } from '../../util/paths.js'
import { untrusted } from '../../util/untrusted.js'
import { statusPollOptions } from '../../poll/status-poll.js'
import type { SiteCheckResult } from '../../site/check.js'
import type { SiteReaders } from '../../site/readers.js'
import { threadScript } from '../../threads.js'
import { asError } from '../../util/errors.js'

/** Everything known about one export when the step ends, successful or not. */
export interface ExportReport {
  jobId?: string
  /** True when the job was started by this run, false when reused via job-id. */
  started?: boolean
  /** Last status seen, and the progress that went with it (the start's answer until a read). */
  lastJob?: ExportJob
  /** Whether a status answer was read (the start's answer is not one: a 404 may follow it). */
  jobRead?: boolean
  link?: BundleLink
  download?: DownloadedFile
  site?: ExtractedSite
  /** External hosts the extracted site loads from, each with one file that does. */
  externalHosts?: ReadonlyMap<string, string>
  /** Files too large for the audit to scan: the hosts they load from are not known. */
  auditSkipped?: readonly string[]
  /** The site check's findings, when it ran (`check` not `off`). */
  siteCheck?: SiteCheckResult
  /** The configuration written for `host`, when it needs one. */
  hostConfigPath?: string
  /** The workflow artifact the bundle was uploaded as, when asked for (the action does it). */
  artifact?: UploadedArtifact
  /** Values file for `helm upgrade -f`. */
  helmValuesPath?: string
  /** How long each phase took, in the order they ran. */
  phases: Array<{ name: ExportPhase; ms: number }>
}

/** A workflow artifact, as the action's upload reports it. */
export interface UploadedArtifact {
  name: string
  id: number
  url?: string
  sizeBytes?: number
}

export type ExportPhase =
  'start' | 'render' | 'link' | 'download' | 'extract' | 'audit' | 'check' | 'artifact'

export interface ExportOutcome {
  report: ExportReport
  /** Why the export did not finish; undefined on success. */
  error?: Error
}

export interface ExportDeps {
  api: AdminApi
  signal: AbortSignal
  /** Epoch ms at which the step's `timeout` runs out; the API client's requests end there too. */
  deadline: number
}

/** Fresh links asked for when the store says one has expired (spec rule 2). */
const MAX_LINK_REFRESHES = 3

const PHASE_DOING: Record<ExportPhase, string> = {
  start: 'starting export job',
  render: 'waiting for export job',
  link: 'waiting for the bundle link of export job',
  download: 'downloading the bundle of export job',
  extract: 'extracting the bundle of export job',
  audit: 'auditing the site of export job',
  check: 'checking the links of the site of export job',
  artifact: 'uploading the bundle of export job'
}

export class ExportFailedError extends Error {
  override name = 'ExportFailedError'
}

/** The API answers 404 for a job it had answered for: following it again would meet the same. */
export class ExportJobGoneError extends ExportFailedError {
  override name = 'ExportJobGoneError'
}

/**
 * start → wait → link → download → extract. Never throws for an expected failure: the error is
 * returned beside the report, so the caller can still publish what was learned (the job id
 * above all, for a later run to resume).
 */
export async function runExport(
  settings: ExportSettings,
  deps: ExportDeps
): Promise<ExportOutcome> {
  const report: ExportReport = { phases: [] }
  const deadline = deps.deadline
  // Each phase runs to its end once started (extracting a file and the audit take no signal;
  // an extraction that follows the download stops with it): a cancel is seen between phases.
  const timed: Timed = async (name, work) => {
    deps.signal.throwIfAborted()
    const started = Date.now()
    try {
      return await work()
    } finally {
      report.phases.push({ name, ms: Date.now() - started })
    }
  }

  const supply = readersSupply(settings)
  try {
    const jobId = await timed('start', () => startOrReuse(settings, deps, report))
    if (!settings.wait) {
      log.info(`Not waiting (\`wait: false\`). Resume later with \`job-id: ${jobId}\`.`)
      return { report }
    }
    const job = await timed('render', () => waitForJob(jobId, settings, deps, deadline, report))
    if (settings.download && settings.extract) supply.startAhead()
    const given = acceptLink(
      job.bundle ?? (await timed('link', () => requestLink(jobId, settings, deps, deadline))),
      settings
    )
    const link = (report.link = await unexpired(given, jobId, settings, deps, timed))
    const directory = exportFolder(settings, jobId)
    if (settings.download) {
      const extraction = await downloadAndExtract(
        jobId,
        link,
        directory,
        settings,
        deps,
        report,
        timed,
        supply
      )
      if (extraction) {
        const { site, readers } = extraction
        report.site = site
        try {
          // The audit's phase waits for the readers to finish what extraction fed them (on a
          // thread, they may still be reading), then gives its verdict.
          const readings = await timed('audit', async () => {
            const found = await readers.readings()
            // In the report before the verdict: a failed audit still lists what it found.
            report.auditSkipped = found.audit.skipped
            report.externalHosts = found.audit.hosts
            await judgeSiteAudit(found.audit, settings)
            return found
          })
          const { check } = readings
          if (check) {
            await timed('check', () => checkSite(check, site.path, directory, settings, report))
          }
        } finally {
          await readers.close()
        }
      }
    }
    deps.signal.throwIfAborted()
    if (settings.helmValuesFile !== false) {
      report.helmValuesPath = await writeValues(report, settings, jobId)
    }
    log.info(resultLine(report))
    return { report }
  } catch (error) {
    if (deps.signal.aborted && report.site) {
      // Cancelled after extracting: a site the run never finished with is not left behind.
      await removeSite(report.site.path)
      report.site = undefined
    }
    return { report, error: explain(error, report, settings) }
  } finally {
    // Readers no extraction took. A thread that does not stop cleanly fails nothing of the run.
    await supply.close().catch((error: unknown) => {
      log.debug(`Stopping the site's unused readers failed: ${untrusted(String(error))}`)
    })
  }
}

type Timed = <T>(name: ExportPhase, work: () => Promise<T>) => Promise<T>

/**
 * Downloads the bundle and, with `extract`, extracts it as it arrives (its bytes followed on
 * disk), or else once downloaded.
 */
async function downloadAndExtract(
  jobId: string,
  link: BundleLink,
  directory: string,
  settings: ExportSettings,
  deps: ExportDeps,
  report: ExportReport,
  timed: Timed,
  supply: ReadersSupply
): Promise<Extraction | undefined> {
  const growing = settings.extract ? new GrowingBundle() : undefined
  const early = growing && extractWhileDownloading(growing, directory, settings, report, supply)
  // Awaited once the download ends; until then its failure must not count as unhandled.
  early?.catch(() => undefined)
  let file: DownloadedFile
  try {
    // Its progress, retries and fresh links fold under one line on a runner.
    file = report.download = await timed('download', () =>
      log.group(`Downloading the bundle of export job ${jobId}`, () =>
        downloadWithFreshLinks(jobId, link, directory, settings, deps, report, growing)
      )
    )
    growing?.verified()
  } catch (error) {
    // The extraction stops on the download's failure (and removes what it wrote).
    growing?.failed(error)
    await early?.then(
      extraction => extraction?.readers.close(),
      () => undefined
    )
    growing?.close()
    throw error
  }
  const hash = file.sha256 ? ` (sha256 ${file.sha256})` : ''
  log.info(`Downloaded ${file.sizeBytes} bytes to ${file.path}${hash}.`)
  if (!growing) return undefined
  let extraction: Extraction | undefined
  try {
    extraction = await early
  } finally {
    growing.close()
  }
  if (!extraction) return timed('extract', () => extractFile(file, directory, settings, supply))
  report.phases.push({ name: 'extract', ms: extraction.ms })
  return extraction
}

/** The job's folder: `path`, or one per job in the runner's temp folder (proven to be there). */
function exportFolder(settings: ExportSettings, jobId: string): string {
  if (settings.downloadDir) return settings.downloadDir
  const root = join(settings.tempDir, 'mintlify-export')
  return inside(root, join(root, jobId), 'the export folder')
}

/** The extracted site, with the readers extraction fed (close them once their findings are in). */
interface Extraction {
  site: ExtractedSite
  readers: SiteReaders
  ms: number
}

/**
 * Extracts the bundle from its bytes as they reach the disk: a tar or tar.gz in order, a zip
 * once its directory (at its end) came over a ranged request of its own. Undefined when the
 * bundle is extracted once downloaded instead: another format, a zip from a store that takes
 * no ranges. When the download starts over, so does the extraction, with fresh readers.
 */
async function extractWhileDownloading(
  growing: GrowingBundle,
  directory: string,
  settings: ExportSettings,
  report: ExportReport,
  supply: ReadersSupply
): Promise<Extraction | undefined> {
  const { detectArchiveFormat, FORMAT_SNIFF_BYTES } = await import('../../archive/format.js')
  const { GrowingZip, ZipAheadUnavailableError } = await import('../../archive/growing-zip.js')
  for (;;) {
    const { bytes: head, attempt } = await growing.head(FORMAT_SNIFF_BYTES)
    const format = detectArchiveFormat(head)
    try {
      const ranges = format === 'zip' ? growing.rangeRequest(attempt) : undefined
      const source =
        format === 'tar.gz' || format === 'tar'
          ? growing.bytes(attempt)
          : ranges && new GrowingZip(growing, attempt, ranges)
      if (!format || !source) return undefined
      log.info(`Extracting the ${format} as it downloads.`)
      return await extractAttempt(
        growing,
        attempt,
        source,
        format,
        directory,
        settings,
        report,
        supply
      )
    } catch (caught) {
      // A download that failed or started over since counts, not what the reader made of it.
      const error = growing.stopped(attempt) ?? caught
      if (error instanceof ZipAheadUnavailableError) {
        const say = error.storeContradicted ? log.warning : log.info
        say(`Extracting the zip once it has downloaded: ${error.message}.`)
        return undefined
      }
      if (!(error instanceof BundleRestartedError)) throw error
      log.info('The download started over; so does the extraction.')
    }
  }
}

/** One start of the download, extracted; it stands only if the download keeps its bytes. */
async function extractAttempt(
  growing: GrowingBundle,
  attempt: number,
  source: BundleBytes,
  format: ArchiveFormat,
  directory: string,
  settings: ExportSettings,
  report: ExportReport,
  supply: ReadersSupply
): Promise<Extraction> {
  // The disk must still take the rest of the bundle: the size the newest link announced, or
  // else the one the store gave (extraction starts once the response's first bytes are in).
  const bundleBytes = report.link?.sizeBytes ?? growing.totalBytes ?? 0
  const reservedBytes = Math.max(0, bundleBytes - growing.prefix)
  let extraction: Extraction
  try {
    extraction = await extractSite(source, format, directory, settings, reservedBytes, supply)
  } catch (error) {
    if (!(error instanceof BundleRestartedError)) {
      // A refusal of bytes the download then replaced is not the bundle's: a start over wins.
      const verified = await growing.settled(attempt).then(
        () => true,
        (stop: unknown) => {
          restarts(stop)
          return false
        }
      )
      // One read through a zip's fetched directory stands only once that is the file's.
      const { GrowingZip } = await import('../../archive/growing-zip.js')
      if (verified && source instanceof GrowingZip) await source.confirm()
    }
    throw error
  }
  // A gzip may end before its file does (padding after it): the site waits for the download.
  try {
    await growing.settled(attempt)
  } catch (error) {
    await extraction.readers.close()
    await removeSite(extraction.site.path)
    throw error
  }
  return extraction
}

/** Removes an extracted site the run will not report (a warning, never a throw, if it cannot). */
async function removeSite(site: string): Promise<void> {
  await cleanUpAfterFailure(`the extracted site ${site}`, () =>
    rm(site, { recursive: true, force: true })
  )
}

/** Passes a start over on; any other failure of the download is reported by the download. */
function restarts(error: unknown): void {
  if (error instanceof BundleRestartedError) throw error
}

async function extractFile(
  file: DownloadedFile,
  directory: string,
  settings: ExportSettings,
  supply: ReadersSupply
): Promise<Extraction> {
  if (!file.format) {
    throw new ExportFailedError(
      'The bundle is not a zip, tar.gz or tar archive, so it cannot be extracted; set `extract: false` to keep the file as downloaded.'
    )
  }
  return extractSite(file.path, file.format, directory, settings, 0, supply)
}

/** Extracts into `site/` with fresh readers, fed each file as it is written. */
async function extractSite(
  source: BundleBytes,
  format: ArchiveFormat,
  directory: string,
  settings: ExportSettings,
  reservedBytes: number,
  supply: ReadersSupply
): Promise<Extraction> {
  const started = Date.now()
  // Loaded when needed: extraction and its archive readers serve only runs that extract.
  const { extractBundle } = await import('../../archive/extract.js')
  const destination = inside(directory, join(directory, 'site'), 'the site folder')
  // Made before extracting: extraction feeds each reader every file as it writes it.
  const readers = await supply.take()
  try {
    const site = await extractBundle(source, format, destination, {
      maxTotalBytes: settings.extractLimitBytes,
      reservedBytes,
      // Every reader of the site goes here (combineVisitors), fed as the files are written.
      visitor: readers.visitor
    })
    log.info(`Extracted ${site.files} files to ${site.path}.`)
    return { site, readers, ms: Date.now() - started }
  } catch (error) {
    await readers.close()
    throw error
  }
}

/** Applies the deployment kind's rule to the external hosts the audit found. */
async function judgeSiteAudit(audit: AuditResult, settings: ExportSettings): Promise<void> {
  const { judgeAudit } = await import('../../audit/verdict.js')
  const verdict = judgeAudit(audit.hosts, settings.deploymentKind)
  // Air-gapped, a site is served only once proven self-contained: an unread file proves nothing.
  const unread = unreadFiles(
    audit.skipped,
    'The audit skipped',
    'to scan',
    'the hosts they load from are not known',
    settings.deploymentKind === 'air-gapped' &&
      'An air-gapped deployment needs every file checked: keep each page, script and stylesheet under 16 MiB, or set `deployment-kind` to the kind that fits.'
  )
  if (verdict.kind === 'report') log.info(verdict.message)
  if (verdict.kind === 'warn') verdict.warnings.forEach(warning => log.warning(warning))
  failWith(verdict.kind === 'fail' ? verdict.message : undefined, unread.failure)
}

/**
 * The readers of the next extraction, which may be started ahead of it: a thread takes some 0.15 s
 * to start (most of it loading Node and the bundle), which the bundle link's request and the
 * download's first bytes then hide; the price is the idle thread's memory during the download
 * (some 10 MiB). Each extraction takes readers of its own (one that starts over gets fresh ones);
 * readers started and never taken are closed with the run.
 */
function readersSupply(settings: ExportSettings) {
  let ahead: Promise<SiteReaders> | undefined
  return {
    startAhead(): void {
      ahead ??= siteReaders(settings)
      // Its failure is told to the extraction that takes it; until then it is not unhandled.
      ahead.catch(() => undefined)
    },
    take(): Promise<SiteReaders> {
      const readers = ahead ?? siteReaders(settings)
      ahead = undefined
      return readers
    },
    async close(): Promise<void> {
      const readers = await ahead?.catch(() => undefined)
      ahead = undefined
      await readers?.close()
    }
  }
}
type ReadersSupply = ReturnType<typeof readersSupply>

/**
 * The audit, and the site check unless `check: off` and the host needs no configuration either;
 * on a thread of their own when the front door gives one (site/readers.ts says why).
 */
async function siteReaders(settings: ExportSettings): Promise<SiteReaders> {
  const { needsHostConfig } = await import('../../site/hosts.js')
  const { readersHere, readersOnThread } = await import('../../site/readers.js')
  const checked = settings.check !== 'off' || needsHostConfig(settings.host)
  const spec = { allowedHosts: settings.allowedHosts, ...(checked && { checkHost: settings.host }) }
  const script = threadScript()
  if (!script) return readersHere(spec)
  log.debug('The audit and the site check read the site on a worker thread.')
  return readersOnThread(spec, script)
}

/** Annotations for the first few broken links; the summary lists up to 50 of them. */
const ANNOTATED_BROKEN_LINKS = 10

/**
 * Writes the host's configuration, then reports what will not resolve with it in place:
 * annotations, the pages against the job's pageCount, and with `check: fail` the step's failure.
 */
async function checkSite(
  result: SiteCheckResult,
  sitePath: string,
  folder: string,
  settings: ExportSettings,
  report: ExportReport
): Promise<void> {
  if (result.config) {
    const { writeHostConfig } = await import('../../site/host-config.js')
    report.hostConfigPath = await writeHostConfig(result.config, sitePath, folder)
    if (report.hostConfigPath)
      log.info(`Wrote the ${settings.host} configuration to ${report.hostConfigPath}.`)
    else
      log.warning(
        `The site already has a ${result.config.name}; it was left as it is, and the check assumes the settings the action would have written there.`
      )
  }
  if (settings.check === 'off') return
  report.siteCheck = result
  const { describeBrokenLink, siteCheckFailure } = await import('../../site/messages.js')
  const pageCount = report.lastJob?.pageCount
  if (pageCount !== undefined && pageCount !== result.pages) {
    log.warning(
      `The site has ${result.pages} HTML page(s), but export job ${report.jobId} reported ${pageCount}: pages may be missing from the bundle, or the job counted others.`
    )
  }
  // `check: fail` promises every link resolves, which an unread file cannot show.
  const unread = unreadFiles(
    result.skipped,
    'The link check skipped',
    'to read',
    'their links were not checked',
    settings.check === 'fail' &&
      'With `check: fail` every file must be read: keep each page, stylesheet and sitemap under 16 MiB, or set `check: warn`.'
  )
  const annotate = settings.check === 'fail' ? log.error : log.warning
  for (const broken of result.broken.slice(0, ANNOTATED_BROKEN_LINKS))
    annotate(describeBrokenLink(broken, settings.host))
  const more = result.broken.length - ANNOTATED_BROKEN_LINKS
  if (more > 0) log.info(`… and ${more} more broken link(s); the job summary lists up to 50.`)
  if (result.broken.length === 0 && !unread.failure) {
    const notRead = result.skipped.length
    log.info(
      `Checked ${result.references} reference(s) to ${result.targets} path(s) of the site in ${result.filesRead} file(s): all resolve on ${settings.host}${notRead ? ` (${notRead} file(s) too large to read not checked)` : ''}.`
    )
  }
  if (settings.check !== 'fail') return
  failWith(result.broken.length > 0 ? siteCheckFailure(result) : undefined, unread.failure)
}

/**
 * Files a reader skipped as too large: a warning, or, where `failing` gives the advice, a part
 * of the step's failure (said there, not warned as well).
 */
function unreadFiles(
  skipped: readonly string[],
  reader: string,
  doing: string,
  consequence: string,
  failing: string | false
): { failure?: string } {
  if (skipped.length === 0) return {}
  const said = `${reader} ${skipped.length} file(s) too large ${doing} (over 16 MiB), e.g. ${untrusted(skipped[0] as string)}: ${consequence}.`
  if (failing) return { failure: `${said} ${failing}` }
  log.warning(said)
  return {}
}

/** One failure that says all: the findings and the files not read, each on a line. */
function failWith(...parts: Array<string | undefined>): void {
  const failures = parts.filter(Boolean)
  if (failures.length > 0) throw new ExportFailedError(failures.join('\n'))
}

/** The values carry the newest link: the download may have asked for a fresh one. */
async function writeValues(
  report: ExportReport,
  settings: ExportSettings,
  jobId: string
): Promise<string> {
  const { exportVersion, writeHelmValues } = await import('./helm-values.js')
  const version = exportVersion(settings.exportVersion, report.download?.sha256, jobId)
  const url = (report.link as BundleLink).url
  if (settings.helmValuesFile) return writeHelmValues(settings.helmValuesFile, url, version)
  // In the runner's temp folder even when `path` is in the workspace: it holds the presigned
  // link, which a later upload or commit of that folder would publish.
  const root = join(settings.tempDir, 'mintlify-export')
  return writeHelmValues(
    inside(root, join(root, jobId, 'helm-values.yaml'), 'the Helm values file'),
    url,
    version
  )
}

async function startOrReuse(
  settings: ExportSettings,
  deps: ExportDeps,
  report: ExportReport
): Promise<string> {
  const { target } = settings
  if (target.kind === 'job') {
    log.info(`Reusing export job ${target.jobId}; no new export is started.`)
    report.jobId = target.jobId
    report.started = false
    return target.jobId
  }
  let job: Awaited<ReturnType<AdminApi['startExport']>>
  try {
    job = await deps.api.startExport(
      { domain: target.domain, version: target.version, paths: target.paths },
      deps.signal
    )
  } catch (error) {
    // A cut connection, a 5xx, an unreadable answer or a cancel while the request was out.
    if (error instanceof ApiError && mayHaveTakenEffect(error)) {
      log.warning(
        `Starting the export failed after the request may have reached the service, so a job for ${target.domain} may exist anyway; check before re-running to avoid a duplicate export.`
      )
    }
    throw deps.signal?.aborted ? deps.signal.reason : error
  }
  report.jobId = job.jobId
  report.started = true
  report.lastJob = job
  log.info(
    `Started export job ${job.jobId} for ${target.domain}${target.version ? ` (version ${target.version})` : ''}.`
  )
  return job.jobId
}

async function waitForJob(
  jobId: string,
  settings: ExportSettings,
  deps: ExportDeps,
  deadline: number,
  report: ExportReport
): Promise<ExportJob> {
  const progress = new ProgressLog(jobId)
  const schedule = pollSchedule(settings)
  const grace = new NotFoundGrace(
    settings.notFoundGraceMs,
    progress.wait,
    waited =>
      new ExportFailedError(
        report.started
          ? `Export job ${jobId} was started, but the API answers 404 for it${waited}. It may not be recorded yet: follow it with \`job-id: ${jobId}\` in a later run rather than start another export.`
          : `Export job \`${jobId}\` was not found${waited}. Check \`job-id\` (\`${jobId}\`), and that the key belongs to the organization that started it.`
      )
  )
  try {
    return await pollForJob().catch((error: unknown) => {
      throw grace.explain(error, settings.timeoutMs)
    })
  } finally {
    progress.stop()
  }

  function pollForJob(): Promise<ExportJob> {
    return pollUntil<ExportJob>({
      ...statusPollOptions('Status poll', settings, { deadline, signal: deps.signal }),
      // A job started a moment ago is not done yet; a reused one may well be.
      initialDelayMs: report.started ? schedule.firstDelayMs : 0,
      check: async state => {
        let job: ExportJob
        try {
          job = await deps.api.getExportJob(jobId, deps.signal)
        } catch (error) {
          if (report.jobRead && isNotFound(error)) {
            throw new ExportJobGoneError(
              `Export job ${jobId} was seen (last status: ${report.lastJob?.status}) but the API now answers 404: it may have been removed. Start a new export.`
            )
          }
          // A job started a moment ago may not be readable yet, nor one started elsewhere.
          if (grace.pollAgain(error)) return { done: false }
          throw error
        }
        grace.answered()
        report.jobRead = true
        // The newest answer may omit pageCount (a proposed API change); keep the last one seen.
        report.lastJob = { ...job, pageCount: job.pageCount ?? report.lastJob?.pageCount }
        progress.record(job, state)
        const verdict = classifyExportJob(job)
        if (verdict.kind === 'failed')
          throw new ExportFailedError(`Export job ${jobId} failed: ${verdict.reason}`)
        return verdict.kind === 'completed'
          ? { done: true, value: job }
          : { done: false, progress: job.progress }
      }
    })
  }
}

/** Asks for the bundle link; a 409 ("not finished yet") is waited out like a pending status. */
async function requestLink(
  jobId: string,
  settings: ExportSettings,
  deps: ExportDeps,
  deadline: number
): Promise<BundleLink> {
  return pollUntil<BundleLink>({
    deadline,
    signal: deps.signal,
    nextDelayMs: fixedSchedule(Math.min(settings.pollIntervalMs, 2000)),
    maxConsecutiveErrors: settings.maxPollErrors,
    isTransient: pollMayContinue,
    retryAfterMs: error => (error instanceof ApiError ? error.retryAfterMs : undefined),
    // A 409 ("not ready yet") is a pending answer above, so only real faults reach this.
    onTransientError: (error, consecutive, retryInMs) =>
      log.warning(
        `Asking for the bundle link failed (${consecutive}/${settings.maxPollErrors} in a row): ${(error as Error).message} Asking again in ${formatDuration(retryInMs)}.`
      ),
    check: async () => {
      try {
        return { done: true, value: await deps.api.createBundle(jobId, deps.signal) }
      } catch (error) {
        if (error instanceof ApiError && error.status === 409) return { done: false }
        throw error
      }
    }
  })
}

/**
 * Masks the link before anything can print it, and refuses one that would leak in clear or
 * that URL parsing would change (the link masked, downloaded and output must be one string).
 */
function acceptLink(link: BundleLink, settings: ExportSettings): BundleLink {
  const problem = storeLinkProblem(link.url, settings.allowInsecureHttp)
  if (problem) {
    throw new ExportFailedError(
      `The bundle link from the API (${untrusted(redactLink(link.url))}) ${problem}; refusing to download it.`
    )
  }
  if (link.expiresAtText)
    log.warning(
      `The bundle link's expiresAt (\`${link.expiresAtText}\`) is not a time; downloading right away.`
    )
  else if (link.expiresAt) log.info(`Bundle link expires at ${link.expiresAt.toISOString()}.`)
  return link
}

/** Links that run out within this are not handed on (to Helm, a later step) or used. */
const LINK_MARGIN_MS = 60_000

/**
 * The link, or a fresh one where it has expired or is about to (a link from the status, or a
 * resumed job's, may be hours old): a dead link is not what a Helm chart or the download gets.
 */
async function unexpired(
  link: BundleLink,
  jobId: string,
  settings: ExportSettings,
  deps: ExportDeps,
  timed: Timed
): Promise<BundleLink> {
  const expiresAt = link.expiresAt?.getTime()
  if (expiresAt === undefined || expiresAt > Date.now() + LINK_MARGIN_MS) return link
  const expired = expiresAt <= Date.now()
  log.info(
    `The bundle link ${expired ? 'expired' : 'expires'} at ${new Date(expiresAt).toISOString()}; asking for a fresh one.`
  )
  let fresh: BundleLink
  try {
    fresh = await timed('link', async () =>
      acceptLink(await deps.api.createBundle(jobId, deps.signal), settings)
    )
  } catch (error) {
    // A link that still works is better than none: the download asks again if it must.
    if (expired || deps.signal.aborted) throw error
    log.warning(
      `Could not get a fresher bundle link (${untrusted((error as Error).message)}); going on with the one that expires at ${new Date(expiresAt).toISOString()}.`
    )
    return link
  }
  if ((fresh.expiresAt?.getTime() ?? Infinity) <= expiresAt + 1000)
    log.warning(
      `The API gave the same or no later expiry (${fresh.expiresAt?.toISOString()}): the link handed on runs out within a minute.`
    )
  return fresh
}

async function downloadWithFreshLinks(
  jobId: string,
  link: BundleLink,
  directory: string,
  settings: ExportSettings,
  deps: ExportDeps,
  report: ExportReport,
  growing: GrowingBundle | undefined
): Promise<DownloadedFile> {
  const deadline = deps.deadline
  const signal = AbortSignal.any([
    deps.signal,
    AbortSignal.timeout(Math.max(0, deadline - Date.now()))
  ])
  let refreshes = 0
  return downloadBundle({
    url: link.url,
    allowInsecureHttp: settings.allowInsecureHttp,
    directory,
    expectedSizeBytes: link.sizeBytes,
    idleTimeoutMs: settings.requestTimeoutMs,
    sha256: settings.sha256,
    signal,
    onProgress: downloadProgressLog(),
    growing,
    onFreshLink: async reason => {
      if (refreshes >= MAX_LINK_REFRESHES) return undefined
      refreshes += 1
      const next =
        reason instanceof ObjectChangedError
          ? 'Asking the API for a fresh link and starting over.'
          : 'Asking the API for a fresh link to go on with.'
      log.info(`${reason.message} ${next}`)
      const fresh = acceptLink(await deps.api.createBundle(jobId, signal), settings)
      report.link = fresh
      return { url: fresh.url, sizeBytes: fresh.sizeBytes }
    }
  })
}

/** Turns timeouts and cancellations into messages that say how far the export got. */
function explain(error: unknown, report: ExportReport, settings: ExportSettings): Error {
  const jobId = report.jobId
  if (bundleGone(error, report)) {
    return new ExportJobGoneError(
      `Export job ${jobId} was read as completed, but the API answers 404 when asked for its bundle: the job may have been removed. Start a new export${report.started ? '' : ' (with `domain`, not `job-id`)'}.`
    )
  }
  const reached = !report.lastJob
    ? ''
    : report.jobRead
      ? ` (last seen: ${describeJobProgress(report.lastJob)})`
      : ` (its status was never read; the start answered ${report.lastJob.status})`
  const resume = !jobId
    ? ''
    : jobCompleted(report)
      ? ` The export itself finished: run the step again with \`job-id: ${jobId}\` for a fresh link, without rendering the site again.`
      : ` The job keeps going on the server: resume with \`job-id: ${jobId}\`.`
  const timedOut =
    error instanceof PollTimeoutError ||
    (error instanceof ApiError && error.stepTimedOut) ||
    (error instanceof DOMException && error.name === 'TimeoutError')
  if (timedOut) {
    const during = PHASE_DOING[report.phases.at(-1)?.name ?? 'render']
    const failure = error instanceof PollTimeoutError ? lastFailureNote(error) : ''
    return new TimedOutError(
      `Timed out after ${formatDuration(settings.timeoutMs)} ${during} ${jobId ?? ''}${reached}.${failure} Increase \`timeout\`.${resume}`,
      !jobCompleted(report)
    )
  }
  return asError(error)
}

/** Whether the job's last answer says it is completed. */
export function jobCompleted(report: ExportReport): boolean {
  return report.lastJob !== undefined && classifyExportJob(report.lastJob).kind === 'completed'
}

/** A 404 from the bundle call for a job read as completed: the API no longer knows it. */
function bundleGone(error: unknown, report: ExportReport): boolean {
  return (
    isNotFound(error) && (error as ApiError).operation.kind === 'bundle' && jobCompleted(report)
  )
}

/** The run's last line: where its result is, for whoever reads the log from the bottom. */
function resultLine(report: ExportReport): string {
  const pages = report.lastJob?.pageCount
  const where = [
    report.site && `the site is in ${report.site.path}`,
    report.download && `the bundle is at ${report.download.path}`,
    !report.download && '`bundle-url` holds the link',
    report.helmValuesPath && `Helm values are in ${report.helmValuesPath}`
  ].filter(Boolean)
  return `Export ${report.jobId} is ready${pages === undefined ? '' : ` (${pages} pages)`}: ${where.join('; ')}.`
}
