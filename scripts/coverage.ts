// `npm run coverage`: line and branch coverage of src/, counting both what the tests run in
// their own process (vitest's V8 coverage) and what the bundled action and CLI run in the child
// processes the integration tests start (NODE_V8_COVERAGE). Both are turned into Istanbul's
// form by the same converter (ast-v8-to-istanbul, which vitest uses), the children's through
// the bundles' source maps back to src/, so a branch is the same AST node on either side and
// merging adds up hits instead of listing one branch twice. Held to the thresholds below.
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { join, sep } from 'node:path'
import { fileURLToPath } from 'node:url'
import v8Coverage from '@bcoe/v8-coverage'
import { parse } from 'acorn'
import convert from 'ast-v8-to-istanbul'
import libCoverage from 'istanbul-lib-coverage'
import libReport from 'istanbul-lib-report'
import reports from 'istanbul-reports'

const THRESHOLDS = { lines: 90, branches: 80 }
const ROOT = join(import.meta.dirname, '..')
const OUT = join(ROOT, 'coverage')
const RAW = join(OUT, 'children-raw')
const BUNDLES = [join(ROOT, 'dist') + sep, join(ROOT, 'cli') + sep]
const SOURCES = join(ROOT, 'src') + sep

/** `--report-only`: the report again from the last run's data, without running the tests. */
const reportOnly = process.argv.includes('--report-only')
if (!reportOnly) {
  rmSync(OUT, { recursive: true, force: true })
  mkdirSync(RAW, { recursive: true })
}

// 1. The tests, with the children writing raw V8 coverage to RAW.
const tests = reportOnly
  ? { status: 0 }
  : spawnSync(
      join(ROOT, 'node_modules', '.bin', 'vitest'),
      ['run', '--coverage', ...process.argv.slice(2)],
      { cwd: ROOT, stdio: 'inherit', env: { ...process.env, CHILD_V8_COVERAGE: RAW } }
    )
const testsFailed = tests.status !== 0
if (testsFailed && !existsSync(join(OUT, 'in-process', 'coverage-final.json'))) {
  process.stderr.write('coverage: the tests failed; no report.\n')
  process.exit(tests.status ?? 1)
}

// 2. The children's coverage of each bundle file, all processes added up, then mapped to src/.
type ProcessCov = ReturnType<typeof v8Coverage.mergeProcessCovs>
const perProcess: ProcessCov[] = readdirSync(RAW)
  .filter(name => name.endsWith('.json'))
  .map(name => JSON.parse(readFileSync(join(RAW, name), 'utf8')) as ProcessCov)
  .map(cov => ({
    result: cov.result.filter(script => {
      if (!script.url.startsWith('file://')) return false
      const path = fileURLToPath(script.url)
      return BUNDLES.some(folder => path.startsWith(folder))
    })
  }))
const merged = v8Coverage.mergeProcessCovs(perProcess)
const map = libCoverage.createCoverageMap({})
for (const script of merged.result) {
  const path = fileURLToPath(script.url)
  if (!existsSync(`${path}.map`)) continue
  const code = readFileSync(path, 'utf8')
  const data = await convert({
    code,
    coverage: script,
    sourceMap: JSON.parse(readFileSync(`${path}.map`, 'utf8')),
    ast: parse(code, { ecmaVersion: 'latest', sourceType: 'module', allowHashBang: true }) as never
  })
  for (const [file, fileCoverage] of Object.entries(data))
    if (file.startsWith(SOURCES)) map.merge({ [file]: fileCoverage })
}
process.stdout.write(
  `coverage: ${perProcess.length} child processes, ${merged.result.length} bundle files\n`
)

// 3. Both, merged and reported. ncc's source maps give lines, not columns, so a child's branch
// is found by its type and line among the in-process ones (the k-th on a line to the k-th) and
// its hits are added there; one that has no such partner is left out rather than counted twice.
const inProcess = libCoverage.createCoverageMap(
  JSON.parse(readFileSync(join(OUT, 'in-process', 'coverage-final.json'), 'utf8'))
)
let childBranches = 0
let matched = 0
for (const file of map.files()) {
  const child = map.fileCoverageFor(file).toJSON() as libCoverage.FileCoverageData
  if (!inProcess.files().includes(file)) {
    inProcess.merge({ [file]: child })
    continue
  }
  const own = inProcess.fileCoverageFor(file).data
  const byLine = (branchMap: libCoverage.FileCoverageData['branchMap']) => {
    const groups = new Map<string, string[]>()
    const ids = Object.keys(branchMap).sort(
      (a, b) =>
        (branchMap[a]?.loc.start.column ?? 0) - (branchMap[b]?.loc.start.column ?? 0) ||
        Number(a) - Number(b)
    )
    for (const id of ids) {
      const branch = branchMap[id] as libCoverage.BranchMapping
      const key = `${branch.type}|${branch.loc.start.line}|${branch.locations.length}`
      groups.set(key, [...(groups.get(key) ?? []), id])
    }
    return groups
  }
  const ownGroups = byLine(own.branchMap)
  for (const [key, ids] of byLine(child.branchMap)) {
    childBranches += ids.length
    const partners = ownGroups.get(key)
    if (!partners || partners.length !== ids.length) continue
    ids.forEach((id, k) => {
      const hits = own.b[partners[k] as string] as number[]
      ;(child.b[id] as number[]).forEach((count, i) => (hits[i] = (hits[i] ?? 0) + count))
      matched += 1
    })
  }
  inProcess.merge({ [file]: { ...child, branchMap: {}, b: {} } })
}
process.stdout.write(
  `coverage: ${matched} of the children's ${childBranches} branches matched in-process ones\n`
)
const merged2 = inProcess
const context = libReport.createContext({ dir: OUT, coverageMap: merged2 })
for (const name of ['text', 'text-summary', 'html', 'json-summary'] as const) {
  reports.create(name, { skipFull: name === 'text' }).execute(context)
}
const summary = merged2.getCoverageSummary()
const missed = Object.entries(THRESHOLDS).filter(
  ([metric, minimum]) => summary[metric as keyof typeof THRESHOLDS].pct < minimum
)
for (const [metric, minimum] of missed) {
  const pct = summary[metric as keyof typeof THRESHOLDS].pct
  process.stderr.write(`coverage: ${metric} ${pct}% is below the ${minimum}% threshold\n`)
}
if (testsFailed)
  process.stderr.write('coverage: the tests failed; the figures above are not a pass.\n')
process.exit(missed.length > 0 || testsFailed ? 1 : 0)
