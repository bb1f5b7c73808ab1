// The README's workflows are meant to be copied: each must parse, pass only inputs this action
// declares, and read only outputs that exist (of this action's steps and of the jobs they need).
import { execFileSync } from 'node:child_process'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { parse, parseDocument } from 'yaml'
import { beforeAll, describe, expect, it } from 'vitest'
import { agentCommentMarker } from '../../src/modes/agent-watch/report.js'
import { previewCommentMarker } from '../../src/modes/preview/report.js'
import { ROOT } from '../support/action-runner.js'
import { binary } from '../support/real-servers.js'
import { yamlBlocks } from '../support/readme.js'

/** A step `uses:` this action (any ref). */
const THIS_ACTION = /^mintlify-admin\/action@/

export interface ActionSpec {
  inputs: Set<string>
  requiredInputs: string[]
  outputs: Set<string>
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json }
type Mapping = { [key: string]: Json }

const isMapping = (value: unknown): value is Mapping =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

export function readActionSpec(actionYaml: string): ActionSpec {
  const action = parse(actionYaml) as {
    inputs: Record<string, { required?: boolean }>
    outputs: Record<string, unknown>
  }
  return {
    inputs: new Set(Object.keys(action.inputs)),
    requiredInputs: Object.entries(action.inputs)
      .filter(([, spec]) => spec.required === true)
      .map(([name]) => name),
    outputs: new Set(Object.keys(action.outputs))
  }
}

/** Every string inside a value (mapping values, sequence items), depth first. */
function stringsIn(value: Json): string[] {
  if (typeof value === 'string') return [value]
  if (Array.isArray(value)) return value.flatMap(stringsIn)
  if (isMapping(value)) return Object.values(value).flatMap(stringsIn)
  return []
}

const STEP_OUTPUT =
  /\bsteps\.([A-Za-z_][\w-]*)\.outputs(?:\.([A-Za-z_][\w-]*)|\[\s*'([^']+)'\s*\])/g
/** Events whose runs have `inputs`; on any other trigger, `inputs.<name>` is empty. */
const EVENTS_WITH_INPUTS = new Set(['workflow_dispatch', 'workflow_call'])
const EXPRESSION = /\$\{\{([\s\S]*?)\}\}/g

/** The events of an `on:` value: a name, a list of names, or a mapping keyed by them. */
function triggersOf(on: Json | undefined): string[] {
  if (typeof on === 'string') return [on]
  if (Array.isArray(on)) return on.filter(event => typeof event === 'string')
  return isMapping(on) ? Object.keys(on) : []
}

const NEEDS_OUTPUT =
  /\bneeds\.([A-Za-z_][\w-]*)\.outputs(?:\.([A-Za-z_][\w-]*)|\[\s*'([^']+)'\s*\])/g

/**
 * What is wrong with one workflow, as sentences naming the job and step; empty when nothing is.
 * Checks this action's `with:` keys and required inputs, `steps.<id>.outputs.<name>` (the step
 * exists in that job; for this action's steps, the output is declared), and
 * `needs.<job>.outputs.<name>` (the job is needed and defines that output).
 */
export function checkWorkflow(workflow: unknown, action: ActionSpec): string[] {
  const problems: string[] = []
  if (!isMapping(workflow)) return ['the workflow is not a mapping']
  if (!('on' in workflow)) problems.push('the workflow has no `on:` trigger')
  const withoutInputs = triggersOf(workflow.on).filter(event => !EVENTS_WITH_INPUTS.has(event))
  const jobs = workflow.jobs
  if (!isMapping(jobs) || Object.keys(jobs).length === 0) return [...problems, 'no `jobs:`']

  for (const [jobName, job] of Object.entries(jobs)) {
    if (!isMapping(job)) {
      problems.push(`job ${jobName} is not a mapping`)
      continue
    }
    const steps = Array.isArray(job.steps) ? job.steps.filter(isMapping) : []
    if (!job['runs-on'] && !job.uses) problems.push(`job ${jobName} has no \`runs-on:\``)
    const stepsById = new Map<string, Mapping>()
    steps.forEach((step, index) => {
      const label = `job ${jobName}, step ${String(step.id ?? step.name ?? index + 1)}`
      if (typeof step.id === 'string') stepsById.set(step.id, step)
      if ('uses' in step === 'run' in step)
        problems.push(`${label}: a step needs exactly one of \`uses:\` and \`run:\``)
      if (typeof step.uses !== 'string' || !THIS_ACTION.test(step.uses)) return
      const inputs = isMapping(step.with) ? Object.keys(step.with) : []
      for (const input of inputs) {
        if (!action.inputs.has(input))
          problems.push(`${label}: \`${input}\` is not an input of this action`)
      }
      for (const required of action.requiredInputs) {
        if (!inputs.includes(required))
          problems.push(`${label}: required input \`${required}\` is missing`)
      }
    })

    const needs =
      typeof job.needs === 'string' ? [job.needs] : Array.isArray(job.needs) ? job.needs : []
    for (const text of stringsIn(job)) {
      for (const [expression, body] of text.matchAll(EXPRESSION)) {
        if (withoutInputs.length && /\binputs\./.test(body as string) && !body?.includes('||'))
          problems.push(
            `job ${jobName}: \`${expression}\` is empty on ${withoutInputs.join(', ')} runs: add a fallback with \`||\``
          )
      }
      for (const match of text.matchAll(STEP_OUTPUT)) {
        const [expression, id] = match as unknown as [string, string]
        const output = (match[2] ?? match[3]) as string
        const step = stepsById.get(id)
        if (!step) problems.push(`job ${jobName}: \`${expression}\` names no step of this job`)
        else if (
          typeof step.uses === 'string' &&
          THIS_ACTION.test(step.uses) &&
          !action.outputs.has(output)
        )
          problems.push(
            `job ${jobName}: \`${expression}\`: this action has no output \`${output}\``
          )
      }
      for (const match of text.matchAll(NEEDS_OUTPUT)) {
        const [expression, needed] = match as unknown as [string, string]
        const output = (match[2] ?? match[3]) as string
        const neededJob = jobs[needed]
        if (!needs.includes(needed))
          problems.push(`job ${jobName}: \`${expression}\` but the job does not need \`${needed}\``)
        if (!isMapping(neededJob))
          problems.push(`job ${jobName}: \`${expression}\` names no job of this workflow`)
        else if (!isMapping(neededJob.outputs) || !(output in neededJob.outputs))
          problems.push(
            `job ${jobName}: \`${expression}\`: job ${needed} has no output \`${output}\``
          )
      }
    }
  }
  return problems
}

let action: ActionSpec
let blocks: Array<{ line: number; text: string }>

beforeAll(async () => {
  action = readActionSpec(await readFile(join(ROOT, 'action.yml'), 'utf8'))
  blocks = yamlBlocks(await readFile(join(ROOT, 'README.md'), 'utf8'))
})

describe('README workflows', () => {
  it('has the workflows to check (the check cannot pass on nothing)', () => {
    expect(blocks.length).toBeGreaterThanOrEqual(8)
    const usesThisAction = blocks.filter(block => /uses: mintlify-admin\/action@/.test(block.text))
    expect(usesThisAction.length).toBe(blocks.length)
    expect(action.requiredInputs.sort()).toEqual(['api-key', 'mode'])
  })

  it('every yaml block parses without errors or warnings', () => {
    for (const { line, text } of blocks) {
      const document = parseDocument(text)
      expect(
        document.errors.map(e => e.message),
        `README.md:${line}`
      ).toEqual([])
      expect(
        document.warnings.map(e => e.message),
        `README.md:${line}`
      ).toEqual([])
    }
  })

  it('every workflow uses only declared inputs and outputs', () => {
    for (const { line, text } of blocks)
      expect(checkWorkflow(parse(text), action), `README.md:${line}`).toEqual([])
  })

  it('covers the deploy recipes and the inputs they rely on', () => {
    const all = blocks.map(block => block.text).join('\n')
    for (const needle of [
      'actions/deploy-pages@',
      'aws-actions/configure-aws-credentials@',
      'aws s3 sync',
      'helm upgrade --install mintlify mintlify/enterprise',
      'steps.export.outputs.helm-values',
      'needs.start.outputs.job-id',
      'schedule:',
      'artifact-content: pages',
      'wait: false',
      'download: false'
    ])
      expect(all, needle).toContain(needle)
  })
})

describe('the `/docs` workflow’s search for the earlier agent job', () => {
  it('finds the job id of the newest agent comment the workflow token wrote, with real jq', () => {
    // gh's `--jq` runs the program on each page and prints strings raw, as `jq -r` does.
    const block = blocks.find(b => b.text.includes('Find the agent job this pull request'))
    const workflow = parse(block?.text ?? '') as {
      jobs: Record<string, { steps: Array<{ id?: string; run?: string }> }>
    }
    const steps = Object.values(workflow.jobs).flatMap(job => job.steps)
    const run = steps.find(step => step.id === 'earlier')?.run ?? ''
    const program = /--jq '([^']+)'/.exec(run)?.[1]
    expect(program, 'the jq program of the README').toBeDefined()
    const bot = { login: 'github-actions[bot]' }
    const comments = [
      { user: bot, body: `${agentCommentMarker('proj_1', 'job_1')}\n### ✅ done` },
      { user: bot, body: `${previewCommentMarker('proj_1', 'docs/x')}\n### ✅ ready` },
      { user: bot, body: `${agentCommentMarker('proj_1', 'job_2')}\n### ⏳ working` },
      // Anyone may paste a marker: not the workflow token's comment.
      { user: { login: 'mallory' }, body: agentCommentMarker('proj_1', 'job_evil') },
      { user: bot, body: `quoted: ${agentCommentMarker('proj_1', 'job_quoted')}` }
    ]
    const found = execFileSync(binary('jq', 'jq'), ['-r', program as string], {
      input: JSON.stringify(comments),
      encoding: 'utf8'
    })
    expect(found.trim().split('\n')).toEqual(['job_1', 'job_2'])
  })
})

describe('checkWorkflow', () => {
  const WRONG = `
name: Wrong
on: workflow_dispatch
jobs:
  start:
    runs-on: ubuntu-latest
    outputs:
      job-id: \${{ steps.start.outputs.job_id }}
    steps:
      - id: start
        uses: mintlify-admin/action@v1
        with:
          mode: export
          domain: docs.example.com
          artifact_content: pages
  finish:
    runs-on: ubuntu-latest
    steps:
      - id: export
        uses: mintlify-admin/action@v1
        with:
          mode: export
          api-key: \${{ secrets.KEY }}
          job-id: \${{ needs.start.outputs.jobid }}
      - run: echo "\${{ steps.export.outputs.bundle-link }} \${{ steps.exprot.outputs.bundle-url }}"
      - name: Both kinds
        uses: actions/checkout@v5
        run: echo nothing
  other:
    runs-on: ubuntu-latest
    needs: [finish]
    steps:
      - run: echo "\${{ needs.start.outputs['job-id'] }} \${{ steps.export.outputs['extract-path'] }}"
`

  it('reports each mistake of a deliberately wrong workflow', () => {
    expect(checkWorkflow(parse(WRONG), action)).toEqual([
      'job start, step start: `artifact_content` is not an input of this action',
      'job start, step start: required input `api-key` is missing',
      'job start: `steps.start.outputs.job_id`: this action has no output `job_id`',
      'job finish, step Both kinds: a step needs exactly one of `uses:` and `run:`',
      'job finish: `needs.start.outputs.jobid` but the job does not need `start`',
      'job finish: `needs.start.outputs.jobid`: job start has no output `jobid`',
      'job finish: `steps.export.outputs.bundle-link`: this action has no output `bundle-link`',
      'job finish: `steps.exprot.outputs.bundle-url` names no step of this job',
      "job other: `steps.export.outputs['extract-path']` names no step of this job",
      "job other: `needs.start.outputs['job-id']` but the job does not need `start`"
    ])
  })

  it('reports inputs read on a trigger that has none, unless a fallback follows', () => {
    const workflow = `
on:
  pull_request:
  workflow_dispatch:
    inputs: { id: { required: true } }
jobs:
  watch:
    runs-on: ubuntu-latest
    steps:
      - uses: mintlify-admin/action@v1
        with:
          mode: agent-watch
          api-key: x
          job-id: \${{ inputs.id }}
          project-id: \${{ inputs.project || vars.PROJECT }}
`
    expect(checkWorkflow(parse(workflow), action)).toEqual([
      'job watch: `${{ inputs.id }}` is empty on pull_request runs: add a fallback with `||`'
    ])
  })

  it('accepts a correct chain through job outputs; other actions’ outputs are not checked', () => {
    const RIGHT = `
on: workflow_dispatch
jobs:
  start:
    runs-on: ubuntu-latest
    outputs:
      job-id: \${{ steps.start.outputs.job-id }}
    steps:
      - id: start
        uses: mintlify-admin/action@v1
        with: { mode: export, api-key: x, domain: docs.example.com, wait: false }
  finish:
    needs: start
    runs-on: ubuntu-latest
    environment:
      url: \${{ steps.deployment.outputs.page_url }}
    steps:
      - id: export
        uses: mintlify-admin/action@main
        with:
          mode: export
          api-key: x
          job-id: \${{ needs.start.outputs['job-id'] }}
      - id: deployment
        uses: actions/deploy-pages@v5
      - if: steps.export.outputs.status == 'completed'
        run: echo "\${{ steps.export.outputs['extract-path'] }}"
`
    expect(checkWorkflow(parse(RIGHT), action)).toEqual([])
  })

  it('finds the README’s own fences, and nothing else', () => {
    const markdown = '```yaml\na: 1\n```\n\n```sh\nnpm test\n```\n\n```yml\nb: 2\n```\n'
    expect(yamlBlocks(markdown)).toEqual([
      { line: 2, text: 'a: 1\n' },
      { line: 10, text: 'b: 2\n' }
    ])
  })
})
