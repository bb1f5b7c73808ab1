import { readdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { startEmulator } from '../emulator/index.ts'
import { emulatorInputs, ROOT, runAction } from '../support/action-runner.js'
import { errorsOf, expectNoSecretsShown, expectOnlyOwnCommands } from '../support/assertions.js'
import {
  BAD_INPUTS,
  DEPLOYMENT_FAULTS,
  HOSTILE_ANSWERS,
  SERVICE_FAULTS,
  STORE_QUIRKS
} from './cases.ts'
import { GITHUB_TOKEN, SideServers, type FaultCase, type SetupResult } from './matrix.ts'

const DOC = join(ROOT, 'docs', 'reliability.md')
const START = '<!-- fault-matrix:start -->'
const END = '<!-- fault-matrix:end -->'
const observed = new Map<FaultCase, { exitCode: number | null; retries: number }>()
const CASES = [...SERVICE_FAULTS, ...DEPLOYMENT_FAULTS, ...HOSTILE_ANSWERS, ...STORE_QUIRKS]

/** What each mode needs besides the fault's own inputs. */
const MODE_INPUTS: Record<FaultCase['mode'], Record<string, string>> = {
  export: { domain: 'docs.example.com' },
  'agent-watch': { 'project-id': 'proj_1', 'job-id': 'job_1' },
  deploy: { 'project-id': 'proj_1' },
  preview: { 'project-id': 'proj_1', branch: 'docs/x' }
}

/** Log lines that mark one more attempt: client retries, tolerated polls, resumes, fresh links. */
const RETRY_LINE =
  /Retrying in [\dhms]+\.|Polling again in|Asking again in|Download interrupted|fresh (one|link)\./

async function filesNamed(root: string, suffix: string): Promise<string[]> {
  const entries = await readdir(root, { recursive: true })
  return entries.filter(name => name.endsWith(suffix))
}

describe('fault matrix: each fault injected over real sockets into the bundled action', () => {
  it.each(CASES.map(c => [`${c.mode}: ${c.fault}`, c] as const))('%s', async (_name, faultCase) => {
    const emu = await startEmulator({
      agentJobs: { job_1: { projectId: 'proj_1', timeline: 'completed-with-pr', activeMs: 300 } },
      ...faultCase.emulator,
      export: { queuedMs: 100, runningMs: 400, ...faultCase.emulator?.export }
    })
    const side = new SideServers()
    let cleanup: SetupResult['cleanup']
    try {
      const extra = (await faultCase.setup?.(emu, side)) ?? {}
      cleanup = extra.cleanup
      const started = Date.now()
      const run = await runAction(
        {
          mode: faultCase.mode,
          ...emulatorInputs(emu),
          timeout: '30s',
          ...MODE_INPUTS[faultCase.mode],
          ...faultCase.inputs,
          ...extra.inputs
        },
        {
          ...(extra.env ? { env: extra.env } : {}),
          ...(faultCase.cancelWhen
            ? { signalWhen: { signal: 'SIGTERM' as const, text: faultCase.cancelWhen } }
            : {})
        }
      )
      const elapsedMs = Date.now() - started
      try {
        expect(run.exitCode, run.log).toBe(faultCase.outcome.exitCode)
        if (faultCase.outcome.exitCode === 1) {
          const errors = errorsOf(run).join('\n')
          const { message } = faultCase.outcome
          if (typeof message === 'string') expect(errors).toContain(message)
          else expect(errors).toMatch(message)
          expect(run.log).not.toMatch(/^\s+at .+:\d+:\d+\)?$/m)
        }
        // No partial file anywhere, and neither secret in what the runner shows.
        expect(await filesNamed(run.runnerTemp, '.part')).toEqual([])
        const signatures = emu.requests
          .filter(r => r.endpoint === 'download')
          .map(r => new URL(r.url, emu.storageUrl).searchParams.get('X-Amz-Signature') ?? '')
        expectNoSecretsShown(run, [emu.apiKey, GITHUB_TOKEN, ...signatures])
        // Whatever the fault, no line the action wrote is a command it did not mean.
        expectOnlyOwnCommands(run.rawLog)
        for (const comment of side.github?.comments ?? [])
          for (const secret of [emu.apiKey, GITHUB_TOKEN, ...signatures])
            expect(comment.body).not.toContain(secret)
        await faultCase.check?.({
          log: run.log,
          rawLog: run.rawLog,
          outputs: run.outputs,
          summary: run.summary,
          emu,
          side,
          elapsedMs,
          ...(run.msFromSignalToExit !== undefined
            ? { msFromSignalToExit: run.msFromSignalToExit }
            : {}),
          runnerTemp: run.runnerTemp
        })
        observed.set(faultCase, {
          exitCode: run.exitCode,
          retries: run.log.split('\n').filter(line => RETRY_LINE.test(line)).length
        })
      } finally {
        await run.cleanup()
      }
    } finally {
      await cleanup?.()
      await side.close()
      await emu.close()
    }
  })

  it.each(BAD_INPUTS.map(c => [`${c.mode} ${JSON.stringify(c.inputs)}`, c] as const))(
    'bad input, %s',
    async (_name, bad) => {
      const emu = await startEmulator()
      try {
        const run = await runAction({
          mode: bad.mode,
          'api-key': emu.apiKey,
          'base-url': emu.apiUrl,
          ...(bad.mode === 'export'
            ? { domain: 'docs.example.com' }
            : { 'project-id': 'proj_1', 'job-id': 'job_1' }),
          ...bad.inputs
        })
        await run.cleanup()
        expect(run.exitCode, run.log).toBe(1)
        expect(errorsOf(run).join('\n')).toContain(bad.message)
        expect(run.log).not.toMatch(/^\s+at .+:\d+:\d+\)?$/m)
        expect(emu.requests).toEqual([])
        if (bad.hidden) {
          const shown = run.rawLog.split('\n').filter(line => !line.startsWith('::add-mask::'))
          expect(shown.join('\n')).not.toContain(bad.hidden)
        }
      } finally {
        await emu.close()
      }
    }
  )

  afterAll(async () => {
    // The table in docs/reliability.md is the record of these runs: one row per case, and each
    // case that ran here matches its row, retry count included. A run of some cases only
    // (`-t`) checks those rows; rewriting the table needs them all.
    const doc = await readFile(DOC, 'utf8')
    if (process.env.UPDATE_RELIABILITY_DOC === '1') {
      const missing = CASES.filter(faultCase => !observed.has(faultCase))
      if (missing.length > 0)
        throw new Error(
          `UPDATE_RELIABILITY_DOC=1 rewrites the whole table: ${missing.length} case(s) did not run or failed (${missing[0]?.fault}, …)`
        )
      await writeFile(
        DOC,
        doc.replace(new RegExp(`${START}[\\s\\S]*${END}`), `${START}\n${renderTable()}\n${END}`)
      )
      return
    }
    const documented = new Map<string, string[]>(
      tableCells(doc.slice(doc.indexOf(START) + START.length, doc.indexOf(END))).map(cells => [
        `${cells[0]} | ${cells[1]}`,
        cells
      ])
    )
    const stale =
      'docs/reliability.md is out of date: run `UPDATE_RELIABILITY_DOC=1 npx vitest run test/faults/fault-matrix.test.ts`'
    expect([...documented.keys()].sort(), stale).toEqual(CASES.map(caseKey).sort())
    for (const [faultCase, seen] of observed)
      expect(documented.get(caseKey(faultCase)), stale).toEqual(tableRow(faultCase, seen))
  })
})

const caseKey = (faultCase: FaultCase) => `${faultCase.mode} | ${faultCase.fault}`

/** A Markdown table's cells, row by row, whatever its alignment and padding. */
function tableCells(markdown: string): string[][] {
  return markdown
    .split('\n')
    .filter(line => line.trim().startsWith('|') && !/^\|[\s|:-]+\|$/.test(line.trim()))
    .slice(1) // the header
    .map(line =>
      line
        .trim()
        .slice(1, -1)
        .split('|')
        .map(cell => cell.trim())
    )
}

/** The row a case's run makes: mode, fault, what is expected, and what was observed. */
function tableRow(faultCase: FaultCase, seen: { exitCode: number | null; retries: number }) {
  const retries = `${seen.retries} ${seen.retries === 1 ? 'retry' : 'retries'}`
  const result = seen.exitCode === 0 ? 'succeeded' : 'failed clearly'
  return [faultCase.mode, faultCase.fault, faultCase.expected, `${result} · ${retries}`]
}

function renderTable(): string {
  const rows = CASES.map(faultCase => {
    const cells = tableRow(
      faultCase,
      observed.get(faultCase) as { exitCode: number; retries: number }
    )
    return `| ${cells.join(' | ')} |`
  })
  return ['| Mode | Fault injected | Expected | Observed |', '|---|---|---|---|', ...rows].join(
    '\n'
  )
}
