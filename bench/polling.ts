// Part 2: how soon a finished export is noticed, and at what cost in status requests. For each
// duration and offset, one emulator; on it, the action and the vendor's naive loop each start
// their own job and poll it. Everything runs at once, so the part lasts as long as the longest job.
import { fileURLToPath } from 'node:url'
import { startEmulator, type Emulator } from '../test/emulator/index.ts'
import { runBundledAction, tail, type BenchActionRun } from './action.ts'
import {
  NAIVE_INTERVAL_MS,
  NAIVE_MAX_POLLS,
  NAIVE_USER_AGENT,
  type NaiveResult
} from './naive-loop.ts'
import { runProcess, type ProcessResult } from './process.ts'
import { max, median, seconds, table, type Target } from './report.ts'

const NAIVE_SCRIPT = fileURLToPath(new URL('./naive-loop.ts', import.meta.url))
const DOMAIN = 'docs.example.com'
/** The action's default `timeout` (action.yml); longer jobs get a longer one. */
const ACTION_DEFAULT_TIMEOUT_MS = 15 * 60_000
/** Between process starts, so two cores are not asked to boot two dozen Node processes at once. */
const SPAWN_GAP_MS = 150

export interface PollingSettings {
  durationsS: number[]
  /** Offsets per duration: completion lands at different points of a 10 s poll grid. */
  repeats: number
  queuedMs: number
  tempRoot: string
  log: (line: string) => void
}

type Poller = 'action' | 'naive'

interface JobMeasure {
  poller: Poller
  durationS: number
  offsetMs: number
  jobId: string
  completedAt: number
  /** First status request at or after completion; undefined when none came. */
  delayMs?: number
  requests: number
  /** What the poller itself said (exit status, last status). */
  finished: boolean
}

export interface PollingResult {
  jobs: JobMeasure[]
  markdown: string
  targets: Target[]
}

interface Scenario {
  durationS: number
  offsetMs: number
  queuedMs: number
  runningMs: number
  emu: Emulator
}

const sleep = (ms: number) => new Promise(resolve => setTimeout(resolve, ms))

/** Offsets spread evenly over one naive poll interval: 0, 10/N s, 2·10/N s, … */
export function offsetsMs(repeats: number): number[] {
  return Array.from({ length: repeats }, (_, k) => Math.round((k * NAIVE_INTERVAL_MS) / repeats))
}

function measure(
  scenario: Scenario,
  poller: Poller,
  jobId: string | undefined,
  finished: boolean
): JobMeasure {
  const requests = scenario.emu.requests
  const starts = requests.filter(r => r.endpoint === 'start')
  const isNaive = (ua: unknown) => ua === NAIVE_USER_AGENT
  const start = starts.find(r => isNaive(r.headers['user-agent']) === (poller === 'naive'))
  const base = {
    poller,
    durationS: scenario.durationS,
    offsetMs: scenario.offsetMs,
    jobId: jobId ?? '?',
    finished
  }
  if (!start || !jobId) return { ...base, completedAt: NaN, requests: 0, finished: false }
  // The emulator stamps the job's createdAt a moment (well under 1 ms here) after it records
  // the start request: completion is queued + running after that.
  const completedAt = start.at + scenario.queuedMs + scenario.runningMs
  const path = `/v1/static-export/jobs/${encodeURIComponent(jobId)}`
  const polls = requests.filter(r => r.endpoint === 'status' && r.url.split('?')[0] === path)
  const noticed = polls.find(r => r.at >= completedAt)
  return {
    ...base,
    completedAt,
    delayMs: noticed ? noticed.at - completedAt : undefined,
    requests: polls.length
  }
}

export async function benchPolling(settings: PollingSettings): Promise<PollingResult> {
  const { log } = settings
  const scenarios: Scenario[] = []
  try {
    for (const durationS of settings.durationsS) {
      for (const offsetMs of offsetsMs(settings.repeats)) {
        const runningMs = durationS * 1000 + offsetMs
        const emu = await startEmulator({
          export: { queuedMs: settings.queuedMs, runningMs }
        })
        scenarios.push({ durationS, offsetMs, queuedMs: settings.queuedMs, runningMs, emu })
      }
    }
    const longestMs = Math.max(...scenarios.map(s => s.queuedMs + s.runningMs))
    log(
      `${scenarios.length} scenario(s), ${scenarios.length * 2} pollers at once; about ${seconds(longestMs, 0)} in all.`
    )
    const actionTimeoutMs = Math.max(ACTION_DEFAULT_TIMEOUT_MS, longestMs + 5 * 60_000)
    const killAfterMs = Math.max(
      actionTimeoutMs + 60_000,
      NAIVE_INTERVAL_MS * NAIVE_MAX_POLLS + 60_000
    )

    const runs: Promise<JobMeasure>[] = []
    for (const scenario of scenarios) {
      const { emu } = scenario
      const inputs: Record<string, string> = {
        mode: 'export',
        'base-url': emu.apiUrl,
        'api-key': emu.apiKey,
        domain: DOMAIN,
        download: 'false'
      }
      if (actionTimeoutMs > ACTION_DEFAULT_TIMEOUT_MS)
        inputs.timeout = `${Math.ceil(actionTimeoutMs / 1000)}s`
      runs.push(
        runBundledAction(inputs, { tempRoot: settings.tempRoot, timeoutMs: killAfterMs }).then(
          (run: BenchActionRun) => {
            // Killed ones (time limit, Ctrl-C) have no exit code and are reported as not seen.
            if (run.exitCode !== 0 && run.exitCode !== null)
              log(`  action failed (${scenario.durationS} s):\n${tail(run)}`)
            return measure(scenario, 'action', run.outputs['job-id'], run.exitCode === 0)
          }
        )
      )
      await sleep(SPAWN_GAP_MS)
      runs.push(
        runProcess(process.execPath, [NAIVE_SCRIPT, emu.apiUrl, emu.apiKey, DOMAIN], {
          env: { PATH: process.env.PATH ?? '' },
          timeoutMs: killAfterMs
        }).then((run: ProcessResult) => {
          const printed = JSON.parse(
            run.stdout.trim().split('\n').at(-1) || '{}'
          ) as Partial<NaiveResult>
          return measure(scenario, 'naive', printed.jobId, run.exitCode === 0)
        })
      )
      await sleep(SPAWN_GAP_MS)
    }
    const jobs = await Promise.all(
      runs.map(run =>
        run.then(job => {
          log(
            `  ${job.durationS} s +${seconds(job.offsetMs, 1)} ${job.poller}: ${job.delayMs === undefined ? 'completion not seen' : `noticed after ${seconds(job.delayMs)}`}, ${job.requests} status GETs`
          )
          return job
        })
      )
    )
    return { jobs, ...summarize(jobs, settings) }
  } finally {
    await Promise.all(scenarios.map(s => s.emu.close()))
  }
}

function summarize(
  jobs: JobMeasure[],
  settings: PollingSettings
): { markdown: string; targets: Target[] } {
  const rows: string[][] = []
  const details: string[][] = []
  const targets: Target[] = []
  for (const durationS of settings.durationsS) {
    const of = (poller: Poller) =>
      jobs.filter(j => j.durationS === durationS && j.poller === poller)
    const stats = (poller: Poller) => {
      const list = of(poller)
      const missed = list.filter(j => j.delayMs === undefined).length
      // A job whose completion was never seen counts as infinitely late.
      const delays = list.map(j => j.delayMs ?? Infinity)
      return {
        delayMs: median(delays),
        missed,
        runs: list.length,
        maxRequests: max(list.map(j => j.requests))
      }
    }
    const ours = stats('action')
    const naive = stats('naive')
    const show = (s: ReturnType<typeof stats>) =>
      s.delayMs === undefined || !Number.isFinite(s.delayMs)
        ? `not seen${s.missed ? ` (${s.missed}/${s.runs} gave up)` : ''}`
        : `${seconds(s.delayMs)}${s.missed ? ` (${s.missed}/${s.runs} not seen)` : ''}`
    const delayOk = ours.delayMs !== undefined && ours.delayMs <= 2000
    const requestsOk =
      ours.maxRequests !== undefined &&
      naive.maxRequests !== undefined &&
      ours.maxRequests <= naive.maxRequests
    rows.push([
      `${durationS} s`,
      show(ours),
      show(naive),
      String(ours.maxRequests ?? '—'),
      String(naive.maxRequests ?? '—'),
      `${delayOk ? '✅' : '❌'} / ${requestsOk ? '✅' : '❌'}`
    ])
    targets.push({
      part: '2. Completion',
      target: `${durationS} s job: median delay ≤ 2 s, requests ≤ naive's`,
      measured: `${show(ours)} (naive ${show(naive)}); ${ours.maxRequests ?? '—'} vs ${naive.maxRequests ?? '—'} requests`,
      met: delayOk && requestsOk
    })
    for (const job of [...of('action'), ...of('naive')]) {
      details.push([
        `${durationS} s`,
        `+${seconds(job.offsetMs, 2)}`,
        job.poller,
        job.delayMs === undefined ? 'not seen' : seconds(job.delayMs),
        String(job.requests),
        job.finished ? 'yes' : 'no'
      ])
    }
  }
  const markdown = [
    `Each job: queued ${seconds(settings.queuedMs, 0)}, then running for the duration plus an offset (${offsetsMs(
      settings.repeats
    )
      .map(ms => seconds(ms, 2))
      .join(
        ', '
      )}), so completion falls at different points of a 10 s poll grid; progress rises linearly. The action runs with \`download: false\` and action.yml's defaults (\`poll-interval: 10s\`); the naive loop (bench/naive-loop.ts) polls every ${NAIVE_INTERVAL_MS / 1000} s, ${NAIVE_MAX_POLLS} polls at most. Delay: first status request at or after completion, minus completion (median of the offsets); requests: status GETs for the job (largest of the offsets).`,
    '',
    table(
      [
        'Running time',
        'Delay, action',
        'Delay, naive',
        'Requests, action',
        'Requests, naive',
        'Targets (delay / requests)'
      ],
      rows
    ),
    '',
    '<details><summary>Every job</summary>',
    '',
    table(['Running time', 'Offset', 'Poller', 'Delay', 'Status GETs', 'Ended well'], details),
    '',
    '</details>'
  ].join('\n')
  return { markdown, targets }
}
