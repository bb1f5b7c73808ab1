import type { SiteFileVisitor } from '../archive/site-files.js'
import { collectorFor, type ReferenceKind } from './collect.js'
import { cloudFrontExceptions, hostConfig, type HostConfig } from './host-config.js'
import { mayServeFolderUnslashed, resolves, type SiteHost, type SiteIndex } from './hosts.js'

/*
 * The site check: every internal link, asset, sitemap URL and canonical URL of the extracted
 * site, resolved against its files by the rules of the host that will serve it (hosts.ts).
 * Fed by extraction as it writes each entry (a SiteFileVisitor), so no second walk of the tree;
 * it keeps one record per distinct target (the first file naming it and a count), so memory
 * follows the number of distinct URLs, not of references.
 */

export interface SiteCheckOptions {
  readonly host: SiteHost
  /** Larger files are listed in `skipped` rather than read. */
  readonly maxFileBytes?: number
  /** Told every distinct internal path checked and its verdict (the real-server tests use it). */
  readonly onVerdict?: (path: string, resolved: boolean) => void
}

/** A URL of the site that will not resolve, with the first file naming it. */
export interface BrokenLink {
  /** The path as a browser requests it (percent-encoded); the site's origin left out. */
  readonly target: string
  readonly from: string
  readonly kind: ReferenceKind
  /** How many references name it, in all files. */
  readonly count: number
}

export interface SiteCheckResult {
  readonly host: SiteHost
  /** HTML pages in the site (its top-level 404.html left out), to compare with the job's pageCount. */
  readonly pages: number
  readonly filesRead: number
  /** References to the site itself (relative, or absolute on its own origin). */
  readonly references: number
  /** Distinct paths those name. */
  readonly targets: number
  /** Origins the canonical and sitemap URLs carry: the site's public address. */
  readonly origins: readonly string[]
  /** In the order first met. */
  readonly broken: readonly BrokenLink[]
  /** Files too large to read. */
  readonly skipped: readonly string[]
  /** The configuration the host needs to serve the site as checked (host-config.ts). */
  readonly config?: HostConfig
}

export interface SiteCheck {
  readonly visitor: SiteFileVisitor
  /** Resolves what was collected; call once, after extraction. */
  finish(): SiteCheckResult
}

interface Target {
  from: string
  kind: ReferenceKind
  count: number
}

/** Root-relative references of a file in the order met (the nth at index n), and their records. */
interface RootedAt {
  texts: string[]
  targets: Target[]
}

/** The origin page-relative references are resolved against (`.invalid` is never a real host). */
const LOCAL_ORIGIN = 'http://site.invalid'
const OTHER_SCHEME = /^[a-z][a-z\d+.-]*:/i
const WEB_SCHEME = /^(https?:)?\/\//i

export function createSiteCheck(options: SiteCheckOptions): SiteCheck {
  const maxFileBytes = options.maxFileBytes ?? 16 * 1024 * 1024
  const files = new Set<string>()
  const folders = new Set<string>()
  // Distinct targets: local paths ('/a/b') and absolute URLs (origin + path), one record each.
  const local = new Map<string, Target>()
  const absolute = new Map<string, Target>()
  const origins = new Set<string>()
  const skipped = new Set<string>()
  /** Root-relative references as written, and the record of the path each names. */
  const rooted = new Map<string, Target>()
  let pages = 0
  let filesRead = 0
  /**
   * The root-relative references of the file read last and of this one, in the order met: pages of
   * a site repeat their head and navigation, so a page's nth such reference is most often the one
   * before's nth, found by one comparison of strings instead of a lookup (a lookup of a fresh
   * string hashes it: a fifth of the check's time on a large site).
   */
  let previous: RootedAt = { texts: [], targets: [] }
  let current: RootedAt = { texts: [], targets: [] }

  /** Counts a reference to `key`; returns its record. */
  const note = (map: Map<string, Target>, key: string, from: string, kind: ReferenceKind) => {
    const known = map.get(key)
    if (known) {
      known.count += 1
      return known
    }
    const target = { from, kind, count: 1 }
    // A copy: the key may be a slice of the whole page, which it would keep alive.
    map.set(detached(key), target)
    return target
  }

  /** A reference made by `from` (whose URL is `base`): kept by where it points, or ignored. */
  const reference = (raw: string, kind: ReferenceKind, from: string, base: URL) => {
    const text = raw.trim()
    // The page itself (an empty href, a fragment, a query) is not a file.
    if (!text || text.startsWith('#') || text.startsWith('?')) return
    // A root-relative path resolves the same from every page: parsed once, and counted on its
    // path's record by one lookup of the text as written (a site names the same sidebar and
    // asset paths from thousands of pages: URL parsing was a third of the check's time, and a
    // second lookup, by path, a fifth). `//host` and `/\\host` name another host, so they are
    // parsed each time.
    if (text[0] === '/' && text[1] !== '/' && text[1] !== '\\') {
      const at = current.texts.length
      let target = previous.texts[at] === text ? previous.targets[at] : rooted.get(text)
      if (target) target.count += 1
      else rooted.set(detached(text), (target = note(local, localPath(text), from, kind)))
      current.texts.push(text)
      current.targets.push(target)
      return
    }
    // Other schemes (mailto:, data:, javascript: …) are not files; a path never starts with one.
    if (OTHER_SCHEME.test(text) && !WEB_SCHEME.test(text)) return
    let url: URL
    try {
      url = new URL(text, base)
    } catch {
      note(local, text, from, kind) // a URL no browser can follow: reported as it is written
      return
    }
    if (url.origin === LOCAL_ORIGIN) note(local, url.pathname, from, kind)
    else if (url.protocol === 'http:' || url.protocol === 'https:') {
      // The site's own origins: its sitemap's, and a canonical URL's that names its own page (a
      // canonical may as well point to another site, whose paths are not this site's files).
      if (kind === 'sitemap' || (kind === 'canonical' && namesPage(url.pathname, from)))
        origins.add(url.origin)
      note(absolute, `${url.origin}${url.pathname}`, from, kind)
    }
  }

  /**
   * Relative references of folder index pages on hosts that may serve them at `/a` as well as
   * (or, on Vercel, instead of) `/a/`: resolved once the site's files say which (see finish).
   */
  const unslashed = mayServeFolderUnslashed(options.host)
  const deferred: Array<{ raw: string; kind: ReferenceKind; from: string; folder: string }> = []
  const isRelative = (text: string) =>
    text !== '' && !/^[/#?]/.test(text) && !OTHER_SCHEME.test(text)

  const visitor: SiteFileVisitor = {
    entry(path, kind) {
      if (kind === 'directory') {
        folders.add(path.replace(/\/+$/, ''))
        return
      }
      files.add(path)
      for (let cut = path.lastIndexOf('/'); cut > 0; cut = path.lastIndexOf('/', cut - 1))
        folders.add(path.slice(0, cut))
      if (/\.html?$/i.test(path) && path !== '404.html') pages += 1
    },
    wants(path, sizeBytes) {
      if (!collectorFor(path)) return false
      if (sizeBytes > maxFileBytes) {
        skipped.add(path)
        return false
      }
      return true
    },
    file(path, bytes) {
      const collect = collectorFor(path)
      if (!collect) return
      filesRead += 1
      const base = new URL(encodePath(path), `${LOCAL_ORIGIN}/`)
      if (unslashed && path.endsWith('/index.html')) {
        const folder = path.slice(0, -'/index.html'.length)
        collect(bytes, (url, kind) => {
          if (isRelative(url.trim()))
            deferred.push({ raw: detached(url), kind, from: path, folder })
          else reference(url, kind, path, base)
        })
      } else collect(bytes, (url, kind) => reference(url, kind, path, base))
      // The arrays of the file before last are refilled: no new arrays to grow for each page.
      const emptied = previous
      previous = current
      current = emptied
      current.texts.length = 0
      current.targets.length = 0
    }
  }

  return {
    visitor,
    finish() {
      const site: SiteIndex = { hasFile: p => files.has(p), hasFolder: p => folders.has(p) }
      const cloudFront =
        options.host === 'cloudfront' ? cloudFrontExceptions(site, files) : undefined
      // Per index page: whether `/a` is served by it (it resolves with the page, and not without).
      const servedBareByPage = new Map<string, boolean>()
      const servesBare = (page: string, folder: string) => {
        let served = servedBareByPage.get(page)
        if (served === undefined) {
          const withoutPage = { ...site, hasFile: (p: string) => p !== page && files.has(p) }
          served =
            resolves(options.host, `/${folder}`, site, cloudFront) &&
            !resolves(options.host, `/${folder}`, withoutPage, cloudFront)
          servedBareByPage.set(page, served)
        }
        return served
      }
      for (const { raw, kind, from, folder } of deferred) {
        const own = new URL(encodePath(from), `${LOCAL_ORIGIN}/`)
        const bare = new URL(encodePath(folder), `${LOCAL_ORIGIN}/`)
        const servedBare = servesBare(from, folder)
        // Vercel redirects `/a/` to `/a`: there the page is seen at `/a` alone.
        const fromOwn = !servedBare || options.host !== 'vercel'
        if (fromOwn) reference(raw, kind, from, own)
        if (servedBare && (!fromOwn || resolvedHref(raw, bare) !== resolvedHref(raw, own)))
          reference(raw, kind, from, bare)
      }
      const broken: BrokenLink[] = []
      let references = 0
      const judge = (path: string, target: Target) => {
        references += target.count
        // An S3 website reads a literal `+` in a path as a space (form encoding); `%2B` is a `+`.
        const decoded = decodePath(
          options.host === 's3-website' ? path.replaceAll('+', '%20') : path
        )
        const ok = decoded !== undefined && resolves(options.host, decoded, site, cloudFront)
        options.onVerdict?.(path, ok)
        if (!ok) broken.push({ target: path, ...target })
      }
      // The site's own absolute URLs become paths; a path named both ways is checked once.
      for (const [url, target] of absolute) {
        const origin = new URL(url).origin
        if (!origins.has(origin)) continue
        const path = url.slice(origin.length) || '/'
        const known = local.get(path)
        if (known) known.count += target.count
        else local.set(path, { ...target })
      }
      for (const [path, target] of local) judge(path, target)
      return {
        host: options.host,
        pages,
        filesRead,
        references,
        targets: local.size,
        origins: [...origins].sort(),
        broken,
        skipped: [...skipped],
        ...withConfig(hostConfig(options.host, site, files))
      }
    }
  }
}

/**
 * Whether a URL's path is that of the page file `from` (`/guides/setup`, `/guides/setup/` or
 * `/guides/setup.html` for `guides/setup.html`; `/guides/` for `guides/index.html`).
 */
function namesPage(pathname: string, from: string): boolean {
  const page = (path: string) =>
    path
      .replace(/^\/+|\/+$/g, '')
      .replace(/\.html?$/i, '')
      .replace(/(^|\/)index$/, '')
  const decoded = decodePath(pathname)
  return decoded !== undefined && page(decoded) === page(from)
}

/** The path a root-relative reference names (`/a/./b?q#f` → `/a/b`), as a browser requests it. */
function localPath(text: string): string {
  try {
    return new URL(text, LOCAL_ORIGIN).pathname
  } catch {
    return text // a URL no browser can follow: reported as it is written
  }
}

const withConfig = (config: HostConfig | undefined) => (config ? { config } : {})

/** Where a relative reference leads from `base`, or undefined when it leads nowhere. */
function resolvedHref(raw: string, base: URL): string | undefined {
  try {
    return new URL(raw.trim(), base).href
  } catch {
    return undefined
  }
}

/** A site-relative file path as a URL path: each segment percent-encoded. */
export function encodePath(path: string): string {
  return path.split('/').map(encodeURIComponent).join('/')
}

/** The URL path percent-decoded as servers do, or undefined when it cannot be (or holds NUL). */
export function decodePath(path: string): string | undefined {
  if (!path.startsWith('/')) return undefined
  try {
    const decoded = decodeURIComponent(path)
    return decoded.includes('\0') ? undefined : decoded
  } catch {
    return undefined
  }
}

/** `text` as a string of its own, not a view into the page it was parsed from. */
const detached = (text: string) => Buffer.from(text, 'utf8').toString('utf8')
