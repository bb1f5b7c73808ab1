import { mkdir, writeFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import type { SiteFileVisitor } from '../../src/archive/site-files.js'

/*
 * A small export as the vendor writes it (`/guides/intro` → guides/intro.html, canonical and
 * sitemap URLs extensionless on the public origin), with folder index pages, assets, srcset,
 * CSS url(), names with spaces, percent signs and accents, and known broken links: the
 * fixture of the site check's unit tests and of its real-server tests.
 */

export const ORIGIN = 'https://docs.example.com'

const page = (title: string, canonical: string, body: string) => `<!DOCTYPE html>
<html><head><meta charset="utf-8"><title>${title}</title>
<link rel="canonical" href="${ORIGIN}${canonical}">
<link rel="stylesheet" href="/_next/static/css/app.css">
<link rel="preconnect" href="https://fonts.example.net">
<script src="/_next/static/chunks/main.js" defer></script>
<script>fetch('/api/not-a-file')</script>
</head><body>${body}</body></html>
`

/** Relative path → content. */
export function vendorSite(): Map<string, string> {
  return new Map([
    [
      'index.html',
      page(
        'Home',
        '/',
        `<a href="/quickstart">Quickstart</a>
<a href="/quickstart?ref=home#top">Quickstart again</a>
<a href="/guides">Guides</a>
<a href="/guides/intro">Intro</a>
<a href="/guides/intro/">Intro with a slash</a>
<a href="/api/">API</a>
<a href="/my%20page">Spaces</a>
<a href="/caf%C3%A9">Café</a>
<a href="/100%25">Percent</a>
<a href="/broken-page">Broken</a>
<a href="https://github.com/acme/docs">External</a>
<a href="${ORIGIN}/quickstart">Absolute on the site's origin</a>
<a href="https://other.example.com/missing">Another origin</a>
<a href="mailto:docs@example.com">Mail</a>
<a href="javascript:void(0)">Script</a>
<a href="#section">Here</a>
<img src="data:image/png;base64,AAAA" alt="">
<img src="/img/logo.png" srcset="/img/logo.png 1x, /img/logo@2x.png 2x" alt="">
<div style="background: url('/img/bg.png')"></div>`
      )
    ],
    ['404.html', page('Not found', '/404.html', '<p>Not found. <a href="/">Home</a></p>')],
    ['quickstart.html', page('Quickstart', '/quickstart', '<a href="guides/intro">Next</a>')],
    [
      'guides/index.html',
      page('Guides', '/guides', '<a href="/guides/intro">Intro</a> <a href="/">Home</a>')
    ],
    [
      'guides/intro.html',
      page(
        'Intro',
        '/guides/intro',
        '<a href="relative">Relative</a> <a href="../quickstart">Up</a> <a href="missing-sibling">Gone</a>'
      )
    ],
    ['guides/relative.html', page('Relative', '/guides/relative', '<p>Relative.</p>')],
    ['api/index.html', page('API', '/api', '<img src="/img/missing.png" alt="">')],
    ['my page.html', page('Spaces', '/my%20page', '<p>Spaces.</p>')],
    ['café.html', page('Café', '/caf%C3%A9', '<p>Café.</p>')],
    ['100%.html', page('Percent', '/100%25', '<p>100%.</p>')],
    [
      '_next/static/css/app.css',
      `body { background: url(/img/bg.png) } @font-face { src: url("../media/font.woff2") }
.x { background: url("../media/missing.woff2") }\n`
    ],
    ['_next/static/chunks/main.js', 'console.log("hi")\n'],
    ['_next/static/media/font.woff2', 'font'],
    ['img/logo.png', 'png'],
    ['img/logo@2x.png', 'png'],
    ['img/bg.png', 'png'],
    [
      'sitemap.xml',
      `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
${[
  '/',
  '/quickstart',
  '/guides',
  '/guides/intro',
  '/guides/relative',
  '/api',
  '/my%20page',
  '/caf%C3%A9',
  '/100%25',
  '/old-page'
]
  .map(path => `  <url><loc>${ORIGIN}${path}</loc></url>`)
  .join('\n')}
</urlset>
`
    ]
  ])
}

/** Broken on every host: nothing of that name exists. */
export const ALWAYS_BROKEN = [
  '/broken-page',
  '/guides/missing-sibling',
  '/img/missing.png',
  '/_next/static/media/missing.woff2',
  '/old-page'
]

/** Pages linked without `.html`: broken where nothing adds it. */
export const EXTENSIONLESS = [
  '/quickstart',
  '/guides/intro',
  '/guides/relative',
  '/my%20page',
  '/caf%C3%A9',
  '/100%25'
]

/** Writes the files under `root`. */
export async function writeSite(root: string, files: Map<string, string>): Promise<void> {
  for (const [path, content] of files) {
    await mkdir(dirname(join(root, path)), { recursive: true })
    await writeFile(join(root, path), content)
  }
}

/** Feeds a visitor the way extraction does: folders first, each file's entry, then its bytes. */
export async function feed(visitor: SiteFileVisitor, files: Map<string, string>): Promise<void> {
  const folders = new Set<string>()
  for (const path of files.keys()) {
    const parts = path.split('/').slice(0, -1)
    for (let i = 1; i <= parts.length; i++) {
      const folder = parts.slice(0, i).join('/')
      if (!folders.has(folder)) visitor.entry?.(`${folder}/`, 'directory')
      folders.add(folder)
    }
  }
  // As the writer does: reads are waited for at the end, after a flush (readers on a thread
  // batch the files and read none before a batch is full or flushed).
  const reads: Promise<void>[] = []
  for (const [path, content] of files) {
    const bytes = Buffer.from(content)
    visitor.entry?.(path, 'file')
    if (visitor.wants(path, bytes.length)) {
      const read = visitor.file(path, bytes)
      if (read) reads.push(read)
    }
  }
  visitor.flush?.()
  await Promise.all(reads)
}
