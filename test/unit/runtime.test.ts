import { readFile } from 'node:fs/promises'
import { describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { ROOT } from '../support/action-runner.js'

describe('runtime', () => {
  it('runs the tests on the Node 24 the project brings, as GitHub runs the action', async () => {
    console.log(`tests run on Node ${process.version}`)
    expect(process.version).toMatch(/^v24\./)
    const action = parse(await readFile(`${ROOT}/action.yml`, 'utf8')) as {
      runs: { using: string; main: string }
    }
    expect(action.runs).toEqual({ using: 'node24', main: 'dist/index.js' })
  })

  it('ships an ESM bundle that Node loads as a module', async () => {
    expect(JSON.parse(await readFile(`${ROOT}/dist/package.json`, 'utf8'))).toEqual({
      type: 'module'
    })
  })
})
