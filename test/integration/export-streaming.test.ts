// A tar.gz is extracted while it downloads (src/download/growing-bundle.ts): the bundled action,
// against the emulator's store, held in the middle of the body until files are on disk.
import { appendFile, mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { create } from 'tar'
import { afterEach, describe, expect, it } from 'vitest'
import { startEmulator, type Emulator, type EmulatorOptions } from '../emulator/index.ts'
import { emulatorInputs, runAction, type ActionRun } from '../support/action-runner.js'
import { expectCleanFailure, exists, readTree, warningsOf } from '../support/assertions.js'

/** An incompressible file after the pages, so a cut halfway lies after every page. */
const PAD_BYTES = 1024 * 1024
const CUT_AT = 512 * 1024

let emulator: Emulator | undefined
let runs: ActionRun[] = []
let folders: string[] = []

afterEach(async () => {
  await emulator?.close()
  emulator = undefined
  await Promise.all(runs.map(run => run.cleanup()))
  await Promise.all(folders.map(folder => rm(folder, { recursive: true, force: true })))
  runs = []
  folders = []
})

async function emulate(storage: Partial<EmulatorOptions['storage']> = {}): Promise<Emulator> {
  emulator = await startEmulator({
    export: { queuedMs: 100, runningMs: 300 } as EmulatorOptions['export'],
    storage: { padBytes: PAD_BYTES, ...storage } as EmulatorOptions['storage']
  })
  return emulator
}

/** The bundled action's export into `folder`, extracting, with the site check on. */
async function exportInto(folder: string): Promise<ActionRun> {
  const run = await runAction({
    mode: 'export',
    ...emulatorInputs(emulator as Emulator),
    domain: 'docs.example.com',
    path: folder,
    extract: 'true'
  })
  runs.push(run)
  return run
}

async function newFolder(): Promise<string> {
  const folder = await mkdtemp(join(tmpdir(), 'export-streaming-'))
  folders.push(folder)
  return folder
}

/**
 * Waits (while the store holds the body) until extraction has written `pages` pages to `site`:
 * the download cannot end meanwhile, so they were extracted while it downloaded. Without
 * extraction as the bytes come, none ever appear, and this fails with that.
 */
async function pagesWrittenBeforeTheEnd(site: string, pages = 1): Promise<string[]> {
  for (let waited = 0; waited < 30_000; waited += 20) {
    const names = await readdir(site, { recursive: true }).catch(() => [])
    const written = names.filter(name => name.endsWith('.html'))
    if (written.length >= pages) return written
    await new Promise(resolve => setTimeout(resolve, 20))
  }
  throw new Error(`Not ${pages} page(s) extracted to ${site} while the download was held halfway.`)
}

/** The emulator's site, and its padding file, every byte. */
function expectTheServedSite(site: Map<string, Buffer>, emu: Emulator): void {
  const expected = emu.expectedSite()
  expect(site.get('emulator-padding.bin')?.length).toBe(PAD_BYTES)
  site.delete('emulator-padding.bin')
  expect([...site.keys()].sort()).toEqual([...expected.keys()].sort())
  for (const [path, content] of expected) expect(site.get(path)?.equals(content), path).toBe(true)
}

describe('a tar.gz is extracted while it downloads', () => {
  it('writes pages before the download ends, and goes on through a cut and a resume', async () => {
    const emu = await emulate()
    const folder = await newFolder()
    let atCut: string[] = []
    emu.inject('download', {
      kind: 'cut',
      afterBytes: CUT_AT,
      beforeCut: async () => {
        atCut = await pagesWrittenBeforeTheEnd(join(folder, 'site'))
      }
    })
    const run = await exportInto(folder)
    expect(run.exitCode, run.log).toBe(0)
    // The store held the body at the cut until pages were on disk (none unless extracted early).
    expect(atCut.length).toBeGreaterThan(0)
    expect(run.log).toContain('Extracting the tar.gz as it downloads.')
    const ranged = emu.requests.filter(r => r.endpoint === 'download' && r.headers.range)
    expect(ranged.map(r => r.headers.range)).toEqual([`bytes=${CUT_AT}-`])
    expect(warningsOf(run).join()).toContain(`resuming at byte ${CUT_AT}`)
    expectTheServedSite(await readTree(run.outputs['extract-path'] as string), emu)
    const served = await emu.bundleFile(run.outputs['job-id'] as string)
    expect(run.outputs['bundle-sha256']).toBe(served.sha256)
  })

  it('starts the extraction over, with fresh readers, when the download starts over', async () => {
    const emu = await emulate({ acceptRanges: false })
    const plain = await exportInto(await newFolder())
    expect(plain.exitCode, plain.log).toBe(0)

    const folder = await newFolder()
    // Every page is read once before the cut, so readers kept from the first start would
    // count each reference twice.
    const pages = [...emu.expectedSite().keys()].filter(name => name.endsWith('.html'))
    let atCut: string[] = []
    emu.inject('download', {
      kind: 'cut',
      afterBytes: CUT_AT,
      beforeCut: async () => {
        atCut = await pagesWrittenBeforeTheEnd(join(folder, 'site'), pages.length)
      }
    })
    const run = await exportInto(folder)
    expect(run.exitCode, run.log).toBe(0)
    expect(atCut.sort()).toEqual(pages.sort())
    expect(run.log).toContain('The download started over; so does the extraction.')
    expectTheServedSite(await readTree(run.outputs['extract-path'] as string), emu)
    // The readers saw each file once: the same findings as a run that never started over.
    for (const name of ['broken-links', 'page-count', 'external-hosts'] as const)
      expect(run.outputs[name], name).toBe(plain.outputs[name])
    const linkCheck = (summary: string) => /<td>Link check<\/td><td>([^<]+)/.exec(summary)?.[1]
    expect(linkCheck(run.summary)).toMatch(/^\d+ path\(s\) of \d+ reference\(s\)/)
    expect(linkCheck(run.summary)).toBe(linkCheck(plain.summary))
  })

  it("removes what it extracted when the download fails, and says the download's error", async () => {
    const emu = await emulate({ acceptRanges: false })
    const folder = await newFolder()
    const cut = { kind: 'cut' as const, afterBytes: CUT_AT }
    emu.inject(
      'download',
      {
        ...cut,
        beforeCut: async () => void (await pagesWrittenBeforeTheEnd(join(folder, 'site')))
      },
      cut,
      cut,
      cut,
      cut
    )
    const run = await exportInto(folder)
    expectCleanFailure(
      run,
      /^Downloading the bundle from localhost:\d+ failed: the connection was closed by the other side/
    )
    expect(await exists(join(folder, 'site'))).toBe(false)
    expect(await exists(join(folder, 'bundle.part'))).toBe(false)
  })

  describe('a gzip followed by padding, which ends before its file does', () => {
    const pages = { 'index.html': '<p>home</p>', 'guides/intro.html': '<a href="/">home</a>' }

    /** The pages as a tar.gz, then 1 MiB of zeros (which gunzip stops at, as gzip does). */
    async function paddedBundle(): Promise<string> {
      const folder = await newFolder()
      const site = join(folder, 'pages')
      await mkdir(join(site, 'guides'), { recursive: true })
      for (const [name, text] of Object.entries(pages)) await writeFile(join(site, name), text)
      const bundle = join(folder, 'padded.tar.gz')
      await create({ file: bundle, cwd: site, gzip: true, portable: true }, Object.keys(pages))
      await appendFile(bundle, Buffer.alloc(PAD_BYTES))
      return bundle
    }

    it('reports the site once the download is verified', async () => {
      await emulate({ prebuiltPath: await paddedBundle(), padBytes: 0 })
      const run = await exportInto(await newFolder())
      expect(run.exitCode, run.log).toBe(0)
      expect(run.log).toContain('Extracting the tar.gz as it downloads.')
      const site = await readTree(run.outputs['extract-path'] as string)
      expect(
        Object.fromEntries([...site].map(([name, bytes]) => [name, bytes.toString()]))
      ).toEqual(pages)
    })

    it('removes the site it extracted when the download then fails', async () => {
      const emu = await emulate({
        prebuiltPath: await paddedBundle(),
        padBytes: 0,
        acceptRanges: false
      })
      const folder = await newFolder()
      const cut = { kind: 'cut' as const, afterBytes: CUT_AT }
      let atCut: string[] = []
      emu.inject(
        'download',
        {
          ...cut,
          // The whole site is extracted before the cut: the gzip ended in the first bytes.
          beforeCut: async () => {
            atCut = await pagesWrittenBeforeTheEnd(join(folder, 'site'), 2)
          }
        },
        cut,
        cut,
        cut,
        cut
      )
      const run = await exportInto(folder)
      expectCleanFailure(run, /^Downloading the bundle from localhost:\d+ failed/)
      expect(atCut.sort()).toEqual(['guides/intro.html', 'index.html'])
      expect(await exists(join(folder, 'site'))).toBe(false)
    })
  })
})

describe('a zip is extracted while it downloads, its directory fetched first', () => {
  it('writes pages before the download ends, and goes on through a cut and a resume', async () => {
    const emu = await emulate({ format: 'zip' })
    const folder = await newFolder()
    let atCut: string[] = []
    emu.inject('download', {
      kind: 'cut',
      afterBytes: CUT_AT,
      beforeCut: async () => {
        atCut = await pagesWrittenBeforeTheEnd(join(folder, 'site'))
      }
    })
    const run = await exportInto(folder)
    expect(run.exitCode, run.log).toBe(0)
    // The store held the body at the cut until pages were on disk (none unless extracted early).
    expect(atCut.length).toBeGreaterThan(0)
    expect(run.log).toContain('Extracting the zip as it downloads.')
    const served = await emu.bundleFile(run.outputs['job-id'] as string)
    const ranged = emu.requests.filter(r => r.endpoint === 'download' && r.headers.range)
    // The directory's request (the end of the zip, as yauzl first reads it: the largest end
    // record and a ZIP64 locator, 65,577 bytes), then the resume.
    expect(ranged.map(r => r.headers.range)).toEqual([
      `bytes=${served.size - 65_577}-${served.size - 1}`,
      `bytes=${CUT_AT}-`
    ])
    expect(ranged[0]?.headers['if-match']).toBe(`"${served.sha256}"`)
    expectTheServedSite(await readTree(run.outputs['extract-path'] as string), emu)
    expect(run.outputs['bundle-sha256']).toBe(served.sha256)
  })

  it('starts over, directory and all, when the object changes under the download', async () => {
    const emu = await emulate({ format: 'zip' })
    const folder = await newFolder()
    let atCut: string[] = []
    emu.inject('download', {
      kind: 'cut',
      afterBytes: CUT_AT,
      beforeCut: async () => {
        atCut = await pagesWrittenBeforeTheEnd(join(folder, 'site'))
        // Another object from now on: the resume finds a new ETag, the download starts over.
        emu.options.storage.padBytes = PAD_BYTES + 1
      }
    })
    const run = await exportInto(folder)
    expect(run.exitCode, run.log).toBe(0)
    expect(atCut.length).toBeGreaterThan(0)
    expect(run.log).toContain('The download started over; so does the extraction.')
    const served = await emu.bundleFile(run.outputs['job-id'] as string)
    const directories = emu.requests.filter(
      r => r.endpoint === 'download' && String(r.headers.range).endsWith(`-${served.size - 1}`)
    )
    expect(directories.at(-1)?.headers['if-match']).toBe(`"${served.sha256}"`)
    const site = await readTree(run.outputs['extract-path'] as string)
    expect(site.get('emulator-padding.bin')?.length).toBe(PAD_BYTES + 1)
    expect(run.outputs['bundle-sha256']).toBe(served.sha256)
  })

  it("extracts the downloaded file when the store's ranges contradict its body", async () => {
    // The ranged answers name favicon.svg `../evil.svg`: read through them, the zip would be
    // refused as unsafe. The downloaded bytes are a sound site, and that refusal was never theirs.
    const emu = await emulate({ format: 'zip' })
    const served = await emu.bundleFile(emu.createExportJob('docs.example.com', 'completed'))
    const lying = await readFile(served.path)
    lying.write('../evil.svg', lying.lastIndexOf('favicon.svg'))
    const lyingPath = join(await newFolder(), 'lying.zip')
    await writeFile(lyingPath, lying)
    emu.options.storage.rangesFromPath = lyingPath
    const run = await exportInto(await newFolder())
    expect(run.exitCode, run.log).toBe(0)
    expect(warningsOf(run).join('\n')).toMatch(
      /^Extracting the zip once it has downloaded: the store's answer to a ranged request for bytes \d+-\d+ differs from the downloaded bundle\.$/m
    )
    expectTheServedSite(await readTree(run.outputs['extract-path'] as string), emu)
  })

  it('extracts it once downloaded when the store refuses the ranged request', async () => {
    const emu = await emulate({ format: 'zip' })
    emu.inject('download', { kind: 'stall', ms: 0 }, { kind: 'http', status: 500 })
    const run = await exportInto(await newFolder())
    expect(run.exitCode, run.log).toBe(0)
    expect(run.log).toContain(
      'Extracting the zip once it has downloaded: the store did not give its directory (the store answered HTTP 500'
    )
    expectTheServedSite(await readTree(run.outputs['extract-path'] as string), emu)
  })

  it('extracts it once downloaded from a store that takes no ranges', async () => {
    const emu = await emulate({ format: 'zip', acceptRanges: false })
    const run = await exportInto(await newFolder())
    expect(run.exitCode, run.log).toBe(0)
    expect(run.log).not.toContain('as it downloads')
    expect(emu.requests.filter(r => r.endpoint === 'download').map(r => r.headers.range)).toEqual([
      undefined
    ])
    expectTheServedSite(await readTree(run.outputs['extract-path'] as string), emu)
  })
})
