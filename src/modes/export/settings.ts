import { isAbsolute, resolve } from 'node:path'
import { setByWorkflow } from '../../inputs.js'
import { log } from '../../log.js'
import type { CommonSettings } from '../../settings/common.js'
import { normaliseDomain } from '../../settings/domain.js'
import type { Reader } from '../../settings/reader.js'
import { SITE_HOSTS, type SiteHost } from '../../site/hosts.js'
import { folderProblem } from '../../util/folders.js'

/** What to export: a fresh job for a domain, or an existing job reused by id. */
export type ExportTarget =
  | {
      readonly kind: 'domain'
      readonly domain: string
      readonly version?: string
      readonly paths?: readonly string[]
    }
  | { readonly kind: 'job'; readonly jobId: string }

export interface ExportSettings extends CommonSettings {
  readonly mode: 'export'
  readonly target: ExportTarget
  /** false: stop after starting the job (a later run resumes it with job-id). */
  readonly wait: boolean
  /** false: stop after getting the bundle link. */
  readonly download: boolean
  readonly extract: boolean
  /** Compute the bundle's SHA-256 while downloading (`checksum: sha256`). */
  readonly sha256: boolean
  /**
   * Largest total size the extracted site may reach (an archive-bomb guard); unset, the free
   * space of the disk that holds the site is the limit.
   */
  readonly extractLimitBytes?: number
  /** Folder for the archive (and `site/` when extracted); default: a per-job folder in tempDir. */
  readonly downloadDir?: string
  /** Upload the bundle as a workflow artifact. */
  readonly artifact?: {
    readonly name?: string
    readonly content: ArtifactContent
    readonly retentionDays: number
  }
  /** `staticExport.version` for the Helm values; default: derived from the bundle. */
  readonly exportVersion?: string
  /**
   * Where the Helm values file goes: by default the job's folder in tempDir (a runner's is
   * private and emptied after the job); the CLI gives a path it was asked for, or `false`.
   */
  readonly helmValuesFile?: string | false
  /** Where the site will run; decides what external hosts mean (see audit/). */
  readonly deploymentKind: DeploymentKind
  /** Hosts the site may load from in any deployment kind. */
  readonly allowedHosts: readonly string[]
  /** What a link of the extracted site that will not resolve on `host` does (see site/). */
  readonly check: SiteCheckMode
  /** Where the site will be served: the check's rules, and the configuration written for it. */
  readonly host: SiteHost
}

export const SITE_CHECK_MODES = ['warn', 'fail', 'off'] as const
export type SiteCheckMode = (typeof SITE_CHECK_MODES)[number]

/** What a workflow artifact holds: the archive, the extracted site, or a Pages tarball. */
export const ARTIFACT_CONTENTS = ['archive', 'extracted', 'pages'] as const
export type ArtifactContent = (typeof ARTIFACT_CONTENTS)[number]

export const CHECKSUMS = ['sha256', 'none'] as const

export const DEPLOYMENT_KINDS = ['cloud', 'client-hosted', 'air-gapped'] as const
export type DeploymentKind = (typeof DEPLOYMENT_KINDS)[number]

export function readExportSettings(
  reader: Reader,
  common: CommonSettings,
  env: NodeJS.ProcessEnv
): ExportSettings {
  // Export job ids begin with `se_`, wherever in a pasted address they stand.
  const jobId = reader.jobId('job-id', reader.text('job-id'), s => s.filter(x => /^se_/.test(x)))
  const domainText = reader.text('domain')
  let target: ExportTarget | undefined
  if (jobId) {
    if (domainText)
      log.warning(
        `Both \`job-id\` and \`domain\` are set: reusing job ${jobId}; \`domain\` is ignored.`
      )
    target = { kind: 'job', jobId }
  } else if (!domainText) {
    reader.problem(
      'Input `domain` is required in export mode (the host name of your docs, e.g. `docs.example.com`), unless `job-id` names an existing export job to reuse.'
    )
  } else {
    const checked = normaliseDomain(domainText)
    if (!checked.ok) {
      reader.problem(`Input \`domain\` (\`${domainText}\`) ${checked.problem}.`)
    } else {
      if (checked.normalisedFrom) {
        log.notice(
          `Input \`domain\`: using the host name \`${checked.domain}\` from \`${checked.normalisedFrom}\`.`
        )
      }
      const version = reader.text('site-version')
      const paths = reader.list('paths')
      target = {
        kind: 'domain',
        domain: checked.domain,
        ...(version ? { version } : {}),
        ...(paths.length ? { paths } : {})
      }
    }
  }

  const wait = reader.flag('wait')
  const download = reader.flag('download')
  const artifact = readArtifact(reader, env)
  const deploymentKind = reader.choice('deployment-kind', DEPLOYMENT_KINDS)
  const extractAsked = reader.flag('extract')
  const check = reader.choice('check', SITE_CHECK_MODES)
  const host = reader.choice('host', SITE_HOSTS)
  // Uploading the site, auditing it, failing on its broken links and writing its host's
  // configuration all need it extracted: asking for them implies extract.
  const siteAsked = check === 'fail' || host !== 'plain'
  const extract =
    extractAsked ||
    (artifact !== undefined && artifact.content !== 'archive') ||
    (download && (deploymentKind !== 'cloud' || siteAsked))
  if (!download && siteAsked) {
    reader.problem(
      `Input \`${check === 'fail' ? 'check: fail' : `host: ${host}`}\` needs \`download: true\`: the site is checked and configured once extracted.`
    )
  }
  if (!download && deploymentKind !== 'cloud') {
    reader.problem(
      `Input \`deployment-kind: ${deploymentKind}\` needs \`download: true\`: the audit reads the extracted site.`
    )
  }
  // What needs the bundle, asked for beside `wait: false`, would be skipped without a word (a
  // CI gate such as an air-gapped audit passing without running).
  const needsBundle = [
    extractAsked && 'extract: true',
    check === 'fail' && 'check: fail',
    host !== 'plain' && `host: ${host}`,
    deploymentKind !== 'cloud' && `deployment-kind: ${deploymentKind}`,
    artifact && 'upload-artifact: true'
  ].filter(Boolean)
  if (!wait && needsBundle.length > 0) {
    reader.problem(
      `Input \`wait: false\` stops once the job is started, so \`${needsBundle[0]}\` would never run: remove \`wait: false\`, or ask for it in the step that resumes the job with \`job-id\`.`
    )
  }
  if (!download && extractAsked) {
    reader.problem(
      'Input `extract: true` needs `download: true`: there is no archive to extract otherwise.'
    )
  }
  if (!download && artifact) {
    reader.problem(
      'Input `upload-artifact: true` needs `download: true`: there is no bundle to upload otherwise.'
    )
  }
  const exportVersion = reader.text('export-version')
  const extractLimit = reader.text('extract-limit')
  const pathText = reader.text('path')
  const downloadDir = pathText
    ? isAbsolute(pathText)
      ? pathText
      : resolve(env.GITHUB_WORKSPACE || process.cwd(), pathText)
    : undefined
  const pathProblem = downloadDir && folderProblem(downloadDir)
  if (pathProblem) {
    reader.problem(
      `Input \`path\` (\`${pathText}\`) ${pathProblem}: give a folder the runner may write to (it is created if missing).`
    )
  }

  return {
    ...common,
    mode: 'export',
    target: target as ExportTarget,
    wait,
    download,
    extract,
    sha256: reader.choice('checksum', CHECKSUMS) === 'sha256',
    ...(extractLimit ? { extractLimitBytes: reader.size('extract-limit', { min: 1024 }) } : {}),
    ...(downloadDir ? { downloadDir } : {}),
    ...(artifact ? { artifact } : {}),
    ...(exportVersion ? { exportVersion } : {}),
    deploymentKind,
    allowedHosts: reader.list('allowed-hosts'),
    check,
    host
  }
}

/** The runner variables the artifact service needs; absent in local runs. */
const ARTIFACT_RUNTIME_VARIABLES = ['ACTIONS_RUNTIME_TOKEN', 'ACTIONS_RESULTS_URL'] as const

function readArtifact(reader: Reader, env: NodeJS.ProcessEnv): ExportSettings['artifact'] {
  if (!reader.flag('upload-artifact')) {
    // Set for nothing, they would be ignored and the deploy that expects the artifact would fail.
    const set = ['artifact-content', 'retention-days', 'artifact-name'].filter(name =>
      setByWorkflow(name, reader.text(name))
    )
    for (const name of set) {
      reader.problem(
        `Input \`${name}\` is set, but \`upload-artifact\` is not \`true\`: set \`upload-artifact: true\` to upload the bundle as an artifact, or remove \`${name}\`.`
      )
    }
    return undefined
  }
  // Checked now, not after a long download: a local run cannot upload.
  const missing = ARTIFACT_RUNTIME_VARIABLES.filter(name => !env[name])
  if (missing.length > 0) {
    reader.problem(
      `Input \`upload-artifact: true\` needs the runner's artifact service, but ${missing.join(' and ')} ${missing.length > 1 ? 'are' : 'is'} not set (as in a local run). Set \`upload-artifact: false\` outside GitHub Actions.`
    )
  }
  const name = reader.text('artifact-name')
  if (name && /["<>|*?\\/:\r\n]/.test(name)) {
    reader.problem(
      `Input \`artifact-name\` (\`${name}\`) may not contain " : < > | * ? \\ / or line breaks.`
    )
  }
  return {
    ...(name ? { name } : {}),
    content: reader.choice('artifact-content', ARTIFACT_CONTENTS),
    retentionDays: reader.count('retention-days', { min: 0, max: 90 })
  }
}
