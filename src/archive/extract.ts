import { execFile } from 'node:child_process'
import { lstat, mkdir, readlink, realpath, rm } from 'node:fs/promises'
import { cleanUpAfterFailure } from '../util/cleanup.js'
import { untrusted } from '../util/untrusted.js'
import { walkTree } from '../util/walk.js'
import { dirname, isAbsolute, relative, resolve, sep } from 'node:path'
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
          'tar',
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

let gnuTar: Promise<boolean> | undefined

function isGnuTar(): Promise<boolean> {
  gnuTar ??= new Promise(resolve =>
    execFile('tar', ['--version'], (error, stdout) =>
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
  return resolved === realRoot || resolved.startsWith(realRoot + sep)
    ? undefined
    : 'points outside the site'
}

/**
 * The real path of `raw` as the system resolves it (links and `..` in order) for its longest
 * existing prefix; the rest, which exists nowhere yet and so holds no link, is added as text.
 */
async function systemPath(raw: string): Promise<string> {
  const parts = raw.split('/')
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
