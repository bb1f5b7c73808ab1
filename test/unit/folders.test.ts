// Folders a user names: checked before anything starts, made one level at a time.
import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { fileProblem, folderProblem, makeFolder } from '../../src/util/folders.js'

let root: string | undefined
afterEach(async () => {
  if (root) await rm(root, { recursive: true, force: true })
  root = undefined
})

async function withFile() {
  root = await mkdtemp(join(tmpdir(), 'folders-'))
  await writeFile(join(root, 'file'), 'x')
  return root
}

describe('makeFolder', () => {
  it('makes every missing level, and takes one that is there', async () => {
    const base = await withFile()
    await makeFolder(join(base, 'a', 'b', 'c'))
    expect((await stat(join(base, 'a', 'b', 'c'))).isDirectory()).toBe(true)
    await makeFolder(join(base, 'a', 'b', 'c'))
  })

  it('ends with the refusal where Node’s recursive mkdir never returns (/proc)', async () => {
    // mkdir(…, { recursive: true }) loops here for good, sync and async alike (Node 24).
    await expect(makeFolder('/proc/mintlify-test/x')).rejects.toMatchObject({ code: 'ENOENT' })
  })

  it('refuses a file on the way', async () => {
    const base = await withFile()
    await expect(makeFolder(join(base, 'file', 'x'))).rejects.toMatchObject({ code: 'ENOTDIR' })
  })
})

describe('the problems said before anything starts', () => {
  it('a folder: none when it or its nearest existing parent is one', async () => {
    const base = await withFile()
    expect(folderProblem(base)).toBeUndefined()
    expect(folderProblem(join(base, 'new', 'deeper'))).toBeUndefined()
    expect(folderProblem(join(base, 'file'))).toBe('is a file, not a folder')
    expect(folderProblem(join(base, 'file', 'x'))).toBe(`lies under ${join(base, 'file')}, a file`)
  })

  it('a file: none in a folder that is or can be; a folder or a file on the way is one', async () => {
    const base = await withFile()
    expect(fileProblem(join(base, 'file'))).toBeUndefined()
    expect(fileProblem(join(base, 'new', 'x.env'))).toBeUndefined()
    expect(fileProblem(base)).toBe('is a folder, not a file')
    expect(fileProblem(join(base, 'file', 'x.env'))).toBe(
      `lies under ${join(base, 'file')}, a file`
    )
  })

  // A folder nobody may write into, root included (procfs checks its own permissions), on
  // every Linux: an export into it would fail only once its bundle arrives.
  it('a folder that may not be written into is one, for a folder or a file under it', () => {
    // The kernel's word for it is EACCES or EPERM, by version.
    const refused = '\\((EACCES|EPERM)\\)$'
    expect(folderProblem('/proc/1')).toMatch(
      new RegExp(`^is a folder that may not be written ${refused}`)
    )
    for (const problem of [folderProblem('/proc/1/site/x'), fileProblem('/proc/1/summary.md')])
      expect(problem).toMatch(
        new RegExp(`^lies under /proc/1, a folder that may not be written ${refused}`)
      )
  })
})
