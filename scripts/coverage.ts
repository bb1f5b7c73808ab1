// `npm run coverage`: line and branch coverage of src/, counting both what the tests run in
// their own process (vitest's V8 coverage) and what the bundled action and CLI run in the child
// processes the integration tests start (NODE_V8_COVERAGE, mapped back to src/ through the
// bundles' source maps by c8). Merged, reported, and held to the thresholds below.
import { spawnSync } from 'node:child_process'
import { mkdirSync, readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import libCoverage from 'istanbul-lib-coverage'
import libReport from 'istanbul-lib-report'
import reports from 'istanbul-reports'

const THRESHOLDS = { lines: 90, branches: 80 }
const ROOT = join(import.meta.dirname, '..')
const OUT = join(ROOT, 'coverage')
const RAW = join(OUT, 'children-raw')

rmSync(OUT, { recursive: true, force: true })
mkdirSync(RAW, { recursive: true })

const run = (command: string, args: string[], env: Record<string, string> = {}) => {
  const result = spawnSync(command, args, {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...process.env, ...env }
  })
  return result.status ?? 1
}

// 1. The tests, with the children writing raw V8 coverage to RAW.
const tests = run(
  join(ROOT, 'node_modules', '.bin', 'vitest'),
  ['run', '--coverage', ...process.argv.slice(2)],
  { CHILD_V8_COVERAGE: RAW }
)
if (tests !== 0) {
  process.stderr.write('coverage: the tests failed; no report.\n')
  process.exit(tests)
}

// 2. The children's coverage, through dist/*.map and cli/*.map back to src/.
const c8 = run(join(ROOT, 'node_modules', '.bin', 'c8'), [
  'report',
  '--temp-directory',
  RAW,
  '--reports-dir',
  join(OUT, 'children'),
  '--reporter',
  'json',
  '--include',
  'src/**',
  '--exclude-after-remap',
  '--all=false'
])
if (c8 !== 0) process.exit(c8)

// 3. Both, merged and reported.
const map = libCoverage.createCoverageMap({})
for (const part of ['in-process', 'children']) {
  map.merge(JSON.parse(readFileSync(join(OUT, part, 'coverage-final.json'), 'utf8')))
}
const context = libReport.createContext({ dir: OUT, coverageMap: map })
for (const name of ['text-summary', 'html', 'json-summary'] as const) {
  reports.create(name).execute(context)
}
const summary = map.getCoverageSummary()
const missed = Object.entries(THRESHOLDS).filter(
  ([metric, minimum]) => summary[metric as keyof typeof THRESHOLDS].pct < minimum
)
for (const [metric, minimum] of missed) {
  const pct = summary[metric as keyof typeof THRESHOLDS].pct
  process.stderr.write(`coverage: ${metric} ${pct}% is below the ${minimum}% threshold\n`)
}
process.exit(missed.length > 0 ? 1 : 0)
