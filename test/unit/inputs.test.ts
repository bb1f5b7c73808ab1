import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { INPUTS, OUTPUTS } from '../../src/inputs.js'
import { MODE_NAMES } from '../../src/modes/modes.js'
import { ROOT } from '../support/action-runner.js'

/** The rows of the Markdown table under `heading` in the README: cells, backticks kept. */
async function readmeTable(heading: string): Promise<string[][]> {
  const readme = await readFile(join(ROOT, 'README.md'), 'utf8')
  const start = readme.indexOf(`\n## ${heading}\n`)
  const end = readme.indexOf('\n## ', start + 1)
  const rows = readme
    .slice(start, end)
    .split('\n')
    .filter(line => line.startsWith('|'))
  return rows.slice(2).map(line =>
    line
      .slice(1, -1)
      .split('|')
      .map(cell => cell.trim())
  )
}

describe('inputs are declared once (src/inputs.ts)', () => {
  it('action.yml has exactly the declared inputs, with their defaults and descriptions', async () => {
    const action = parse(await readFile(join(ROOT, 'action.yml'), 'utf8')) as {
      inputs: Record<string, { description: string; required?: boolean; default?: string }>
      outputs: Record<string, { description: string }>
    }
    expect(
      Object.entries(action.inputs).map(([name, spec]) => ({
        name,
        required: spec.required === true,
        default: spec.default === undefined ? undefined : String(spec.default),
        description: spec.description
      }))
    ).toEqual(
      INPUTS.map(input => ({
        name: input.name,
        required: input.required === true,
        default: input.default,
        description: input.description
      }))
    )
    expect(
      Object.entries(action.outputs).map(([name, spec]) => ({
        name,
        description: spec.description
      }))
    ).toEqual(OUTPUTS)
  })

  it('the README tables list every input with its modes and default, and every output', async () => {
    const inputs = await readmeTable('Inputs')
    expect(inputs.map(([name]) => name).sort()).toEqual(
      INPUTS.map(input => `\`${input.name}\``).sort()
    )
    for (const [name, modes, shownDefault] of inputs) {
      const input = INPUTS.find(i => `\`${i.name}\`` === name)
      const declared = input?.modes.length === MODE_NAMES.length ? 'all' : input?.modes.join(', ')
      expect(modes, `${name}: modes`).toBe(declared)
      if (input?.required) expect(shownDefault, `${name}: default`).toBe('(required)')
      else if (input?.default) expect(shownDefault, `${name}: default`).toBe(`\`${input.default}\``)
    }
    const outputs = await readmeTable('Outputs')
    expect(outputs.map(([name]) => name).sort()).toEqual(
      OUTPUTS.map(output => `\`${output.name}\``).sort()
    )
  })
})
