// Part 1: downloading a large bundle. The action (reusing a completed job by id) against curl and
// @actions/tool-cache's downloadTool, each unthrottled and with a per-connection throttle, and
// unthrottled into RAM (/dev/shm), where the client's own cost shows.
import { createHash } from 'node:crypto'
import { createReadStream } from 'node:fs'
import { mkdtemp, open, rm, stat } from 'node:fs/promises'
import { availableParallelism } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { startEmulator, type Emulator } from '../test/emulator/index.ts'
import { runBundledAction, summaryPhaseMs, tail } from './action.ts'
import { runProcess, type ProcessOptions, type ProcessResult } from './process.ts'
import { max, median, mib, MiB, ratio, seconds, table, type Target } from './report.ts'

const TOOL_CACHE_SCRIPT = fileURLToPath(new URL('./tool-cache-download.ts', import.meta.url))
const HASH_SCRIPT = fileURLToPath(new URL('./hash-time.ts', import.meta.url))

export interface DownloadSettings {
  sizeMiB: number
  repeats: number
  /** Per-connection throttle of the throttled runs. */
  throttleMiBps: number
  tempRoot: string
  log: (line: string) => void
}

/** The action with its default `checksum: sha256`, and with `checksum: none` (like `curl -o`). */
type ActionClient = 'action' | 'action, checksum: none'
type Client = 'curl' | 'curl + sha256sum' | 'tool-cache' | ActionClient
const ACTION_CHECKSUM: Record<ActionClient, string> = {
  action: 'sha256',
  'action, checksum: none': 'none'
}

interface DownloadRun {
  client: Client
  throttleMiBps: number
  /** Written to RAM (/dev/shm), where the disk no longer hides the client's own cost. */
  ram: boolean
  /** Spawn to exit. */
  wallMs: number
  /** The transfer alone: the action's download phase, tool-cache's downloadTool call. */
  transferMs?: number
  /** The action's `Time: download` from its step summary (rounded as it is printed). */
  summaryMs?: number
  peakRssKiB?: number
  /** User + system CPU of the client (and what it ran). */
  cpuMs?: number
  /** CPU of the harness during the run: the emulator's store serving the bundle, mostly. */
  storeCpuMs: number
  /** GET requests the store received for this run. */
  connections: number
  bytes: number
}

export interface DownloadResult {
  archiveBytes: number
  runs: DownloadRun[]
  markdown: string
  targets: Target[]
}

/** tmpfs on Linux: the RAM-backed rows write there. */
const RAM_FOLDER = '/dev/shm'
/**
 * The RAM-backed rows run at least this many times: their spread is wide. Writing 1 GiB into
 * tmpfs makes the kernel hand out and clear 262,144 pages, and on the benchmark's VM that cost
 * varies from run to run by 2-3x (curl alone, same bundle, back to back: 0.8-3.2 s, its CPU
 * 0.6-3.1 s), whichever client writes.
 */
const RAM_REPEATS_MIN = 5
/** Bytes per write of the file that prefaults the RAM folder before each run there. */
const PREFAULT_WRITE_BYTES = 8 * MiB

interface Condition {
  throttled: boolean
  ram: boolean
  clients: readonly Client[]
}

/** Unthrottled to disk, unthrottled to RAM (tool-cache left out), throttled to disk. */
const CONDITIONS: readonly Condition[] = [
  {
    throttled: false,
    ram: false,
    clients: ['curl', 'curl + sha256sum', 'tool-cache', 'action', 'action, checksum: none']
  },
  {
    throttled: false,
    ram: true,
    clients: ['curl', 'curl + sha256sum', 'action', 'action, checksum: none']
  },
  {
    throttled: true,
    ram: false,
    clients: ['curl', 'curl + sha256sum', 'tool-cache', 'action', 'action, checksum: none']
  }
]

function conditionLabel(condition: Condition, settings: { throttleMiBps: number }): string {
  if (condition.throttled) return `${settings.throttleMiBps} MiB/s per connection`
  return condition.ram ? `unthrottled, into RAM (${RAM_FOLDER})` : 'unthrottled'
}

async function freshLink(emu: Emulator, jobId: string): Promise<string> {
  const response = await fetch(`${emu.apiUrl}/v1/static-export/jobs/${jobId}/bundle`, {
    method: 'POST',
    headers: { authorization: `Bearer ${emu.apiKey}` }
  })
  const body = (await response.json()) as { bundleUrl?: string }
  if (!response.ok || !body.bundleUrl)
    throw new Error(`No bundle link (HTTP ${response.status}): ${JSON.stringify(body)}`)
  return body.bundleUrl
}

function check(run: ProcessResult, what: string): void {
  if (run.exitCode === 0 && !run.timedOut) return
  throw new Error(
    `${what} failed (exit ${run.exitCode ?? run.signal}${run.timedOut ? ', timed out' : ''}):\n${tail(run)}`
  )
}

async function fileSha256(path: string): Promise<string> {
  const hash = createHash('sha256')
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer)
  return hash.digest('hex')
}

async function sizeOf(path: string): Promise<number> {
  return (await stat(path)).size
}

/**
 * Writes and removes a file of `bytes` in `folder`, before each RAM-backed run. A page of
 * guest memory touched for the first time costs the VM far more than one freed and reused (the
 * first run into /dev/shm of a session took 3.2 s, the next ones 0.8-1.9 s), and tmpfs hands
 * out freed pages first: so every client, whichever runs first, writes into pages the VM has
 * backed already, and the rows compare the clients rather than the hypervisor.
 */
async function prefault(folder: string, bytes: number): Promise<void> {
  const path = join(folder, 'prefault')
  const file = await open(path, 'w')
  try {
    const block = Buffer.alloc(PREFAULT_WRITE_BYTES, 1)
    for (let written = 0; written < bytes; written += block.length) await file.write(block)
  } finally {
    await file.close()
    await rm(path, { force: true })
  }
}

/** `items` started at `by` (modulo their count): each client takes its turn at running first. */
function rotated<T>(items: readonly T[], by: number): T[] {
  const start = by % items.length
  return [...items.slice(start), ...items.slice(0, start)]
}

function cpuMs(usage: NodeJS.CpuUsage): number {
  return (usage.user + usage.system) / 1000
}

/** Store requests that arrived since `since` (one run at a time, so all are that run's). */
function storeRequests(emu: Emulator, since: number): number {
  return emu.requests.filter(r => r.endpoint === 'download' && r.at >= since).length
}

export async function benchDownload(settings: DownloadSettings): Promise<DownloadResult> {
  const { log } = settings
  const padBytes = settings.sizeMiB * MiB
  log(`Building a ${settings.sizeMiB} MiB tar.gz bundle in the emulator…`)
  const emu = await startEmulator({ storage: { padBytes, format: 'tar.gz' } })
  const work = await mkdtemp(join(settings.tempRoot, 'download-'))
  // The RAM-backed runs write the bundle to tmpfs; everything else stays on disk.
  const ramWork = await mkdtemp(join(RAM_FOLDER, 'mintlify-bench-download-')).catch(
    (error: Error) => {
      throw new Error(
        `The RAM-backed runs need a tmpfs at ${RAM_FOLDER} (Linux's /dev/shm): ${error.message}`
      )
    }
  )
  /** Where the current runs write their bundle: `work`, or `ramWork` for the RAM-backed rows. */
  let dir = work
  let ram = false
  const runs: DownloadRun[] = []
  let nodeFloorKiB: number | undefined
  let hashMs: number | undefined
  try {
    const jobId = emu.createExportJob('docs.example.com', 'completed')
    const archive = await emu.bundleFile(jobId)
    // Long enough for the slowest client at the throttle, with room for a loaded machine.
    const timeoutMs = 60_000 + (archive.size / (settings.throttleMiBps * MiB)) * 1000 * 3

    const expectSize = (bytes: number, client: Client) => {
      if (bytes !== archive.size)
        throw new Error(`${client} wrote ${bytes} bytes; the bundle has ${archive.size}`)
    }

    /**
     * One run of a program that downloads a fresh link to a file: timed, its peak RSS taken,
     * the file's size checked and the file removed. `spawn` starts it; `verify` checks what it
     * printed and may add to the row.
     */
    const externalRun = async (
      client: Exclude<Client, ActionClient>,
      throttle: number,
      file: string,
      spawn: (url: string, dest: string, options: ProcessOptions) => Promise<ProcessResult>,
      verify: (run: ProcessResult) => Partial<DownloadRun> = () => ({})
    ): Promise<DownloadRun> => {
      const dest = join(dir, file)
      const url = await freshLink(emu, jobId)
      const since = Date.now()
      const cpuBefore = process.cpuUsage()
      try {
        const run = await spawn(url, dest, { timeoutMs, timeFile: join(work, 'rss') })
        const storeCpuMs = cpuMs(process.cpuUsage(cpuBefore))
        check(run, client)
        const extra = verify(run)
        const bytes = await sizeOf(dest)
        expectSize(bytes, client)
        return {
          client,
          throttleMiBps: throttle,
          ram,
          wallMs: run.wallMs,
          peakRssKiB: run.peakRssKiB,
          cpuMs: run.cpuMs,
          storeCpuMs,
          connections: storeRequests(emu, since),
          bytes,
          ...extra
        }
      } finally {
        await rm(dest, { force: true })
      }
    }

    const clients: Record<Client, (throttle: number, n: number) => Promise<DownloadRun>> = {
      curl: (throttle, n) =>
        externalRun('curl', throttle, `curl-${n}.tar.gz`, (url, dest, options) =>
          runProcess('curl', ['-sS', '-o', dest, url], options)
        ),
      // What a user who also wants the bundle's SHA-256 (the action's `bundle-sha256`) would
      // write: context for the action's figures, not a target.
      'curl + sha256sum': (throttle, n) =>
        externalRun(
          'curl + sha256sum',
          throttle,
          `curl-sha-${n}.tar.gz`,
          (url, dest, options) =>
            runProcess(
              'sh',
              ['-c', 'curl -sS -o "$1" "$2" && sha256sum "$1"', 'sh', dest, url],
              options
            ),
          run => {
            if (!run.stdout.startsWith(archive.sha256))
              throw new Error(`sha256sum printed ${run.stdout.trim()}, not ${archive.sha256}`)
            return {}
          }
        ),
      'tool-cache': (throttle, n) =>
        externalRun(
          'tool-cache',
          throttle,
          `tool-cache-${n}.tar.gz`,
          (url, dest, options) =>
            runProcess(process.execPath, [TOOL_CACHE_SCRIPT, url, dest], {
              ...options,
              env: { PATH: process.env.PATH ?? '', RUNNER_TEMP: work }
            }),
          run => {
            const printed = JSON.parse(run.stdout.trim().split('\n').at(-1) ?? '{}') as {
              downloadMs?: number
            }
            return { transferMs: printed.downloadMs }
          }
        ),
      action: (throttle, n) => actionRun('action', throttle, n),
      'action, checksum: none': (throttle, n) => actionRun('action, checksum: none', throttle, n)
    }

    /** One run of the bundled action, reusing the completed job by id. */
    async function actionRun(
      client: ActionClient,
      throttle: number,
      n: number
    ): Promise<DownloadRun> {
      const dest = join(dir, `action-${n}`)
      let downloadedAt: number | undefined
      const since = Date.now()
      const cpuBefore = process.cpuUsage()
      try {
        const run = await runBundledAction(
          {
            mode: 'export',
            'job-id': jobId,
            domain: '',
            'base-url': emu.apiUrl,
            'api-key': emu.apiKey,
            download: 'true',
            extract: 'false',
            checksum: ACTION_CHECKSUM[client],
            path: dest
          },
          {
            tempRoot: work,
            timeoutMs,
            peakRss: true,
            onLine: (line, at) => {
              if (downloadedAt === undefined && /^Downloaded \d+ bytes/.test(line))
                downloadedAt = at
            }
          }
        )
        const storeCpuMs = cpuMs(process.cpuUsage(cpuBefore))
        check(run, client)
        // Without its hash the action's file is hashed here, after the run and its timing.
        const sha256 =
          client === 'action'
            ? run.outputs['bundle-sha256']
            : await fileSha256(run.outputs['bundle-path'] ?? '')
        if (sha256 !== archive.sha256)
          throw new Error(`${client} wrote a bundle with SHA-256 ${sha256}, not ${archive.sha256}`)
        expectSize(Number(run.outputs['bundle-size']), client)
        const firstGet = emu.requests.find(r => r.endpoint === 'download' && r.at >= since)
        return {
          client,
          throttleMiBps: throttle,
          ram,
          wallMs: run.wallMs,
          // First store request to the "Downloaded …" log line (hash and size checked).
          // Without that line (its wording may change), the summary's rounded figure.
          transferMs:
            firstGet && downloadedAt !== undefined
              ? downloadedAt - firstGet.at
              : summaryPhaseMs(run.summary, 'download'),
          summaryMs: summaryPhaseMs(run.summary, 'download'),
          peakRssKiB: run.peakRssKiB,
          cpuMs: run.cpuMs,
          storeCpuMs,
          connections: storeRequests(emu, since),
          bytes: Number(run.outputs['bundle-size'])
        }
      } finally {
        await rm(dest, { recursive: true, force: true })
      }
    }

    // For scale: what Node itself takes before any work.
    const idle = await runProcess(process.execPath, ['-e', ''], {
      timeoutMs: 30_000,
      timeFile: join(work, 'rss')
    })
    nodeFloorKiB = idle.peakRssKiB

    // The check the action does and curl does not, alone: SHA-256 over as many bytes.
    const hashRuns: number[] = []
    for (let n = 1; n <= settings.repeats; n++) {
      const run = await runProcess(process.execPath, [HASH_SCRIPT, String(archive.size)], {
        timeoutMs: 120_000
      })
      check(run, 'The SHA-256 timing')
      hashRuns.push(Number(run.stdout.trim()))
    }
    hashMs = median(hashRuns)
    log(`  SHA-256 of ${archive.size} bytes in Node: ${seconds(hashMs)} (median)`)

    for (const condition of CONDITIONS) {
      const throttle = condition.throttled ? settings.throttleMiBps : 0
      emu.options.storage.bytesPerSecondPerConnection = throttle * MiB
      ram = condition.ram
      dir = ram ? ramWork : work
      const repeats = ram ? Math.max(settings.repeats, RAM_REPEATS_MIN) : settings.repeats
      for (let n = 1; n <= repeats; n++) {
        for (const client of rotated(condition.clients, n - 1)) {
          if (ram) await prefault(dir, archive.size)
          const run = await clients[client](throttle, n)
          runs.push(run)
          log(
            `  ${conditionLabel(condition, settings)}, run ${n}/${repeats}, ${client}: ${seconds(run.wallMs)} wall${run.transferMs !== undefined ? `, ${seconds(run.transferMs)} transfer` : ''}${run.summaryMs !== undefined ? ` (summary: ${seconds(run.summaryMs, 0)})` : ''}, CPU ${seconds(run.cpuMs)} (store ${seconds(run.storeCpuMs)}), ${mib(run.peakRssKiB)} peak RSS, ${run.connections} GET(s)`
          )
        }
      }
    }
    return {
      archiveBytes: archive.size,
      runs,
      ...summarize(runs, archive.size, settings, nodeFloorKiB, hashMs)
    }
  } finally {
    await rm(work, { recursive: true, force: true })
    await rm(ramWork, { recursive: true, force: true })
    await emu.close()
  }
}

/**
 * What the unthrottled target allows on this machine, from figures measured in this run: the
 * SHA-256 is work curl does not do, and the store shares the client's cores.
 */
function ceilingText(
  curlMs: number,
  hashMs: number,
  curlCpuMs: number | undefined,
  storeCpuMs: number | undefined,
  bytes: number
): string {
  const oneThread = curlMs / (curlMs + hashMs)
  const lines = [
    `**Ceiling for a downloader that checks SHA-256.** Node hashes ${(bytes / MiB).toFixed(0)} MiB in ${seconds(hashMs)} (median, in memory, 64 KiB updates; bench/hash-time.ts). On the thread that receives and writes, even as cheaply as curl does, that gives at best curl's time plus the hash: ${ratio(oneThread)} curl.`
  ]
  if (curlCpuMs !== undefined && storeCpuMs !== undefined) {
    const cores = availableParallelism()
    const floorMs = Math.max(curlMs, (curlCpuMs + hashMs + storeCpuMs) / cores)
    lines.push(
      `With the hash on another thread, the CPU of curl's work plus the hash plus the store's sending (${seconds(curlCpuMs)} + ${seconds(hashMs)} + ${seconds(storeCpuMs)}) still has to fit on ${cores} core(s): at best ${ratio(curlMs / floorMs)} curl, before any cost of handing bytes between threads.`
    )
  }
  return lines.join(' ')
}

function summarize(
  runs: DownloadRun[],
  bytes: number,
  settings: DownloadSettings,
  nodeFloorKiB: number | undefined,
  hashMs: number | undefined
): { markdown: string; targets: Target[] } {
  const rate = (ms: number | undefined) =>
    ms === undefined ? undefined : bytes / MiB / (ms / 1000)
  const rows: string[][] = []
  const targets: Target[] = []
  let actionPeakKiB: number | undefined
  let ceilings = ''
  for (const condition of CONDITIONS) {
    const throttle = condition.throttled ? settings.throttleMiBps : 0
    const of = (client: Client) =>
      runs.filter(
        r => r.client === client && r.throttleMiBps === throttle && r.ram === condition.ram
      )
    const curlMs = median(of('curl').map(r => r.wallMs))
    const curlRate = rate(curlMs)
    const label = conditionLabel(condition, settings)
    const defined = (values: (number | undefined)[]) =>
      values.filter((v): v is number => v !== undefined)
    // Whole-process rows carry the CPU and GET columns; rows of a phase within a run do not.
    const row = (name: string, list: DownloadRun[], ms: number | undefined, whole = true) => {
      if (list.length === 0) return
      rows.push([
        label,
        name,
        String(list.length),
        seconds(ms),
        rate(ms)?.toFixed(0) ?? '—',
        ratio(curlRate && rate(ms) ? (rate(ms) as number) / curlRate : undefined),
        whole ? seconds(median(defined(list.map(r => r.cpuMs)))) : '',
        whole ? seconds(median(list.map(r => r.storeCpuMs))) : '',
        mib(max(defined(list.map(r => r.peakRssKiB)))),
        whole ? String(max(list.map(r => r.connections)) ?? '—') : ''
      ])
    }
    row('curl', of('curl'), curlMs)
    row(
      'curl + sha256sum',
      of('curl + sha256sum'),
      median(of('curl + sha256sum').map(r => r.wallMs))
    )
    row('tool-cache (process)', of('tool-cache'), median(of('tool-cache').map(r => r.wallMs)))
    row(
      'tool-cache (downloadTool call)',
      of('tool-cache'),
      median(defined(of('tool-cache').map(r => r.transferMs))),
      false
    )
    const actionWallMs = (client: ActionClient) => median(of(client).map(r => r.wallMs))
    const phaseMs = (client: ActionClient) => median(defined(of(client).map(r => r.transferMs)))
    for (const [client, name] of [
      ['action', 'action'],
      ['action, checksum: none', 'action, `checksum: none`']
    ] as const) {
      row(`**${name} (whole run)**`, of(client), actionWallMs(client))
      row(`**${name} (download phase)**`, of(client), phaseMs(client), false)
    }

    const versusCurl = (ms: number | undefined) =>
      curlRate && rate(ms) ? (rate(ms) as number) / curlRate : undefined
    const peakOf = (client: ActionClient) => max(defined(of(client).map(r => r.peakRssKiB)))
    if (condition.ram) {
      // Into RAM the whole step is compared (spawn to exit: the action's start-up counts).
      const noneRatio = versusCurl(actionWallMs('action, checksum: none'))
      targets.push({
        part: '1. Download',
        target: `${label}: action (\`checksum: none\`) ≥ 0.9× \`curl -o\`, whole step`,
        measured: `${ratio(noneRatio)} (${seconds(actionWallMs('action, checksum: none'))} vs ${seconds(curlMs)}); download phase ${ratio(versusCurl(phaseMs('action, checksum: none')))}`,
        met: noneRatio === undefined ? undefined : noneRatio >= 0.9
      })
      const noneRss = peakOf('action, checksum: none')
      targets.push({
        part: '1. Download',
        target: `${label}: action (\`checksum: none\`) peak RSS ≤ 100 MiB`,
        measured: mib(noneRss),
        met: noneRss === undefined ? undefined : noneRss <= 100 * 1024
      })
      const shaMs = median(of('curl + sha256sum').map(r => r.wallMs))
      const shaRatio =
        shaMs !== undefined && actionWallMs('action') !== undefined
          ? shaMs / (actionWallMs('action') as number)
          : undefined
      targets.push({
        part: '1. Download',
        target: `${label}: action (defaults, SHA-256) ≥ 1.3× \`curl -o && sha256sum\`, whole step`,
        measured: `${ratio(shaRatio)} (${seconds(actionWallMs('action'))} vs ${seconds(shaMs)}); peak RSS ${mib(peakOf('action'))}`,
        met: shaRatio === undefined ? undefined : shaRatio >= 1.3
      })
      continue
    }
    if (!throttle && curlMs !== undefined && hashMs !== undefined) {
      const curlCpuMs = median(defined(of('curl').map(r => r.cpuMs)))
      const storeCpuMs = median(of('curl').map(r => r.storeCpuMs))
      ceilings = ceilingText(curlMs, hashMs, curlCpuMs, storeCpuMs, bytes)
    }
    // Unthrottled, the action is held to curl -o like for like: neither computes a hash (the
    // default's SHA-256 is the ceiling shown below). Throttled, with its defaults.
    const [client, setting]: [ActionClient, string] = throttle
      ? ['action', 'defaults']
      : ['action, checksum: none', '`checksum: none`, like `curl -o`']
    const want = throttle ? 3 : 0.9
    const phaseRatio = versusCurl(phaseMs(client))
    targets.push({
      part: '1. Download',
      target: `${label}: action (${setting}) ≥ ${want}× curl's MiB/s`,
      measured: `${ratio(phaseRatio)} download phase (${rate(phaseMs(client))?.toFixed(0) ?? '—'} vs ${curlRate?.toFixed(0) ?? '—'} MiB/s); ${ratio(versusCurl(actionWallMs(client)))} whole run`,
      met: phaseRatio === undefined ? undefined : phaseRatio >= want
    })
    if (!throttle)
      targets.push({
        part: '1. Download',
        target: `${label}: action (defaults, SHA-256 on the way): context, not a target`,
        measured: `${ratio(versusCurl(phaseMs('action')))} download phase; ${ratio(versusCurl(actionWallMs('action')))} whole run`,
        met: undefined
      })
    const peak = max(
      defined([...of('action'), ...of('action, checksum: none')].map(r => r.peakRssKiB))
    )
    if (peak !== undefined) actionPeakKiB = Math.max(actionPeakKiB ?? 0, peak)
  }
  targets.push({
    part: '1. Download',
    target: 'action peak RSS ≤ 100 MiB (to disk)',
    measured: `${mib(actionPeakKiB)} (max of the action's runs to disk)`,
    met: actionPeakKiB === undefined ? undefined : actionPeakKiB <= 100 * 1024
  })
  const markdown = [
    `Bundle: tar.gz of ${bytes} bytes (${(bytes / MiB).toFixed(1)} MiB: the site plus ${settings.sizeMiB} MiB of incompressible padding), served by the emulator's object store on loopback, one download at a time. Medians of ${settings.repeats} run(s) per row (the rows into RAM: ${Math.max(settings.repeats, RAM_REPEATS_MIN)}), the clients taking turns at running first; peak RSS is the largest of them. "vs curl" divides MiB/s by curl's. \`curl + sha256sum\` hashes the file after downloading it, as a user who also wants the action's \`bundle-sha256\` would: context, not a target. \`action, checksum: none\` is the action without its SHA-256, like for like with \`curl -o\` (the default, \`checksum: sha256\`, hashes each chunk on the way). "GETs" counts the store requests of one run (more than 1: ranged parallel download). The rows "into RAM" write the bundle to ${RAM_FOLDER} (tmpfs; \`curl -o\` there, the action's \`path\` there), where the disk no longer hides the client's own cost; their targets compare the whole step, spawn to exit, the action's start-up included. Before each of those runs the harness writes a file of the bundle's size there and removes it: the VM charges far more for a page of memory touched the first time than for one reused, whichever client writes. For scale, \`node -e ''\` peaks at ${mib(nodeFloorKiB)}.`,
    '',
    table(
      [
        'Store',
        'Client',
        'Runs',
        'Time (median)',
        'MiB/s',
        'vs curl',
        'CPU',
        'Store CPU',
        'Peak RSS',
        'GETs'
      ],
      rows
    ),
    '',
    '"CPU" is the client\'s user + system time (GNU time), "Store CPU" the harness\'s own during the run: the emulator\'s store sending the bundle, on the same two cores.',
    ...(ceilings ? ['', ceilings] : [])
  ].join('\n')
  return { markdown, targets }
}
