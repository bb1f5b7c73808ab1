import { describe, expect, it } from 'vitest'
import { CancelledError, TimedOutError } from '../../src/modes/errors.js'
import { MODE_NAMES, MODES } from '../../src/modes/modes.js'
import { renderGfm } from '../support/markdown.js'
import { brokenLinksReport, commentSettings, inProgress } from '../support/report-samples.js'

/*
 * Every mode's job summary, success and failure, as GitHub's Markdown engine renders it
 * (CommonMark with GFM): the outcome first, the reason a quote, the next step with lines to copy
 * in a code block, nothing of the text left as literal Markdown.
 */

const cases: Array<{
  name: string
  render: (error?: Error) => string
  /** The `with:` lines the failure's next step offers, when it offers any. */
  snippet?: string
}> = [
  {
    name: 'export',
    render: error => MODES.export.summaryMarkdown(inProgress.export, error),
    snippet: 'job-id: se_3f9a2c1b8e7d4a06'
  },
  {
    name: 'agent-watch',
    render: error => MODES['agent-watch'].summaryMarkdown(inProgress['agent-watch'], error),
    snippet: 'mode: agent-watch\nproject-id: proj_1\njob-id: job_1'
  },
  {
    name: 'agent',
    render: error => MODES.agent.summaryMarkdown(inProgress.agent, error),
    snippet: 'mode: agent-watch\nproject-id: proj_1\njob-id: job_1'
  },
  {
    name: 'deploy',
    render: error => MODES.deploy.summaryMarkdown(inProgress.deploy, error),
    snippet: 'mode: deploy\nproject-id: proj_1\nstatus-id: st_1'
  },
  {
    name: 'preview',
    render: error => MODES.preview.summaryMarkdown(inProgress.preview, error),
    snippet: "mode: preview\nproject-id: proj_1\nbranch: 'docs/x'\nstatus-id: st_2"
  }
]

describe.each(cases)('the $name summary', ({ render, snippet }) => {
  it('says the outcome first, then the facts in a table', () => {
    const html = renderGfm(render())
    expect(html.trimStart()).toMatch(/^<h2>✅ Mintlify [a-z ]+<\/h2>/)
    expect(html).toContain('<table><tr><th>Item</th><th>Value</th></tr>')
    expect(html).not.toMatch(/<tr><th><\/th>/)
  })

  it('on a timeout: ⏳ (the work goes on), the reason as a quote, and the lines to copy', () => {
    const html = renderGfm(
      render(
        new TimedOutError(
          'Timed out after 15m waiting for job_1 (last status: active). Increase `timeout`.'
        )
      )
    )
    expect(html.trimStart()).toMatch(
      /^<h2>⏳ Mintlify [a-z ]+: still running, this step stopped waiting<\/h2>/
    )
    // Our own code spans stay code; nothing else of the message is Markdown.
    expect(html).toContain('Increase <code>timeout</code>.</p>')
    expect(html).toContain('<blockquote>\n<p>Timed out after 15m waiting for job_1')
    expect(html).toContain('<p><strong>Next step:</strong>')
    expect(html).toContain(`<pre><code class="language-yaml">${snippet}\n</code></pre>`)
    // Nothing the text held is left as Markdown syntax on the page.
    expect(html).not.toMatch(/(^|[^\\])\\_|&gt; Timed|\*\*Next/)
  })

  it('on a cancel: ⏹️, not ❌ (nothing failed), the reason as a quote, no lines to copy', () => {
    const html = renderGfm(render(new CancelledError('Cancelled by SIGTERM: this step stopped.')))
    expect(html.trimStart()).toMatch(/^<h2>⏹️ Mintlify [a-z ]+: this step was cancelled<\/h2>/)
    expect(html).toContain('<blockquote>\n<p>Cancelled by SIGTERM: this step stopped.</p>')
    expect(html).not.toContain('<pre><code')
  })

  it('a failure that is no timeout offers no lines to copy (the job is over)', () => {
    const html = renderGfm(render(new Error('Job job_1 failed: a_b *c*')))
    expect(html).toContain('<blockquote>\n<p>Job job_1 failed: a_b *c*</p>\n</blockquote>')
    if (!html.includes('export itself finished')) expect(html).not.toContain('<pre><code')
  })
})

describe('details that are not worth the first look', () => {
  it('an export folds its phase timings away', () => {
    const html = renderGfm(MODES.export.summaryMarkdown(inProgress.export, undefined))
    const [facts, details] = html.split('<details>')
    expect(facts).not.toContain('Time: wait')
    expect(details).toContain('<summary>Details</summary>')
    expect(details).toContain('<td>Time: wait</td><td>15m</td>')
  })

  it('the prompt an agent job was sent is shown as sent, inert, in a folded block', () => {
    const html = renderGfm(cases[2]?.render() ?? '')
    expect(html).toContain(
      '<pre>Update the docs for `retries` &lt;b&gt;now&lt;/b&gt;\n\n&gt; quoted</pre>'
    )
    expect(html).not.toContain('<b>now</b>')
  })
})

describe('every mode’s pull-request comment', () => {
  it.each(MODE_NAMES)(
    '%s: the outcome first, the reason quoted, no table with an empty header',
    name => {
      const mode = MODES[name] as unknown as {
        comment(s: unknown, r: unknown, e: Error | undefined): { body: string } | undefined
      }
      const failed = mode.comment(
        commentSettings[name],
        inProgress[name],
        new Error('It broke: a_b')
      )
      const html = renderGfm(failed?.body ?? '')
      // An agent job seen working when the step failed is not said to have failed itself.
      expect(html).toMatch(
        name.startsWith('agent')
          ? /^<h3>⚠️ Could not follow the docs agent: it may still be working</
          : /^<h3>❌ /
      )
      expect(html).toContain('<blockquote>\n<p>It broke: a_b</p>\n</blockquote>')
      expect(html).not.toMatch(/<th><\/th>/)
      expect(html).not.toMatch(/(^|[^\\])\\_/)
    }
  )

  it.each(MODE_NAMES)('%s, cancelled: not said to have failed; the work started goes on', name => {
    const mode = MODES[name] as unknown as {
      comment(s: unknown, r: unknown, e: Error | undefined): { body: string } | undefined
    }
    const cancelled = new CancelledError('Cancelled by SIGTERM.')
    const heading = mode.comment(commentSettings[name], inProgress[name], cancelled)?.body
    expect(heading?.split('\n')[0]).toMatch(
      name === 'export' ? /^### ⏹️ .*cancelled$/ : /^### ⏳ .*: this run stopped waiting$/
    )
  })

  it('agent: a follow-up the job did not take (cancelled, refused) leaves the job’s comment as it was', () => {
    const notSent = { ...inProgress.agent, request: 'follow-up', job: undefined } as never
    const taken = { ...inProgress.agent, request: 'follow-up' } as never
    const comment = (report: never, error?: Error) =>
      MODES.agent.comment(commentSettings.agent as never, report, error)
    expect(comment(notSent, new CancelledError('Cancelled by SIGTERM.'))).toBe(undefined)
    expect(comment(notSent, new Error('HTTP 429: too many requests.'))).toBe(undefined)
    expect(comment(taken, new CancelledError('Cancelled by SIGTERM.'))).toBeDefined()
    expect(comment(taken, undefined)).toBeDefined()
  })

  it.each(['deploy', 'preview'] as const)(
    '%s cancelled before anything was triggered: no comment',
    name => {
      const notStarted = { ...inProgress[name], statusId: undefined } as never
      const cancelled = new CancelledError('Cancelled by SIGTERM.')
      expect(MODES[name].comment(commentSettings[name] as never, notStarted, cancelled)).toBe(
        undefined
      )
      expect(
        MODES[name].comment(commentSettings[name] as never, notStarted, undefined)
      ).toBeDefined()
    }
  )

  it('a timed-out export’s comment says how to pick the job up again', () => {
    const body = MODES.export.comment(
      commentSettings.export as never,
      inProgress.export,
      new TimedOutError('Timed out.')
    )
    expect(renderGfm(body?.body ?? '')).toContain(
      '<pre><code class="language-yaml">job-id: se_3f9a2c1b8e7d4a06\n</code></pre>'
    )
  })
})

describe('markdownMessage: our code spans stay code, the rest is text', () => {
  it('keeps balanced spans, escapes around them, and treats an odd backtick as text', async () => {
    const { markdownMessage } = await import('../../src/util/markdown.js')
    expect(renderGfm(markdownMessage('Set `job-id: se_1` and *retry* <b>now</b>'))).toBe(
      '<p>Set <code>job-id: se_1</code> and *retry* &lt;b&gt;now&lt;/b&gt;</p>'
    )
    const odd = renderGfm(markdownMessage('odd ` tick ![x](https://e.example/x.png)'))
    expect(odd).toContain('<p>odd ` tick ![x](')
    expect(odd).not.toContain('<img')
    // A span's text renders as written: no image, no link, no mention.
    expect(renderGfm(markdownMessage('`![x](https://e.example/x.png) @acme/team`'))).toBe(
      '<p><code>![x](https://e.example/x.png) @acme/team</code></p>'
    )
  })
})

describe('the export summary’s broken links', () => {
  const rendered = (extra = 0) =>
    renderGfm(MODES.export.summaryMarkdown(brokenLinksReport(extra), undefined))

  it('counts them, lists them in a table after the facts, each in its cell', () => {
    const html = rendered()
    expect(html).toContain(
      '<td>Link check</td><td>310 path(s) of 5200 reference(s) on host <code>nginx</code>: 3 will not resolve</td>'
    )
    expect(html).toContain('<h3>Broken links (3)</h3>')
    expect(html).toContain(
      '<tr><td><code>/guides/missing</code></td><td><code>guides/intro.html</code></td><td>Link</td><td>2</td></tr>'
    )
    const table = html.slice(html.indexOf('<h3>Broken links'), html.indexOf('<details>'))
    // One row per link, nothing from a page outside a cell: no element but the table's own.
    expect(table.match(/<tr>/g)).toHaveLength(4)
    expect(table.replace(/<\/?(h3|table|tr|th|td|code)>/g, '')).not.toMatch(/<[a-z/]/i)
    expect(table).toContain('&lt;img src=x onerror=alert(1)&gt;')
    expect(table).toContain('@\u200bacme/team')
    // The hostile target's line break and `|` stay inside its code cell, on one line.
    expect(table).toContain('<code>/x::error::pwned | `tick`')
  })

  it('lists 50 and counts the rest', () => {
    const html = rendered(60)
    const table = html.slice(html.indexOf('<h3>Broken links'), html.indexOf('<details>'))
    expect(html).toContain('<h3>Broken links (63)</h3>')
    expect(table.match(/<tr>/g)).toHaveLength(51)
    expect(table).toContain('<p>… and 13 more.</p>')
  })

  it('a clean check has no table, and says so in the facts', () => {
    const report = {
      ...brokenLinksReport(),
      siteCheck: { ...brokenLinksReport().siteCheck!, broken: [] }
    }
    const html = renderGfm(MODES.export.summaryMarkdown(report, undefined))
    expect(html).not.toContain('Broken links')
    expect(html).toContain('on host <code>nginx</code>: all resolve</td>')
  })

  it('outputs the count and the configuration’s path; the comment says it in a fact', () => {
    expect(MODES.export.outputs(brokenLinksReport())).toMatchObject({
      'broken-links': 3,
      'host-config': '/home/runner/work/_temp/mintlify-export/se_3f9a2c1b8e7d4a06/nginx-site.conf'
    })
    const body = MODES.export.comment(
      commentSettings.export as never,
      brokenLinksReport(),
      undefined
    )
    expect(renderGfm(body?.body ?? '')).toContain(
      '<li><strong>Link check:</strong> 3 broken on host <code>nginx</code></li>'
    )
  })
})
