// The code paths that differ between runners, checked here with the other platform's rules:
// path.win32 for Windows runners (drive letters, backslashes, case), path.posix for the rest.
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { pathParts } from '../../src/archive/extract.js'
import { entryProblem } from '../../src/archive/inspect.js'
import { inside, isWithin } from '../../src/util/paths.js'

const { win32, posix } = path

describe('inside() with Windows path rules', () => {
  const root = 'D:\\a\\_temp\\mintlify-export'

  it('accepts the folder itself and what lies below it, in either separator', () => {
    expect(inside(root, `${root}\\job_1`, 'the export folder', win32)).toBe(`${root}\\job_1`)
    expect(inside(root, 'D:/a/_temp/mintlify-export/job_1/site', 'the site', win32)).toBe(
      `${root}\\job_1\\site`
    )
    expect(inside(root, root, 'the root', win32)).toBe(root)
  })

  it('is case-blind, as NTFS is', () => {
    expect(isWithin(root, 'd:\\A\\_TEMP\\Mintlify-Export\\job_1', win32)).toBe(true)
  })

  it('refuses a parent, a sibling with the same prefix, and another drive', () => {
    expect(() => inside(root, `${root}\\..\\other`, 'the site', win32)).toThrow(/not inside/)
    expect(() => inside(root, `${root}-evil\\job`, 'the site', win32)).toThrow(/not inside/)
    expect(() => inside(root, 'C:\\a\\_temp\\mintlify-export\\job', 'the site', win32)).toThrow(
      /not inside D:\\a\\_temp\\mintlify-export/
    )
    expect(() => inside(root, '\\\\server\\share\\job', 'the site', win32)).toThrow(/not inside/)
  })

  it('keeps a folder named `..x` (below, not above)', () => {
    expect(isWithin(root, `${root}\\..x`, win32)).toBe(true)
  })
})

describe('inside() with POSIX path rules', () => {
  const root = '/home/runner/work/_temp/mintlify-export'

  it('accepts below, refuses above and beside, and is case-sensitive', () => {
    expect(inside(root, `${root}/job_1`, 'x', posix)).toBe(`${root}/job_1`)
    expect(() => inside(root, `${root}/../job`, 'x', posix)).toThrow(/not inside/)
    expect(() => inside(root, `${root}-evil`, 'x', posix)).toThrow(/not inside/)
    expect(isWithin(root, root.toUpperCase(), posix)).toBe(false)
    // A backslash is a plain character in a POSIX name, not a way up.
    expect(isWithin(root, `${root}/..\\x`, posix)).toBe(true)
  })
})

describe('the extraction’s platform differences', () => {
  it('splits a link’s path on both separators on Windows, on / elsewhere', () => {
    expect(pathParts('C:\\site\\docs/../up', 'win32')).toEqual(['C:', 'site', 'docs', '..', 'up'])
    expect(pathParts('/site/docs/..\\up', 'linux')).toEqual(['', 'site', 'docs', '..\\up'])
  })

  it('refuses archive entries that would leave the folder on Windows', () => {
    const file = (name: string) => ({ name, type: 'file' as const, sizeBytes: 1 })
    expect(entryProblem(file('C:\\Windows\\evil.dll'))).toMatch(/absolute path/)
    expect(entryProblem(file('c:relative-to-drive'))).toMatch(/absolute path/)
    expect(entryProblem(file('docs\\..\\..\\evil'))).toMatch(/outside the extraction folder/)
    expect(entryProblem(file('\\\\server\\share\\x'))).toMatch(/absolute path/)
    expect(
      entryProblem({ name: 'a\\link', type: 'symlink', sizeBytes: 0, linkTarget: '..\\..\\x' })
    ).toMatch(/points outside/)
    expect(entryProblem(file('docs\\guide\\index.html'))).toBeUndefined()
  })
})
