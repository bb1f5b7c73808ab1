// The benchmark's generated site and archive bombs (bench/site.ts): what the figures rest on.
import { execFileSync } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildBombs, type Bomb } from '../../bench/bombs.ts'
import { largeSiteFiles } from '../emulator/large-site.ts'

describe('largeSiteFiles', () => {
  const site = largeSiteFiles({ pages: 300, scriptChunks: 12 })
  const pages = [...site.keys()].filter(path => path.endsWith('.html'))

  it('is the same to the byte on every call', () => {
    const again = largeSiteFiles({ pages: 300, scriptChunks: 12 })
    expect([...again.keys()]).toEqual([...site.keys()])
    for (const [path, content] of site) expect(again.get(path)?.equals(content), path).toBe(true)
  })

  it('has the pages, the script chunks and a sitemap of extensionless URLs', () => {
    expect(pages).toHaveLength(300)
    expect([...site.keys()].filter(path => path.startsWith('_next/static/chunks/'))).toHaveLength(
      12
    )
    const sitemap = site.get('sitemap.xml')?.toString() ?? ''
    const urls = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map(m => m[1] as string)
    expect(urls).toHaveLength(300)
    expect(urls.filter(url => url.endsWith('.html'))).toEqual([])
  })

  it('links and loads only files of the site, without the .html of the page files', () => {
    const missing = new Set<string>()
    let links = 0
    for (const path of pages) {
      const html = site.get(path)?.toString() ?? ''
      expect(
        /<link rel="canonical" href="https:\/\/docs\.example\.com[^"]*"/.exec(html)?.[0]
      ).not.toMatch(/\.html"/)
      for (const [, url] of html.matchAll(/(?:href|src)="(\/[^"]*)"/g)) {
        links += 1
        const file = (url as string).slice(1)
        const found =
          site.has(file) || site.has(`${file}.html`) || (file === '' && site.has('index.html'))
        if (!found) missing.add(url as string)
      }
    }
    expect(links).toBeGreaterThan(pages.length * 20)
    expect([...missing]).toEqual([])
  })

  it('is about 26 KB a page, as the vendor exports are', () => {
    const bytes = pages.reduce((sum, path) => sum + (site.get(path)?.length ?? 0), 0)
    expect(bytes / pages.length).toBeGreaterThan(20_000)
    expect(bytes / pages.length).toBeLessThan(32_000)
  })
})

describe('buildBombs', () => {
  let dir: string
  let bombs: Bomb[]
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'bench-bombs-'))
    bombs = await buildBombs(dir, 64)
  })
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true })
  })

  it('makes a tar.gz that GNU tar reads as one file of the size it stands for', () => {
    const bomb = bombs.find(b => b.format === 'tar.gz') as Bomb
    const listing = execFileSync('tar', ['-tvzf', bomb.path], { encoding: 'utf8' }).trim()
    expect(listing.split('\n')).toHaveLength(1)
    expect(listing).toContain(` ${bomb.inflatedBytes} `)
    expect(listing).toMatch(/ zeros\.bin$/)
    expect(bomb.bytes).toBeLessThan(bomb.inflatedBytes / 500)
  })

  it('makes a zip64 that Info-ZIP unzip tests sound, one file of the size it stands for', () => {
    const bomb = bombs.find(b => b.format === 'zip') as Bomb
    const listing = execFileSync('unzip', ['-l', bomb.path], { encoding: 'utf8' })
    expect(listing).toMatch(new RegExp(`^\\s*${bomb.inflatedBytes}\\s.*zeros\\.bin$`, 'm'))
    expect(execFileSync('unzip', ['-tq', bomb.path], { encoding: 'utf8' })).toMatch(/No errors/)
    expect(bomb.bytes).toBeLessThan(bomb.inflatedBytes / 500)
  })
})
