import { describe, expect, it } from 'vitest'
import { classifyExportJob, describeJobProgress } from '../../src/export/job-status.js'
import { detectArchiveFormat } from '../../src/archive/format.js'
import { entryProblem } from '../../src/archive/inspect.js'
import { linkSecrets, redactLink } from '../../src/secrets.js'
import { parseRetryAfter, parseTimestamp } from '../../src/api/client.js'
import { snippet } from '../../src/util/text.js'
import { backoffDelayMs } from '../../src/retry.js'
import { parseContentRange } from '../../src/download/ranges.js'

describe('classifyExportJob', () => {
  it('ends only on completed and failed', () => {
    expect(classifyExportJob({ status: 'completed' })).toEqual({ kind: 'completed' })
    expect(classifyExportJob({ status: 'failed', reason: 'boom' })).toEqual({
      kind: 'failed',
      reason: 'boom'
    })
    expect(classifyExportJob({ status: 'failed' })).toMatchObject({
      reason: 'the service gave no reason'
    })
    expect(classifyExportJob({ status: 'running' })).toEqual({ kind: 'pending', known: true })
    expect(classifyExportJob({ status: 'rendering' })).toEqual({ kind: 'pending', known: false })
  })
  it('describes progress in one line', () => {
    expect(describeJobProgress({ status: 'running', progress: 45.4, pageCount: 120 })).toBe(
      'running · 45% · 120 pages'
    )
    expect(describeJobProgress({ status: 'queued' })).toBe('queued')
  })
})

describe('detectArchiveFormat', () => {
  it('reads magic bytes', () => {
    expect(detectArchiveFormat(Buffer.from('PK\x03\x04rest', 'latin1'))).toBe('zip')
    expect(detectArchiveFormat(Buffer.from([0x1f, 0x8b, 8, 0]))).toBe('tar.gz')
    const tar = Buffer.alloc(512)
    tar.write('ustar', 257, 'latin1')
    expect(detectArchiveFormat(tar)).toBe('tar')
    expect(detectArchiveFormat(Buffer.from('<html>'))).toBeUndefined()
  })
})

describe('entryProblem', () => {
  const file = (name: string) => ({ name, type: 'file' as const, sizeBytes: 1 })
  it('accepts ordinary entries and links that stay inside', () => {
    expect(entryProblem(file('index.html'))).toBeUndefined()
    expect(entryProblem(file('a/../b.html'))).toBeUndefined()
    expect(
      entryProblem({ name: 'a/latest', type: 'symlink', sizeBytes: 0, linkTarget: '../b' })
    ).toBeUndefined()
  })
  it.each([
    [file('../evil'), 'outside'],
    [file('a/../../evil'), 'outside'],
    [file('/etc/passwd'), 'absolute'],
    [file('C:\\Windows\\x'), 'absolute'],
    [{ name: 'link', type: 'symlink' as const, sizeBytes: 0, linkTarget: '/etc' }, 'absolute'],
    [{ name: 'a/link', type: 'symlink' as const, sizeBytes: 0, linkTarget: '../../x' }, 'outside'],
    [{ name: 'hard', type: 'hardlink' as const, sizeBytes: 0, linkTarget: '../x' }, 'outside'],
    [{ name: 'dev', type: 'other' as const, sizeBytes: 0 }, 'device']
  ])('refuses %j', (entry, word) => expect(entryProblem(entry)).toContain(word))
})

describe('link secrets', () => {
  const link =
    'https://bucket.s3.amazonaws.com/exports/se_1/bundle.tar.gz?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=AKIA%2F20260101%2Fus-east-1&X-Amz-Signature=0123456789abcdef0123'
  it('finds the signature and credential, raw and encoded', () => {
    const secrets = linkSecrets(link)
    expect(secrets).toContain('0123456789abcdef0123')
    expect(secrets).toContain('AKIA/20260101/us-east-1')
    expect(secrets).toContain('AKIA%2F20260101%2Fus-east-1')
  })
  it('finds nothing in a link without credentials', () =>
    expect(linkSecrets('https://x/y?page=2')).toEqual([]))
  it('redacts the query', () =>
    expect(redactLink(link)).toBe('https://bucket.s3.amazonaws.com/exports/se_1/bundle.tar.gz?…'))
})

describe('client helpers', () => {
  it('reads Retry-After as seconds or a date', () => {
    expect(parseRetryAfter('3')).toBe(3000)
    expect(parseRetryAfter(new Date(10_000).toUTCString(), 4000)).toBe(6000)
    expect(parseRetryAfter('soon')).toBeUndefined()
    expect(parseRetryAfter(undefined)).toBeUndefined()
  })
  it('reads timestamps as ISO text, epoch seconds or milliseconds', () => {
    expect(parseTimestamp('2026-11-22T10:00:00Z')?.toISOString()).toBe('2026-11-22T10:00:00.000Z')
    expect(parseTimestamp(1_800_000_000)?.getTime()).toBe(1_800_000_000_000)
    expect(parseTimestamp(1_800_000_000_000)?.getTime()).toBe(1_800_000_000_000)
    expect(parseTimestamp('1800000000')?.getTime()).toBe(1_800_000_000_000)
    expect(parseTimestamp('tomorrow')).toBeUndefined()
  })
  it('cuts server text to one short line', () => {
    expect(snippet('a\n  b')).toBe('a b')
    expect(snippet('x'.repeat(300))).toHaveLength(201)
  })
})

describe('backoffDelayMs', () => {
  it('draws a full-jitter wait under a doubling cap', () => {
    expect(backoffDelayMs(1, 0, () => 0.999)).toBe(500)
    expect(backoffDelayMs(3, 0, () => 0.5)).toBe(1000)
    expect(backoffDelayMs(20, 0, () => 1)).toBe(15_000)
    expect(backoffDelayMs(1, 0, () => 0)).toBe(0)
  })
  it('never waits less than Retry-After', () =>
    expect(backoffDelayMs(1, 4000, () => 0.1)).toBe(4000))
})

describe('parseContentRange', () => {
  it('reads byte ranges', () => {
    expect(parseContentRange('bytes 100-199/1000')).toEqual({ start: 100, end: 199, total: 1000 })
    expect(parseContentRange('bytes 0-9/*')).toEqual({ start: 0, end: 9 })
    expect(parseContentRange('items 1-2/3')).toBeUndefined()
  })
})
