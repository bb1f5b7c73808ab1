import { readFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { startEmulator, type ArchiveEntry, type Emulator } from '../emulator/index.ts'
import { emulatorInputs, runAction, type ActionRun } from '../support/action-runner.js'
import {
  errorsOf,
  expectCleanFailure,
  expectOnlyOwnCommands,
  exists,
  warningsOf
} from '../support/assertions.js'
import { renderGfm } from '../support/markdown.js'

/*
 * The site check through the bundled action, as a runner runs it: the emulator's site (folder
 * index pages) with extra pages holding broken links, checked by the rules of `host`.
 */

let emulator: Emulator | undefined
let runs: ActionRun[] = []

afterEach(async () => {
  await emulator?.close()
  emulator = undefined
  await Promise.all(runs.map(run => run.cleanup()))
  runs = []
})

async function exportWith(
  extraEntries: ArchiveEntry[],
  inputs: Record<string, string>
): Promise<ActionRun> {
  emulator = await startEmulator({
    export: { queuedMs: 100, runningMs: 300 },
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

const BROKEN_PAGE: ArchiveEntry = {
  name: 'broken.html',
  type: 'file',
  content: '<a href="/quickstart">ok</a> <a href="/nowhere#x">gone</a>'
}

describe('the site check in the bundled action', () => {
  it('check: fail with a broken link fails the step, naming the link, its file and the host', async () => {
    const run = await exportWith([BROKEN_PAGE], { host: 'nginx', check: 'fail' })
    expectCleanFailure(
      run,
      '1 URL(s) of the site will not resolve on host `nginx` (check: fail), e.g. "/nowhere" in broken.html.'
    )
    expect(errorsOf(run)).toContain(
      'Link "/nowhere" in broken.html will not resolve on host `nginx`.'
    )
    expect(run.outputs['broken-links']).toBe('1')
    // The job counted 12 pages; the bundle holds 13.
    expect(warningsOf(run).join('\n')).toContain('The site has 13 HTML page(s), but export job')
    expect(renderGfm(run.summary)).toContain(
      '<tr><td><code>/nowhere</code></td><td><code>broken.html</code></td><td>Link</td><td>1</td></tr>'
    )
  })

  it('check: warn (the default) passes, with annotations and the count', async () => {
    const run = await exportWith([BROKEN_PAGE], { extract: 'true' })
    expect(run.exitCode, run.log).toBe(0)
    expect(warningsOf(run)).toContain(
      'Link "/nowhere" in broken.html will not resolve on host `plain`.'
    )
    expect(run.outputs['broken-links']).toBe('1')
    expect(run.outputs['host-config']).toBeUndefined()
    // The bundle reads the site on a worker thread (site/readers.ts): what it found came from there.
    expect(run.rawLog).toContain(
      '::debug::The audit and the site check read the site on a worker thread.'
    )
  })

  it('the emulator’s own site resolves on plain: no annotation, broken-links 0', async () => {
    const run = await exportWith([], { extract: 'true' })
    expect(run.exitCode, run.log).toBe(0)
    expect(warningsOf(run)).toEqual([])
    expect(run.outputs['broken-links']).toBe('0')
  })

  it('host: nginx writes its configuration beside the site, outputs its path, and checks with it', async () => {
    const page: ArchiveEntry = {
      name: 'guides/intro.html',
      type: 'file',
      content: '<a href="/guides/intro">self, without .html</a>'
    }
    const run = await exportWith([page], { host: 'nginx', check: 'fail' })
    expect(run.exitCode, run.log).toBe(0)
    const config = run.outputs['host-config'] as string
    expect(dirname(config)).toBe(dirname(run.outputs['extract-path'] as string))
    expect(await readFile(config, 'utf8')).toContain(
      'try_files $uri $uri.html $uri/index.html =404;'
    )
    expect(await exists(join(run.outputs['extract-path'] as string, 'nginx-site.conf'))).toBe(false)
    expect(run.outputs['broken-links']).toBe('0')
  })

  it('hostile link text and file names stay in their cell and start no workflow command', async () => {
    const hostile: ArchiveEntry = {
      name: 'a|`b`::error::##[error]c.html',
      type: 'file',
      content: '<a href="/x\n::error::pwned|`tick`">x</a> <a href="/%0A::error::encoded">y</a>'
    }
    const run = await exportWith([hostile], { extract: 'true' })
    expect(run.exitCode, run.log).toBe(0)
    expectOnlyOwnCommands(run.rawLog)
    expect(errorsOf(run)).toEqual([])
    expect(run.rawLog).not.toMatch(/^\s*::error::(pwned|encoded)/m)
    expect(run.rawLog).not.toContain('##[error]')
    const html = renderGfm(run.summary)
    const table = html.slice(html.indexOf('<h3>Broken links'), html.indexOf('<details>'))
    expect(table).toContain('<h3>Broken links (2)</h3>')
    expect(table.match(/<tr>/g)).toHaveLength(3)
    expect(table).toContain('<td><code>/x::error::pwned|%60tick%60</code></td>')
    expect(table).toContain('<td><code>a|`b`::error::##[error]c.html</code></td>')
  })
})
