import { log } from '../log.js'
import { mkdir, readdir, stat } from 'node:fs/promises'
import { dirname, join, relative } from 'node:path'
import { quoted } from '../archive/inspect.js'
import { create as createTar } from 'tar'
import { walkTree } from '../util/walk.js'
import type { ExportReport, UploadedArtifact } from '../modes/export/run.js'
import type { ArtifactContent, ExportSettings } from '../modes/export/settings.js'
import type { HasNextStep } from '../modes/next-step.js'
import type { NextStep } from '../report/summary.js'

export interface ArtifactRequest {
  name: string
  content: ArtifactContent
  /** 0: the repository's default retention. */
  retentionDays: number
  archivePath: string
  /** The extracted site; needed for `extracted` and `pages`. */
  sitePath?: string
  /** Scratch folder, for the Pages tarball. */
  workDir: string
}

/** What to upload for this export: the name and content asked for, the files it made. */
export function artifactRequest(
  artifact: NonNullable<ExportSettings['artifact']>,
  report: ExportReport
): ArtifactRequest | undefined {
  const file = report.download
  if (!file || !report.jobId) return undefined
  return {
    name:
      artifact.name ??
      (artifact.content === 'pages' ? 'github-pages' : `mintlify-export-${report.jobId}`),
    content: artifact.content,
    retentionDays: artifact.retentionDays,
    archivePath: file.path,
    sitePath: report.site?.path,
    workDir: dirname(file.path)
  }
}

export class ArtifactError extends Error implements HasNextStep {
  override name = 'ArtifactError'
  constructor(
    message: string,
    readonly nextStep?: NextStep
  ) {
    super(message)
  }
}

/**
 * What the artifact service refuses in a file's path below the artifact's root (NTFS's
 * characters, refused on every platform; an archive made on Linux can hold any of them).
 * @actions/artifact checks too, but its error quotes the path raw and speaks of its own
 * checks, not of the input that avoids them.
 */
const REFUSED_IN_ARTIFACT_PATHS = /[":<>|*?\r\n]/

/**
 * Uploads the bundle as a workflow artifact: the archive as downloaded (not compressed again),
 * the extracted folder, or the site as the `artifact.tar` that actions/deploy-pages consumes.
 */
export async function uploadBundleArtifact(
  request: ArtifactRequest,
  env: NodeJS.ProcessEnv = process.env
): Promise<UploadedArtifact> {
  const { files, root, compressionLevel } = await artifactFiles(request)
  // Loaded here, not at start-up: the client is large and most runs never need it.
  const { DefaultArtifactClient } = await import('@actions/artifact')
  const client = new DefaultArtifactClient()
  const response = await client.uploadArtifact(request.name, files, root, {
    compressionLevel,
    ...(request.retentionDays > 0 ? { retentionDays: request.retentionDays } : {})
  })
  if (response.id === undefined)
    throw new ArtifactError(`The artifact service did not create artifact \`${request.name}\`.`)
  const url = artifactUrl(env, response.id)
  log.info(
    `Uploaded artifact ${request.name} (id ${response.id}${response.size ? `, ${response.size} bytes` : ''}).`
  )
  return {
    name: request.name,
    id: response.id,
    ...(url ? { url } : {}),
    ...(response.size ? { sizeBytes: response.size } : {})
  }
}

async function artifactFiles(
  request: ArtifactRequest
): Promise<{ files: string[]; root: string; compressionLevel: number }> {
  if (request.content === 'archive') {
    // Already compressed: zipping it again costs time and saves nothing.
    return { files: [request.archivePath], root: dirname(request.archivePath), compressionLevel: 0 }
  }
  const site = request.sitePath
  if (!site)
    throw new ArtifactError(`\`artifact-content: ${request.content}\` needs the extracted site.`)
  if (request.content === 'extracted') {
    const files = await listFiles(site)
    refuseUnnameable(
      request.name,
      files.map(file => relative(site, file))
    )
    return { files, root: site, compressionLevel: 6 }
  }
  const tarball = await pagesTarball(site, join(request.workDir, 'pages'))
  return { files: [tarball], root: dirname(tarball), compressionLevel: 6 }
}

/** Refuses, before anything is uploaded, a site whose file names the artifact cannot hold. */
function refuseUnnameable(artifact: string, paths: readonly string[]): void {
  const refused = paths.filter(path => REFUSED_IN_ARTIFACT_PATHS.test(path))
  if (refused.length === 0) return
  throw new ArtifactError(
    `Artifact \`${artifact}\` cannot hold the extracted site: ${refused.length} of its files have a name with " : < > | * or ?, which the artifact service refuses (the first: ${quoted(refused[0])}). Upload the bundle as downloaded with \`artifact-content: archive\`, or the site as one tarball with \`artifact-content: pages\`.`,
    {
      text: 'Upload the bundle as downloaded (or, with `pages`, the site as one tarball): the artifact service cannot name these files.',
      snippet: 'artifact-content: archive'
    }
  )
}

/**
 * `artifact.tar` in the form actions/deploy-pages reads: the site's files at the top level,
 * symlinks replaced by what they point to and no hard-link entries (both are refused by Pages).
 */
export async function pagesTarball(site: string, folder: string): Promise<string> {
  await mkdir(folder, { recursive: true })
  const file = join(folder, 'artifact.tar')
  const entries = (await readdir(site)).filter(name => name !== '.git' && name !== '.github')
  await createTar(
    {
      file,
      cwd: site,
      follow: true,
      portable: true,
      // An inode cache that never matches: every file is written whole, never as a hard link.
      linkCache: new NoLinks()
    },
    // node-tar takes a name that begins with `@` for a tar file to copy entries from.
    entries.map(name => (name.startsWith('@') ? `./${name}` : name))
  )
  return file
}

class NoLinks extends Map<`${number}:${number}`, string> {
  override get(): undefined {
    return undefined
  }
  override set(): this {
    return this
  }
}

/**
 * The site's files, links to files included (the artifact client uploads what a link leads to,
 * and the site check counted them as files); extraction refused every link to a folder.
 */
export async function listFiles(root: string): Promise<string[]> {
  const files: string[] = []
  for await (const { path, entry } of walkTree(root)) {
    const isFile =
      entry.isFile() ||
      (entry.isSymbolicLink() && (await stat(path).catch(() => undefined))?.isFile())
    if (isFile) files.push(path)
  }
  return files.sort()
}

/** The run's artifact page, as actions/upload-artifact reports it. */
function artifactUrl(env: NodeJS.ProcessEnv, id: number): string | undefined {
  const { GITHUB_SERVER_URL: server, GITHUB_REPOSITORY: repo, GITHUB_RUN_ID: run } = env
  return server && repo && run ? `${server}/${repo}/actions/runs/${run}/artifacts/${id}` : undefined
}
