// The writer makes each folder of the site once (src/archive/site-writer.ts keeps the folders it
// made): a site of thousands of pages in a few folders costs a few mkdir calls, not one a page,
// and the site's own folder none. A file of its own: node:fs is wrapped to count the calls.
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { mkdirSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, relative } from 'node:path'
import { afterEach, beforeEach, expect, it, vi } from 'vitest'
import type { ArchiveEntryInfo } from '../../src/archive/inspect.js'
import { SiteWriter } from '../../src/archive/site-writer.js'

vi.mock('node:fs', async importOriginal => {
  const real = await importOriginal<typeof import('node:fs')>()
  return { ...real, mkdirSync: vi.fn(real.mkdirSync) }
})

let root: string
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'writer-folders-'))
  vi.mocked(mkdirSync).mockClear()
})
afterEach(() => rm(root, { recursive: true, force: true }))

it('makes each folder once, and never the site’s own', async () => {
  const w = new SiteWriter(root, { maxEntries: 100, freeBytes: 1e6, destination: root })
  const put = (name: string) => {
    const sink = w.begin({ name, type: 'file', sizeBytes: 1 })
    sink?.write(Buffer.from('x'))
    sink?.end()
  }
  const entry = (name: string, type: ArchiveEntryInfo['type'], linkTarget?: string) =>
    w.begin({ name, type, sizeBytes: 0, linkTarget })
  put('index.html')
  put('./about.html')
  entry('docs/', 'directory')
  put('docs/a.html')
  put('docs/b.html')
  put('docs/deep/c.html')
  put('docs/deep/d.html')
  entry('docs/deep/', 'directory')
  entry('docs/deep/home', 'symlink', '../a.html')
  entry('top', 'symlink', 'index.html')
  expect(await w.finish()).toHaveLength(2)
  expect(await readFile(join(root, 'docs', 'deep', 'home'), 'utf8')).toBe('x')
  const made = vi.mocked(mkdirSync).mock.calls.map(([path]) => relative(root, String(path)))
  expect(made).toEqual(['docs', join('docs', 'deep')])
})
