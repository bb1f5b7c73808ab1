import { Parser } from 'htmlparser2'
import { cssReferences, scanPage } from '../audit/references.js'

/*
 * The URLs each kind of site file names, for the site check: pages (links, assets, srcset,
 * inline CSS, the canonical URL), stylesheets (`url()`, `@import`) and sitemaps (`<loc>`). The
 * HTML goes through the audit's parser (audit/references.ts); a sitemap through the same
 * library in XML mode.
 */

export type ReferenceKind = 'link' | 'asset' | 'canonical' | 'sitemap'

export type Collector = (bytes: Buffer, visit: (url: string, kind: ReferenceKind) => void) => void

/** What a page names but what its inline scripts load (built at run time, not a path). */
const pageReferences: Collector = (page, visit) => {
  for (const [url, kind] of scanPage(page)) if (kind !== 'script') visit(url, kind)
}

/** The collector for a file by its name, or undefined for a file that names no URL we check. */
export function collectorFor(path: string): Collector | undefined {
  const name = path.slice(path.lastIndexOf('/') + 1).toLowerCase()
  if (name.endsWith('.html') || name.endsWith('.htm')) return pageReferences
  if (name.endsWith('.css'))
    return (bytes, visit) =>
      cssReferences(bytes.toString('utf8')).forEach(url => visit(url, 'asset'))
  // sitemap.xml, sitemap-0.xml, sitemap_index.xml …: what Next.js and most generators write.
  if (/^sitemap[\w.-]*\.xml$/.test(name)) return sitemapReferences
  return undefined
}

/** The `<loc>` of every `<url>` and `<sitemap>` in a sitemap or sitemap index. */
export const sitemapReferences: Collector = (xml, visit) => {
  let inLoc = false
  let text = ''
  const parser = new Parser(
    {
      onopentag(name) {
        inLoc = name === 'loc'
        text = ''
      },
      ontext(chunk) {
        if (inLoc) text += chunk
      },
      onclosetag(name) {
        if (name === 'loc' && inLoc) visit(text.trim(), 'sitemap')
        inLoc = false
      }
    },
    { xmlMode: true, decodeEntities: true }
  )
  parser.write(xml.toString('utf8'))
  parser.end()
}
