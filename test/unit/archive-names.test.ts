// What an archive's bytes say before anything is written: its format (format.ts), each entry's
// name as stored (zip-names.ts), and the guards on names and links (inspect.ts), at their edges.
import { crc32 } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { detectArchiveFormat } from '../../src/archive/format.js'
import {
  entryProblem,
  linkChainProblem,
  quoted,
  UnsafeArchiveError
} from '../../src/archive/inspect.js'
import { zipEntryName } from '../../src/archive/zip-names.js'

describe('detectArchiveFormat, by the first bytes only', () => {
  const bytes = (...head: number[]) => Buffer.from(head)
  const tarWith = (magic: string, at = 257) => {
    const head = Buffer.alloc(512)
    head.write(magic, at, 'latin1')
    return head
  }
  it.each([
    ['a local header', bytes(0x50, 0x4b, 0x03, 0x04), 'zip'],
    ['an empty zip (its end record)', bytes(0x50, 0x4b, 0x05, 0x06), 'zip'],
    ['PK 03 06', bytes(0x50, 0x4b, 0x03, 0x06), 'zip'],
    ['PK 05 04', bytes(0x50, 0x4b, 0x05, 0x04), 'zip'],
    ['gzip', bytes(0x1f, 0x8b, 0x08), 'tar.gz'],
    ['ustar at 257', tarWith('ustar'), 'tar']
  ])('%s is %s', (_what, head, format) => expect(detectArchiveFormat(head)).toBe(format))

  it.each([
    ['PK with another third byte', bytes(0x50, 0x4b, 0x04, 0x04)],
    ['PK with another fourth byte', bytes(0x50, 0x4b, 0x03, 0x05)],
    ['P without K', bytes(0x50, 0x4c, 0x03, 0x04)],
    ['K without P', bytes(0x51, 0x4b, 0x03, 0x04)],
    ['half a gzip magic', bytes(0x1f, 0x8c)],
    ['the other half', bytes(0x1e, 0x8b)],
    ['ustar one byte early', tarWith('ustar', 256)],
    ['another magic at 257', tarWith('ustaR')],
    ['nothing at all', bytes()]
  ])('%s is nothing', (_what, head) => expect(detectArchiveFormat(head)).toBeUndefined())
})

describe('zip entry names as stored', () => {
  const utf8Flag = 0x800
  it('reads flagged names as UTF-8', () =>
    expect(zipEntryName(Buffer.from('café/menú.html'), utf8Flag, [])).toBe('café/menú.html'))

  it('reads unflagged bytes that are UTF-8 beyond ASCII as UTF-8 (bsdtar, git archive)', () =>
    expect(zipEntryName(Buffer.from('café.html'), 0, [])).toBe('café.html'))

  it('reads unflagged bytes that are not UTF-8 as CP437', () =>
    expect(zipEntryName(Buffer.from([0x63, 0x61, 0x66, 0x82]), 0, [])).toBe('café'))

  it('reads unflagged ASCII as CP437, which shows control bytes as symbols', () =>
    // A control byte decoded as UTF-8 would stay a control character; CP437 draws it.
    expect(zipEntryName(Buffer.from('a\x01.html', 'latin1'), 0, [])).toBe('a☺.html'))

  it('takes the flag bit alone, whatever other bits are set', () => {
    const latin = Buffer.from([0x63, 0x61, 0x66, 0xe9]) // `caf` + latin-1 é: not UTF-8
    expect(zipEntryName(latin, 0x808, [])).toBe('caf\ufffd')
    expect(zipEntryName(latin, 0x008, [])).toBe('cafΘ')
  })

  it('takes the Info-ZIP Unicode Path field over the raw bytes', () => {
    const raw = Buffer.from('caf\x82.html', 'latin1')
    const unicode = Buffer.from('café-unicode.html')
    const data = Buffer.concat([Buffer.from([1]), Buffer.alloc(4), unicode])
    data.writeUInt32LE(crc32(raw), 1)
    expect(zipEntryName(raw, 0, [{ id: 0x7075, data }])).toBe('café-unicode.html')
    // Another field changes nothing.
    expect(zipEntryName(raw, 0, [{ id: 0x5455, data }])).toBe('café.html')
  })

  it('keeps UTF-8 bytes that a Unicode Path field disowns as CP437', () => {
    // The field is there (its CRC does not match, so yauzl ignores it): no UTF-8 guess either.
    const raw = Buffer.from('é.html')
    const data = Buffer.concat([Buffer.from([1]), Buffer.alloc(4), Buffer.from('x.html')])
    expect(zipEntryName(raw, 0, [{ id: 0x7075, data }])).toBe('├⌐.html')
  })

  it('leaves a backslash as it is, for the guards to read as a separator', () => {
    expect(zipEntryName(Buffer.from('a\\b.html'), 0, [])).toBe('a\\b.html')
    expect(entryProblem({ name: '..\\evil.html', type: 'file', sizeBytes: 1 })).toContain(
      'points outside the extraction folder'
    )
  })
})

describe('entryProblem at its edges', () => {
  const file = (name: string) => ({ name, type: 'file' as const, sizeBytes: 1 })
  const symlink = (name: string, linkTarget: string) => ({
    name,
    type: 'symlink' as const,
    sizeBytes: 0,
    linkTarget
  })
  const hardlink = (name: string, linkTarget: string) => ({
    name,
    type: 'hardlink' as const,
    sizeBytes: 0,
    linkTarget
  })

  it.each([
    [file('..'), '`..` points outside the extraction folder'],
    [file('a/../..'), 'points outside'],
    [file('a\\..\\..\\x'), 'points outside'],
    [file('c:x'), '`c:x` has an absolute path'],
    [file('Z:/x'), 'has an absolute path'],
    [file('\\x'), 'has an absolute path'],
    [symlink('l', 'c:\\x'), 'link `l` → `c:\\x` targets an absolute path'],
    [symlink('l', '\\etc'), 'targets an absolute path'],
    [hardlink('h', '/etc/passwd'), 'targets an absolute path'],
    [symlink('a/l', '..\\..\\x'), 'link `a/l` → `..\\..\\x` points outside the extraction folder'],
    [symlink('l', '..'), 'points outside'],
    [symlink('l', 'ok\u0007'), 'holds a control character'],
    [file('GNUSparseFile.123/page.html'), 'is a GNU sparse file, which no site holds'],
    [file('docs/GNUSparseFile.0/page.html'), 'is a GNU sparse file'],
    [file('a\u2028b'), 'holds a control character, a line break or an invisible format character']
  ])('refuses %j', (entry, words) => expect(entryProblem(entry)).toContain(words))

  it.each([
    [file('GNUSparseFile.12a/page.html')],
    [file('xGNUSparseFile.1/page.html')],
    [file('GNUSparseFile.1x')],
    [file('GNUSparseFile./x')],
    [file('a..b')],
    [file('..a')],
    [file('ab:c')],
    [symlink('l', 'ab:c')],
    [symlink('a/b/l', '../c')],
    [hardlink('a/h', 'a/b')],
    [{ name: 'd/', type: 'directory' as const, sizeBytes: 0 }]
  ])('accepts %j', entry => expect(entryProblem(entry)).toBeUndefined())

  it('reads no link target on a file (tar keeps a linkname field on every header)', () =>
    expect(
      entryProblem({ name: 'a.html', type: 'file', sizeBytes: 1, linkTarget: '../../etc/passwd' })
    ).toBeUndefined())

  it('refuses a link with no target as pointing at its own folder only', () =>
    expect(entryProblem({ name: 'h', type: 'hardlink', sizeBytes: 0 })).toBeUndefined())
})

describe('linkChainProblem at its edges', () => {
  type Link = { type: 'symlink' | 'hardlink'; target: string }
  const problemOf = (names: string[], links: Array<[string, Link]>) =>
    linkChainProblem(names, new Map(links))
  const symlink = (target: string): Link => ({ type: 'symlink', target })
  const hardlink = (target: string): Link => ({ type: 'hardlink', target })

  it('is nothing without symlinks, whatever the hard links', () =>
    expect(problemOf(['a/b'], [['a', hardlink('x')]])).toBeUndefined())

  it('does not take a link for a folder of itself', () =>
    expect(problemOf(['l'], [['l', symlink('docs')]])).toBeUndefined())

  it('refuses a name deep under a link, spelt with `./` and a trailing slash', () =>
    expect(problemOf(['./a/l/b/c/'], [['a/l/', symlink('x')]])).toBe(
      '`./a/l/b/c/` lies under the link `a/l`'
    ))

  it('refuses a name under a link spelt with backslashes', () =>
    expect(problemOf(['a\\l\\x.html'], [['a/l', symlink('x')]])).toBe(
      '`a\\l\\x.html` lies under the link `a/l`'
    ))

  it('walks the target of a link at the root from the root', () =>
    expect(
      problemOf(
        ['l', 'm'],
        [
          ['l', symlink('x')],
          ['./m', symlink('l/page.html')]
        ]
      )
    ).toBe('link `./m` → `l/page.html` goes through the link `l`'))

  it('walks a symlink’s target from its own folder, a hard link’s from the root', () => {
    // `a/up` → `l`: from `a`, that is `a/l`, a link; from the root, `l` is a folder.
    const links: Array<[string, Link]> = [
      ['a/l', symlink('x')],
      ['a/up', symlink('l/page.html')]
    ]
    expect(problemOf(['a/l', 'a/up'], links)).toBe(
      'link `a/up` → `l/page.html` goes through the link `a/l`'
    )
    expect(
      problemOf(
        ['a/l', 'h'],
        [
          ['a/l', symlink('x')],
          ['h', hardlink('l/page.html')]
        ]
      )
    ).toBeUndefined()
    expect(
      problemOf(
        ['a/l', 'h'],
        [
          ['a/l', symlink('x')],
          ['h', hardlink('a/l/page.html')]
        ]
      )
    ).toBe('link `h` → `a/l/page.html` goes through the link `a/l`')
  })

  it('walks a symlink’s target from a folder of several parts, a letter of a name no part', () =>
    expect(
      problemOf(
        ['docs/guide/l', 'docs/guide/m'],
        [
          ['docs/guide/l', symlink('x')],
          ['docs/guide/m', symlink('l/page.html')]
        ]
      )
    ).toBe('link `docs/guide/m` → `l/page.html` goes through the link `docs/guide/l`'))

  it('walks a hard link’s target from the root even when the hard link is in a folder', () =>
    expect(
      problemOf(
        ['l', 'a/h'],
        [
          ['l', symlink('x')],
          ['a/h', hardlink('l/page.html')]
        ]
      )
    ).toBe('link `a/h` → `l/page.html` goes through the link `l`'))

  it('reads `.`, empty parts and backslashes in a target as the system does', () => {
    const links: Array<[string, Link]> = [
      ['l', symlink('x')],
      ['b/m', symlink('.//..\\.\\l\\page.html')]
    ]
    expect(problemOf(['l', 'b/m'], links)).toBe(
      'link `b/m` → `.//..\\.\\l\\page.html` goes through the link `l`'
    )
  })

  it('accepts a target that climbs out of a folder and into one that is no link', () =>
    expect(
      problemOf(
        ['l', 'a/b/m'],
        [
          ['l', symlink('x')],
          ['a/b/m', symlink('../../docs/../x')]
        ]
      )
    ).toBeUndefined())

  it('accepts a link at the root whose target is the link’s own name plus more, as text', () =>
    expect(
      problemOf(
        ['docs/l', 'm'],
        [
          ['docs/l', symlink('x')],
          ['m', symlink('docs/lx')]
        ]
      )
    ).toBeUndefined())
})

describe('UnsafeArchiveError', () => {
  it('names itself where it is printed', () =>
    expect(String(new UnsafeArchiveError('no'))).toBe('UnsafeArchiveError: no'))
})

describe('quoted', () => {
  it('puts a name in backticks, cut to 120 characters, one clean line', () => {
    expect(quoted('a.html')).toBe('`a.html`')
    expect(quoted(undefined)).toBe('``')
    const long = quoted('n'.repeat(200))
    expect(long.length).toBeLessThan(125)
    expect(long.startsWith('`nnn')).toBe(true)
  })
})
