import * as core from '@actions/core'
import { secrets } from '../log.js'
import { markdownText, markdownUrl } from '../util/markdown.js'

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

/** A heading, the error (if any) as a quote, and a two-column table. */
export async function writeSummaryTable(
  title: string,
  rows: SummaryRow[],
  error: Error | undefined
): Promise<void> {
  if (!process.env.GITHUB_STEP_SUMMARY) return
  // A blank line after the heading: without it the quote stays inside the heading's HTML block.
  const summary = core.summary.addHeading(error ? `${title}: failed` : title, 2).addEOL()
  // Markdown renders in the quote (unlike the HTML table), so the server's words are escaped.
  if (error) summary.addRaw(`> ${error.message.split('\n').map(markdownText).join('\n> ')}\n\n`)
  summary.addTable([
    [
      { data: 'Item', header: true },
      { data: 'Value', header: true }
    ],
    ...rows
  ])
  // No runner mask covers the summary page: every secret the run knows is scrubbed here.
  const text = secrets.scrub(summary.stringify())
  await summary.emptyBuffer().addRaw(text).write()
}
