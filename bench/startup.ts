// Part 3: cold start. Spawn to the first HTTP request at the emulator, for the bundled action
// and for a plain Node script that only calls fetch; and what dist/ holds.
import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { startEmulator, type Emulator } from '../test/emulator/index.ts'
import { actionDist, runBundledAction, runnerEnv, tail } from './action.ts'
import { runProcess } from './process.ts'
import { median, millis, ratio, table, type Target } from './report.ts'

const PLAIN_SCRIPT = fileURLToPath(new URL('./plain-fetch.mjs', import.meta.url))
const CLI_ENTRY = fileURLToPath(new URL('../cli/mintlify-admin.js', import.meta.url))
const TRACE_HOOK = fileURLToPath(new URL('./trace-chunks.mjs', import.meta.url))

export interface StartupSettings {
  runs: number
  tempRoot: string
  log: (line: string) => void
}

export interface StartupResult {
  actionMs: number[]
  cliMs: number[]
  plainMs: number[]
  markdown: string
  targets: Target[]
}

export async function benchStartup(settings: StartupSettings): Promise<StartupResult> {
  const emu = await startEmulator()
  const actionMs: number[] = []
  const cliMs: number[] = []
  const plainMs: number[] = []
  let loaded: string[][] | undefined
  try {
    const firstRequestAfter = (spawnedAt: number, what: string) => {
      const first = emu.requests[0]
      if (!first) throw new Error(`${what} made no request to the emulator`)
      return first.at - spawnedAt
    }
    // Alternating, so that a busy moment of the machine hits both alike.
    for (let n = 1; n <= settings.runs; n++) {
      emu.requests = []
      const action = await runBundledAction(
        {
          mode: 'export',
          'base-url': emu.apiUrl,
          'api-key': emu.apiKey,
          domain: 'docs.example.com',
          wait: 'false'
        },
        { tempRoot: settings.tempRoot, timeoutMs: 30_000 }
      )
      if (action.exitCode !== 0) throw new Error(`The action failed:\n${tail(action)}`)
      actionMs.push(firstRequestAfter(action.spawnedAt, 'The action'))

      emu.requests = []
      const plain = await runProcess(
        process.execPath,
        [PLAIN_SCRIPT, `${emu.apiUrl}/v1/static-export/jobs/cold-start`],
        { env: await runnerEnv({}, settings.tempRoot), timeoutMs: 30_000 }
      )
      if (plain.exitCode !== 0) throw new Error(`plain-fetch.mjs failed:\n${tail(plain)}`)
      plainMs.push(firstRequestAfter(plain.spawnedAt, 'plain-fetch.mjs'))

      emu.requests = []
      const cli = await runProcess(
        process.execPath,
        [
          CLI_ENTRY,
          'export',
          '--domain',
          'docs.example.com',
          '--no-wait',
          '--base-url',
          emu.apiUrl
        ],
        {
          env: { ...(await runnerEnv({}, settings.tempRoot)), MINTLIFY_API_KEY: emu.apiKey },
          timeoutMs: 30_000
        }
      )
      if (cli.exitCode !== 0) throw new Error(`The CLI failed:\n${tail(cli)}`)
      cliMs.push(firstRequestAfter(cli.spawnedAt, 'The CLI'))
      settings.log(
        `  run ${n}/${settings.runs}: action ${millis(actionMs.at(-1))}, CLI ${millis(cliMs.at(-1))}, plain fetch ${millis(plainMs.at(-1))}`
      )
    }
    loaded = await tracedChunks(emu, settings)
  } finally {
    await emu.close()
  }
  const actionMedian = median(actionMs) as number
  const plainMedian = median(plainMs) as number
  const cliMedian = median(cliMs) as number
  const times = actionMedian / plainMedian
  const cliTimes = cliMedian / plainMedian
  const targets: Target[] = [
    {
      part: '3. Cold start',
      target: 'spawn → first request ≤ 2× a plain fetch script',
      measured: `${ratio(times)} (${millis(actionMedian)} vs ${millis(plainMedian)})`,
      met: times <= 2
    },
    {
      part: '3. Cold start',
      target: 'CLI: spawn → first request ≤ 1.5× a plain fetch script',
      measured: `${ratio(cliTimes)} (${millis(cliMedian)} vs ${millis(plainMedian)})`,
      met: cliTimes <= 1.5
    }
  ]
  const markdown = [
    `Spawn of \`node dist/index.js\` (export mode, \`wait: false\`), \`node cli/mintlify-admin.js export --no-wait\` or \`node bench/plain-fetch.mjs\` until the emulator records the first request; ${settings.runs} runs each, alternating.`,
    '',
    table(
      ['Program', 'Median', 'Min', 'Max', 'vs plain fetch'],
      [
        ['`node dist/index.js`', actionMs, actionMedian],
        ['`node cli/mintlify-admin.js`', cliMs, cliMedian],
        ['`node bench/plain-fetch.mjs`', plainMs, plainMedian]
      ].map(([name, list, mid]) => [
        name as string,
        millis(mid as number),
        millis(Math.min(...(list as number[]))),
        millis(Math.max(...(list as number[]))),
        ratio((mid as number) / plainMedian)
      ])
    ),
    '',
    await distTable(),
    '',
    table(['Traced run (not timed)', 'dist/ files loaded, in order'], loaded ?? [])
  ].join('\n')
  return { actionMs, cliMs, plainMs, markdown, targets }
}

/** Every file of dist/ with its size, and for each chunk what it holds (from its source map). */
async function distTable(): Promise<string> {
  const DIST = actionDist()
  const names = new Set(await readdir(DIST))
  const scripts = [...names]
    .filter(n => n.endsWith('.js'))
    .sort((a, b) => {
      const rank = (n: string) => (n === 'index.js' ? 0 : 1)
      return rank(a) - rank(b) || a.localeCompare(b, 'en', { numeric: true })
    })
  const others = [...names].filter(n => !n.endsWith('.js') && !n.endsWith('.js.map')).sort()
  const size = async (name: string) => (await stat(join(DIST, name))).size
  const kib = (bytes: number) => (bytes < 1024 ? `${bytes} B` : `${(bytes / 1024).toFixed(1)} KiB`)
  const rows: string[][] = []
  let total = 0
  let code = 0
  for (const name of scripts) {
    const bytes = await size(name)
    const map = names.has(`${name}.map`) ? await size(`${name}.map`) : undefined
    total += bytes + (map ?? 0)
    code += bytes
    rows.push([`\`${name}\``, kib(bytes), map === undefined ? '—' : kib(map), await contents(name)])
  }
  for (const name of others) {
    const bytes = await size(name)
    total += bytes
    if (name.endsWith('.cjs')) code += bytes
    rows.push([`\`${name}\``, kib(bytes), '', ''])
  }
  const chunks = scripts.filter(n => n !== 'index.js')
  return [
    `\`dist/\`: ${names.size} files, ${(total / 1024 / 1024).toFixed(2)} MiB in all, ${(code / 1024 / 1024).toFixed(2)} MiB of it JavaScript; ${chunks.length} chunks besides \`index.js\`, loaded by dynamic \`import()\` when a run needs them (see the traced runs below).`,
    '',
    table(['File', 'Size', 'Source map', 'Holds'], rows)
  ].join('\n')
}

/** What a bundle file holds, from the `sources` of its source map: our modules and packages. */
async function contents(name: string): Promise<string> {
  const DIST = actionDist()
  if (!name.endsWith('.js')) return ''
  let sources: string[]
  try {
    sources = (
      JSON.parse(await readFile(join(DIST, `${name}.map`), 'utf8')) as { sources: string[] }
    ).sources
  } catch {
    return ''
  }
  const ours = new Set<string>()
  const packages = new Map<string, number>()
  for (const source of sources) {
    const at = source.lastIndexOf('node_modules/')
    if (at >= 0) {
      const parts = source.slice(at + 'node_modules/'.length).split('/')
      const pkg = parts[0]?.startsWith('@') ? `${parts[0]}/${parts[1]}` : (parts[0] as string)
      packages.set(pkg, (packages.get(pkg) ?? 0) + 1)
    } else {
      const src = /src\/.+$/.exec(source)?.[0]
      if (src) ours.add(src)
    }
  }
  const topPackages = [...packages]
    // The @actions/* packages first: they say what a chunk is for.
    .sort(
      (a, b) =>
        Number(b[0].startsWith('@actions/')) - Number(a[0].startsWith('@actions/')) || b[1] - a[1]
    )
    .map(([pkg]) => pkg)
  const shownPackages = topPackages.slice(0, 6).join(', ')
  const more = topPackages.length > 6 ? ` and ${topPackages.length - 6} more packages` : ''
  const parts = [
    ours.size > 0 ? (ours.size > 4 ? `${ours.size} modules of src/` : [...ours].join(', ')) : '',
    shownPackages ? `${shownPackages}${more}` : ''
  ].filter(Boolean)
  return parts.join('; ')
}

/** Which dist/ chunks a few kinds of run load, through a resolve hook (separate, untimed runs). */
async function tracedChunks(emu: Emulator, settings: StartupSettings): Promise<string[][]> {
  const kinds: [string, Record<string, string>][] = [
    ['export, `wait: false` (the timed run)', { wait: 'false' }],
    ['export with download', { download: 'true' }],
    ['export with download and extract', { download: 'true', extract: 'true' }]
  ]
  const rows: string[][] = []
  const dir = await mkdtemp(join(settings.tempRoot, 'trace-'))
  try {
    for (const [label, inputs] of kinds) {
      const log = join(dir, 'chunks.log')
      const run = await runBundledAction(
        {
          mode: 'export',
          'base-url': emu.apiUrl,
          'api-key': emu.apiKey,
          domain: 'docs.example.com',
          'poll-interval': '1s',
          path: join(dir, 'bundle'),
          ...inputs
        },
        {
          tempRoot: settings.tempRoot,
          timeoutMs: 60_000,
          nodeArgs: ['--import', TRACE_HOOK],
          env: { BENCH_CHUNK_LOG: log }
        }
      )
      if (run.exitCode !== 0) throw new Error(`The traced action run failed:\n${tail(run)}`)
      const chunks = (await readFile(log, 'utf8').catch(() => '')).split('\n').filter(Boolean)
      rows.push([
        label,
        chunks.length ? [...new Set(chunks)].map(c => `\`${c}\``).join(', ') : 'none'
      ])
      await rm(log, { force: true })
      await rm(join(dir, 'bundle'), { recursive: true, force: true })
    }
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
  return rows
}
