// What the bundled action hands to deploy steps: the audit of external hosts by deployment kind,
// and the Helm values file.
import { readFile, stat } from 'node:fs/promises'
import { parse } from 'yaml'
import { afterEach, describe, expect, it } from 'vitest'
import { startEmulator, type ArchiveEntry, type Emulator } from '../emulator/index.ts'
import { emulatorInputs, runAction, type ActionRun } from '../support/action-runner.js'
import { errorsOf, expectCleanFailure, warningsOf } from '../support/assertions.js'

let emulator: Emulator | undefined
let runs: ActionRun[] = []

afterEach(async () => {
  await emulator?.close()
  emulator = undefined
  await Promise.all(runs.map(run => run.cleanup()))
  runs = []
})

async function exportRun(
  inputs: Record<string, string>,
  extraEntries: ArchiveEntry[] = []
): Promise<ActionRun> {
  emulator = await startEmulator({
    export: { queuedMs: 50, runningMs: 200 },
    storage: { extraEntries }
  })
  const run = await runAction({
    mode: 'export',
    ...emulatorInputs(emulator),
    domain: 'docs.example.com',
    ...inputs
  })
  runs.push(run)
  return run
}

/** A page added to the emulator's site that loads a script from another host. */
const TRACKER_PAGE: ArchiveEntry = {
  name: 'guides/embed/index.html',
  type: 'file',
  content:
    '<!DOCTYPE html><html><head><script src="https://cdn.tracker.example/t.js"></script></head><body><a href="https://github.com/acme">GitHub</a></body></html>'
}

describe('audit of external hosts, end to end', () => {
  it('finds nothing in the emulator’s site (external-hosts empty), even air-gapped', async () => {
    const run = await exportRun({ 'deployment-kind': 'air-gapped' })
    expect(run.exitCode, run.log).toBe(0)
    expect(run.outputs['external-hosts']).toBe('')
    // Anything but cloud implies extraction, which the audit needs.
    expect(run.outputs['extract-path']).toBeTruthy()
    expect(warningsOf(run)).toEqual([])
  })

  it('air-gapped: fails naming the host and a file that loads from it', async () => {
    const run = await exportRun({ 'deployment-kind': 'air-gapped' }, [TRACKER_PAGE])
    expectCleanFailure(run, 'cdn.tracker.example (e.g. in guides/embed/index.html)')
    expect(errorsOf(run).join('\n')).toContain('air-gapped')
    expect(errorsOf(run).join('\n')).toContain('`allowed-hosts`')
    // The link a reader clicks is not a dependency.
    expect(errorsOf(run).join('\n')).not.toContain('github.com')
    expect(run.outputs['job-id']).toMatch(/^se_/)
  })

  it('client-hosted: warns for the host and succeeds', async () => {
    const run = await exportRun({ 'deployment-kind': 'client-hosted' }, [TRACKER_PAGE])
    expect(run.exitCode, run.log).toBe(0)
    expect(run.outputs['external-hosts']).toBe('cdn.tracker.example')
    const warnings = warningsOf(run).filter(w => w.includes('cdn.tracker.example'))
    expect(warnings).toHaveLength(1)
    expect(warnings[0]).toContain('guides/embed/index.html')
  })

  it('allowed-hosts lets an air-gapped export through', async () => {
    const run = await exportRun(
      { 'deployment-kind': 'air-gapped', 'allowed-hosts': 'fonts.example.net\n*.tracker.example' },
      [TRACKER_PAGE]
    )
    expect(run.exitCode, run.log).toBe(0)
    expect(run.outputs['external-hosts']).toBe('')
  })

  it('cloud with extract: reports the hosts in the log and the output, no warning', async () => {
    // The link check is off: the extra page is not in the job's page count, which it would warn about.
    const run = await exportRun({ extract: 'true', check: 'off' }, [TRACKER_PAGE])
    expect(run.exitCode, run.log).toBe(0)
    expect(run.outputs['external-hosts']).toBe('cdn.tracker.example')
    expect(run.log).toContain('The site loads from 1 external host(s): cdn.tracker.example.')
    expect(warningsOf(run)).toEqual([])
  })
})

describe('files too large to read (over 16 MiB) are never taken for checked', () => {
  // A page the audit and the link check do not read, which links to nowhere and loads a tracker.
  const HUGE_PAGE: ArchiveEntry = {
    name: 'huge.html',
    type: 'file',
    content: `<!DOCTYPE html><html><head><script src="https://cdn.tracker.example/t.js"></script></head><body><a href="/nowhere">x</a>${'x'.repeat(17 * 1024 * 1024)}</body></html>`
  }

  it('air-gapped: fails, as the site is not proven self-contained, naming the hosts found too', async () => {
    const run = await exportRun({ 'deployment-kind': 'air-gapped' }, [HUGE_PAGE, TRACKER_PAGE])
    expectCleanFailure(
      run,
      'The audit skipped 1 file(s) too large to scan (over 16 MiB), e.g. huge.html'
    )
    const errors = errorsOf(run).join('\n')
    expect(errors).toContain('An air-gapped deployment needs every file checked')
    expect(errors).toContain('cdn.tracker.example (e.g. in guides/embed/index.html)')
    expect(run.outputs['external-hosts']).toBe('cdn.tracker.example')
  })

  it('check: fail: fails, as the page’s links were not checked, naming the broken ones too', async () => {
    const broken: ArchiveEntry = {
      name: 'broken.html',
      type: 'file',
      content: '<a href="/missing-too">x</a>'
    }
    const run = await exportRun({ extract: 'true', check: 'fail' }, [HUGE_PAGE, broken])
    expectCleanFailure(run, 'The link check skipped 1 file(s) too large to read')
    const errors = errorsOf(run).join('\n')
    expect(errors).toContain('set `check: warn`')
    expect(errors).toContain('/missing-too')
    expect(run.outputs['broken-links']).toBe('1')
  })

  it('check: warn: goes on, saying in the log and the summary what was not read', async () => {
    const run = await exportRun({ extract: 'true' }, [HUGE_PAGE])
    expect(run.exitCode, run.log).toBe(0)
    expect(warningsOf(run).join('\n')).toContain('their links were not checked')
    expect(warningsOf(run).join('\n')).toContain('the hosts they load from are not known')
    expect(run.log).toMatch(/all resolve on plain \(1 file\(s\) too large to read not checked\)/)
    expect(run.summary).toContain('none in the files read; 1 file(s) too large to scan')
    expect(run.summary).toContain('1 file(s) too large to read, not checked')
    expect(run.summary).not.toContain('the site is self-contained')
  })
})

interface HelmValues {
  staticExport: { enabled: boolean; bundleUrl: string; version: string }
}

async function helmValuesOf(run: ActionRun): Promise<HelmValues> {
  const path = run.outputs['helm-values'] as string
  expect(path, run.log).toBeTruthy()
  // It holds the presigned link: in the runner's temp folder, readable by its owner only.
  expect(path.startsWith(run.runnerTemp)).toBe(true)
  expect(path.startsWith(run.workspace)).toBe(false)
  if (process.platform !== 'win32') expect((await stat(path)).mode & 0o777).toBe(0o600)
  return parse(await readFile(path, 'utf8')) as HelmValues
}

describe('helm-values output, end to end', () => {
  it('download: false → the link and the job id as version', async () => {
    const run = await exportRun({ download: 'false' })
    expect(run.exitCode, run.log).toBe(0)
    expect(await helmValuesOf(run)).toEqual({
      staticExport: {
        enabled: true,
        bundleUrl: run.outputs['bundle-url'],
        version: run.outputs['job-id']
      }
    })
    expect(run.outputs['bundle-url']).toContain('&X-Amz-Signature=')
  })

  it('with the download → version from the bundle’s SHA-256', async () => {
    const run = await exportRun({})
    expect(run.exitCode, run.log).toBe(0)
    const sha256 = run.outputs['bundle-sha256'] as string
    expect(sha256).toMatch(/^[0-9a-f]{64}$/)
    expect(await helmValuesOf(run)).toEqual({
      staticExport: {
        enabled: true,
        bundleUrl: run.outputs['bundle-url'],
        version: `sha256-${sha256.slice(0, 12)}`
      }
    })
  })

  it('stays out of the workspace when `path` puts the bundle there', async () => {
    const run = await exportRun({ path: 'site-export' })
    expect(run.exitCode, run.log).toBe(0)
    expect(run.outputs['bundle-path']?.startsWith(run.workspace)).toBe(true)
    expect((await helmValuesOf(run)).staticExport.bundleUrl).toBe(run.outputs['bundle-url'])
  })

  it('export-version overrides the version', async () => {
    const run = await exportRun({ download: 'false', 'export-version': '2024-06-01' })
    expect(run.exitCode, run.log).toBe(0)
    const values = await helmValuesOf(run)
    expect(values.staticExport.version).toBe('2024-06-01')
    expect(values.staticExport.bundleUrl).toBe(run.outputs['bundle-url'])
  })
})
