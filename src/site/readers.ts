import { parentPort, Worker, workerData } from 'node:worker_threads'
import { combineVisitors, type SiteFileVisitor } from '../archive/site-files.js'
import { siteAudit, type AuditResult } from '../audit/audit.js'
import { createSiteCheck, type SiteCheckResult } from './check.js'
import type { SiteHost } from './hosts.js'

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

/** What the thread is told, in order: the calls since the last file, then that file or the end. */
type Call = readonly ['entry', string, EntryKind] | readonly ['wants', string, number]
type EntryKind = Parameters<NonNullable<SiteFileVisitor['entry']>>[1]
interface ToThread {
  readonly calls: readonly Call[]
  readonly file?: { readonly path: string; readonly bytes: Uint8Array }
  readonly end?: true
}
type FromThread =
  { readonly read: true } | { readonly readings: SiteReadings } | { readonly error: string }

const ROLE = 'site-readers'
const THREAD_YOUNG_GENERATION_MIB = 4

/** The readers on a worker thread started from `script` (the bundle's entry, threads.ts). */
export function readersOnThread(spec: SiteReadersSpec, script: URL): SiteReaders {
  // wants() is answered at once, here, by readers made from the same spec: the thread's answer
  // is the same (it depends on the path, the size and the spec only). This twin's findings are
  // never read.
  const twin = readersHere(spec).visitor
  const worker = new Worker(script, {
    workerData: { role: ROLE, spec },
    // Pages are parsed and dropped one after the other: a small young generation frees them
    // often, where V8's default lets garbage grow by tens of MiB first.
    resourceLimits: { maxYoungGenerationSizeMb: THREAD_YOUNG_GENERATION_MIB }
  })
  let calls: Call[] = []
  // Replies come in the order the files went: one waiting promise per file, first in first out.
  const unread: { resolve: () => void; reject: (error: Error) => void }[] = []
  let ending: { resolve: (readings: SiteReadings) => void; reject: (error: Error) => void }
  const ended = new Promise<SiteReadings>((resolve, reject) => (ending = { resolve, reject }))
  // Rejected only through fail(), and awaited only by readings(): no unhandled rejection.
  ended.catch(() => undefined)
  let failure: Error | undefined
  let closed = false

  const fail = (error: Error) => {
    failure ??= error
    for (const waiting of unread.splice(0)) waiting.reject(failure)
    ending.reject(failure)
  }
  worker.on('message', (message: FromThread) => {
    if ('read' in message) unread.shift()?.resolve()
    else if ('readings' in message) ending.resolve(message.readings)
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
        calls.push(['entry', path, kind])
      },
      wants(path, sizeBytes) {
        calls.push(['wants', path, sizeBytes])
        return twin.wants(path, sizeBytes)
      },
      file(path, bytes) {
        if (failure) return Promise.reject(failure)
        // A copy the thread owns: `bytes` may be a view into a larger buffer (or Node's pool),
        // which a transfer would take from its other users and a clone would copy whole.
        const owned = new Uint8Array(bytes)
        const message: ToThread = { calls, file: { path, bytes: owned } }
        calls = []
        worker.postMessage(message, [owned.buffer])
        return new Promise<void>((resolve, reject) => unread.push({ resolve, reject }))
      }
    },
    readings() {
      if (!failure) worker.postMessage({ calls, end: true } satisfies ToThread)
      calls = []
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

/** The thread's side: replays the calls on readers made here, answering each file and the end. */
export function serveReaders(): void {
  const port = parentPort
  if (!port) throw new Error('serveReaders() runs on a worker thread.')
  const readers = readersHere((workerData as { spec: SiteReadersSpec }).spec)
  const { visitor } = readers
  const reply = (message: FromThread) => port.postMessage(message)
  let queue = Promise.resolve()
  port.on('message', (message: ToThread) => {
    // One message at a time, in order, though a reader's file() may be asynchronous.
    queue = queue.then(async () => {
      try {
        for (const call of message.calls) {
          if (call[0] === 'entry') visitor.entry?.(call[1], call[2])
          else visitor.wants(call[1], call[2])
        }
        if (message.file) {
          const { path, bytes } = message.file
          await visitor.file(path, Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength))
          reply({ read: true })
        }
        if (message.end) reply({ readings: await readers.readings() })
      } catch (error) {
        reply({ error: error instanceof Error ? error.message : String(error) })
      }
    })
  })
}
