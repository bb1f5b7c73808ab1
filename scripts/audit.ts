// npm audit for what users run. `npm audit --omit=dev` alone would check nothing here: every
// dependency is a devDependency, because both front doors ship bundled (dist/ and cli/). So the
// packages that count are the production ones (none today) plus the ones inside the bundles,
// read from their committed source maps. A high or critical advisory in one of them fails,
// unless audit-allowlist.json holds it with a reason and an expiry date that has not passed.
// Advisories in development-only tools (test runners, linters) are listed, not failed on.
//
//   npm run audit                 (node scripts/audit.ts)
//
// The advisory service is the npm registry's bulk endpoint. Where it cannot be reached (a
// network without it), the script says so and fails, unless AUDIT_UNREACHABLE_OK=1: then it
// warns that nothing was audited and exits 0, for machines that cannot reach the service.
import { execFile } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'

export type Severity = 'info' | 'low' | 'moderate' | 'high' | 'critical'
const FAILING: ReadonlySet<Severity> = new Set(['high', 'critical'])

/** One advisory as `npm audit --json` (report version 2) lists it under `via`. */
interface AuditAdvisory {
  source: number
  name: string
  title: string
  url: string
  severity: Severity
  range?: string
}

export interface AuditReport {
  vulnerabilities?: Record<
    string,
    { name: string; severity: Severity; via: Array<AuditAdvisory | string>; nodes: string[] }
  >
}

export interface AllowListEntry {
  /** The advisory, as its URL ends: `GHSA-xxxx-xxxx-xxxx`. */
  id: string
  package: string
  /** Why it cannot reach users, or why it waits: what was reviewed. */
  reason: string
  reviewed: string
  /** After this day (YYYY-MM-DD) the entry no longer counts: review it again. */
  expires: string
}

export interface Finding {
  id: string
  package: string
  severity: Severity
  title: string
  url: string
  /** Where it sits: in a bundle or a production dependency (`shipped`), or a dev tool only. */
  shipped: boolean
  allowed?: AllowListEntry
}

export interface Assessment {
  findings: Finding[]
  /** Shipped high/critical advisories not (or no longer) on the allow-list. */
  failures: Finding[]
  /** Allow-list entries that match no advisory, or that expired. */
  staleEntries: Array<{ entry: AllowListEntry; why: string }>
}

const advisoryId = (url: string) => /GHSA-[\w-]+$/.exec(url)?.[0] ?? url

/**
 * What the report means for users: an advisory counts when the package it names sits at one of
 * the `shipped` paths (`node_modules/…`, as the lockfile and the report name them).
 */
export function assessAudit(
  report: AuditReport,
  shipped: ReadonlySet<string>,
  allowList: readonly AllowListEntry[],
  today: string
): Assessment {
  const findings: Finding[] = []
  for (const vulnerability of Object.values(report.vulnerabilities ?? {})) {
    const isShipped = vulnerability.nodes.some(node => shipped.has(node))
    for (const via of vulnerability.via) {
      // A string names another vulnerable package this one depends on; it has its own entry.
      if (typeof via === 'string') continue
      const id = advisoryId(via.url)
      const allowed = allowList.find(
        entry => entry.id === id && entry.package === vulnerability.name && entry.expires >= today
      )
      findings.push({
        id,
        package: vulnerability.name,
        severity: via.severity,
        title: via.title,
        url: via.url,
        shipped: isShipped,
        ...(allowed ? { allowed } : {})
      })
    }
  }
  const failures = findings.filter(f => f.shipped && FAILING.has(f.severity) && !f.allowed)
  const staleEntries = allowList.flatMap(entry => {
    if (entry.expires < today) return [{ entry, why: `expired on ${entry.expires}` }]
    if (!findings.some(f => f.id === entry.id && f.package === entry.package))
      return [{ entry, why: 'matches no advisory any more: remove it' }]
    return []
  })
  return { findings, failures, staleEntries }
}

/** `node_modules/…` paths of the packages the bundles hold, from their source maps. */
export function bundledPackages(root: string, folders = ['dist', 'cli']): Set<string> {
  const packages = new Set<string>()
  for (const folder of folders) {
    for (const file of readdirSync(join(root, folder)).filter(name => name.endsWith('.js.map'))) {
      const map = JSON.parse(readFileSync(join(root, folder, file), 'utf8')) as {
        sources: string[]
      }
      for (const source of map.sources) {
        const first = source.indexOf('node_modules/')
        const last = source.lastIndexOf('node_modules/')
        if (first < 0) continue
        const [scope, name] = source.slice(last + 'node_modules/'.length).split('/')
        if (!scope) continue
        const pkg = scope.startsWith('@') && name ? `${scope}/${name}` : scope
        packages.add(`${source.slice(first, last)}node_modules/${pkg}`)
      }
    }
  }
  return packages
}

/** Lockfile paths of the packages npm installs without devDependencies. */
export function productionPackages(lockText: string): Set<string> {
  const lock = JSON.parse(lockText) as { packages: Record<string, { dev?: boolean }> }
  return new Set(
    Object.entries(lock.packages)
      .filter(([path, info]) => path !== '' && !info.dev)
      .map(([path]) => path)
  )
}

export function validateAllowList(value: unknown): AllowListEntry[] {
  const list = (value as { advisories?: unknown }).advisories
  if (!Array.isArray(list)) throw new Error('audit-allowlist.json needs an `advisories` array.')
  for (const entry of list as Array<Record<string, unknown>>) {
    for (const field of ['id', 'package', 'reason', 'reviewed', 'expires']) {
      if (typeof entry[field] !== 'string' || !entry[field])
        throw new Error(
          `audit-allowlist.json: an entry has no \`${field}\`: ${JSON.stringify(entry)}`
        )
    }
    if (!/^\d{4}-\d{2}-\d{2}$/.test(entry.expires as string))
      throw new Error(`audit-allowlist.json: \`expires\` of ${String(entry.id)} is not YYYY-MM-DD.`)
  }
  return list as AllowListEntry[]
}

interface NpmAudit {
  report?: AuditReport
  /** Why the advisory service gave no report. */
  unreachable?: string
}

function npmAudit(cwd: string): Promise<NpmAudit> {
  return new Promise(resolve => {
    execFile(
      'npm',
      ['audit', '--json', '--package-lock-only'],
      { cwd, maxBuffer: 64 * 1024 * 1024, shell: process.platform === 'win32' },
      (_error, stdout, stderr) => {
        // npm exits 1 when it finds anything; a report is JSON with `vulnerabilities`.
        try {
          const parsed = JSON.parse(stdout) as AuditReport & {
            message?: string
            error?: { summary?: string }
          }
          if (parsed.vulnerabilities) return resolve({ report: parsed })
          return resolve({
            unreachable: parsed.message ?? parsed.error?.summary ?? stderr.trim()
          })
        } catch {
          return resolve({ unreachable: stderr.trim() || 'npm audit printed no report' })
        }
      }
    )
  })
}

async function main(): Promise<void> {
  const root = process.cwd()
  const started = Date.now()
  const allowList = validateAllowList(
    JSON.parse(readFileSync(join(root, 'audit-allowlist.json'), 'utf8'))
  )
  const production = productionPackages(readFileSync(join(root, 'package-lock.json'), 'utf8'))
  const bundled = bundledPackages(root)
  console.log(
    `audit: ${production.size} production packages (what npm audit --omit=dev covers) and ${bundled.size} packages inside dist/ and cli/ count; the rest are development tools.`
  )
  const { report, unreachable } = await npmAudit(root)
  if (!report) {
    const message = `audit: the npm advisory service could not be reached (${(unreachable ?? '').split('\n')[0]}), so nothing was audited.`
    if (process.env.AUDIT_UNREACHABLE_OK === '1') {
      console.log(`${message} AUDIT_UNREACHABLE_OK=1: not failing.`)
      return
    }
    console.error(`${message} Set AUDIT_UNREACHABLE_OK=1 where the service is out of reach.`)
    process.exitCode = 1
    return
  }
  const today = new Date().toISOString().slice(0, 10)
  const shipped = new Set([...production, ...bundled])
  const { findings, failures, staleEntries } = assessAudit(report, shipped, allowList, today)
  for (const f of findings) {
    const where = f.shipped ? 'shipped' : 'dev tool only'
    const verdict = f.allowed
      ? `allowed: ${f.allowed.reason}`
      : FAILING.has(f.severity) && f.shipped
        ? 'FAILS'
        : 'listed'
    console.log(
      `  ${f.severity.padEnd(8)} ${f.package} ${f.id} (${where}; ${verdict}): ${f.title} ${f.url}`
    )
  }
  for (const { entry, why } of staleEntries)
    console.error(`audit: allow-list entry ${entry.id} (${entry.package}) ${why}.`)
  console.log(
    `audit: ${findings.length} advisories, ${findings.filter(f => f.shipped).length} in shipped code, ${failures.length} failing (high or critical, not allowed), in ${Date.now() - started} ms.`
  )
  if (failures.length > 0 || staleEntries.some(({ why }) => why.startsWith('expired'))) {
    console.error(
      'audit: update the dependency (npm update <name>, then npm run bundle), or review the advisory and add it to audit-allowlist.json with the reason it cannot reach users and an expiry date.'
    )
    process.exitCode = 1
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await main()
}
