// action.yml against the action metadata schema of SchemaStore (`github-action.json`, which
// knows `runs.using: node24`), vendored in test/schemas/ from SchemaStore/schemastore at commit
// 3b6446ad8a077bac56f4a4796c0b7fd88927fc8e (2026-08-07), file src/schemas/json/github-action.json
// (git blob e2acfbd8c15a35e91b921832a3d9ef42e5861809): no network in tests.
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import Ajv from 'ajv'
import { parse } from 'yaml'
import { beforeAll, describe, expect, it } from 'vitest'
import { ROOT } from '../support/action-runner.js'

let validate: Ajv.ValidateFunction
let schema: { definitions: Record<string, { enum?: string[] } & Record<string, unknown>> }

beforeAll(async () => {
  schema = JSON.parse(await readFile(join(ROOT, 'test', 'schemas', 'github-action.json'), 'utf8'))
  validate = new Ajv({ allErrors: true }).compile(schema)
})

describe('action.yml', () => {
  it('is valid action metadata', async () => {
    const action = parse(await readFile(join(ROOT, 'action.yml'), 'utf8')) as unknown
    const valid = validate(action)
    expect(valid ? [] : validate.errors).toEqual([])
  })

  it('runs on node24, which the schema accepts', async () => {
    const action = parse(await readFile(join(ROOT, 'action.yml'), 'utf8')) as {
      runs: { using: string; main: string }
    }
    expect(action.runs).toEqual({ using: 'node24', main: 'dist/index.js' })
    expect(JSON.stringify(schema)).toContain('"node24"')
  })

  it('the schema refuses what it should (it is really applied)', () => {
    const wrong = {
      name: 'x',
      description: 'y',
      runs: { using: 'node99', main: 'dist/index.js' },
      inputs: { 'api-key': { description: 'k', required: 'yes' } }
    }
    expect(validate(wrong)).toBe(false)
    expect(validate({ description: 'no name', runs: { using: 'node24', main: 'a.js' } })).toBe(
      false
    )
  })
})
