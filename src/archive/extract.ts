import { execFile } from 'node:child_process'
import { lstat, mkdir, readlink, realpath, rm } from 'node:fs/promises'
import { cleanUpAfterFailure } from '../util/cleanup.js'
import { untrusted } from '../util/untrusted.js'
import { walkTree } from '../util/walk.js'
import { dirname, isAbsolute, join, relative, resolve } from 'node:path'
import { isWithin } from '../util/paths.js'
import type { ArchiveFormat } from './format.js'
import { inspectArchive, quoted, UnsafeArchiveError, type ArchiveLimits } from './inspect.js'

export const DEFAULT_LIMITS: ArchiveLimits = {
  maxTotalBytes: 20 * 1024 ** 3,
  maxEntries: 500_000
}

export interface ExtractedSite {
  path: string
  files: number
  totalBytes: number
}

/**
 * Extracts the bundle into `destination` (emptied first) with the system's tar or unzip, after
 * checking every entry, and checks the result again: nothing outside, no link leading out.
 */
export async function extractBundle(
  file: string,
  format: ArchiveFormat,
  destination: string,
  limits: ArchiveLimits = DEFAULT_LIMITS
): Promise<ExtractedSite> {
  await inspectArchive(file, format, limits)
  await rm(destination, { recursive: true, force: true })
  await mkdir(destination, { recursive: true })
  try {
    await runExtractor(file, format, destination)
    const found = await walkExtracted(destination, limits)
    return { path: destination, files: found.files, totalBytes: found.totalBytes }
  } catch (error) {
    await cleanUpAfterFailure(`the partly extracted site ${destination}`, () =>
      rm(destination, { recursive: true, force: true })
    )
    throw error
  }
}

/** Longest tail of the extractor's error output quoted in a failure. */
const STDERR_QUOTE_CHARS = 300

/**
 * Runs the system's tar or unzip, as a runner has them, with their output captured: what
 * they print names archive entries, which must not reach the log unguarded (and a busy
 * extraction is no reading for a person). On failure, their last words are in the error.
 */
async function runExtractor(
  file: string,
  format: ArchiveFormat,
  destination: string
): Promise<void> {
  const windows = process.platform === 'win32'
  const [command, args] =
    format === 'zip' && !windows
      ? ['unzip', ['-o', '-q', file, '-d', destination]]
      : [
          systemTar(process.platform, process.env),
          [
            format === 'tar.gz' ? '-xzf' : '-xf',
            file,
            '-C',
            destination,
            // GNU tar: no noise about bsdtar's headers, and replace over what is there.
            ...((await isGnuTar()) ? ['--warning=no-unknown-keyword', '--overwrite'] : [])
          ]
        ]
  const failure = await new Promise<{ code: unknown; stderr: string } | undefined>(resolve => {
    execFile(command, args, { maxBuffer: 4 * 1024 * 1024 }, (error, _stdout, stderr) =>
      resolve(
        error ? { code: (error as { code?: unknown }).code, stderr: String(stderr) } : undefined
      )
    )
  })
  if (!failure) return
  if (failure.code === 'ENOENT') {
    throw new UnsafeArchiveError(
      `Extracting the bundle needs \`${command}\`, which is not installed on this runner: install it (e.g. \`apt-get install -y ${command}\`), or set \`extract: false\`.`
    )
  }
  const said = untrusted(failure.stderr.trim().slice(-STDERR_QUOTE_CHARS), STDERR_QUOTE_CHARS)
  throw new UnsafeArchiveError(
    `Extracting the bundle ${file} with ${command} failed (exit code ${String(failure.code)})${said ? `: ${said}` : ''}. The archive may be damaged, or use a feature ${command} cannot read; set \`extract: false\` to keep the file as downloaded.`
  )
}

/**
 * The tar to run. On Windows, Windows' own bsdtar (System32), as @actions/tool-cache runs it:
 * it reads zip too, and a GNU tar found first on the PATH (Git's) takes `C:\…` for a remote
 * host. Elsewhere, the `tar` on the PATH.
 */
export function systemTar(platform: NodeJS.Platform, env: NodeJS.ProcessEnv): string {
  if (platform !== 'win32') return 'tar'
  const windowsFolder = env.SystemRoot ?? env.SYSTEMROOT ?? env.windir ?? 'C:\\Windows'
  return join(windowsFolder, 'System32', 'tar.exe')
}

let gnuTar: Promise<boolean> | undefined

function isGnuTar(): Promise<boolean> {
  gnuTar ??= new Promise(resolve =>
    execFile(systemTar(process.platform, process.env), ['--version'], (error, stdout) =>
      resolve(!error && String(stdout).toUpperCase().includes('GNU TAR'))
    )
  )
  return gnuTar
}

/** Second line of defence: measure what landed and follow every symlink to its end. */
export async function walkExtracted(
  root: string,
  limits: ArchiveLimits
): Promise<{ files: number; totalBytes: number }> {
  const realRoot = await realpath(root)
  let files = 0
  let totalBytes = 0
  for await (const { path, entry } of walkTree(root)) {
    if (entry.isSymbolicLink()) {
      const problem = await linkProblem(path, realRoot)
      if (problem)
        throw new UnsafeArchiveError(
          `The bundle is unsafe: link ${quoted(relative(root, path))} ${problem}.`
        )
      continue
    }
    files += 1
    totalBytes += (await lstat(path)).size
    if (totalBytes > limits.maxTotalBytes) {
      throw new UnsafeArchiveError(
        `The extracted bundle holds more than ${limits.maxTotalBytes} bytes (\`extract-limit\`); it was removed.`
      )
    }
  }
  return { files, totalBytes }
}

/** Where a link really leads (through any chain of links), if that is not inside the site. */
async function linkProblem(path: string, realRoot: string): Promise<string | undefined> {
  const target = await readlink(path)
  let resolved: string
  try {
    // Joined as text on purpose: normalising `up/..` first would skip what the link `up` does.
    resolved = await systemPath(isAbsolute(target) ? target : `${dirname(path)}/${target}`)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ELOOP') return 'is a loop of links'
    throw error
  }
  return isWithin(realRoot, resolved) ? undefined : 'points outside the site'
}

/**
 * The real path of `raw` as the system resolves it (links and `..` in order) for its longest
 * existing prefix; the rest, which exists nowhere yet and so holds no link, is added as text.
 */
async function systemPath(raw: string): Promise<string> {
  const parts = pathParts(raw, process.platform)
  for (let keep = parts.length; keep > 1; keep -= 1) {
    try {
      return resolve(await realpath(parts.slice(0, keep).join('/')), ...parts.slice(keep))
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code
      if (code !== 'ENOENT' && code !== 'ENOTDIR') throw error
    }
  }
  return resolve(raw)
}

/**
 * A path's parts, to find its longest existing prefix: on Windows a backslash separates them
 * too (a link read there has backslashes; `C:/site/a` is as good as `C:\site\a` to Windows).
 */
export function pathParts(raw: string, platform: NodeJS.Platform): string[] {
  return raw.split(platform === 'win32' ? /[\\/]/ : '/')
}
