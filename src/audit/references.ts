import { decodeHTMLAttribute } from 'entities'
import { PageTokenizer } from './page-tokenizer.js'
import { quickTokenize, type QuickCallbacks } from './quick-tokenizer.js'

/*
 * Finding the URLs a page makes the browser load. HTML goes through a real parser
 * (htmlparser2); CSS and JavaScript are matched by the few forms that load something
 * (`url()`, `@import`, `import`, `fetch(` …), since a full parse of every bundle would cost far
 * more and find nothing else that loads. A link a reader clicks (`<a href>`) is navigation, not
 * a dependency: the page still works without that host.
 */

/** Attributes whose value the browser fetches, by element ('*' for any element). */
const LOADING_ATTRIBUTES: Record<string, readonly string[]> = {
  '*': ['src', 'poster', 'background', 'data-src'],
  script: ['src'],
  img: ['src', 'srcset'],
  source: ['src', 'srcset'],
  image: ['href', 'xlink:href'],
  use: ['href', 'xlink:href'],
  object: ['data'],
  form: ['action'],
  button: ['formaction'],
  input: ['formaction']
}

const SRCSET_ATTRIBUTES = new Set(['srcset'])

/**
 * `<link>` relations that make the browser fetch the href. `canonical`, `alternate` and the like
 * name a page without loading it (an export's canonical links name its public domain), and
 * `preconnect`/`dns-prefetch` are hints whose failure costs nothing.
 */
const LOADING_LINK_RELS = new Set([
  'stylesheet',
  'icon',
  'apple-touch-icon',
  'mask-icon',
  'manifest',
  'preload',
  'modulepreload',
  'prefetch'
])

// An unquoted url() holds no `(` (CSS makes it a bad URL): allowing one let every `url(` of a
// stylesheet without a `)` read the rest of it (320 KB of `url(`: 77 s).
const CSS_URL = /url\(\s*(['"]?)([^'"()\s]+)\1\s*\)|@import\s+(['"])([^'"]+)\3/gi
const DYNAMIC_IMPORT = /\bimport\s*\(\s*(['"`])([^'"`]+)\1/g
const JS_LOADS = [
  /\bimport\s*(['"])([^'"]+)\1/g,
  /\b(?:fetch|importScripts|sendBeacon|WebSocket|EventSource|Worker|SharedWorker)\s*\(\s*(['"`])([^'"`]+)\1/g,
  /\.open\(\s*['"][A-Z]+['"]\s*,\s*(['"`])([^'"`]+)\1/g,
  /\.(?:src|href)\s*=\s*(['"`])([^'"`]+)\1/g
]

/** The host of an absolute or protocol-relative http(s) or ws(s) URL; undefined for anything local. */
export function externalHost(url: string): string | undefined {
  const text = url.trim()
  if (!/^((https?|wss?):)?\/\//i.test(text)) return undefined
  try {
    return new URL(text.startsWith('//') ? `https:${text}` : text).host.toLowerCase() || undefined
  } catch {
    return undefined
  }
}

export function cssReferences(css: string): string[] {
  return [...css.matchAll(CSS_URL)].map(match => (match[2] ?? match[4]) as string)
}

export function jsReferences(js: string): string[] {
  const loaded = (pattern: RegExp) => [...js.matchAll(pattern)].map(match => match[2] as string)
  return [...loaded(DYNAMIC_IMPORT), ...importsFrom(js), ...JS_LOADS.flatMap(loaded)]
}

const FROM_SPECIFIER = /\bfrom\s*(['"])([^'"]+)\1/g
// Minifiers write no space before a brace or a star: `import{a}from"x"`, `export*from"x"`.
const IMPORT_OR_EXPORT = /\b(?:import|export)[\s{*]/
const STATEMENT_BREAKS = new Set(['"', "'", '`', ';'])

/**
 * The specifiers of `import … from '…'` and `export … from '…'`: each `from '…'` whose stretch
 * back to the last quote or semicolon holds the keyword. One pattern from the keyword to `from`
 * (`import[\s{*][^'"`;]*?from`) read the rest of that stretch again at every `import` in it, hostile
 * or minified text with many and no `from` after them: 288 KB of `import x ` took 3.1 s, a few
 * MB minutes. Here each stretch is read back once: a `from '…'` ends a stretch with its quote.
 */
export function importsFrom(js: string): string[] {
  const found: string[] = []
  const pattern = new RegExp(FROM_SPECIFIER)
  for (let match = pattern.exec(js); match; match = pattern.exec(js)) {
    let start = match.index
    while (start > 0 && !STATEMENT_BREAKS.has(js.charAt(start - 1))) start--
    if (IMPORT_OR_EXPORT.test(js.slice(start, match.index))) found.push(match[2] as string)
    // What looked like a specifier may hold the statement's own `from '…'` (`from"import
    // a from"x"`): the search goes on inside it.
    else pattern.lastIndex = match.index + 1
  }
  return found
}

const REFRESH_URL = /url\s*=\s*(.+)$/i

/**
 * The URL of a meta refresh's `content`, as REFRESH_URL finds it in the whole text. Run over the
 * whole text, it reads on from every `url=` to the last line break when one follows (320 KB:
 * 18 s). A match's `(.+)$` crosses no line break, so a `url` before the last one can match only
 * when nothing but spaces and its `=` lie between it and that break: the search starts at that
 * `url`, or else after the break.
 */
export function refreshTarget(content: string): string | undefined {
  const lastBreak = Math.max(
    ...['\n', '\r', '\u2028', '\u2029'].map(end => content.lastIndexOf(end))
  )
  const upToBreak = content.slice(0, lastBreak + 1)
  const before = /url\s*(?:=\s*)?$/i.exec(upToBreak)
  return REFRESH_URL.exec(content.slice(before ? before.index : upToBreak.length))?.[1]
}

export function htmlReferences(html: string): string[] {
  return scanPageText(html)
    .filter(([, kind]) => kind === 'asset' || kind === 'script')
    .map(([url]) => url)
}

/** What a reference in a page is: loaded or followed, or the page's canonical URL. */
export type PageReferenceKind = 'asset' | 'link' | 'canonical'

/** A URL a page names, with its kind; `script` for what an inline script loads. */
export type PageReference = readonly [url: string, kind: PageReferenceKind | 'script']

/** Elements whose `href` a reader follows (navigation, not a dependency). */
const NAVIGATION_ELEMENTS = new Set(['a', 'area'])

/** `<link>` relations that name no URL of the site worth checking: hints to other hosts. */
const HINT_LINK_RELS = new Set(['preconnect', 'dns-prefetch'])

/** The page parsed last, and what it names: the readers ask one after the other. */
let lastPage: { bytes: Buffer; found: readonly PageReference[] } | undefined

/**
 * Every URL a page names: what it loads (the audit's concern), what it links to (`<a>`/`<area>`
 * href, every `<link>` href but connection hints) and its canonical URL (the site check's).
 * Parsing is most of what both readers cost on a large site, so a page is parsed once: the
 * audit and the check are handed the same Buffer in turn (combineVisitors), and the second gets
 * the first's result. One page is kept, not a WeakMap of them: V8 frees a WeakMap's entries only
 * in a full collection, and a 10,000-page site then peaked at 260 MiB instead of 100.
 */
export function scanPage(page: Buffer): readonly PageReference[] {
  if (lastPage?.bytes !== page)
    lastPage = { bytes: page, found: scanPageText(page.toString('utf8')) }
  return lastPage.found
}

/** What a page names; `quick: false` reads it with htmlparser2 only (for the tests to compare). */
export function scanPageText(html: string, { quick = true } = {}): PageReference[] {
  const found: PageReference[] = []
  const visit = (url: string, kind: PageReference[1]) => found.push([url, kind])
  if (quick && scanHtml(html, visit, quickTokenize)) return found
  // A form the quick tokenizer leaves to htmlparser2: the page again, from the start.
  found.length = 0
  scanHtml(html, visit, stockTokenize)
  return found
}

/** Reads a page into the callbacks; false if it gave up part way (then drop what was heard). */
type Tokenize = (html: string, callbacks: QuickCallbacks) => boolean

const stockTokenize: Tokenize = (html, callbacks) => {
  const ignore = () => undefined
  const tokenizer = new PageTokenizer(
    { decodeEntities: false },
    {
      ...callbacks,
      onattribentity: ignore, // never called, as ontextentity
      ontextentity: ignore, // never called: the tokenizer decodes no entities
      oncdata: ignore,
      oncomment: ignore,
      ondeclaration: ignore,
      onprocessinginstruction: ignore
    }
  )
  tokenizer.write(html)
  tokenizer.end()
  return true
}

/**
 * The tags of a page through a tokenizer (the quick one, or htmlparser2's), without
 * htmlparser2's Parser: the Parser's tree bookkeeping (implied ends, the element stack, an
 * attribute object per tag) was a third of the parse on a large site, and only tags, their
 * attributes and the raw text of `<script>` and `<style>` matter here. Neither tokenizer decodes
 * entities: text and attribute values are skipped in one search for their end, and the few
 * attribute values read are decoded by the attribute rules of `entities` (the library
 * htmlparser2 decodes with), a fifth less CPU on a 10,000-page site.
 */
function scanHtml(
  html: string,
  visit: (url: string, kind: PageReference[1]) => void,
  tokenize: Tokenize
): boolean {
  const load = (url: string) => visit(url, 'asset')
  // The tag's name when openTag reads it by name ('' for any other element), and the attribute's
  // when it is one openTag reads (undefined for the rest: class, id, aria-…, skipped unread).
  let tag = ''
  let attributes: Record<string, string> = Object.create(null) as Record<string, string>
  let stored = false
  let attribute: string | undefined
  let value = ''
  let inScript = false
  let inStyle = false
  let inlineCode = ''

  const openTag = () => {
    // Most tags carry no attribute read here (a class, an id, or none): nothing to look up.
    if (stored) readAttributes()
    inScript = tag === 'script' && !attributes.src && !/json/i.test(attributes.type ?? '')
    inStyle = tag === 'style'
    inlineCode = ''
  }
  const readAttributes = () => {
    for (const name of wantedAttributes(tag)) {
      const url = attributes[name]
      if (!url) continue
      if (SRCSET_ATTRIBUTES.has(name))
        url.split(',').forEach(part => load(part.trim().split(/\s+/)[0] ?? ''))
      else load(url)
    }
    if (tag === 'link' && attributes.href) {
      const rels = (attributes.rel ?? '').toLowerCase().split(/\s+/)
      if (rels.some(rel => LOADING_LINK_RELS.has(rel))) load(attributes.href)
      else if (rels.includes('canonical')) visit(attributes.href, 'canonical')
      else if (!rels.some(rel => HINT_LINK_RELS.has(rel))) visit(attributes.href, 'link')
    }
    if (NAVIGATION_ELEMENTS.has(tag) && attributes.href) visit(attributes.href, 'link')
    if (attributes.style) cssReferences(attributes.style).forEach(load)
    if (tag === 'meta' && attributes['http-equiv']?.toLowerCase() === 'refresh') {
      const target = refreshTarget(attributes.content ?? '')
      if (target) load(target.replace(/^['"]|['"]$/g, ''))
    }
  }
  // Kept apart: the site check leaves them out (what they load is built at run time).
  const endRawText = () => {
    if (inScript) jsReferences(inlineCode).forEach(url => visit(url, 'script'))
    if (inStyle) cssReferences(inlineCode).forEach(load)
    inScript = inStyle = false
    inlineCode = ''
  }

  return tokenize(html, {
    onopentagname(start, end) {
      tag = nameAt(html, start, end, READ_ELEMENTS) ?? ''
      if (stored) attributes = Object.create(null) as Record<string, string>
      stored = false
    },
    onattribname(start, end) {
      attribute = nameAt(html, start, end, READ_ATTRIBUTES)
    },
    onattribdata(start, end) {
      if (attribute !== undefined) value += html.slice(start, end)
    },
    onattribend() {
      // The first of a repeated attribute counts, as in browsers.
      if (attribute !== undefined && !(attribute in attributes)) {
        attributes[attribute] = value.includes('&') ? decodeHTMLAttribute(value) : value
        stored = true
      }
      value = ''
    },
    onopentagend: openTag,
    // `<br/>` in HTML is an opening tag like `<br>`.
    onselfclosingtag: openTag,
    onclosetag: endRawText,
    ontext(start, end) {
      if (inScript || inStyle) inlineCode += html.slice(start, end)
    },
    // A page that ends inside a `<script>` or `<style>`: what it holds still counts.
    onend: endRawText
  })
}

/** The attributes that load something, by element name: any element's, plus its own. */
const ANY_ELEMENT_ATTRIBUTES = LOADING_ATTRIBUTES['*'] ?? []
const ATTRIBUTES_BY_ELEMENT = new Map(
  Object.entries(LOADING_ATTRIBUTES).map(([tag, own]) => [
    tag,
    tag === '*' ? own : [...new Set([...ANY_ELEMENT_ATTRIBUTES, ...own])]
  ])
)
const wantedAttributes = (tag: string): readonly string[] =>
  ATTRIBUTES_BY_ELEMENT.get(tag) ?? ANY_ELEMENT_ATTRIBUTES

/** Names to find in a page, grouped by length. */
type NameList = ReadonlyMap<number, readonly string[]>

function nameList(names: Iterable<string>): NameList {
  const byLength = new Map<number, string[]>()
  for (const name of new Set(names))
    byLength.set(name.length, [...(byLength.get(name.length) ?? []), name])
  return byLength
}

/**
 * The name of `list` that html[start, end) spells, ASCII case-insensitively as HTML compares
 * tag and attribute names; undefined for any other. No string is made of the page's text: a
 * large site has millions of tags and attributes, nearly all of them read by nothing here, and
 * a string each (and its lowercase copy) made a fifth of the scan's work and most of its garbage.
 */
function nameAt(html: string, start: number, end: number, list: NameList): string | undefined {
  const candidates = list.get(end - start)
  if (candidates === undefined) return undefined
  next: for (const name of candidates) {
    for (let i = 0; i < name.length; i++) {
      const code = html.charCodeAt(start + i)
      // A-Z to a-z; every other character as it is.
      if ((code >= 65 && code <= 90 ? code + 32 : code) !== name.charCodeAt(i)) continue next
    }
    return name
  }
  return undefined
}

/** Every element openTag treats by name; any other is read for ANY_ELEMENT_ATTRIBUTES only. */
const READ_ELEMENTS = nameList([
  ...Object.keys(LOADING_ATTRIBUTES).filter(tag => tag !== '*'),
  'link',
  'meta',
  'script',
  'style',
  ...NAVIGATION_ELEMENTS
])

/** Every attribute openTag reads: the loading ones, and those that qualify a tag. */
const READ_ATTRIBUTES = nameList([
  ...Object.values(LOADING_ATTRIBUTES).flat(),
  'href',
  'rel',
  'style',
  'type',
  'http-equiv',
  'content'
])
