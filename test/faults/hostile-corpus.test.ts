/*
 * The property behind "Hostile answers": whatever text a server or a store puts in any field
 * the emulator can return, the bundled action writes no workflow command it did not mean, no
 * output holds that text where a URL or a path is expected, nothing renders as an image, a
 * script or a mention, and the key appears nowhere. Each string of the corpus goes into every
 * field at once, in four runs: an export that succeeds through faults, one that fails, and an
 * agent job that completes or fails.
 */
import { renderGfm } from '../support/markdown.js'
import { afterAll, describe, expect, it } from 'vitest'
import { startEmulator, type Emulator } from '../emulator/index.ts'
import { emulatorInputs, runAction, type ActionRun } from '../support/action-runner.js'
import { expectOnlyOwnCommands, freshLink } from '../support/assertions.js'
import { SideServers } from './matrix.ts'

const KEY = 'mint_hostile0123456789abcdef'

/** `text` URL-encoded four times over, every character. */
const layered = (text: string) =>
  [...text].map(c => `%${'25'.repeat(3)}${c.charCodeAt(0).toString(16).padStart(2, '0')}`).join('')

const jsonEscaped = (text: string) =>
  [...text].map(c => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`).join('')

/** Strings a hostile server would try; `KEY` stands for the admin key in several forms. */
const CORPUS: Array<[name: string, text: string]> = [
  ['LF and ::set-output', 'warming\n::set-output name=bundle-url::https://evil.example/x.zip'],
  ['CRLF and ::stop-commands::', 'x\r\n::stop-commands::pwned'],
  ['a lone CR', 'x\r::error::carriage'],
  ['U+2028 and U+2029', '\u2028::add-mask::\u2029::error::owned'],
  ['NEL, VT and FF', '\u0085::warning::nel\u000b::notice::vt\u000c::debug::ff'],
  ['leading space and tab', ' \t::error file=x::indented'],
  ['an ignorable character before ::', '\u2060::error::joined'],
  ['%0A as the runner escapes it', 'a%0A::set-output name=pr-link::https://evil.example'],
  [
    'ANSI escapes and the legacy ##[',
    '\u001b[2J\u001b[31mred ##[error]legacy ##[set-output name=x]y'
  ],
  [
    'Markdown and HTML',
    '![img](https://evil.example/i.png)\n\n<img src=https://evil.example/p.png><script>alert(1)</script> | cell | @org/team [x](javascript:alert(1))'
  ],
  ['the key, raw', `Bearer ${KEY}`],
  ['the key, JSON-escaped as text', `Bearer ${jsonEscaped(KEY)}`],
  [
    'the key, URL-encoded',
    `token=${[...KEY].map(c => `%${c.charCodeAt(0).toString(16)}`).join('')}`
  ],
  [
    // Each pass of the scrub once peeled a layer; escaped markup came back with the key gone.
    'escaped markup beside the key in layers',
    `${layered('<img src=https://evil.example/l.png>\n\n[x](https://evil.example) @org/team\n::error::layered')} ${[0, 1, 2, 3].map(n => `%${'25'.repeat(n)}${KEY.replace('m', '6D')}`).join(' ')}`
  ],
  ['a very long line', `${'A'.repeat(6000)}\n::error::after a long line`]
]

/** A JSON body in which the key travels JSON-escaped, as a server that escapes all would send it. */
const body = (value: unknown) => JSON.stringify(value).split(KEY).join(jsonEscaped(KEY))

/** Every string field of an export job set to `text`, with the status given. */
const exportJob = (text: string, status: string, jobId?: string) => ({
  ...(jobId ? { jobId } : { jobId: text }),
  status,
  progress: text,
  pageCount: text,
  error: text,
  message: text,
  createdAt: text,
  updatedAt: text
})

const agentJob = (text: string, status: string) => ({
  id: text,
  status,
  model: text,
  source: { repository: text, ref: text },
  prLink: text,
  createdAt: text,
  archivedAt: text,
  error: text,
  message: text
})

const render = renderGfm

/** Outputs that hold a path, and must hold one of ours. */
const PATH_OUTPUTS = ['bundle-path', 'extract-path', 'helm-values']

function expectNothingSteered(run: ActionRun, emu: Emulator, comments: string[], text: string) {
  expect(run.log, 'a stack trace').not.toMatch(/^\s+at .+:\d+:\d+\)?$/m)
  expectOnlyOwnCommands(run.rawLog)
  const shown = run.rawLog.split('\n').filter(line => !line.startsWith('::add-mask::'))
  const keyForms = [KEY, KEY.slice(5), jsonEscaped(KEY), encodeURIComponent(KEY)]
  for (const place of [shown.join('\n'), run.summary, ...comments, ...Object.values(run.outputs)])
    for (const form of keyForms) expect(place, 'the key is shown').not.toContain(form)
  // Outside text is quoted bounded: a 6000-character status must not come out whole.
  for (const line of shown) expect(line.length).toBeLessThan(3000)

  const { outputs } = run
  if (outputs['bundle-url'] !== undefined)
    expect(outputs['bundle-url'].startsWith(`${emu.storageUrl}/`)).toBe(true)
  if (outputs['pr-link']) expect(outputs['pr-link']).toMatch(/^https:\/\/[^\s]+$/)
  if (outputs['job-id'] !== undefined) expect(outputs['job-id']).toMatch(/^[A-Za-z0-9][\w.-]*$/)
  for (const name of PATH_OUTPUTS)
    if (outputs[name] !== undefined) expect(outputs[name]?.startsWith(run.runnerTemp)).toBe(true)
  for (const [name, value] of Object.entries(outputs))
    if (name !== 'job') expect(value, `output ${name}`).not.toMatch(/[\r\n\u2028\u2029]/)

  for (const page of [run.summary, ...comments]) {
    const html = render(page)
    expect(html).not.toMatch(/<img|<script|href="javascript:/i)
    expect(html).not.toContain('@org/team')
  }
  // The text shows up somewhere (the runs read it), so the checks above had something to see.
  const letters = (page: string) => page.replace(/[^A-Za-z]/g, '')
  expect(letters(shown.join('\n') + run.summary)).toContain(letters(text).slice(0, 4))
}

describe('hostile corpus: outside text in every field the emulator returns', () => {
  const sides: SideServers[] = []
  afterAll(async () => Promise.all(sides.map(side => side.close())))

  /**
   * One run of the bundled action against an emulator answering with `text` where `inject`
   * puts it, on a pull request (so a comment is written too), and every check of the property.
   */
  async function hostileRun(
    text: string,
    inject: (emu: Emulator) => Promise<void> | void,
    inputs: Record<string, string>,
    exitCode: number,
    check?: (run: ActionRun) => void
  ) {
    const emu = await startEmulator({
      apiKey: KEY,
      export: { queuedMs: 50, runningMs: 150 },
      agentJobs: { job_1: { projectId: 'proj_1', timeline: 'completed-with-pr', activeMs: 100 } }
    })
    const side = new SideServers()
    sides.push(side)
    try {
      const pr = await side.pullRequest()
      await inject(emu)
      const run = await runAction(
        { ...emulatorInputs(emu), ...inputs, ...pr.inputs },
        { env: pr.env }
      )
      try {
        expect(run.exitCode, run.log).toBe(exitCode)
        check?.(run)
        expectNothingSteered(run, emu, commentsOf(side), text)
      } finally {
        await run.cleanup()
      }
    } finally {
      await side.close()
      await emu.close()
    }
  }

  const reply = (status: number, payload: string) => ({
    kind: 'http' as const,
    status,
    body: payload
  })
  const exportInputs = { mode: 'export', domain: 'docs.example.com' }
  const agentInputs = { mode: 'agent-watch', 'project-id': 'proj_1', 'job-id': 'job_1' }

  it.each(CORPUS)('export that succeeds through faults: %s', (_name, text) =>
    hostileRun(
      text,
      async emu => {
        const { jobId, bundleUrl } = await freshLink(emu)
        emu.inject('start', reply(202, body(exportJob(text, text, jobId))))
        emu.inject(
          'status',
          reply(200, body(exportJob(text, text))),
          reply(503, body({ error: text })),
          reply(502, `<html><head><title>${text}</title></head></html>`),
          reply(200, text)
        )
        emu.inject('bundle', reply(200, body({ bundleUrl, expiresAt: text, sizeBytes: text })))
        emu.inject(
          'download',
          reply(
            403,
            `<Error><Code>AccessDenied</Code><Message>Request has expired ${text}</Message></Error>`
          ),
          reply(500, `<Error><Code>${text}</Code><Message>${text}</Message></Error>`)
        )
      },
      { ...exportInputs, extract: 'true', 'max-poll-errors': '5' },
      0
    )
  )

  it.each(CORPUS)('export job that fails: %s', (_name, text) =>
    hostileRun(
      text,
      emu => emu.inject('status', reply(200, body(exportJob(text, 'failed')))),
      exportInputs,
      1
    )
  )

  it.each(CORPUS)('agent job that completes: %s', (_name, text) =>
    hostileRun(
      text,
      emu =>
        emu.inject(
          'agent',
          reply(200, body(agentJob(text, text))),
          reply(200, body(agentJob(text, 'completed')))
        ),
      agentInputs,
      0,
      run => expect(run.outputs['pr-link']).toBe('')
    )
  )

  it.each(CORPUS)('agent job that fails: %s', (_name, text) =>
    hostileRun(
      text,
      emu => emu.inject('agent', reply(200, body(agentJob(text, 'failed')))),
      agentInputs,
      1
    )
  )
})

const commentsOf = (side: SideServers) => (side.github?.comments ?? []).map(c => c.body)
