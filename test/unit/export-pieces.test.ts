import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi, onTestFinished } from 'vitest'
import { recordLog } from '../support/recording-host.js'
import { classifyExportJob, describeJobProgress } from '../../src/modes/export/job-status.js'
import { downloadProgressLog } from '../../src/modes/export/progress-log.js'
import { detectArchiveFormat } from '../../src/archive/format.js'
import { entryProblem, linkChainProblem } from '../../src/archive/inspect.js'
import { checkLinks } from '../../src/archive/extract.js'
import { linkSecrets, redactLink } from '../../src/secrets.js'
import { parseRetryAfter, parseTimestamp } from '../../src/api/client.js'
import { untrusted } from '../../src/util/untrusted.js'
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
    expect(describeJobProgress({ status: 'running', pageCount: 1 })).toBe('running · 1 page')
  })
  it('reads the status whatever its case and surrounding space', () => {
    expect(classifyExportJob({ status: ' Completed\n' })).toEqual({ kind: 'completed' })
    expect(classifyExportJob({ status: 'FAILED ', reason: 'x' })).toMatchObject({ kind: 'failed' })
    expect(classifyExportJob({ status: ' Running' })).toEqual({ kind: 'pending', known: true })
  })
  it('gives the reason without surrounding space, and a blank one as none', () => {
    expect(classifyExportJob({ status: 'failed', reason: '  disk full\n' })).toEqual({
      kind: 'failed',
      reason: 'disk full'
    })
    expect(classifyExportJob({ status: 'failed', reason: ' \t ' })).toEqual({
      kind: 'failed',
      reason: 'the service gave no reason'
    })
  })
})

describe('downloadProgressLog', () => {
  afterEach(() => vi.restoreAllMocks())

  it('logs each tenth once, and every 30 s when the size is unknown', () => {
    const recorded = recordLog()
    onTestFinished(recorded.restore)
    const lines = {
      get length() {
        return recorded.lines.length
      },
      set length(n: number) {
        recorded.lines.length = n
      },
      at: (i: number) => recorded.lines.at(i)?.message,
      get 0() {
        return recorded.lines[0]?.message
      }
    }
    let clock = 0
    const log = downloadProgressLog(() => clock)
    // One report a second for 100 s of a 1000-byte bundle: 10 bytes a second.
    for (let second = 1; second <= 100; second += 1) {
      clock = second * 1000
      log(second * 10, 1000)
    }
    expect(lines).toHaveLength(10)
    expect(lines[0]).toBe('Downloading: 100 bytes of 1000 (10%)')
    expect(lines.at(-1)).toBe('Downloading: 1000 bytes of 1000 (100%)')

    lines.length = 0
    const unknown = downloadProgressLog(() => clock)
    for (let second = 1; second <= 90; second += 1) {
      clock += 1000
      unknown(second, undefined)
    }
    expect(recorded.of('info')).toEqual([
      'Downloading: 30 bytes',
      'Downloading: 60 bytes',
      'Downloading: 90 bytes'
    ])
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
    [{ name: 'dev', type: 'other' as const, sizeBytes: 0 }, 'device'],
    // Hard links resolve from the archive root: from its own folder this one would stay inside.
    [{ name: 'a/b/hard', type: 'hardlink' as const, sizeBytes: 0, linkTarget: '../x' }, 'outside'],
    [file('line\nbreak.html'), 'control character'],
    [file('bidi\u202etxt.html'), 'invisible format character']
  ])('refuses %j', (entry, word) => expect(entryProblem(entry)).toContain(word))
  it('resolves a symlink from its own folder', () =>
    expect(
      entryProblem({ name: 'a/b/soft', type: 'symlink', sizeBytes: 0, linkTarget: '../x' })
    ).toBeUndefined())
})

describe('linkChainProblem', () => {
  type Links = Array<[string, { type: 'symlink' | 'hardlink'; target: string }]>
  const problemOf = (names: string[], links: Links) => linkChainProblem(names, new Map(links))
  const symlink = (target: string) => ({ type: 'symlink' as const, target })

  it('accepts links to files and folders that are not links', () =>
    expect(
      problemOf(
        ['docs/', 'docs/a.html', 'latest', './b/up'],
        [
          ['latest', symlink('docs/a.html')],
          ['./b/up', symlink('../docs')]
        ]
      )
    ).toBeUndefined())

  it('refuses a name under a link, however the archive spells it', () =>
    expect(problemOf(['./out', 'out/evil.sh'], [['./out', symlink('docs')]])).toBe(
      '`out/evil.sh` lies under the link `out`'
    ))

  it('refuses a link whose target passes through another link', () => {
    // Read as text, `out` stays inside (a/secret); through `up` it climbs four folders out.
    const links: Links = [
      ['a/b/c/d/up', symlink('../../../../x')],
      ['out', symlink('a/b/c/d/up/../../../../secret')]
    ]
    expect(problemOf(['a/b/c/d/up', 'out'], links)).toContain(
      'link `out` → `a/b/c/d/up/../../../../secret` goes through the link `a/b/c/d/up`'
    )
  })

  it('refuses a hard link made through a symlink', () =>
    expect(
      problemOf(
        ['dir', 'h'],
        [
          ['dir', symlink('docs')],
          ['h', { type: 'hardlink', target: 'dir/index.html' }]
        ]
      )
    ).toContain('goes through the link `dir`'))
})

describe('checkLinks (the links made, followed as the system does)', () => {
  let root: string
  beforeEach(async () => {
    root = await mkdtemp(join(tmpdir(), 'walk-'))
    await mkdir(join(root, 'site/a/b'), { recursive: true })
    await writeFile(join(root, 'site/index.html'), 'hello')
  })
  afterEach(() => rm(root, { recursive: true, force: true }))
  const site = () => join(root, 'site')
  const linked = async (target: string, name: string) => {
    await symlink(target, join(root, 'site', name))
    return join(root, 'site', name)
  }

  it('accepts links that end inside', async () => {
    await expect(checkLinks(site(), [await linked('../../index.html', 'a/b/home')])).resolves.toBe(
      undefined
    )
  })

  it('follows a chain of links to where it really ends', async () => {
    await mkdir(join(root, 'secret'))
    // `up` leads to a folder (refused as well, when its turn comes): `out` is checked first.
    const up = await linked('../..', 'a/b/up')
    // As text `a/b/up/../secret` stays inside; through `up` it is the site's sibling.
    const out = await linked('a/b/up/../secret', 'out')
    await expect(checkLinks(site(), [out, up])).rejects.toThrow(
      'link `out` points outside the site'
    )
  })

  it('follows a dangling link as far as the system can', async () => {
    const up = await linked('../..', 'a/b/up')
    // `secret` does not exist (yet): the link still leads out, through `up`.
    const out = await linked('a/b/up/../secret', 'out')
    await expect(checkLinks(site(), [out, up])).rejects.toThrow(
      'link `out` points outside the site'
    )
    const dangling = await linked('a/missing/page.html', 'dangling')
    await expect(checkLinks(site(), [dangling])).resolves.toBe(undefined)
  })

  it('refuses a link into a sibling folder whose name begins like the site’s', async () => {
    await mkdir(join(root, 'site-evil'))
    await writeFile(join(root, 'site-evil/secret'), 'x')
    await expect(checkLinks(site(), [await linked('../site-evil/secret', 'leak')])).rejects.toThrow(
      'link `leak` points outside the site'
    )
  })

  it('refuses a loop of links', async () => {
    const one = await linked('two', 'a/one')
    const two = await linked('one', 'a/two')
    await expect(checkLinks(site(), [one, two])).rejects.toThrow('is a loop of links')
  })
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
    expect(untrusted('a\n  b')).toBe('a b')
    expect(untrusted('x'.repeat(300))).toHaveLength(201)
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
