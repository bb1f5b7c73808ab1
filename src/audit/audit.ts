import { extname } from 'node:path'
import type { SiteFileVisitor } from '../archive/site-files.js'
import { cssReferences, externalHost, jsReferences, scanPage } from './references.js'

export interface AuditResult {
  /** External host → one file (relative to the site) that makes the browser load from it. */
  hosts: Map<string, string>
  filesScanned: number
  /** Files larger than the per-file limit, left unread. */
  skipped: string[]
}

export interface AuditOptions {
  /** Hosts that may be referenced; `*.example.com` covers its subdomains, not example.com itself. */
  allowedHosts?: readonly string[]
  /** Larger files are listed in `skipped` rather than read. */
  maxFileBytes?: number
}

/** What a page loads: its assets and what its inline scripts fetch, not what it links to. */
const pageLoads = (page: Buffer) =>
  scanPage(page)
    .filter(([, kind]) => kind === 'asset' || kind === 'script')
    .map(([url]) => url)
const text = (scan: (text: string) => string[]) => (bytes: Buffer) => scan(bytes.toString('utf8'))

const SCANNERS: Record<string, (bytes: Buffer) => string[]> = {
  '.html': pageLoads,
  '.htm': pageLoads,
  '.css': text(cssReferences),
  '.js': text(jsReferences),
  '.mjs': text(jsReferences),
  '.cjs': text(jsReferences)
}

export function isAllowed(host: string, allowed: readonly string[]): boolean {
  const bare = host.replace(/:\d+$/, '')
  return allowed.some(rule => {
    const pattern = rule.trim().toLowerCase()
    if (pattern.startsWith('*.')) return bare.endsWith(pattern.slice(1))
    return bare === pattern || host === pattern
  })
}

/** The audit as a reader of the extraction: it sees each page's bytes as they are written. */
export interface SiteAudit extends SiteFileVisitor {
  /** What was found, once every file was seen. */
  result(): AuditResult
}

/**
 * Scans the site for resources it loads from other hosts, fed by the extraction (no walk, no
 * second read). Only hosts are kept, so memory stays flat however many pages there are.
 */
export function siteAudit(options: AuditOptions = {}): SiteAudit {
  const maxFileBytes = options.maxFileBytes ?? 16 * 1024 * 1024
  const allowed = options.allowedHosts ?? []
  const hosts = new Map<string, string>()
  // A set: wants() may be asked more than once for a file (combineVisitors asks again).
  const skipped = new Set<string>()
  let filesScanned = 0
  return {
    wants(path, sizeBytes) {
      if (!scannerOf(path)) return false
      if (sizeBytes <= maxFileBytes) return true
      skipped.add(path)
      return false
    },
    file(path, bytes) {
      const scan = scannerOf(path)
      if (!scan) return
      filesScanned += 1
      for (const url of scan(bytes)) {
        const host = externalHost(url)
        if (host && !hosts.has(host) && !isAllowed(host, allowed)) hosts.set(host, path)
      }
    },
    result: () => ({
      hosts: new Map([...hosts].sort(([a], [b]) => a.localeCompare(b))),
      filesScanned,
      skipped: [...skipped]
    })
  }
}

function scannerOf(path: string): ((bytes: Buffer) => string[]) | undefined {
  return SCANNERS[extname(path).toLowerCase()]
}
