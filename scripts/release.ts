// Releases, prepared locally and checked in the release workflow.
//
//   npm run release -- 1.2.0        bump package.json (and the lockfile), turn CHANGELOG's
//                                   Unreleased section into 1.2.0's, commit, tag v1.2.0 (no push)
//   node scripts/release.ts notes v1.2.0       print that version's CHANGELOG section
//   node scripts/release.ts check-tag v1.2.0   the tag, package.json and CHANGELOG agree
//
// Preparing refuses a dirty work tree, a tag that exists, a version not above the last release,
// an empty Unreleased section, and a stale dist/ or cli/ (it runs `npm run bundle` and checks
// `git status`, as .ci/run does). Run by Node 24, which strips the types.
import { execFileSync } from 'node:child_process'
import { readFileSync, writeFileSync } from 'node:fs'
import { pathToFileURL } from 'node:url'

/** Where the CHANGELOG's version links point. */
export const REPOSITORY_URL = 'https://github.com/mintlify-admin/action'

export class ReleaseError extends Error {
  override name = 'ReleaseError'
}

type Version = [number, number, number]

/** `1.2.0` or `v1.2.0` as numbers; only plain X.Y.Z (the workflow runs on such tags only). */
export function parseVersion(text: string): Version {
  const match = /^v?(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)$/.exec(text.trim())
  if (!match) throw new ReleaseError(`\`${text}\` is not a version of the form X.Y.Z (e.g. 1.2.0).`)
  return [Number(match[1]), Number(match[2]), Number(match[3])]
}

export function compareVersions(a: Version, b: Version): number {
  return a[0] - b[0] || a[1] - b[1] || a[2] - b[2]
}

const formatVersion = (version: Version) => version.join('.')

/** The heading line of a version's section: `## [1.2.0] - 2026-11-25`, or `## [Unreleased]`. */
const SECTION_HEADING = /^## \[([^\]]+)\](?:[ \t]+-[ \t]+(\S+))?[ \t]*$/gm

interface Section {
  name: string
  /** Index of the heading line's start, and of the body's start and end. */
  start: number
  bodyStart: number
  end: number
}

function sectionsOf(changelog: string): Section[] {
  const headings = [...changelog.matchAll(SECTION_HEADING)]
  // The body of the last section stops at the link references, if any.
  const links = /^\[[^\]]+\]:\s/m.exec(changelog)
  return headings.map((match, index) => {
    const start = match.index
    const next = headings[index + 1]?.index ?? links?.index ?? changelog.length
    return {
      name: match[1] as string,
      start,
      bodyStart: start + match[0].length,
      end: next > start ? next : changelog.length
    }
  })
}

/** The text of one version's section (without its heading), trimmed; throws when missing or empty. */
export function releaseNotes(changelog: string, version: string): string {
  const wanted = formatVersion(parseVersion(version))
  const section = sectionsOf(changelog).find(s => s.name === wanted)
  if (!section) throw new ReleaseError(`CHANGELOG.md has no section \`## [${wanted}]\`.`)
  const body = changelog.slice(section.bodyStart, section.end).trim()
  if (!body) throw new ReleaseError(`CHANGELOG.md's section for ${wanted} is empty.`)
  return body
}

/**
 * The CHANGELOG with its Unreleased entries moved under `## [version] - date`, an empty
 * Unreleased section above it, and the compare links at the bottom updated.
 */
export function changelogForRelease(
  changelog: string,
  version: string,
  date: string,
  previous: string | undefined
): string {
  const sections = sectionsOf(changelog)
  const unreleased = sections.find(s => s.name === 'Unreleased')
  if (!unreleased) throw new ReleaseError('CHANGELOG.md has no `## [Unreleased]` section.')
  if (sections.some(s => s.name === version))
    throw new ReleaseError(`CHANGELOG.md has a section for ${version} already.`)
  const body = changelog.slice(unreleased.bodyStart, unreleased.end).trim()
  if (!body)
    throw new ReleaseError(
      'The `## [Unreleased]` section of CHANGELOG.md is empty: write what this release changes first.'
    )
  let text =
    changelog.slice(0, unreleased.start) +
    `## [Unreleased]\n\n## [${version}] - ${date}\n\n${body}\n\n` +
    changelog.slice(unreleased.end)
  const unreleasedLink = `[Unreleased]: ${REPOSITORY_URL}/compare/v${version}...HEAD`
  const versionLink = previous
    ? `[${version}]: ${REPOSITORY_URL}/compare/v${previous}...v${version}`
    : `[${version}]: ${REPOSITORY_URL}/releases/tag/v${version}`
  text = /^\[Unreleased\]:.*$/m.test(text)
    ? text.replace(/^\[Unreleased\]:.*$/m, `${unreleasedLink}\n${versionLink}`)
    : `${text.trimEnd()}\n\n${unreleasedLink}\n${versionLink}\n`
  return text.replace(/\n{3,}/g, '\n\n')
}

/** package.json or package-lock.json text with the package's own version replaced. */
export function withVersion(
  file: 'package.json' | 'package-lock.json',
  text: string,
  version: string
): string {
  const json = JSON.parse(text) as {
    version?: string
    packages?: Record<string, { version?: string }>
  }
  json.version = version
  if (file === 'package-lock.json' && json.packages?.['']) json.packages[''].version = version
  return `${JSON.stringify(json, null, 2)}\n`
}

function git(args: string[], cwd: string): string {
  return execFileSync('git', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] })
}

/** The highest vX.Y.Z tag, if any. */
function lastReleaseTag(cwd: string): Version | undefined {
  return git(['tag', '--list', 'v*'], cwd)
    .split('\n')
    .filter(tag => /^v\d+\.\d+\.\d+$/.test(tag))
    .map(tag => parseVersion(tag))
    .sort(compareVersions)
    .at(-1)
}

function refuseDirtyTree(cwd: string): void {
  const status = git(['status', '--porcelain'], cwd).trimEnd()
  if (status)
    throw new ReleaseError(
      `The work tree has uncommitted changes; commit or stash them first:\n${status}`
    )
}

/** `npm run bundle`, then dist/ and cli/ must be what is committed. */
function refuseStaleBundles(cwd: string): void {
  console.error('release: rebuilding dist/ and cli/ (npm run bundle) to check they are fresh…')
  execFileSync('npm', ['run', '-s', 'bundle'], {
    cwd,
    stdio: ['ignore', 'ignore', 'inherit'],
    shell: process.platform === 'win32'
  })
  const stale = git(['status', '--porcelain', '--', 'dist', 'cli'], cwd).trimEnd()
  if (stale)
    throw new ReleaseError(
      `dist/ or cli/ differs from a fresh \`npm run bundle\` of the committed source (the rebuilt files are left in place): commit them, then run the release again.\n${stale}`
    )
}

export function prepareRelease(
  versionText: string,
  cwd: string,
  today = new Date().toISOString().slice(0, 10)
): string {
  const version = parseVersion(versionText)
  const name = formatVersion(version)
  const tag = `v${name}`
  refuseDirtyTree(cwd)
  if (git(['tag', '--list', tag], cwd).trim())
    throw new ReleaseError(`The tag ${tag} exists already.`)
  const last = lastReleaseTag(cwd)
  if (last && compareVersions(version, last) <= 0)
    throw new ReleaseError(`${name} is not above the last release, v${formatVersion(last)}.`)
  const packageText = readFileSync(`${cwd}/package.json`, 'utf8')
  const current = parseVersion((JSON.parse(packageText) as { version: string }).version)
  if (compareVersions(version, current) < 0)
    throw new ReleaseError(`${name} is below package.json's version, ${formatVersion(current)}.`)
  const changelog = changelogForRelease(
    readFileSync(`${cwd}/CHANGELOG.md`, 'utf8'),
    name,
    today,
    last && formatVersion(last)
  )
  refuseStaleBundles(cwd)

  writeFileSync(`${cwd}/package.json`, withVersion('package.json', packageText, name))
  const lock = readFileSync(`${cwd}/package-lock.json`, 'utf8')
  writeFileSync(`${cwd}/package-lock.json`, withVersion('package-lock.json', lock, name))
  writeFileSync(`${cwd}/CHANGELOG.md`, changelog)
  git(['add', 'package.json', 'package-lock.json', 'CHANGELOG.md'], cwd)
  git(['commit', '-q', '-m', `Release ${tag}`], cwd)
  git(['tag', '-a', tag, '-m', `${tag}\n\n${releaseNotes(changelog, name)}`], cwd)
  return tag
}

/** The tag names the version in package.json, and the CHANGELOG has notes for it. */
export function checkTag(tag: string, cwd: string): void {
  const version = formatVersion(parseVersion(tag))
  const packaged = (JSON.parse(readFileSync(`${cwd}/package.json`, 'utf8')) as { version: string })
    .version
  if (packaged !== version)
    throw new ReleaseError(`The tag ${tag} names ${version}, but package.json says ${packaged}.`)
  releaseNotes(readFileSync(`${cwd}/CHANGELOG.md`, 'utf8'), version)
}

function main(args: string[]): void {
  const cwd = process.cwd()
  const [command, argument] = args
  if (command === 'notes' && argument) {
    process.stdout.write(`${releaseNotes(readFileSync(`${cwd}/CHANGELOG.md`, 'utf8'), argument)}\n`)
    return
  }
  if (command === 'check-tag' && argument) {
    checkTag(argument, cwd)
    console.error(`release: ${argument} matches package.json and has CHANGELOG notes.`)
    return
  }
  if (command && !argument && /^v?\d/.test(command)) {
    const tag = prepareRelease(command, cwd)
    console.error(
      `release: committed and tagged ${tag}. Push both to start the release workflow:\n  git push --atomic origin HEAD ${tag}`
    )
    return
  }
  throw new ReleaseError(
    'Usage: npm run release -- X.Y.Z | node scripts/release.ts notes vX.Y.Z | node scripts/release.ts check-tag vX.Y.Z'
  )
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  try {
    main(process.argv.slice(2))
  } catch (error) {
    console.error(`release: ${error instanceof Error ? error.message : String(error)}`)
    process.exitCode = error instanceof ReleaseError ? 1 : 2
  }
}
