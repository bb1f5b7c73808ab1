// Numbers and Markdown for the results: medians, units, tables, and the machine's description.
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'

export const MiB = 1024 * 1024

export function median(values: readonly number[]): number | undefined {
  if (values.length === 0) return undefined
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2
}

export function max(values: readonly number[]): number | undefined {
  return values.length === 0 ? undefined : Math.max(...values)
}

export function seconds(ms: number | undefined, digits = 2): string {
  return ms === undefined ? '—' : `${(ms / 1000).toFixed(digits)} s`
}

export function millis(ms: number | undefined): string {
  return ms === undefined ? '—' : `${Math.round(ms)} ms`
}

export function mib(kib: number | undefined): string {
  return kib === undefined ? '—' : `${(kib / 1024).toFixed(1)} MiB`
}

export function ratio(value: number | undefined): string {
  return value === undefined || !Number.isFinite(value) ? '—' : `${value.toFixed(2)}×`
}

export function mark(ok: boolean | undefined): string {
  return ok === undefined ? '—' : ok ? '✅' : '❌'
}

/** A Markdown table; cells are escaped for `|`. */
export function table(head: readonly string[], rows: readonly (readonly string[])[]): string {
  const line = (cells: readonly string[]) =>
    `| ${cells.map(cell => cell.replace(/\|/g, '\\|')).join(' | ')} |`
  return [line(head), line(head.map(() => '---')), ...rows.map(line)].join('\n')
}

export interface Target {
  part: string
  target: string
  measured: string
  met: boolean | undefined
}

export function targetsTable(targets: readonly Target[]): string {
  return table(
    ['Part', 'Target', 'Measured', 'Met'],
    targets.map(t => [t.part, t.target, t.measured, mark(t.met)])
  )
}

export interface MachineInfo {
  date: string
  nproc: string
  cpu: string
  node: string
  curl: string
}

function commandLine(file: string, args: string[]): string {
  try {
    return execFileSync(file, args, { encoding: 'utf8', timeout: 5000 }).split('\n')[0] ?? ''
  } catch {
    return 'unknown'
  }
}

export function machineInfo(): MachineInfo {
  let cpu = 'unknown'
  try {
    const cpuinfo = readFileSync('/proc/cpuinfo', 'utf8')
    cpu = /^model name\s*:\s*(.+)$/m.exec(cpuinfo)?.[1]?.trim() ?? cpu
  } catch {
    // not Linux
  }
  return {
    date: new Date().toISOString(),
    nproc: commandLine('nproc', []).trim(),
    cpu,
    node: process.version,
    curl: commandLine('curl', ['--version']).split(' ').slice(0, 2).join(' ')
  }
}
