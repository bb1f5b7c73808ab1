// Writes action.yml's inputs and outputs from the one declaration in src/inputs.ts, so that
// adding an input is one entry there; `--check` fails when action.yml differs (CI, tests).
import { readFileSync, writeFileSync } from 'node:fs'
import { format, resolveConfig } from 'prettier'
import { stringify } from 'yaml'
import { INPUTS, OUTPUTS } from '../src/inputs.ts'

const HEADER = `name: Mintlify Admin API
description: >-
  Export a Mintlify docs site as a static bundle (start, wait, download, verify, extract) for the
  steps that deploy it, start the Mintlify docs agent or follow its jobs, or publish the docs.
author: Mintlify Admin Action contributors
branding:
  icon: package
  color: green
`

const RUNS = `runs:
  using: node24
  main: dist/index.js
`

/** The whole file, formatted as `npm run format:check` expects it. */
export async function actionYml(): Promise<string> {
  const inputs = Object.fromEntries(
    INPUTS.map(input => [
      input.name,
      {
        description: input.description,
        required: input.required === true,
        ...(input.required ? {} : { default: input.default ?? '' })
      }
    ])
  )
  const outputs = Object.fromEntries(
    OUTPUTS.map(output => [output.name, { description: output.description }])
  )
  const yaml = (value: unknown) => stringify(value, { lineWidth: 100, minContentWidth: 40 })
  const text = `${HEADER}\n${yaml({ inputs })}\n${yaml({ outputs })}\n${RUNS}`
  return format(text, { ...(await resolveConfig(path.pathname)), parser: 'yaml' })
}

const path = new URL('../action.yml', import.meta.url)
// Imported by a test, it only exports actionYml().
if (import.meta.main && process.argv.includes('--check')) {
  if (readFileSync(path, 'utf8') !== (await actionYml())) {
    process.stderr.write('action.yml differs from src/inputs.ts: run `npm run action-yml`.\n')
    process.exit(1)
  }
} else if (import.meta.main) {
  writeFileSync(path, await actionYml())
}
