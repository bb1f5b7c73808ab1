// The site's readers on a worker thread give what they give on this one, and a thread that
// dies or fails ends the extraction's wait with an error instead of a hang.
import { Worker } from 'node:worker_threads'
import { describe, expect, it, onTestFinished, vi } from 'vitest'
import type { SiteFileVisitor } from '../../src/archive/site-files.js'
import {
  readersHere,
  readersOnThread,
  THREAD_BATCH_BYTES,
  type SiteReaders,
  type SiteReadersSpec
} from '../../src/site/readers.js'
import { feed, vendorSite } from '../support/site-fixture.js'

const READER_THREAD = new URL('../support/reader-thread.mjs', import.meta.url)
const DEAD_THREAD = new URL('../support/dead-thread.mjs', import.meta.url)
const FAILING_THREAD = new URL('../support/failing-thread.mjs', import.meta.url)

const SPEC: SiteReadersSpec = { allowedHosts: ['cdn.example.org'], checkHost: 'nginx' }

function onThread(spec: SiteReadersSpec, script = READER_THREAD): SiteReaders {
  const readers = readersOnThread(spec, script)
  onTestFinished(() => readers.close())
  return readers
}

/** The vendor's site with what the audit reports: a script and an image from other hosts. */
function auditedSite(): Map<string, string> {
  const site = vendorSite()
  site.set(
    'external.html',
    '<script src="https://cdn.example.org/ok.js"></script><img src="https://tracker.example.net/p.gif"><a href="/nowhere">x</a>'
  )
  return site
}

describe('the site readers', () => {
  it.each<[string, SiteReadersSpec]>([
    ['audit and check', SPEC],
    ['audit only', { allowedHosts: [] }]
  ])('on a thread find what they find here (%s)', async (_, spec) => {
    const here = readersHere(spec)
    await feed(here.visitor, auditedSite())
    const expected = await here.readings()
    // The fixture has something to find in each reader, or this comparison proves nothing.
    expect([...expected.audit.hosts.keys()]).toContain('tracker.example.net')
    if (spec.checkHost) expect(expected.check?.broken.length).toBeGreaterThan(0)
    else expect(expected.check).toBeUndefined()

    const thread = onThread(spec)
    await feed(thread.visitor, auditedSite())
    expect(await thread.readings()).toEqual(expected)
  })

  it('hands the thread the bytes of a view, and leaves the caller its buffer', async () => {
    const page = Buffer.from('<a href="/from-a-view">x</a>')
    const larger = Buffer.concat([Buffer.from('<a href="/outside-the-view">'), page])
    const view = larger.subarray(larger.length - page.length)
    const thread = onThread(SPEC)
    thread.visitor.entry?.('a.html', 'file')
    expect(thread.visitor.wants('a.html', view.length)).toBe(true)
    const read = thread.visitor.file('a.html', view)
    // The bytes are the caller's again once file() returns (the zip reader frees them): what
    // the thread reads was copied by then.
    view.fill(0)
    thread.visitor.flush?.()
    await read
    expect(larger.toString()).toContain('/outside-the-view') // not transferred away
    const { check } = await thread.readings()
    expect(check?.broken.map(link => link.target)).toEqual(['/from-a-view'])
  })

  it('sends files in batches, a file larger than a batch alone, and finds what it finds here', async () => {
    // Pages of 10 KiB, each naming a page of its own that is not there, and one page larger than
    // a batch between them: several batches, and every file read exactly once, in order.
    const site = new Map<string, string>()
    const pad = (text: string, size: number) => text + ' '.repeat(size - text.length)
    const pages = 150
    for (let i = 0; i < pages; i += 1) {
      site.set(`p${i}.html`, pad(`<a href="/missing-${i}">x</a>`, 10 * 1024))
      if (i === pages / 2)
        site.set(
          'large.html',
          pad('<img src="https://big.example.net/a.png">', THREAD_BATCH_BYTES * 2)
        )
    }
    const here = readersHere(SPEC)
    await feed(here.visitor, site)
    const expected = await here.readings()
    expect(expected.check?.broken).toHaveLength(pages)
    expect([...expected.audit.hosts.keys()]).toEqual(['big.example.net'])

    const posted = vi.spyOn(Worker.prototype, 'postMessage')
    onTestFinished(() => posted.mockRestore())
    const thread = onThread(SPEC)
    await feed(thread.visitor, site)
    const found = await thread.readings()
    expect(found).toEqual(expected)
    const batches = posted.mock.calls.filter(([message]) => (message as { batch?: unknown }).batch)
    // 51 pages, 25, the large page alone, 51 and 23: batches, not one message per file.
    expect(batches.length).toBeGreaterThanOrEqual(4)
    expect(batches.length).toBeLessThanOrEqual(6)
  })

  it('fills the buffers of batches read again, whatever the file sizes', async () => {
    // As the writer does past MAX_PENDING_BYTES: a flush, then the wait for each read, so that
    // each next batch is made in the buffer the thread handed back.
    const sizes = [0, THREAD_BATCH_BYTES, THREAD_BATCH_BYTES - 100, THREAD_BATCH_BYTES + 1, 1, 700]
    const site = new Map(
      sizes.map((size, i) => {
        const page = `<a href="/missing-${i}">x</a>`
        return [`s${i}.html`, size < page.length ? ' '.repeat(size) : page.padEnd(size, ' ')]
      })
    )
    const here = readersHere(SPEC)
    await feed(here.visitor, site)
    const expected = await here.readings()
    expect(expected.check?.broken).toHaveLength(sizes.filter(size => size > 30).length)

    const thread = onThread(SPEC)
    for (const [path, content] of site) {
      const bytes = Buffer.from(content)
      thread.visitor.entry?.(path, 'file')
      expect(thread.visitor.wants(path, bytes.length)).toBe(true)
      const read = thread.visitor.file(path, bytes)
      thread.visitor.flush?.()
      await read
    }
    expect(await thread.readings()).toEqual(expected)
  })

  it('answers wants() at once as the readers do, and the thread records the same skips', async () => {
    const thread = onThread(SPEC)
    const huge = 17 * 1024 * 1024
    thread.visitor.entry?.('huge.html', 'file')
    expect(thread.visitor.wants('huge.html', huge)).toBe(false)
    thread.visitor.entry?.('logo.png', 'file')
    expect(thread.visitor.wants('logo.png', 10)).toBe(false)
    const { audit, check } = await thread.readings()
    expect(audit.skipped).toEqual(['huge.html'])
    expect(check?.skipped).toEqual(['huge.html'])
  })

  it('fails what waits on a thread that died, instead of hanging', async () => {
    const readers = onThread(SPEC, DEAD_THREAD)
    const visitor: SiteFileVisitor = readers.visitor
    visitor.entry?.('a.html', 'file')
    const read = visitor.file('a.html', Buffer.from('<a href="/x">x</a>'))
    await expect(read).rejects.toThrow(
      'The thread reading the extracted site stopped (exit code 3).'
    )
    await expect(readers.readings()).rejects.toThrow('exit code 3')
    // Once failed, later files fail at once.
    await expect(visitor.file('b.html', Buffer.from('x'))).rejects.toThrow('exit code 3')
  })

  it('fails what waits on a thread that threw, with its message', async () => {
    const readers = onThread(SPEC, FAILING_THREAD)
    await expect(readers.readings()).rejects.toThrow(
      'The thread reading the extracted site failed: the reader broke'
    )
  })

  it('once closed, leaves nothing waiting', async () => {
    const readers = readersOnThread(SPEC, READER_THREAD)
    const readings = readers.readings()
    await readers.close()
    // Either the thread answered before it stopped, or the wait ends with the stop.
    await readings.then(
      found => expect(found.audit.filesScanned).toBe(0),
      (error: Error) =>
        expect(error.message).toBe('The thread reading the extracted site was stopped.')
    )
    await expect(readers.visitor.file('a.html', Buffer.from('x'))).rejects.toThrow('stopped')
  })
})
