import { Parser } from 'htmlparser2'
import { cssReferences, pageReferences } from '../audit/references.js'

/*
 * The URLs each kind of site file names, for the site check: pages (links, assets, srcset,
 * inline CSS, the canonical URL), stylesheets (`url()`, `@import`) and sitemaps (`<loc>`). The
 * HTML goes through the audit's parser (audit/references.ts); a sitemap through the same
 * library in XML mode.
 */

export type ReferenceKind = 'link' | 'asset' | 'canonical' | 'sitemap'

export type Collector = (text: string, visit: (url: string, kind: ReferenceKind) => void) => void

/** The collector for a file by its name, or undefined for a file that names no URL we check. */
export function collectorFor(path: string): Collector | undefined {
  const name = path.slice(path.lastIndexOf('/') + 1).toLowerCase()
  if (name.endsWith('.html') || name.endsWith('.htm')) return pageReferences
  if (name.endsWith('.css'))
    return (text, visit) => cssReferences(text).forEach(url => visit(url, 'asset'))
  // sitemap.xml, sitemap-0.xml, sitemap_index.xml …: what Next.js and most generators write.
  if (/^sitemap[\w.-]*\.xml$/.test(name)) return sitemapReferences
  return undefined
}

/** The `<loc>` of every `<url>` and `<sitemap>` in a sitemap or sitemap index. */
export function sitemapReferences(
  xml: string,
  visit: (url: string, kind: ReferenceKind) => void
): void {
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
  parser.write(xml)
  parser.end()
}
