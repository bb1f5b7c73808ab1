import { describe, expect, it } from 'vitest'
import type { ExportReport } from '../../src/modes/export/run.js'
import { exportOutputs, exportSummaryRows, formatBytes } from '../../src/modes/export/report.js'
import { applyRunnerMasks, parseOutputFile } from '../support/action-runner.js'
import { dotenv, DOTENV_MAX_BYTES } from '../../src/cli/main.js'

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

describe('the CLI’s dotenv file', () => {
  const line = (name: string, bytes: number) => `MINTLIFY_${name}=`.length + bytes + 1

  it('keeps every value while the whole fits GitLab’s 5 KiB, to the byte', () => {
    const whole = DOTENV_MAX_BYTES - line('A', 0) - line('B', 0)
    const outputs = { a: 'x'.repeat(whole), b: '' }
    const { text, leftOut } = dotenv(outputs)
    expect(Buffer.byteLength(text)).toBe(DOTENV_MAX_BYTES)
    expect(leftOut).toEqual([])
    expect(dotenv({ ...outputs, b: 'y' }).leftOut).toEqual(['MINTLIFY_A'])
  })

  it('leaves out the largest values first, only as many as it takes, in bytes not characters', () => {
    const outputs = {
      'job-id': 'job_1',
      big: 'é'.repeat(1500),
      bigger: 'x'.repeat(2500),
      small: 's'.repeat(1200),
      'pr-link': 'https://github.com/acme/docs/pull/42'
    }
    const { text, leftOut } = dotenv(outputs)
    // 'é' is two bytes: 3,000 bytes, above the 2,500 of `bigger`.
    expect(leftOut).toEqual(['MINTLIFY_BIG'])
    expect(text.split('\n').map(l => l.split('=')[0])).toEqual([
      'MINTLIFY_JOB_ID',
      'MINTLIFY_BIGGER',
      'MINTLIFY_SMALL',
      'MINTLIFY_PR_LINK',
      ''
    ])
    expect(dotenv({ ...outputs, small: 's'.repeat(3000) }).leftOut).toEqual([
      'MINTLIFY_SMALL',
      'MINTLIFY_BIG'
    ])
  })
})
