import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { Mode } from '../../src/modes/mode.js'
import { MODES } from '../../src/modes/modes.js'
import { renderGfm } from './markdown.js'
import { commentSettings, SAMPLES } from './report-samples.js'

/*
 * Every job summary and pull-request comment of the sample reports, rendered as GitHub renders
 * Markdown, each as an HTML page to look at (`npm run preview:summary`), with an index.
 */

const CSS = `
body { margin: 0; padding: 16px 24px; background: #fff; color: #1f2328;
  font: 14px/1.5 -apple-system, BlinkMacSystemFont, "Segoe UI", "Noto Sans", Helvetica, Arial,
    sans-serif, "Apple Color Emoji", "Segoe UI Emoji"; }
.page { color: #59636e; font-size: 12px; border-bottom: 1px solid #d1d9e0; margin-bottom: 16px; }
.body { max-width: 880px; }
h2, h3 { font-weight: 600; line-height: 1.25; margin: 24px 0 16px; }
h2 { font-size: 1.5em; padding-bottom: .3em; border-bottom: 1px solid #d1d9e0; }
h3 { font-size: 1.25em; }
p, blockquote, table, pre, details { margin: 0 0 16px; }
a { color: #0969da; text-decoration: none; }
blockquote { padding: 0 1em; color: #59636e; border-left: .25em solid #d1d9e0; }
code, pre { font: 85%/1.45 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; }
code { padding: .2em .4em; background: #818b981f; border-radius: 6px; }
pre { padding: 16px; overflow: auto; background: #f6f8fa; border-radius: 6px; }
pre code { padding: 0; background: none; font-size: 100%; }
table { border-collapse: collapse; display: block; width: max-content; max-width: 100%; }
th, td { padding: 6px 13px; border: 1px solid #d1d9e0; }
th { font-weight: 600; }
tr:nth-child(2n) { background: #f6f8fa; }
img { max-width: 100%; }
`

const escape = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>${escape(title)}</title><style>${CSS}</style></head>
<body>
<p class="page">${escape(title)}</p>
<div class="body">
${body}
</div>
</body>
</html>
`
}

/** Writes the pages and `index.html` into `dir`; the pages' file names, index first. */
export async function writeSummaryPages(dir: string): Promise<string[]> {
  await mkdir(dir, { recursive: true })
  const files: string[] = []
  const rows: string[] = []
  const write = async (name: string, title: string, markdown: string | undefined) => {
    if (markdown === undefined) return '–'
    await writeFile(join(dir, name), page(title, renderGfm(markdown)))
    files.push(name)
    return `<a href="${name}">${name.endsWith('-summary.html') ? 'summary' : 'comment'}</a>`
  }
  for (const sample of SAMPLES) {
    const { mode: name, variant, label, report, error } = sample
    const mode = MODES[name] as unknown as Mode<never, object>
    const stem = `${name}-${variant}`
    const title = `${name} · ${variant}: ${label}`
    const summary = sample.commentOnly ? undefined : mode.summaryMarkdown(report, error)
    const comment = mode.comment(commentSettings[name] as never, report, error)?.body
    const links = [
      await write(`${stem}-summary.html`, `${title} · job summary`, summary),
      await write(`${stem}-comment.html`, `${title} · pull-request comment`, comment)
    ]
    rows.push(
      `<tr><td>${name}</td><td>${variant}</td><td>${escape(label)}</td><td>${links.join('</td><td>')}</td></tr>`
    )
  }
  const index = `<table><tr><th>Mode</th><th>Variant</th><th>State</th><th>Job summary</th><th>Comment</th></tr>\n${rows.join('\n')}\n</table>`
  await writeFile(join(dir, 'index.html'), page('Job summaries and pull-request comments', index))
  return ['index.html', ...files]
}
