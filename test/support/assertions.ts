import { readdir, readFile, stat } from 'node:fs/promises'
import { join, relative } from 'node:path'
import { expect } from 'vitest'
import type { Emulator } from '../emulator/index.ts'
import type { ActionRun } from './action-runner.js'

/** The messages of one workflow command (`::error::`, `::warning::`), unescaped as a runner shows them. */
function commandMessages(run: ActionRun, command: 'error' | 'warning'): string[] {
  const head = new RegExp(`^::${command}[^:]*::`)
  return run.log
    .split('\n')
    .filter(line => head.test(line))
    .map(line => line.replace(head, '').replace(/%0A/g, '\n').replace(/%25/g, '%'))
}

export const errorsOf = (run: ActionRun): string[] => commandMessages(run, 'error')
export const warningsOf = (run: ActionRun): string[] => commandMessages(run, 'warning')

/** A failed step with one clear message and no stack trace. */
export function expectCleanFailure(run: ActionRun, message: string | RegExp): void {
  expect(run.exitCode, run.log).toBe(1)
  const errors = errorsOf(run).join('\n')
  if (typeof message === 'string') expect(errors, run.rawLog).toContain(message)
  else expect(errors, run.rawLog).toMatch(message)
  expect(run.log).not.toMatch(/^\s+at .+:\d+:\d+\)?$/m)
}

/** Neither secret appears in what the runner would show, nor in outputs printed to the log. */
export function expectNoSecretsShown(run: ActionRun, secrets: string[]): void {
  for (const secret of secrets.filter(Boolean)) {
    expect(run.log, `secret ${secret.slice(0, 6)}… visible in the log`).not.toContain(secret)
    expect(run.summary).not.toContain(secret)
  }
}

/** The X-Amz-Signature of a presigned link. */
export function signatureOf(link: string): string {
  return new URL(link).searchParams.get('X-Amz-Signature') ?? ''
}

/** Every file below `root`, relative path → content. */
export async function readTree(root: string): Promise<Map<string, Buffer>> {
  const files = new Map<string, Buffer>()
  const pending = [root]
  while (pending.length) {
    const folder = pending.pop() as string
    for (const entry of await readdir(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name)
      if (entry.isDirectory()) pending.push(path)
      else files.set(relative(root, path).split('\\').join('/'), await readFile(path))
    }
  }
  return files
}

export async function exists(path: string): Promise<boolean> {
  return stat(path).then(
    () => true,
    () => false
  )
}

/** A fresh presigned link for a new completed job, fetched as the action would. */
export async function freshLink(emu: Emulator): Promise<{ jobId: string; bundleUrl: string }> {
  const jobId = emu.createExportJob('docs.example.com', 'completed')
  const response = await fetch(`${emu.apiUrl}/v1/static-export/jobs/${jobId}/bundle`, {
    method: 'POST',
    headers: { authorization: `Bearer ${emu.apiKey}` }
  })
  const { bundleUrl } = (await response.json()) as { bundleUrl: string }
  // Tests count the requests the action makes, not this one.
  emu.requests = []
  return { jobId, bundleUrl }
}

/** The workflow commands the action means to write; any other is outside text that got loose. */
const OWN_COMMANDS = new Set([
  'add-mask',
  'debug',
  'notice',
  'warning',
  'error',
  'group',
  'endgroup'
])

/**
 * The commands the runner would read from `rawLog`, by its rules: `::name…::` at the start of
 * a line after white space (and after characters its culture-sensitive comparison ignores),
 * and the legacy `##[name…]` anywhere in a line.
 */
export function workflowCommands(rawLog: string): Array<{ name: string; line: string }> {
  const found: Array<{ name: string; line: string }> = []
  // The runner reads lines as .NET's ReadLine splits them: at CR, LF or CRLF.
  for (const line of rawLog.split(/\r\n|\r|\n/)) {
    const visible = line.replace(/[\p{Cf}\p{Default_Ignorable_Code_Point}]/gu, '')
    const modern = /^[\s\p{Cc}]*::([^:\s]*?)(?:\s[^:]*)?::/u.exec(visible)
    if (modern) found.push({ name: (modern[1] as string).toLowerCase(), line })
    for (const legacy of visible.matchAll(/##\[([^\]\s]*)/g))
      found.push({ name: `##[${legacy[1] as string}`, line })
  }
  return found
}

/** No line of the log is a command the action did not write itself. */
export function expectOnlyOwnCommands(rawLog: string): void {
  const foreign = workflowCommands(rawLog).filter(command => !OWN_COMMANDS.has(command.name))
  expect(foreign, 'a line of stdout starts a workflow command the action did not mean').toEqual([])
}
