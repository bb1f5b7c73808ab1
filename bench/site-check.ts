// The site check's cost on a large generated site: 10,000 pages (as the vendor writes them,
// `section-k/page-j.html` linked without `.html`), 400 assets, a sitemap, ~50 references a page
// (navigation, assets, srcset, canonical, a few broken). Files are generated one at a time and
// handed to the check's visitor as extraction will, so only the check's own state stays in memory.
//
//   node --expose-gc --import ./bench/ts-resolve.mjs bench/site-check.ts [pages] [--baseline]
//
// (Node 24 strips the types; bench/ts-resolve.mjs maps src's `.js` imports to their `.ts` files.)
//
// Prints the time to feed and to finish, the heap the check holds at the end (after a GC), and
// the process's peak RSS.
import type { SiteFileVisitor } from '../src/archive/site-files.js'
import { createSiteCheck } from '../src/site/check.js'

const pages = Number(process.argv[2] ?? 10_000)
// `--baseline`: generate and hand the same files to a visitor that does nothing (the cost of the
// harness alone, to subtract).
const baseline = process.argv.includes('--baseline')
const perSection = 100
const pathOf = (i: number) => `section-${Math.floor(i / perSection)}/page-${i % perSection}`
const gc = (globalThis as { gc?: () => void }).gc ?? (() => undefined)

function page(i: number): Buffer {
  const links: string[] = []
  // Sidebar: the pages of its section (up to 40), then a few other sections' first pages.
  const section = Math.floor(i / perSection)
  for (let j = 0; j < 40; j++)
    links.push(`<a href="/${pathOf(section * perSection + j)}">P${j}</a>`)
  for (let k = 0; k < 4; k++)
    links.push(`<a href="/${pathOf(((section + k + 1) * perSection) % pages)}">S</a>`)
  links.push(`<a href="/missing-${i % 50}">broken</a>`, '<a href="https://github.com/acme">gh</a>')
  return Buffer.from(`<!DOCTYPE html><html><head><meta charset="utf-8"><title>Page ${i}</title>
<link rel="canonical" href="https://docs.example.com/${pathOf(i)}">
<link rel="stylesheet" href="/_next/static/css/app-${i % 20}.css">
<script src="/_next/static/chunks/main-${i % 100}.js" defer></script></head>
<body><nav>${links.join('\n')}</nav><main><h1>Page ${i}</h1>
<img src="/images/img-${i % 200}.png" srcset="/images/img-${i % 200}.png 1x, /images/img-${i % 200}@2x.png 2x">
<p>${'Lorem ipsum dolor sit amet, consectetur adipiscing elit. '.repeat(60)}</p></main></body></html>\n`)
}

async function main(): Promise<void> {
  gc()
  const heapBefore = process.memoryUsage().heapUsed
  const started = performance.now()
  const cpuStarted = process.cpuUsage()
  const check = baseline
    ? {
        visitor: { wants: () => false, file: () => undefined } as SiteFileVisitor,
        finish: () => ({ references: 0, targets: 0, broken: [] })
      }
    : createSiteCheck({ host: 'nginx' })
  const { visitor } = check
  let bytes = 0
  const hand = async (path: string, content: Buffer) => {
    visitor.entry?.(path, 'file')
    bytes += content.length
    if (visitor.wants(path, content.length)) await visitor.file(path, content)
  }
  for (let s = 0; s < pages / perSection; s++) visitor.entry?.(`section-${s}/`, 'directory')
  for (let i = 0; i < pages; i++) await hand(`${pathOf(i)}.html`, page(i))
  for (let k = 0; k < 20; k++)
    await hand(
      `_next/static/css/app-${k}.css`,
      Buffer.from(`body{background:url(/images/bg-${k}.png)}`)
    )
  for (let k = 0; k < 100; k++) await hand(`_next/static/chunks/main-${k}.js`, Buffer.from('x'))
  for (let k = 0; k < 200; k++) {
    await hand(`images/img-${k}.png`, Buffer.from('png'))
    await hand(`images/img-${k}@2x.png`, Buffer.from('png'))
  }
  await hand('index.html', page(0))
  const locs = Array.from(
    { length: pages },
    (_, i) => `<url><loc>https://docs.example.com/${pathOf(i)}</loc></url>`
  )
  await hand('sitemap.xml', Buffer.from(`<urlset>${locs.join('')}</urlset>`))
  const fed = performance.now()
  gc()
  const heapHeld = process.memoryUsage().heapUsed - heapBefore
  const result = check.finish()
  const finished = performance.now()
  const cpu = process.cpuUsage(cpuStarted)
  console.log(
    JSON.stringify(
      {
        pages,
        files: pages + 20 + 100 + 400 + 2,
        mib: +(bytes / 2 ** 20).toFixed(1),
        references: result.references,
        targets: result.targets,
        broken: result.broken.length,
        feedMs: Math.round(fed - started),
        finishMs: Math.round(finished - fed),
        cpuMs: Math.round((cpu.user + cpu.system) / 1000),
        heapHeldByCheckMiB: +(heapHeld / 2 ** 20).toFixed(1),
        peakRssMiB: +(process.resourceUsage().maxRSS / 1024).toFixed(1)
      },
      null,
      2
    )
  )
}

await main()
