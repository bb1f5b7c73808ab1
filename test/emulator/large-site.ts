// A large Mintlify-like static export for the benchmark (bench/site.ts): by default 10,000 pages
// of the sizes the vendor's exports have (a head of scripts, a sidebar, prose, and the page's
// data blob), 400 `_next/static` script chunks, a stylesheet and a sitemap. Pages are `.html`
// files, while canonical, sitemap and link URLs are extensionless, as the vendor writes them
// (shared/spec/vendor-facts.md). Deterministic to the byte (a seeded generator, no clock) and
// built in a few seconds; every link and asset reference points at a file of the site.

export interface LargeSiteOptions {
  pages?: number
  scriptChunks?: number
}

/** mulberry32: a small, fast, seeded generator; the same site on every run and machine. */
function generator(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const SYLLABLES = [
  'ac',
  'al',
  'an',
  'ar',
  'ba',
  'be',
  'ca',
  'co',
  'con',
  'da',
  'de',
  'di',
  'en',
  'er',
  'es',
  'fi',
  'ga',
  'ge',
  'in',
  'is',
  'ka',
  'la',
  'le',
  'li',
  'lo',
  'ma',
  'me',
  'mi',
  'mo',
  'na',
  'ne',
  'no',
  'on',
  'or',
  'pa',
  'pe',
  'po',
  'pro',
  'ra',
  're',
  'ri',
  'ro',
  'sa',
  'se',
  'si',
  'ta',
  'te',
  'ti',
  'to',
  'tra',
  'un',
  'ur',
  'va',
  've',
  'vi'
]
const COMMON = [
  'the',
  'a',
  'to',
  'of',
  'and',
  'in',
  'is',
  'for',
  'with',
  'you',
  'your',
  'that',
  'on',
  'an',
  'this',
  'it',
  'can',
  'be',
  'are',
  'from',
  'or',
  'by',
  'as',
  'use',
  'when',
  'each',
  'api'
]

class Words {
  private readonly vocabulary: string[]
  private readonly random: () => number
  private hexPool: string | undefined
  constructor(random: () => number) {
    this.random = random
    // ~4,000 pseudo-words: English-like letter statistics, so text compresses like prose.
    this.vocabulary = Array.from({ length: 4000 }, () => {
      const parts = 1 + Math.floor(random() * 3)
      let word = ''
      for (let i = 0; i < parts; i++) word += this.pick(SYLLABLES)
      return word
    })
  }
  pick<T>(list: readonly T[]): T {
    return list[Math.floor(this.random() * list.length)] as T
  }
  int(below: number): number {
    return Math.floor(this.random() * below)
  }
  word(): string {
    // Zipf-like: common words often, the long tail rarely.
    return this.random() < 0.4
      ? this.pick(COMMON)
      : (this.vocabulary[Math.floor(this.vocabulary.length * this.random() ** 2)] as string)
  }
  words(count: number): string {
    const out: string[] = []
    for (let i = 0; i < count; i++) out.push(this.word())
    return out.join(' ')
  }
  title(): string {
    const text = this.words(2 + this.int(3))
    return text.charAt(0).toUpperCase() + text.slice(1)
  }
  /** Random base64 text, like an image placeholder inlined in the page's data. */
  base64(length: number): string {
    const bytes = Buffer.alloc(Math.ceil((length * 3) / 4))
    for (let i = 0; i < bytes.length; i += 4)
      bytes.writeUInt32LE(
        Math.floor(this.random() * 0x100000000) >>> 0,
        Math.min(i, bytes.length - 4)
      )
    return bytes.toString('base64').slice(0, length)
  }
  /** Random hex digits: slices of a pool made once (per-digit draws made the site slow to build). */
  hex(length: number): string {
    if (!this.hexPool) {
      const digits: string[] = []
      for (let i = 0; i < 1 << 17; i++)
        digits.push(
          Math.floor(this.random() * 0x100000000)
            .toString(16)
            .padStart(8, '0')
        )
      this.hexPool = digits.join('')
    }
    const at = this.int(this.hexPool.length - length)
    return this.hexPool.slice(at, at + length)
  }
}

interface PageInfo {
  route: string
  title: string
  group: number
  /** The page's id in the navigation data, the same on every page that lists it. */
  id: string
}

const HOST = 'https://docs.example.com'
const GROUP_SIZE = 80

function escapeJson(text: string): string {
  return JSON.stringify(text).slice(1, -1)
}

/** Every file of the large site, relative path -> content, sorted by path. */
export function largeSiteFiles(options: LargeSiteOptions = {}): Map<string, Buffer> {
  const pageCount = options.pages ?? 10_000
  const chunkCount = options.scriptChunks ?? 400
  const w = new Words(generator(0x5eed))
  const files = new Map<string, Buffer>()

  const chunks = Array.from(
    { length: chunkCount },
    (_, i) => `_next/static/chunks/${i}-${w.hex(16)}.js`
  )
  const css = `_next/static/css/${w.hex(16)}.css`
  const groups = Array.from({ length: Math.ceil(pageCount / GROUP_SIZE) }, () => w.title())
  const groupSlugs = groups.map((g, i) => `${g.toLowerCase().replace(/ /g, '-')}-${i}`)
  const pages: PageInfo[] = Array.from({ length: pageCount }, (_, i) => {
    const group = Math.floor(i / GROUP_SIZE)
    const title = w.title()
    const id = w.hex(12)
    const route =
      i === 0 ? '/' : `/${groupSlugs[group]}/${title.toLowerCase().replace(/ /g, '-')}-${i}`
    return { route, title, group, id }
  })

  const sidebars = groups.map((_, group) => {
    const tabs = groups
      .filter((_, g) => g % 10 === 0)
      .map((name, t) => `<a class="tab" href="${pages[t * 10 * GROUP_SIZE]?.route}">${name}</a>`)
      .join('')
    const links = pages
      .filter(p => p.group === group)
      .map(
        p =>
          `<li class="nav-item" data-page-id="${p.id}"><a class="nav-link" href="${p.route}">${p.title}</a></li>`
      )
      .join('\n')
    return `<div class="tabs">${tabs}</div><nav id="sidebar" aria-label="${groups[group]}"><p class="group-title">${groups[group]}</p><ul>\n${links}\n</ul></nav>`
  })

  for (let i = 0; i < pageCount; i++) {
    const page = pages[i] as PageInfo
    const scripts = [0, 1, 2, 3, ...Array.from({ length: 8 }, () => 4 + w.int(chunkCount - 4))]
      .map(n => `<script src="/${chunks[n]}" async=""></script>`)
      .join('')
    const paragraphs: string[] = []
    const headings: string[] = []
    const sections = 2 + w.int(2)
    for (let s = 0; s < sections; s++) {
      const heading = w.title()
      headings.push(heading)
      paragraphs.push(`<h2 id="${heading.toLowerCase().replace(/ /g, '-')}">${heading}</h2>`)
      for (let p = 0; p < 2 + w.int(2); p++) {
        const target = pages[w.int(pageCount)] as PageInfo
        paragraphs.push(
          `<p>${w.words(25 + w.int(35))} <a href="${target.route}">${target.title}</a> ${w.words(15 + w.int(25))}.</p>`
        )
      }
      if (w.int(2) === 0)
        paragraphs.push(
          `<pre><code class="language-ts">const ${w.word()}Client = new Client({ key: '${w.hex(24)}' })\nawait ${w.word()}Client.${w.word()}({ id: ${w.int(10000)} })</code></pre>`
        )
    }
    const prose = paragraphs.join('\n')
    // The page's data blob, as Next.js embeds it: the compiled MDX (the prose again, as code),
    // the table of contents and ids; its own text compresses within the page, not across pages.
    const data = JSON.stringify({
      props: {
        pageProps: {
          mdxSource: {
            compiledSource: `function _createMdxContent(props){const _components={h2:"h2",p:"p",a:"a",...props.components};return _jsxs(_Fragment,{children:[${paragraphs
              .map(p => `_jsx(_components.p,{children:"${escapeJson(p.replace(/<[^>]+>/g, ''))}"})`)
              .join(',')}]})}`,
            frontmatter: { title: page.title, description: w.words(12) }
          },
          toc: headings.map(h => ({
            title: h,
            slug: h.toLowerCase().replace(/ /g, '-'),
            depth: 2
          })),
          pageMetadata: { href: page.route, title: page.title, id: w.hex(24), version: w.hex(12) },
          blurData: w.base64(6000)
        }
      },
      page: '/_sites/[subdomain]/[[...slug]]',
      buildId: 'Zk3bench-build'
    })
    const canonical = `${HOST}${page.route === '/' ? '' : page.route}`
    const html = `<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/><meta name="viewport" content="width=device-width, initial-scale=1"/><title>${page.title} - Acme</title><meta name="description" content="${w.words(16)}"/><link rel="canonical" href="${canonical}"/><meta property="og:title" content="${page.title}"/><meta property="og:url" content="${canonical}"/><link rel="icon" href="/favicon.svg" type="image/svg+xml"/><link rel="stylesheet" href="/${css}"/>${scripts}</head><body><div id="__next">${sidebars[page.group]}<main><h1>${page.title}</h1>\n${prose}\n</main></div><script id="__NEXT_DATA__" type="application/json">${data}</script></body></html>\n`
    files.set(page.route === '/' ? 'index.html' : `${page.route.slice(1)}.html`, Buffer.from(html))
  }

  for (const [n, path] of chunks.entries()) {
    const functions: string[] = []
    const target = 8_000 + w.int(90_000)
    let size = 0
    while (size < target) {
      const fn = `${w.int(99999)}:function(e,t,n){"use strict";n.d(t,{${w.word()}:function(){return ${w.word()}}});var r=n(${w.int(99999)}),o="${w.hex(8)}";function ${w.word()}(e){return r.${w.word()}(e,o,{${w.word()}:"${w.words(3)}"})}}`
      functions.push(fn)
      size += fn.length
    }
    files.set(
      path,
      Buffer.from(
        `"use strict";(self.webpackChunk_N_E=self.webpackChunk_N_E||[]).push([[${n}],{${functions.join(',')}}]);\n`
      )
    )
  }
  files.set(
    css,
    Buffer.from(
      `body{margin:0;font:16px/1.6 system-ui}nav a{display:block}main{max-width:48rem;padding:2rem}\n`
    )
  )
  files.set(
    'favicon.svg',
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="6" fill="#0d9373"/></svg>\n`
    )
  )
  files.set(
    'sitemap.xml',
    Buffer.from(
      `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${pages
        .map(
          p =>
            `<url><loc>${HOST}${p.route === '/' ? '' : p.route}</loc><lastmod>2024-06-01</lastmod></url>`
        )
        .join('\n')}\n</urlset>\n`
    )
  )
  return new Map([...files].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
}
