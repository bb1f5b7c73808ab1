import * as core from '@actions/core'
import { markdownText, markdownUrl } from '../util/markdown.js'

export type SummaryRow = [label: string, value: string]

/** Escapes text for the summary's HTML table, where Markdown does not render. */
export function html(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
}

export function code(text: string): string {
  return `<code>${html(text)}</code>`
}

/** A link when `href` is http(s), else the text alone. */
export function link(href: string): string {
  return markdownUrl(href) ? `<a href="${html(href)}">${html(href)}</a>` : html(href)
}

/** A heading, the error (if any) as a quote, and a two-column table. */
export async function writeSummaryTable(
  title: string,
  rows: SummaryRow[],
  error: Error | undefined
): Promise<void> {
  if (!process.env.GITHUB_STEP_SUMMARY) return
  const summary = core.summary.addHeading(error ? `${title}: failed` : title, 2)
  // Markdown renders in the quote (unlike the HTML table), so the server's words are escaped.
  if (error) summary.addRaw(`> ${error.message.split('\n').map(markdownText).join('\n> ')}\n\n`)
  summary.addTable([
    [
      { data: 'Item', header: true },
      { data: 'Value', header: true }
    ],
    ...rows
  ])
  await summary.write()
}
