import { describe, expect, it } from 'vitest'
import type { ExportReport } from '../../src/modes/export/run.js'
import { exportOutputs, exportSummaryRows, formatBytes } from '../../src/modes/export/report.js'
import { applyRunnerMasks, parseOutputFile } from '../support/action-runner.js'

const complete: ExportReport = {
  jobId: 'se_1',
  started: true,
  lastJob: { status: 'completed', progress: 100, pageCount: 12 },
  link: {
    url: 'https://s/b.tar.gz?X-Amz-Signature=abcdef0123456789',
    expiresAt: new Date('2026-01-01T00:10:00Z')
  },
  download: {
    path: '/t/bundle.tar.gz',
    sizeBytes: 2048,
    sha256: 'ab'.repeat(32),
    format: 'tar.gz',
    retries: 0
  },
  site: { path: '/t/site', files: 20, totalBytes: 4096 },
  phases: [
    { name: 'start', ms: 120 },
    { name: 'render', ms: 61_000 }
  ]
}

describe('exportOutputs', () => {
  it('sets every output of a finished export', () => {
    expect(exportOutputs(complete)).toEqual({
      'job-id': 'se_1',
      status: 'completed',
      'page-count': 12,
      'bundle-url': complete.link?.url,
      'expires-at': '2026-01-01T00:10:00.000Z',
      'bundle-path': '/t/bundle.tar.gz',
      'bundle-sha256': 'ab'.repeat(32),
      'bundle-size': 2048,
      'bundle-format': 'tar.gz',
      'extract-path': '/t/site'
    })
  })
  it('sets only what a partial export reached', () => {
    expect(exportOutputs({ jobId: 'se_2', phases: [] })).toEqual({ 'job-id': 'se_2' })
  })
})

describe('exportSummaryRows', () => {
  const rows = Object.fromEntries(
    exportSummaryRows(complete, new Date('2026-01-01T00:00:00Z').getTime())
  )
  it('shows the time left on the link, never the signature', () => {
    expect(rows['Link expires']).toBe('2026-01-01T00:10:00.000Z (in 10m)')
    expect(rows['Bundle link']).toBe('https://s/b.tar.gz?…')
    expect(JSON.stringify(rows)).not.toContain('abcdef0123456789')
  })
  it('lists each phase duration', () => {
    expect(rows['Time: render']).toBe('1m1s')
    expect(rows['Size']).toBe('2.0 KiB (2048 bytes)')
    expect(formatBytes(10)).toBe('10 B')
  })
})

describe('runner emulation', () => {
  it('masks a value only after its add-mask line', () => {
    const log = ['early secret', '::add-mask::secret', 'late secret'].join('\n')
    expect(applyRunnerMasks(log)).toBe('early secret\nlate ***')
  })
  it('reads mask values as the runner unescapes them, and hides debug lines', () => {
    const log = ['::add-mask::a%252Fb', 'x a%2Fb', '::debug::hidden'].join('\n')
    expect(applyRunnerMasks(log)).toBe('x ***')
    expect(applyRunnerMasks(log, { showDebug: true })).toBe('x ***\n::debug::hidden')
  })
  it('parses GITHUB_OUTPUT blocks', () => {
    const text = 'a<<ghadelimiter_1\none\nghadelimiter_1\nb<<ghadelimiter_2\nx\ny\nghadelimiter_2\n'
    expect(parseOutputFile(text)).toEqual({ a: 'one', b: 'x\ny' })
  })
})
