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

/**
 * The step's summary as GitHub renders it: a heading, the error (if any) as a quote, and a
 * two-column HTML table whose cells cannot leave their cell. Secrets the run knows are scrubbed:
 * no runner mask covers the summary page (nor a file the CLI writes).
 */
export function summaryMarkdown(
  title: string,
  rows: SummaryRow[],
  error: Error | undefined
): string {
  // A blank line after the heading: without it the quote stays inside the heading's HTML block.
  const parts = [`<h2>${html(error ? `${title}: failed` : title)}</h2>`, '']
  // Markdown renders in the quote (unlike the HTML table), so the server's words are escaped.
  if (error) parts.push(`> ${error.message.split('\n').map(markdownText).join('\n> ')}`, '')
  const cells = (tag: 'th' | 'td', row: readonly string[]) =>
    `<tr>${row.map(cell => `<${tag}>${cell}</${tag}>`).join('')}</tr>`
  parts.push(
    `<table>${cells('th', ['Item', 'Value'])}${rows.map(row => cells('td', row)).join('')}</table>`,
    ''
  )
  return secrets.scrub(parts.join('\n'))
}
