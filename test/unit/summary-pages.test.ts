import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MODE_NAMES } from '../../src/modes/modes.js'
import { writeSummaryPages } from '../support/summary-pages.js'

/* `npm run preview:summary`'s pages (without Chromium): every mode's summary and comment. */

let dir: string
let written: string[]
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'summary-pages-'))
  written = await writeSummaryPages(dir)
})
afterAll(() => rm(dir, { recursive: true, force: true }))

describe('the summary pages', () => {
  it.each(MODE_NAMES)('%s: a summary and a comment on success, failure and timeout', mode => {
    for (const variant of ['success', 'failure', 'timeout'])
      for (const kind of ['summary', 'comment'])
        expect(written).toContain(`${mode}-${variant}-${kind}.html`)
  })

  it('writes what it lists, and the index links every page', async () => {
    expect((await readdir(dir)).sort()).toEqual([...written].sort())
    const index = await readFile(join(dir, 'index.html'), 'utf8')
    for (const file of written.filter(name => name !== 'index.html'))
      expect(index).toContain(`<a href="${file}">`)
  })

  it('a page is the rendered Markdown in a self-contained HTML page', async () => {
    const page = await readFile(join(dir, 'deploy-timeout-summary.html'), 'utf8')
    expect(page).toMatch(/^<!doctype html>/)
    expect(page).toContain(
      '<h2>⏳ Mintlify deployment: still running, this step stopped waiting</h2>'
    )
    expect(page).toContain('<pre><code class="language-yaml">mode: deploy')
    expect(page).not.toMatch(/<link|<script|@import/)
  })
})
