import { open } from 'node:fs/promises'
import { extname, relative } from 'node:path'
import { walkTree } from '../util/walk.js'
import { cssReferences, externalHost, htmlReferences, jsReferences } from './references.js'

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
  /** Files read at once. */
  concurrency?: number
}

const SCANNERS: Record<string, (text: string) => string[]> = {
  '.html': htmlReferences,
  '.htm': htmlReferences,
  '.css': cssReferences,
  '.js': jsReferences,
  '.mjs': jsReferences,
  '.cjs': jsReferences
}

export function isAllowed(host: string, allowed: readonly string[]): boolean {
  const bare = host.replace(/:\d+$/, '')
  return allowed.some(rule => {
    const pattern = rule.trim().toLowerCase()
    if (pattern.startsWith('*.')) return bare.endsWith(pattern.slice(1))
    return bare === pattern || host === pattern
  })
}

/**
 * Scans the extracted site for resources it loads from other hosts. One file is read at a time
 * per worker and only hosts are kept, so memory stays flat however many pages there are.
 */
export async function auditSite(root: string, options: AuditOptions = {}): Promise<AuditResult> {
  const maxFileBytes = options.maxFileBytes ?? 16 * 1024 * 1024
  const allowed = options.allowedHosts ?? []
  const hosts = new Map<string, string>()
  const skipped: string[] = []
  let filesScanned = 0

  const files = walk(root)
  const worker = async () => {
    for (let next = await files.next(); !next.done; next = await files.next()) {
      const path = next.value
      const scan = SCANNERS[extname(path).toLowerCase()] as (text: string) => string[]
      const text = await readUpTo(path, maxFileBytes)
      const name = relative(root, path).split('\\').join('/')
      if (text === undefined) {
        skipped.push(name)
        continue
      }
      filesScanned += 1
      for (const url of scan(text)) {
        const host = externalHost(url)
        if (host && !hosts.has(host) && !isAllowed(host, allowed)) hosts.set(host, name)
      }
    }
  }
  await Promise.all(Array.from({ length: options.concurrency ?? 8 }, worker))
  return {
    hosts: new Map([...hosts].sort(([a], [b]) => a.localeCompare(b))),
    filesScanned,
    skipped
  }
}

/** The scannable files below root, one at a time. */
async function* walk(root: string): AsyncGenerator<string> {
  for await (const { path, entry } of walkTree(root)) {
    if (entry.isFile() && SCANNERS[extname(entry.name).toLowerCase()]) yield path
  }
}

async function readUpTo(path: string, maxBytes: number): Promise<string | undefined> {
  const file = await open(path, 'r')
  try {
    if ((await file.stat()).size > maxBytes) return undefined
    return await file.readFile('utf8')
  } finally {
    await file.close()
  }
}
