// When the partly extracted site cannot be removed after a refusal (src/archive/extract.ts), the
// refusal is still what is reported, and a warning names the folder to remove by hand. A file of
// its own: node:fs/promises is wrapped so that removing the site fails, as a busy disk makes it.
import { lstat, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, expect, it, vi } from 'vitest'
import { extractBundle } from '../../src/archive/extract.js'
import { tarHeader } from '../emulator/archive.js'
import { recordLog } from '../support/recording-host.js'

vi.mock('node:fs/promises', async importOriginal => {
  const real = await importOriginal<typeof import('node:fs/promises')>()
  return { ...real, rm: vi.fn(real.rm) }
})

let work: string
beforeEach(async () => {
  work = await mkdtemp(join(tmpdir(), 'extract-cleanup-'))
})
afterEach(async () => {
  vi.mocked(rm).mockRestore()
  await rm(work, { recursive: true, force: true })
})

it('reports the refusal, and warns of the site it could not remove', async () => {
  const file = join(work, 'evil.tar')
  await writeFile(file, Buffer.concat([tarHeader('../evil.html', 'file', 0), Buffer.alloc(1024)]))
  const out = join(work, 'out')
  // The first rm empties the destination; the second, after the refusal, fails.
  const real = await vi.importActual<typeof import('node:fs/promises')>('node:fs/promises')
  vi.mocked(rm)
    .mockImplementationOnce(real.rm)
    .mockRejectedValueOnce(
      Object.assign(new Error('EBUSY: resource busy or locked, rm'), { code: 'EBUSY' })
    )
  const recorded = recordLog()
  const error = await extractBundle(file, 'tar', out).then(
    () => undefined,
    (failure: unknown) => failure
  )
  recorded.restore()
  expect((error as Error).message).toBe(
    'The bundle is unsafe to extract: `../evil.html` points outside the extraction folder.'
  )
  expect(recorded.of('warning')).toEqual([
    `Could not remove the partly extracted site ${out}: EBUSY: resource busy or locked, rm. Remove it by hand.`
  ])
  expect((await lstat(out)).isDirectory()).toBe(true)
})
