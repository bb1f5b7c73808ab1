import { secrets } from '../log.js'

/*
 * Text from the server (a status, a failure reason, a link) goes into Markdown that GitHub
 * renders for people: a pull-request comment, the quoted error of a job summary. Escaped here,
 * it shows as written: no image that calls out, no disguised link, no @team notified.
 */

/**
 * Markdown that renders `text` literally, on one line (safe in a table cell). Secrets are
 * scrubbed first: once escaped (`+` as `\+`), a secret would no longer be found in it.
 */
export function markdownText(text: string): string {
  return escapeMarkdown(secrets.scrub(text).replace(/\s+/g, ' ').trim())
}

function escapeMarkdown(text: string): string {
  return (
    text
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      .replace(/[\\`*_{}[\]()#+!|~]/g, '\\$&')
      // A zero-width space after @ keeps GitHub from notifying a user or team.
      .replace(/@/g, '@\u200b')
  )
}

/**
 * One of our messages, on one line: its `code` spans stay code (input names, ids, the lines to
 * set), everything between them is escaped as markdownText does. Text inside a span renders as
 * written whatever it holds; with an odd number of backticks the whole message is plain text.
 */
export function markdownMessage(text: string): string {
  const parts = secrets.scrub(text).replace(/\s+/g, ' ').trim().split('`')
  if (parts.length % 2 === 0) return markdownText(text)
  return parts
    .map((part, i) => (i % 2 === 1 && part ? `\`${part}\`` : escapeMarkdown(part)))
    .join('')
}

/** An error of ours as a Markdown quote, line by line. */
export function quoteMessage(message: string): string {
  return `> ${message.split('\n').map(markdownMessage).join('\n> ')}`
}

/** `href` when it is an http(s) URL, made safe for Markdown; undefined otherwise. */
export function markdownUrl(href: string): string | undefined {
  let url: URL
  try {
    url = new URL(href.trim())
  } catch {
    return undefined
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return undefined
  // URL.href percent-encodes spaces, quotes and angle brackets; these would end a table cell or link.
  return url.href.replace(/\|/g, '%7C').replace(/\(/g, '%28').replace(/\)/g, '%29')
}

/**
 * A comment's facts as a list (`- **Label:** value`), values already Markdown: a table would
 * need a header row, which shows as an empty strip when it has nothing to say.
 */
export function factList(rows: ReadonlyArray<readonly [label: string, value: string]>): string[] {
  return rows.map(([label, value]) => `- **${label}:** ${value}`)
}
