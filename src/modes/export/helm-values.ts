import { rename, rm, writeFile } from 'node:fs/promises'
import { makeFolder } from '../../util/folders.js'
import { basename, dirname, join } from 'node:path'
import { stringify } from 'yaml'

/** Length of the SHA-256 prefix used as a version label: short, yet unique in practice. */
const VERSION_HASH_CHARS = 12

/**
 * A stable version for `staticExport.version`: the given override, else the bundle's SHA-256
 * prefix (same content, same version), else the job id when nothing was downloaded.
 */
export function exportVersion(
  override: string | undefined,
  sha256: string | undefined,
  jobId: string
): string {
  return override || (sha256 ? `sha256-${sha256.slice(0, VERSION_HASH_CHARS)}` : jobId)
}

/** The chart values that serve the bundle, as YAML (a library quotes what needs quoting). */
export function helmValuesYaml(bundleUrl: string, version: string): string {
  const values = { staticExport: { enabled: true, bundleUrl, version } }
  // Helm reads values as YAML 1.1, where a bare `on`, `no` or `2024-06-01` is not a string:
  // written by 1.1 rules, every such scalar is quoted.
  return `# Written by the Mintlify Admin API action for: helm upgrade -f <this file>\n${stringify(values, { version: '1.1' })}`
}

/**
 * Writes the values file, readable by its owner only: it holds the presigned link. Written to a
 * new file beside it, then renamed over it: an existing file (another mode, or a link planted
 * where the values go) is replaced, never written through, and no moment holds the link in a
 * file others may read.
 */
export async function writeHelmValues(
  path: string,
  bundleUrl: string,
  version: string
): Promise<string> {
  const fresh = join(dirname(path), `.${basename(path)}.${process.pid}.${Date.now()}.tmp`)
  try {
    await makeFolder(dirname(path))
    // `wx`: a file already there under this name is no file of ours to write the link into.
    await writeFile(fresh, helmValuesYaml(bundleUrl, version), { mode: 0o600, flag: 'wx' })
    await rename(fresh, path)
  } catch (error) {
    await rm(fresh, { force: true }).catch(() => undefined)
    const code = (error as NodeJS.ErrnoException).code ?? 'error'
    throw new Error(
      `The Helm values file ${path} could not be written (${code}): check that its folder is writable, that the path is not a folder, and that no other program holds the file open or read-only.`,
      { cause: error }
    )
  }
  return path
}
