import { parentPort, Worker, workerData } from 'node:worker_threads'
import { combineVisitors, type SiteFileVisitor } from '../archive/site-files.js'
import { siteAudit, type AuditResult } from '../audit/audit.js'
import { createSiteCheck, type SiteCheckResult } from './check.js'
import type { SiteHost } from './hosts.js'
import { THREAD_ARGUMENT } from '../threads.js'
import { messageOf } from '../util/errors.js'

/*
 * The readers of an extracted site (the audit, the site check), fed by extraction file by file.
 * Parsing every page is most of their cost, about as much CPU as inflating and writing the
 * archive, so where the front door gives a script for a thread (threads.ts) they run on a
 * worker thread: extraction and reading then overlap on two cores instead of adding up on one.
 * The thread sees exactly the calls an in-thread reader would (entries, wants, files, in
 * order), so both give the same findings; the tests that run src/ in process read on the main
 * thread (readersHere), and test/unit/site-readers.test.ts compares the two.
 */

/** What to read the site for; plain data, since it is handed to the thread. */
export interface SiteReadersSpec {
  readonly allowedHosts: readonly string[]
  /** The host whose rules the site check applies; no check when undefined. */
  readonly checkHost?: SiteHost
}

/** What the readers found once every file was seen. */
export interface SiteReadings {
  readonly audit: AuditResult
  readonly check?: SiteCheckResult
}

export interface SiteReaders {
  /** What extraction feeds. */
  readonly visitor: SiteFileVisitor
  /** After extraction: the findings (on a thread, once it has read everything it was sent). */
  readings(): Promise<SiteReadings>
  /** Stops a thread, whatever happened; call it after a failure too. */
  close(): Promise<void>
}

/** The readers on this thread. */
export function readersHere(spec: SiteReadersSpec): SiteReaders {
  const audit = siteAudit({ allowedHosts: spec.allowedHosts })
  const check = spec.checkHost ? createSiteCheck({ host: spec.checkHost }) : undefined
  return {
    visitor: check ? combineVisitors(audit, check.visitor) : audit,
    readings: () => Promise.resolve(readingsOf(audit.result(), check?.finish())),
    close: () => Promise.resolve()
  }
}

const readingsOf = (audit: AuditResult, check: SiteCheckResult | undefined): SiteReadings =>
  check ? { audit, check } : { audit }

/** What the thread is told: a visitor's calls in order, each file a range of the batch buffer. */
type Step =
  | readonly ['entry', string, EntryKind]
  | readonly ['wants', string, number]
  | readonly ['file', string, number, number]
type EntryKind = Parameters<NonNullable<SiteFileVisitor['entry']>>[1]
interface ToThread {
  readonly steps: readonly Step[]
  /** The files' bytes, handed back with the reply that they were read. */
  readonly batch?: ArrayBuffer
  readonly end?: true
}
type FromThread =
  | { readonly read: true; readonly batch?: ArrayBuffer }
  | { readonly readings: SiteReadings }
  | { readonly error: string }

const ROLE = 'site-readers'
const THREAD_YOUNG_GENERATION_MIB = 16
/**
 * Files go to the thread in batches of this many bytes, copied into buffers that the thread
 * hands back: one message per some twenty pages, not one per file. A copy and a message each
 * (10,000 pages) cost as much as the audit itself: each copy was new memory, and the thread's
 * side of each message a tenth of a millisecond.
 */
export const THREAD_BATCH_BYTES = 512 * 1024

/** A batch being filled or read: its buffer, how much of it is used, and its readers' wait. */
interface Batch {
  readonly buffer: ArrayBuffer
  used: number
  readonly read: Promise<void>
  readonly settle: { resolve: () => void; reject: (error: Error) => void }
}

/** The readers on a worker thread started from `script` (the bundle's entry, threads.ts). */
export function readersOnThread(spec: SiteReadersSpec, script: URL): SiteReaders {
  // wants() is answered at once, here, by readers made from the same spec: the thread's answer
  // is the same (it depends on the path, the size and the spec only). This twin's findings are
  // never read.
  const twin = readersHere(spec).visitor
  const worker = new Worker(script, {
    workerData: { role: ROLE, spec },
    argv: [THREAD_ARGUMENT],
    // Pages are parsed and dropped one after the other: a young generation of at most this
    // size frees them often, where V8's default lets garbage grow by tens of MiB first. Once
    // extraction collects its garbage, young generations no longer double
    // (util/young-garbage.ts): the thread's stayed at 2–4 MiB on 10,000 pages, for 30–60 ms
    // more of collections.
    resourceLimits: { maxYoungGenerationSizeMb: THREAD_YOUNG_GENERATION_MIB }
  })
  let steps: Step[] = []
  let filling: Batch | undefined
  /** Buffers the thread handed back, for the next batches. */
  const spare: ArrayBuffer[] = []
  // Replies come in the order the batches went: first in first out.
  const unread: Batch[] = []
  let ending: { resolve: (readings: SiteReadings) => void; reject: (error: Error) => void }
  const ended = new Promise<SiteReadings>((resolve, reject) => (ending = { resolve, reject }))
  // Rejected only through fail(), and awaited only by readings(): no unhandled rejection.
  ended.catch(() => undefined)
  let failure: Error | undefined
  let closed = false

  const fail = (error: Error) => {
    failure ??= error
    for (const batch of [...unread.splice(0), ...(filling ? [filling] : [])])
      batch.settle.reject(failure)
    filling = undefined
    ending.reject(failure)
  }
  const newBatch = (bytes: number): Batch => {
    let settle!: Batch['settle']
    const read = new Promise<void>((resolve, reject) => (settle = { resolve, reject }))
    // Awaited by the visitor's callers; a failure is also told by readings().
    read.catch(() => undefined)
    const buffer = (bytes <= THREAD_BATCH_BYTES && spare.pop()) || new ArrayBuffer(bytes)
    return { buffer, used: 0, read, settle }
  }
  /** Sends the batch being filled, with the calls so far. */
  const send = () => {
    if (!filling) return
    worker.postMessage({ steps, batch: filling.buffer } satisfies ToThread, [filling.buffer])
    unread.push(filling)
    steps = []
    filling = undefined
  }
  worker.on('message', (message: FromThread) => {
    if ('read' in message) {
      if (message.batch?.byteLength === THREAD_BATCH_BYTES) spare.push(message.batch)
      unread.shift()?.settle.resolve()
    } else if ('readings' in message) ending.resolve(message.readings)
    else fail(new Error(`Reading the extracted site failed: ${message.error}`))
  })
  worker.on('error', error =>
    fail(new Error(`The thread reading the extracted site failed: ${error.message}`))
  )
  worker.on('exit', code => {
    if (!closed)
      fail(new Error(`The thread reading the extracted site stopped (exit code ${code}).`))
  })

  return {
    visitor: {
      entry(path, kind) {
        steps.push(['entry', path, kind])
      },
      wants(path, sizeBytes) {
        steps.push(['wants', path, sizeBytes])
        return twin.wants(path, sizeBytes)
      },
      file(path, bytes) {
        if (failure) return Promise.reject(failure)
        // A copy the thread owns: `bytes` may be a view into a larger buffer (or Node's pool),
        // which a transfer would take from its other users. A file larger than a batch goes in
        // a batch of its own.
        if (filling && filling.used + bytes.length > filling.buffer.byteLength) send()
        filling ??= newBatch(Math.max(bytes.length, THREAD_BATCH_BYTES))
        const batch = filling
        new Uint8Array(batch.buffer, batch.used, bytes.length).set(bytes)
        steps.push(['file', path, batch.used, bytes.length])
        batch.used += bytes.length
        return batch.read
      },
      flush: send
    },
    readings() {
      send()
      if (!failure) worker.postMessage({ steps, end: true } satisfies ToThread)
      steps = []
      return ended
    },
    async close() {
      closed = true
      await worker.terminate()
      // Nothing still waiting on the thread waits forever.
      fail(new Error('The thread reading the extracted site was stopped.'))
    }
  }
}

/** Whether this thread was started to read a site (the front doors ask, in threads.ts). */
export function isReaderThread(): boolean {
  return (workerData as { role?: unknown } | null)?.role === ROLE
}

/** The thread's side: replays the calls on readers made here, answering each batch and the end. */
export function serveReaders(): void {
  const port = parentPort
  if (!port) throw new Error('serveReaders() runs on a worker thread.')
  const readers = readersHere((workerData as { spec: SiteReadersSpec }).spec)
  const { visitor } = readers
  const reply = (message: FromThread, transfer: ArrayBuffer[] = []) =>
    port.postMessage(message, transfer)
  let queue = Promise.resolve()
  port.on('message', (message: ToThread) => {
    // One message at a time, in order, though a reader's file() may be asynchronous.
    queue = queue.then(async () => {
      try {
        for (const step of message.steps) {
          if (step[0] === 'entry') visitor.entry?.(step[1], step[2])
          else if (step[0] === 'wants') visitor.wants(step[1], step[2])
          else
            await visitor.file(step[1], Buffer.from(message.batch as ArrayBuffer, step[2], step[3]))
        }
        // The readers read nothing of a file's bytes later (a page is read into a string of its
        // own; the page scan keeps the last Buffer only to know it again): the buffer goes back
        // for the next batch.
        if (message.batch) reply({ read: true, batch: message.batch }, [message.batch])
        if (message.end) reply({ readings: await readers.readings() })
      } catch (error) {
        reply({ error: messageOf(error) })
      }
    })
  })
}
