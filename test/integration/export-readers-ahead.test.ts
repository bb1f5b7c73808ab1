// The site's readers are started once the job is done, before the bundle is asked for (a thread
// takes a while to start): one set per extraction, closed whatever happens, including when no
// extraction took them. In process, with the readers module wrapped to see them made and closed.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, expect, it, onTestFinished, vi } from 'vitest'
import { recordLog } from '../support/recording-host.js'
import { createAdminApi } from '../../src/api/client.js'
import { runExport } from '../../src/modes/export/run.js'
import { startEmulator, type Emulator, type EmulatorInput } from '../emulator/index.ts'
import { exportSettings } from '../support/export-settings.js'

/** The readers made, each with whether it was closed. */
const made: { closed: boolean }[] = []
/** Resolved once readers are made. */
let readersMade: () => void = () => undefined
let emulator: Emulator | undefined

vi.mock('../../src/site/readers.js', async importOriginal => {
  const real = await importOriginal<typeof import('../../src/site/readers.js')>()
  return {
    ...real,
    readersHere: (spec: Parameters<typeof real.readersHere>[0]) => {
      const readers = real.readersHere(spec)
      const record = { closed: false }
      made.push(record)
      readersMade()
      return {
        ...readers,
        close: async () => {
          record.closed = true
          await readers.close()
        }
      }
    }
  }
})

let temp: string | undefined
afterEach(async () => {
  vi.unstubAllEnvs()
  made.length = 0
  readersMade = () => undefined
  await emulator?.close()
  if (temp) await rm(temp, { recursive: true, force: true })
  emulator = temp = undefined
})

async function exportWith(
  inputs: Record<string, string>,
  emulatorInput: EmulatorInput = {},
  setup: (emu: Emulator) => void = () => undefined,
  linkRequested: () => Promise<void> = () => Promise.resolve(),
  controller = new AbortController()
) {
  emulator = await startEmulator(emulatorInput)
  setup(emulator)
  temp = await mkdtemp(join(tmpdir(), 'export-readers-'))
  const settings = await exportSettings(emulator, temp, inputs)
  const recorded = recordLog(() => undefined)
  onTestFinished(recorded.restore)
  const api = createAdminApi({ baseUrl: settings.baseUrl, apiKey: settings.apiKey })
  const createBundle = api.createBundle.bind(api)
  api.createBundle = async (...args) => {
    await linkRequested()
    return createBundle(...args)
  }
  return runExport(settings, {
    api,
    signal: controller.signal,
    deadline: Date.now() + settings.timeoutMs
  })
}

for (const format of ['tar.gz', 'zip'] as const)
  it(`extracts a ${format} with one set of readers, closed once read`, async () => {
    const { error, report } = await exportWith({ extract: 'true' }, { storage: { format } })
    expect(error).toBeUndefined()
    expect(report.site?.files).toBeGreaterThan(0)
    expect(made).toEqual([{ closed: true }])
  })

it('closes readers started ahead that no extraction took (the download failed)', async () => {
  const { error } = await exportWith({ extract: 'true' }, { storage: { format: 'zip' } }, emu =>
    emu.inject(
      'download',
      ...Array.from({ length: 20 }, () => ({ kind: 'http', status: 404 }) as const)
    )
  )
  expect(error?.message).toMatch(/404/)
  expect(made).toEqual([{ closed: true }])
})

it('extracts with fresh readers when the download starts over, and closes both', async () => {
  const { error, report } = await exportWith(
    { extract: 'true' },
    { storage: { format: 'tar.gz', acceptRanges: false } },
    emu => emu.inject('download', { kind: 'cut', afterBytes: 1500 })
  )
  expect(error).toBeUndefined()
  expect(report.site?.files).toBeGreaterThan(0)
  expect(made).toEqual([{ closed: true }, { closed: true }])
})

it('closes readers started ahead when the run is cancelled before it downloads', async () => {
  const controller = new AbortController()
  const cancelled = new Error('cancelled while asking for the link')
  const { error } = await exportWith(
    { extract: 'true' },
    {},
    undefined,
    () => {
      controller.abort(cancelled)
      return Promise.resolve()
    },
    controller
  )
  expect(error).toBe(cancelled)
  expect(made).toEqual([{ closed: true }])
})

it('has the readers made before it asks for the bundle link', async () => {
  // The link's request waits for the readers: started ahead, they come; made only when the
  // extraction begins, they would not (the wait ends after 10 s, and the test fails).
  const made = new Promise<void>(resolve => (readersMade = resolve))
  let madeFirst = false
  const { error } = await exportWith({ extract: 'true' }, {}, undefined, async () => {
    let timer: NodeJS.Timeout | undefined
    madeFirst = await Promise.race([
      made.then(() => true),
      new Promise<boolean>(resolve => (timer = setTimeout(() => resolve(false), 10_000)))
    ])
    clearTimeout(timer)
  })
  expect(error).toBeUndefined()
  expect(madeFirst).toBe(true)
}, 30_000)

const NOTHING_EXTRACTED: Record<string, string>[] = [
  { extract: 'false' },
  { download: 'false' },
  { wait: 'false' }
]
for (const inputs of NOTHING_EXTRACTED)
  it(`starts no readers when nothing is extracted (${JSON.stringify(inputs)})`, async () => {
    const { error } = await exportWith(inputs)
    expect(error).toBeUndefined()
    expect(made).toEqual([])
  })
