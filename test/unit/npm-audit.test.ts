// scripts/audit.ts: which advisories fail (high or critical in what ships, not allowed), from a
// report in npm audit's JSON form; the bundled packages come from the committed source maps.
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import {
  assessAudit,
  bundledPackages,
  productionPackages,
  validateAllowList,
  type AllowListEntry,
  type AuditReport
} from '../../scripts/audit.ts'
import { ROOT } from '../support/action-runner.js'

const advisory = (id: string, name: string, severity: 'moderate' | 'high' | 'critical') => ({
  source: 1,
  name,
  title: `${name} is vulnerable`,
  url: `https://github.com/advisories/${id}`,
  severity,
  range: '<9'
})

const REPORT: AuditReport = {
  vulnerabilities: {
    undici: {
      name: 'undici',
      severity: 'high',
      via: [advisory('GHSA-aaaa-bbbb-cccc', 'undici', 'high')],
      nodes: ['node_modules/undici']
    },
    vite: {
      name: 'vite',
      severity: 'critical',
      via: [advisory('GHSA-dddd-eeee-ffff', 'vite', 'critical')],
      nodes: ['node_modules/vite']
    },
    tar: {
      name: 'tar',
      severity: 'moderate',
      via: [advisory('GHSA-gggg-hhhh-iiii', 'tar', 'moderate'), 'minipass'],
      nodes: ['node_modules/tar']
    }
  }
}
const SHIPPED = new Set(['node_modules/undici', 'node_modules/tar'])
const TODAY = '2026-11-25'

const entry = (overrides: Partial<AllowListEntry> = {}): AllowListEntry => ({
  id: 'GHSA-aaaa-bbbb-cccc',
  package: 'undici',
  reason: 'only the proxy agent is affected, which the action does not use',
  reviewed: '2026-11-25 lead',
  expires: '2027-01-31',
  ...overrides
})

describe('assessAudit', () => {
  it('fails a high advisory in shipped code; lists dev-only and moderate ones', () => {
    const { findings, failures } = assessAudit(REPORT, SHIPPED, [], TODAY)
    expect(failures.map(f => f.id)).toEqual(['GHSA-aaaa-bbbb-cccc'])
    expect(findings.find(f => f.package === 'vite')).toMatchObject({ shipped: false })
    expect(findings.find(f => f.package === 'tar')).toMatchObject({ severity: 'moderate' })
    expect(findings).toHaveLength(3)
  })

  it('lets a reviewed, unexpired entry through, and not an expired one', () => {
    expect(assessAudit(REPORT, SHIPPED, [entry()], TODAY).failures).toEqual([])
    const expired = assessAudit(REPORT, SHIPPED, [entry({ expires: '2026-11-24' })], TODAY)
    expect(expired.failures.map(f => f.id)).toEqual(['GHSA-aaaa-bbbb-cccc'])
    expect(expired.staleEntries[0]?.why).toBe('expired on 2026-11-24')
  })

  it('names an entry for the wrong package or a fixed advisory as stale', () => {
    const result = assessAudit(REPORT, SHIPPED, [entry({ package: 'tar' })], TODAY)
    expect(result.failures).toHaveLength(1)
    expect(result.staleEntries[0]?.why).toMatch(/matches no advisory/)
  })
})

describe('what counts as shipped', () => {
  it('reads the bundled packages from the committed source maps', () => {
    const bundled = bundledPackages(ROOT)
    for (const name of [
      '@actions/core',
      '@actions/artifact',
      'undici',
      'tar',
      'yauzl',
      'commander'
    ])
      expect(bundled, name).toContain(`node_modules/${name}`)
    // Nested copies keep their path, as npm audit names them.
    expect([...bundled].some(path => /node_modules\/.+\/node_modules\//.test(path))).toBe(true)
    for (const tool of ['vitest', 'eslint', 'typescript', 'azurite'])
      expect(bundled, tool).not.toContain(`node_modules/${tool}`)
  })

  it('finds no production dependency: npm audit --omit=dev alone would check nothing', async () => {
    const lock = await readFile(join(ROOT, 'package-lock.json'), 'utf8')
    expect([...productionPackages(lock)]).toEqual([])
  })

  it('checks the allow-list file’s form', async () => {
    const file = JSON.parse(await readFile(join(ROOT, 'audit-allowlist.json'), 'utf8'))
    expect(Array.isArray(validateAllowList(file))).toBe(true)
    expect(() => validateAllowList({ advisories: [{ id: 'GHSA-x', package: 'y' }] })).toThrow(
      /no `reason`/
    )
    expect(() => validateAllowList({ advisories: [entry({ expires: 'soon' })] })).toThrow(
      /YYYY-MM-DD/
    )
  })
})
