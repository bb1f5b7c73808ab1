// `npm run release` in a throwaway clone (nothing is pushed): it refuses a dirty tree and a
// stale dist/ (really rebuilding, as .ci/run does), then bumps the version, writes the CHANGELOG
// section, commits and tags. The script run is this work tree's, the repository the clone's.
import { execFile } from 'node:child_process'
import { appendFile, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  changelogForRelease,
  releaseNotes,
  REPOSITORY_URL,
  withVersion
} from '../../scripts/release.ts'
import { ROOT } from '../support/action-runner.js'

const run = promisify(execFile)
const SCRIPT = join(ROOT, 'scripts', 'release.ts')
/** Each run really bundles (ncc twice): 25-30 s on an idle 2-core machine, 80 s on a busy one. */
const SLOW_MS = 420_000

let scratch: string
let clone: string

const git = async (...args: string[]) => (await run('git', args, { cwd: clone })).stdout.trim()

/** Runs the release script in the clone; never throws, returns the exit code and stderr. */
async function release(
  ...args: string[]
): Promise<{ code: number; stderr: string; stdout: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, [SCRIPT, ...args], {
      cwd: clone,
      env: { ...process.env, PATH: `${join(ROOT, 'node_modules', '.bin')}:${process.env.PATH}` },
      maxBuffer: 16 * 1024 * 1024
    })
    return { code: 0, stdout, stderr }
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string }
    return { code: failed.code ?? -1, stdout: failed.stdout ?? '', stderr: failed.stderr ?? '' }
  }
}

const CHANGELOG = `# Changelog

Intro text stays.

## [Unreleased]

### Added

- A release from a test.

### Fixed

- Something else.
`

const packageVersion = async () =>
  (JSON.parse(await readFile(join(clone, 'package.json'), 'utf8')) as { version: string }).version

beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'release-test-'))
  clone = join(scratch, 'repo')
  await run('git', ['clone', '-q', '--no-checkout', ROOT, clone])
  await git('checkout', '-q', 'HEAD')
  await git('config', 'user.name', 'Release Test')
  await git('config', 'user.email', 'release-test@example.com')
  await git('config', 'commit.gpgsign', 'false')
  await git('config', 'tag.gpgsign', 'false')
  // Tags the source repository has must not decide what this clone may release.
  for (const tag of (await git('tag', '--list')).split('\n').filter(Boolean))
    await git('tag', '-d', tag)
  await symlink(join(ROOT, 'node_modules'), join(clone, 'node_modules'))
  await appendFile(join(clone, '.git', 'info', 'exclude'), '\n/node_modules\n')
  await writeFile(join(clone, 'CHANGELOG.md'), CHANGELOG)
  await git('add', 'CHANGELOG.md')
  await git('commit', '-q', '-m', 'A CHANGELOG to release')
}, 60_000)

afterAll(async () => {
  await rm(scratch, { recursive: true, force: true })
})

describe('npm run release in a throwaway clone', () => {
  it('refuses a dirty tree before anything else, naming the file', async () => {
    await writeFile(join(clone, 'notes.txt'), 'not committed')
    const result = await release('1.1.0')
    expect(result.code).toBe(1)
    expect(result.stderr).toContain('uncommitted changes')
    expect(result.stderr).toContain('notes.txt')
    expect(result.stderr).not.toContain('npm run bundle')
    expect(await git('tag', '--list')).toBe('')
    await rm(join(clone, 'notes.txt'))
  })

  it('refuses a version that is no version, before anything else', async () => {
    const result = await release('1.1')
    expect(result.code).toBe(1)
    expect(result.stderr).toContain('not a version of the form X.Y.Z')
  })

  it(
    'refuses a stale dist/ after really rebuilding it, and leaves the rebuilt files',
    async () => {
      await appendFile(join(clone, 'dist', 'index.js'), '\n// edited by hand\n')
      await git('commit', '-q', '-am', 'A dist/ that is not the bundle of the source')
      const head = await git('rev-parse', 'HEAD')
      const started = Date.now()
      const result = await release('1.1.0')
      console.log(`release script, stale dist/ refused in ${Date.now() - started} ms`)
      expect(result.code, result.stderr).toBe(1)
      expect(result.stderr).toContain('dist/ or cli/ differs from a fresh `npm run bundle`')
      expect(result.stderr).toMatch(/dist\/index\.js/)
      expect(await git('rev-parse', 'HEAD')).toBe(head)
      expect(await git('tag', '--list')).toBe('')
      expect(await packageVersion()).toBe('1.0.0')
      // The rebuilt bundle is what a developer commits next.
      expect(await readFile(join(clone, 'dist', 'index.js'), 'utf8')).not.toContain(
        'edited by hand'
      )
      await git('add', '-A', 'dist', 'cli')
      await git('commit', '-q', '-m', 'Fresh bundles')
    },
    SLOW_MS
  )

  it(
    'bumps the version, writes the CHANGELOG section, commits and tags',
    async () => {
      const started = Date.now()
      const result = await release('1.1.0')
      console.log(`release script, release prepared in ${Date.now() - started} ms`)
      expect(result.code, result.stderr).toBe(0)
      expect(result.stderr).toContain('git push --atomic origin HEAD v1.1.0')

      expect(await packageVersion()).toBe('1.1.0')
      const lock = JSON.parse(await readFile(join(clone, 'package-lock.json'), 'utf8')) as {
        version: string
        packages: Record<string, { version?: string }>
      }
      expect([lock.version, lock.packages['']?.version]).toEqual(['1.1.0', '1.1.0'])

      const today = new Date().toISOString().slice(0, 10)
      const changelog = await readFile(join(clone, 'CHANGELOG.md'), 'utf8')
      expect(changelog).toContain(`## [Unreleased]\n\n## [1.1.0] - ${today}\n\n### Added`)
      expect(changelog).toContain('Intro text stays.')
      expect(changelog).toContain(`[Unreleased]: ${REPOSITORY_URL}/compare/v1.1.0...HEAD`)
      expect(changelog).toContain(`[1.1.0]: ${REPOSITORY_URL}/releases/tag/v1.1.0`)

      expect(await git('status', '--porcelain')).toBe('')
      expect(await git('log', '-1', '--format=%s')).toBe('Release v1.1.0')
      expect(await git('rev-parse', 'v1.1.0^{commit}')).toBe(await git('rev-parse', 'HEAD'))
      expect(await git('cat-file', '-t', 'v1.1.0')).toBe('tag')
      expect(await git('tag', '-l', '--format=%(contents)', 'v1.1.0')).toContain(
        '- A release from a test.'
      )

      // What the release workflow then runs on the tag.
      const notes = await release('notes', 'v1.1.0')
      expect(notes.code).toBe(0)
      expect(notes.stdout).toBe(
        '### Added\n\n- A release from a test.\n\n### Fixed\n\n- Something else.\n'
      )
      expect((await release('check-tag', 'v1.1.0')).code).toBe(0)
      const wrongTag = await release('check-tag', 'v1.2.0')
      expect(wrongTag.stderr).toContain('package.json says 1.1.0')
    },
    SLOW_MS
  )

  it('refuses a tag that exists, a version not above the last, and an empty Unreleased', async () => {
    expect((await release('1.1.0')).stderr).toContain('The tag v1.1.0 exists already')
    expect((await release('1.0.9')).stderr).toContain('not above the last release, v1.1.0')
    const empty = await release('1.2.0')
    expect(empty.code).toBe(1)
    expect(empty.stderr).toContain('`## [Unreleased]` section of CHANGELOG.md is empty')
    expect(await git('tag', '--list')).toBe('v1.1.0')
  })
})

describe('the CHANGELOG edits', () => {
  it('links a later release to the one before it, and keeps older sections', () => {
    const before = `# Changelog\n\n## [Unreleased]\n\n- New.\n\n## [1.1.0] - 2026-11-01\n\n- Old.\n\n[Unreleased]: ${REPOSITORY_URL}/compare/v1.1.0...HEAD\n[1.1.0]: ${REPOSITORY_URL}/releases/tag/v1.1.0\n`
    const after = changelogForRelease(before, '1.2.0', '2026-12-01', '1.1.0')
    expect(after).toBe(
      `# Changelog\n\n## [Unreleased]\n\n## [1.2.0] - 2026-12-01\n\n- New.\n\n## [1.1.0] - 2026-11-01\n\n- Old.\n\n[Unreleased]: ${REPOSITORY_URL}/compare/v1.2.0...HEAD\n[1.2.0]: ${REPOSITORY_URL}/compare/v1.1.0...v1.2.0\n[1.1.0]: ${REPOSITORY_URL}/releases/tag/v1.1.0\n`
    )
    expect(releaseNotes(after, '1.1.0')).toBe('- Old.')
    expect(releaseNotes(after, 'v1.2.0')).toBe('- New.')
    expect(() => releaseNotes(after, '1.3.0')).toThrow(/no section/)
  })

  it('changes only the version in package.json and the lockfile', () => {
    const lock =
      '{\n  "name": "x",\n  "version": "1.0.0",\n  "packages": {\n    "": {\n      "name": "x",\n      "version": "1.0.0"\n    },\n    "node_modules/y": {\n      "version": "1.0.0"\n    }\n  }\n}\n'
    const bumped = JSON.parse(withVersion('package-lock.json', lock, '2.0.0'))
    expect(bumped.version).toBe('2.0.0')
    expect(bumped.packages[''].version).toBe('2.0.0')
    expect(bumped.packages['node_modules/y'].version).toBe('1.0.0')
  })
})
