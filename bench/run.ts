// `npm run bench`: the action's performance, measured on loopback against the local emulator of
// the Admin API and of presigned object storage (test/emulator), in one process tree.
//
//   npm run bench                                  # everything, as in the README (~17 minutes)
//   npm run bench -- --parts download --size-mib 64 --repeats 3
//   npm run bench -- --parts polling --quick       # 30 s and 60 s jobs only (~1 minute)
//   npm run bench -- --parts startup
//   npm run bench -- --parts site --quick          # the large site and the bombs (~3 minutes)
//   npm run bench -- --help
//
// Flags: --parts download,polling,startup,site (default: all four), --repeats N (default 3),
// --size-mib N (bundle padding, default 1024), --durations 30,60,180,600 (seconds of running
// time per job), --quick (durations 30,60; one run per format of the site part). A bad flag
// prints the usage and exits 2.
//
// It prints a table per part and writes them, with the date, the machine (nproc, CPU model),
// the Node version and the exact settings, to bench/results.md. Every child process and server
// is stopped at the end, on error and on Ctrl-C; temp files go to a folder under the OS temp
// directory that is removed afterwards (downloads are deleted after each run).
//
// 1. Download (bench/download.ts). The emulator serves a tar.gz bundle padded with --size-mib
//    MiB of incompressible bytes. Three clients fetch it, one at a time, each with a fresh
//    presigned link: `curl -sS -o`, @actions/tool-cache's downloadTool in a child Node process
//    (bench/tool-cache-download.ts), and the action itself (`node dist/index.js`, export mode
//    reusing a completed job by `job-id`, `download: true`, `extract: false`). First unthrottled,
//    then with the store pacing each connection to 50 MiB/s. Each run is wrapped in
//    `/usr/bin/time` for its peak RSS and CPU time; the harness's own CPU during a run is the
//    emulator's store sending. Reported: medians of --repeats runs of the whole
//    process (spawn to exit), of tool-cache's downloadTool call alone, and of the action's
//    download phase (its first request to the store up to its "Downloaded … bytes" log line,
//    i.e. with the SHA-256 and size checks), in MiB/s and as a ratio to curl; the number of
//    store GETs per run shows whether the action split the transfer into parallel ranges.
//    Unthrottled again with the bundle written to RAM (/dev/shm: curl -o there, the action's
//    `path` there), where the disk no longer hides the client's own cost.
//    Targets: action ≥ 0.9× curl unthrottled, ≥ 3× curl throttled, peak RSS ≤ 100 MiB; into
//    RAM, for the whole step: `checksum: none` ≥ 0.9× curl -o with peak RSS ≤ 100 MiB, and the
//    default SHA-256 ≥ 1.3× `curl -o && sha256sum`. The
//    SHA-256 the action checks is also timed alone (bench/hash-time.ts), which gives the best a
//    hashing downloader can do beside curl on this machine (the "ceiling" under the table).
//
// 2. Completion detection (bench/polling.ts). Jobs that stay queued 2 s, then make linear
//    progress for each duration plus an offset (--repeats offsets spread over 10 s, so that
//    completion falls at different points of a 10-second poll grid). For each duration and
//    offset, one emulator, on which the action (`download: false`, domain docs.example.com, the
//    rest at action.yml's defaults: `poll-interval: 10s`) and the vendor's loop
//    (bench/naive-loop.ts: start, GET, sleep 10 s, 60 polls at most) each start their own job,
//    all at once. From the emulator's request log: delay = first status GET at or after the
//    job's completion (start request + queued + running) minus that completion; requests =
//    status GETs for the job. Targets, per duration: median delay ≤ 2 s, and the largest
//    number of requests no more than the naive loop's. (With 60 polls the naive loop gives up
//    before a 10-minute job ends; such a job counts as not seen, with 60 requests.)
//
// 3. Cold start (bench/startup.ts). Spawn of `node dist/index.js` (export mode, `wait: false`)
//    to the first request recorded by the emulator, against `node bench/plain-fetch.mjs` (one
//    fetch), alternating, max(15, 3 × --repeats) runs each; target: median ≤ 2× the plain
//    script's. Also the size of every file in dist/, what each chunk holds (from its source
//    map), and which chunks a few kinds of run load (separate runs with a resolve hook,
//    bench/trace-chunks.mjs).
//
// 4. Large site (bench/site.ts). A generated 10,000-page export (test/emulator/large-site.ts:
//    ~260 MB of pages, script chunks and a sitemap) as a zip and as a tar.gz; for each, the
//    action (`extract: true`, defaults otherwise: the site check, when the build has one, at its
//    default) from the bundle link to the checked site, beside `curl -o && unzip -q` and
//    `curl | tar xz`; time, peak RSS, and the action's phases from its step summary. Then a
//    10 MB tar.gz bomb and a 10 MB zip bomb (bench/bombs.ts, ~10 GiB of zeros each) with
//    `extract-limit: 1GiB`: refused, peak RSS, nothing extracted left. Targets: action ≤ 1.3×
//    the baseline's time for each format, peak RSS ≤ 100 MiB; bombs: peak RSS ≤ 150 MiB.
import { execFileSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { readFileSync, rmSync } from 'node:fs'
import { mkdtemp, writeFile } from 'node:fs/promises'
import { availableParallelism, loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { format, resolveConfig } from 'prettier'
import { ROOT } from '../test/support/action-runner.ts'
import { snapshotDist } from './action.ts'
import { benchDownload } from './download.ts'
import { benchPolling, offsetsMs } from './polling.ts'
import { killAllChildren } from './process.ts'
import { machineInfo, targetsTable, type Target } from './report.ts'
import { benchSite } from './site.ts'
import { benchStartup } from './startup.ts'

const RESULTS = fileURLToPath(new URL('./results.md', import.meta.url))
const PARTS = ['download', 'polling', 'startup', 'site'] as const
type Part = (typeof PARTS)[number]
const THROTTLE_MIBPS = 50
const QUEUED_MS = 2000
const DEFAULT_DURATIONS = [30, 60, 180, 600]
const QUICK_DURATIONS = [30, 60]

const USAGE = `Usage: npm run bench -- [flags]

  --parts LIST      download,polling,startup,site (default: all)
  --repeats N       runs per download client and throttle, offsets per polling duration;
                    cold start runs max(15, 3·N) times (default: 3)
  --size-mib N      incompressible padding of the downloaded bundle, in MiB (default: 1024)
  --durations LIST  running time of the polled jobs, in seconds (default: 30,60,180,600)
  --quick           durations 30,60 (not with --durations); one run per format of
                    the site part unless --repeats is given
  --help            this text

Writes bench/results.md.`

interface Settings {
  parts: Part[]
  repeats: number
  /** Runs per format of the site part: --repeats, or 1 with --quick. */
  siteRepeats: number
  sizeMiB: number
  durationsS: number[]
}

class UsageError extends Error {}

function positiveInteger(text: string, flag: string): number {
  if (!/^\d+$/.test(text) || Number(text) < 1)
    throw new UsageError(`${flag} needs a whole number of at least 1, not "${text}"`)
  return Number(text)
}

function parseSettings(argv: string[]): Settings | 'help' {
  const { values, positionals } = parseArgs({
    args: argv,
    strict: true,
    allowPositionals: true,
    options: {
      parts: { type: 'string' },
      repeats: { type: 'string' },
      'size-mib': { type: 'string' },
      durations: { type: 'string' },
      quick: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' }
    }
  })
  if (values.help) return 'help'
  if (positionals.length > 0) throw new UsageError(`unexpected argument "${positionals[0]}"`)
  if (values.quick && values.durations !== undefined)
    throw new UsageError('--quick and --durations exclude each other')
  const parts = (values.parts ?? PARTS.join(','))
    .split(',')
    .map(p => p.trim())
    .filter(Boolean)
  for (const part of parts)
    if (!(PARTS as readonly string[]).includes(part))
      throw new UsageError(`unknown part "${part}"; the parts are ${PARTS.join(', ')}`)
  if (parts.length === 0) throw new UsageError('--parts names no part')
  const durationsS = values.quick
    ? QUICK_DURATIONS
    : values.durations === undefined
      ? DEFAULT_DURATIONS
      : values.durations.split(',').map(d => {
          const text = d.trim()
          if (!/^\d+(\.\d+)?$/.test(text) || Number(text) <= 0)
            throw new UsageError(`--durations needs positive seconds, not "${text}"`)
          return Number(text)
        })
  return {
    parts: PARTS.filter(p => parts.includes(p)),
    repeats: positiveInteger(values.repeats ?? '3', '--repeats'),
    siteRepeats:
      values.quick && values.repeats === undefined
        ? 1
        : positiveInteger(values.repeats ?? '3', '--repeats'),
    sizeMiB: positiveInteger(values['size-mib'] ?? '1024', '--size-mib'),
    durationsS: [...new Set(durationsS)]
  }
}

/** Which build was measured: the commit, whether src/ or dist/ differ from it, the entry's hash. */
function distState(entry: string): string {
  const hash = createHash('sha256').update(readFileSync(entry)).digest('hex').slice(0, 12)
  try {
    const git = (args: string[]) =>
      execFileSync('git', args, { cwd: ROOT, encoding: 'utf8', timeout: 10_000 }).trim()
    const head = git(['rev-parse', '--short', 'HEAD'])
    const dirty = git(['status', '--porcelain', '--', 'dist', 'src']) !== ''
    return `commit ${head}${dirty ? ' with uncommitted changes to src/ or dist/' : ''}; dist/index.js sha256 ${hash}…`
  } catch {
    return `dist/index.js sha256 ${hash}…`
  }
}

/** The number each part's section and targets carry in results.md. */
const PART_NUMBER: Record<Part, string> = { download: '1', polling: '2', startup: '3', site: '4' }

/** Sections as lines, each starting at its `## N. ` heading, put in the order of N. */
function orderedSections(lines: string[]): string[] {
  const blocks: string[][] = []
  for (const line of lines) {
    if (/^## \d+\. /.test(line) || blocks.length === 0) blocks.push([])
    ;(blocks.at(-1) as string[]).push(line)
  }
  const key = (block: string[]) => Number(/^## (\d+)\./.exec(block[0] ?? '')?.[1] ?? 0)
  return blocks.sort((a, b) => key(a) - key(b)).flat()
}

/**
 * What results.md holds of the parts this run did not measure: their sections and their rows
 * of the Targets table, so that `--parts site` does not erase the download's figures.
 */
async function keptFromEarlierRun(
  measured: readonly Part[]
): Promise<{ parts: Part[]; from: string; sections: string[]; targets: Target[] }> {
  const none = { parts: [], from: '', sections: [], targets: [] }
  let text: string
  try {
    text = readFileSync(RESULTS, 'utf8')
  } catch {
    return none
  }
  const date = /^- Date: (.+)$/m.exec(text)?.[1] ?? 'date unknown'
  const action = /^- Action: (commit [0-9a-f]+)/m.exec(text)?.[1] ?? 'commit unknown'
  const load = /load average at the start ([\d.]+)/.exec(text)?.[1]
  const from = `${date}, ${action}${load ? `, load average ${load} at its start` : ''}`
  const parts: Part[] = []
  const sections: string[] = []
  const targets: Target[] = []
  for (const part of PARTS.filter(p => !measured.includes(p))) {
    const number = PART_NUMBER[part]
    const section = new RegExp(
      `^## ${number}\\. [^\\n]*\\n[\\s\\S]*?(?=^## |(?![\\s\\S]))`,
      'm'
    ).exec(text)
    if (!section) continue
    parts.push(part)
    const [heading, ...body] = section[0].trimEnd().split('\n')
    // A section kept once already says which run measured it: that stays.
    const measuredBy = body.find(line => line.startsWith('_Kept from the earlier run'))
    sections.push(heading as string, '', measuredBy ?? `_Kept from the earlier run (${from})._`)
    sections.push(...body.filter(line => line !== measuredBy), '')
    for (const row of text.split('\n')) {
      const cells = row
        .split(/(?<!\\)\|/)
        .slice(1, -1)
        .map(cell => cell.trim().replace(/\\\|/g, '|'))
      if (cells.length !== 4 || !cells[0]?.startsWith(`${number}. `)) continue
      const [name, target, measuredText, met] = cells as [string, string, string, string]
      targets.push({
        part: name,
        target,
        measured: measuredText,
        met: met === '✅' ? true : met === '❌' ? false : undefined
      })
    }
  }
  return { parts, from, sections, targets }
}

let interrupted = false
let tempRoot: string | undefined

function onSignal(signal: NodeJS.Signals) {
  if (interrupted) process.exit(130) // a second Ctrl-C: no more waiting
  interrupted = true
  console.error(`\n${signal}: stopping every child process and server…`)
  killAllChildren()
}

async function main(): Promise<number> {
  let settings: Settings | 'help'
  try {
    settings = parseSettings(process.argv.slice(2))
  } catch (error) {
    console.error(`${(error as Error).message}\n\n${USAGE}`)
    return 2
  }
  if (settings === 'help') {
    console.log(USAGE)
    return 0
  }
  process.on('SIGINT', onSignal)
  process.on('SIGTERM', onSignal)
  process.on('exit', () => {
    killAllChildren()
    if (tempRoot) rmSync(tempRoot, { recursive: true, force: true })
  })

  tempRoot = await mkdtemp(join(tmpdir(), 'mintlify-bench-'))
  const entry = await snapshotDist(tempRoot)
  const machine = machineInfo()
  const startupRuns = Math.max(15, 3 * settings.repeats)
  const log = (line: string) => console.log(line)
  const args = process.argv.slice(2).join(' ')
  const lines: string[] = [
    '# Benchmark results',
    '',
    `- Date: ${machine.date}`,
    `- Machine: \`nproc\` = ${machine.nproc}, CPU ${machine.cpu}; load average at the start ${loadavg()
      .map(l => l.toFixed(2))
      .join(', ')} (the machine is shared)${
      (loadavg()[0] ?? 0) > availableParallelism()
        ? `: **more runnable processes than cores, so times and the download's choice of parallel ranges are not representative**`
        : ''
    }`,
    `- Node ${machine.node} (harness, action and Node baselines); ${machine.curl}`,
    `- Action: ${distState(entry)} (a copy of dist/ taken at the start is what runs)`,
    `- Command: \`${process.env.TMPDIR ? `TMPDIR=${process.env.TMPDIR} ` : ''}npm run bench${args ? ` -- ${args}` : ''}\``,
    `- Settings: parts ${settings.parts.join(', ')}; repeats ${settings.repeats}` +
      (settings.parts.includes('download')
        ? `; bundle padding ${settings.sizeMiB} MiB (tar.gz), throttle ${THROTTLE_MIBPS} MiB/s per connection`
        : '') +
      (settings.parts.includes('polling')
        ? `; running times ${settings.durationsS.join(', ')} s after ${QUEUED_MS / 1000} s queued, offsets ${offsetsMs(
            settings.repeats
          )
            .map(ms => `${ms} ms`)
            .join(', ')}`
        : '') +
      (settings.parts.includes('startup') ? `; cold start runs ${startupRuns}` : '') +
      (settings.parts.includes('site')
        ? `; site: 10,000 pages as zip and tar.gz, ${settings.siteRepeats} run(s) each, two 10 MB archive bombs`
        : ''),
    ''
  ]
  const sections: string[] = []
  const targets: Target[] = []
  const started = Date.now()
  try {
    for (const part of settings.parts) {
      if (interrupted) break
      if (part === 'download') {
        log(`\n== 1. Download (${settings.sizeMiB} MiB padding, ${settings.repeats} run(s) each)`)
        const result = await benchDownload({
          sizeMiB: settings.sizeMiB,
          repeats: settings.repeats,
          throttleMiBps: THROTTLE_MIBPS,
          tempRoot,
          log
        })
        sections.push(
          `## 1. Download of a ${(result.archiveBytes / 1024 / 1024).toFixed(0)} MiB bundle`,
          '',
          result.markdown,
          ''
        )
        targets.push(...result.targets)
      } else if (part === 'polling') {
        log(`\n== 2. Completion detection (${settings.durationsS.join(', ')} s)`)
        const result = await benchPolling({
          durationsS: settings.durationsS,
          repeats: settings.repeats,
          queuedMs: QUEUED_MS,
          tempRoot,
          log
        })
        sections.push('## 2. Completion detection', '', result.markdown, '')
        targets.push(...result.targets)
      } else if (part === 'site') {
        log(`\n== 4. Large site, extracted and checked (${settings.siteRepeats} run(s) each)`)
        const result = await benchSite({ repeats: settings.siteRepeats, tempRoot, log })
        sections.push(
          '## 4. Large site: download, extraction, audit and check',
          '',
          result.markdown,
          ''
        )
        targets.push(...result.targets)
      } else {
        log(`\n== 3. Cold start (${startupRuns} runs each)`)
        const result = await benchStartup({ runs: startupRuns, tempRoot, log })
        sections.push('## 3. Cold start and dist/', '', result.markdown, '')
        targets.push(...result.targets)
      }
    }
  } catch (error) {
    if (!interrupted) throw error
  } finally {
    killAllChildren()
  }
  if (interrupted) {
    console.error('Interrupted: bench/results.md was not written.')
    return 130
  }
  const kept = await keptFromEarlierRun(settings.parts)
  if (kept.parts.length > 0)
    lines.push(
      `This run measured ${settings.parts.join(', ')}; the sections of ${kept.parts.join(', ')} and their targets are kept from the earlier run (${kept.from}).`,
      ''
    )
  targets.push(...kept.targets)
  targets.sort((a, b) => a.part.localeCompare(b.part))
  sections.push(...kept.sections)
  lines.push(
    `Took ${Math.round((Date.now() - started) / 1000)} s; load average at the end ${loadavg()
      .map(l => l.toFixed(2))
      .join(', ')}.`,
    '',
    '## Targets',
    '',
    targetsTable(targets),
    '',
    ...orderedSections(sections)
  )
  // Formatted as `npm run format:check` expects, so a fresh results.md passes it.
  const markdown = await format(`${lines.join('\n').trimEnd()}\n`, {
    ...(await resolveConfig(RESULTS)),
    parser: 'markdown'
  })
  await writeFile(RESULTS, markdown)
  console.log(`\n${markdown}`)
  console.log(`Written to ${RESULTS}`)
  return 0
}

try {
  process.exitCode = await main()
} catch (error) {
  console.error(error)
  process.exitCode = 1
} finally {
  killAllChildren()
  if (tempRoot) rmSync(tempRoot, { recursive: true, force: true })
}
