// After `stryker run` (npm run mutation): every mutant that survived must have its line in
// test/mutation/survivors.md, saying why it is equivalent or harmless; a new survivor fails the
// run, and a line whose mutant no longer survives is reported as stale. Also prints the score
// of each module. `--write` appends the unreviewed ones with a TODO reason, to be filled in.
import { appendFileSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'

const ROOT = join(import.meta.dirname, '..')
const REPORT =
  process.argv.find(arg => arg.endsWith('.json')) ??
  join(ROOT, 'reports', 'mutation', 'mutation.json')
const REVIEWED = join(ROOT, 'test', 'mutation', 'survivors.md')

interface Mutant {
  mutatorName: string
  replacement?: string
  status: string
  location: { start: { line: number; column: number } }
}
const report = JSON.parse(readFileSync(REPORT, 'utf8')) as {
  files: Record<string, { mutants: Mutant[] }>
}

/** One line's key: where, which mutator, and what it wrote (first line, squeezed). */
function keyOf(file: string, mutant: Mutant): string {
  const replacement = (mutant.replacement ?? '').replace(/\s+/g, ' ').slice(0, 60)
  const { line } = mutant.location.start
  return `${relative(ROOT, join(ROOT, file))}:${line} ${mutant.mutatorName} \`${replacement}\``
}

const survivors: string[] = []
const scores: string[] = []
for (const [file, { mutants }] of Object.entries(report.files).sort()) {
  const count = (...statuses: string[]) => mutants.filter(m => statuses.includes(m.status)).length
  const detected = count('Killed', 'Timeout')
  const undetected = count('Survived', 'NoCoverage')
  const total = detected + undetected
  const score = total === 0 ? 100 : (100 * detected) / total
  scores.push(`${score.toFixed(1).padStart(5)}%  ${detected}/${total}  ${file}`)
  for (const mutant of mutants)
    if (mutant.status === 'Survived' || mutant.status === 'NoCoverage')
      survivors.push(keyOf(file, mutant))
}
process.stdout.write(`Mutation score per module (killed or timed out / all but ignored):\n`)
process.stdout.write(`${scores.join('\n')}\n`)

/** Reviewed lines look like `- <key> — <why>`. */
const reviewed = new Set(
  readFileSync(REVIEWED, 'utf8')
    .split('\n')
    .filter(line => line.startsWith('- '))
    .map(line => line.slice(2).split(' — ')[0]?.trim())
)
/** Listed with a TODO reason: known, but not yet reviewed (a backlog, said on every run). */
const todo = new Set(
  readFileSync(REVIEWED, 'utf8')
    .split('\n')
    .filter(line => line.startsWith('- ') && line.trimEnd().endsWith('— TODO'))
    .map(line => line.slice(2).split(' — ')[0]?.trim())
)
const backlog = survivors.filter(key => todo.has(key))
if (backlog.length > 0)
  process.stdout.write(
    `${backlog.length} surviving mutant(s) listed in test/mutation/survivors.md still say TODO: review them (equivalent, harmless) or kill them with a test.\n`
  )
const unreviewed = survivors.filter(key => !reviewed.has(key))
const stale = [...reviewed].filter(key => key && !survivors.includes(key))
for (const key of stale)
  process.stdout.write(`stale line in test/mutation/survivors.md (killed now): ${key}\n`)
if (unreviewed.length > 0) {
  if (process.argv.includes('--write'))
    appendFileSync(REVIEWED, unreviewed.map(key => `- ${key} — TODO\n`).join(''))
  process.stderr.write(
    `${unreviewed.length} surviving mutant(s) not reviewed in test/mutation/survivors.md:\n${unreviewed.join('\n')}\n`
  )
  process.exit(1)
}
process.stdout.write(
  `${survivors.length} surviving mutants, each listed; ${survivors.length - backlog.length} reviewed.\n`
)
