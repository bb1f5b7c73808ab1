import { secrets } from '../log.js'
import { CancelledError, stillRunning } from '../modes/errors.js'
import { markdownText, markdownUrl, quoteMessage } from '../util/markdown.js'

export type SummaryRow = [label: string, value: string]

/**
 * Escapes text for the summary's HTML table, where Markdown does not render, on one line: a
 * blank line inside a cell would end GitHub's HTML block and let Markdown (an image, a link)
 * out of the cell.
 */
export function html(text: string): string {
  // Scrubbed before escaping, which could hide a secret (`&` as `&amp;`).
  return (
    secrets
      .scrub(text)
      .replace(/\s+/g, ' ')
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      .replace(/"/g, '&quot;')
      // A zero-width space after @, as in comments: no user or team is mentioned by a server.
      .replace(/@/g, '@\u200b')
  )
}

export function code(text: string): string {
  return `<code>${html(text)}</code>`
}

/** A link when `href` is http(s), else the text alone. */
export function link(href: string): string {
  const url = markdownUrl(href)
  // The href as a URL (no zero-width space after an @ in it), the text as text.
  return url
    ? `<a href="${url.replace(/&/g, '&amp;').replace(/"/g, '%22')}">${html(href)}</a>`
    : html(href)
}

/** What to do after a failure: a sentence, and the lines to put in the step's `with:`. */
export interface NextStep {
  readonly text: string
  /** YAML for `with:` (ids and input names only: ours, never server text). */
  readonly snippet?: string
}

export interface SummaryExtras {
  /** Rows worth keeping but not worth the first look (timings): folded away. */
  readonly details?: readonly SummaryRow[]
  readonly nextStep?: NextStep
  /** Blocks of HTML after the table (each already escaped), e.g. a list of findings. */
  readonly sections?: readonly string[]
}

/** The next step as Markdown lines: the sentence, then the `with:` lines to copy. */
export function nextStepMarkdown(next: NextStep): string[] {
  const lines = [`**Next step:** ${markdownText(next.text)}`]
  if (next.snippet) lines.push('', fenced(next.snippet, 'yaml'))
  return lines
}

const cells = (tag: 'th' | 'td', row: readonly string[]) =>
  `<tr>${row.map(cell => `<${tag}>${cell}</${tag}>`).join('')}</tr>`

/** An HTML table of cells already escaped (html(), code()), on one line: no cell can leave it. */
export function htmlTable(
  header: readonly string[],
  rows: ReadonlyArray<readonly string[]>
): string {
  return `<table>${cells('th', header)}${rows.map(row => cells('td', row)).join('')}</table>`
}
const table = (rows: readonly SummaryRow[]) =>
  `<table>${cells('th', ['Item', 'Value'])}${rows.map(row => cells('td', row)).join('')}</table>`

/** A fence longer than any run of backticks in `text`, so the text cannot close it. */
function fenced(text: string, language: string): string {
  const longest = Math.max(0, ...[...text.matchAll(/`+/g)].map(run => run[0].length))
  const fence = '`'.repeat(Math.max(3, longest + 1))
  return `${fence}${language}\n${text}\n${fence}`
}

/**
 * The step's summary as GitHub renders it: the outcome first (✅ or ❌ and the title), on failure
 * the reason as a quote and the next step with the lines to copy, then the facts in a
 * two-column HTML table whose cells cannot leave their cell, and the rest folded in a
 * `<details>`. Secrets the run knows are scrubbed: no runner mask covers the summary page (nor
 * a file the CLI writes).
 */
export function summaryMarkdown(
  title: string,
  rows: SummaryRow[],
  error: Error | undefined,
  extras: SummaryExtras = {}
): string {
  // A blank line after each block: without it a quote stays inside the heading's HTML block.
  // A timeout fails the step, but the work goes on on the server: not a ❌.
  const heading = !error
    ? `✅ ${title}`
    : stillRunning(error)
      ? `⏳ ${title}: still running, this step stopped waiting`
      : error instanceof CancelledError
        ? `⏹️ ${title}: this step was cancelled`
        : `❌ ${title} failed`
  const parts = [`<h2>${html(heading)}</h2>`, '']
  // Markdown renders in the quote (unlike the HTML table), so the server's words are escaped.
  if (error) parts.push(quoteMessage(error.message), '')
  const next = error && extras.nextStep
  if (next) parts.push(...nextStepMarkdown(next), '')
  parts.push(table(rows), '')
  for (const section of extras.sections ?? []) parts.push(section, '')
  if (extras.details?.length) {
    parts.push(
      '<details><summary>Details</summary>',
      '',
      table(extras.details),
      '',
      '</details>',
      ''
    )
  }
  return secrets.scrub(parts.join('\n'))
}
