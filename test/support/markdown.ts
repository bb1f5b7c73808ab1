import { micromark } from 'micromark'
import { gfm, gfmHtml } from 'micromark-extension-gfm'

/**
 * Markdown as GitHub shows a job summary or a comment: CommonMark with the GFM extensions, raw
 * HTML passed through (GitHub then sanitises it; what matters here is what the text became).
 */
export function renderGfm(markdown: string): string {
  return micromark(markdown, {
    allowDangerousHtml: true,
    extensions: [gfm()],
    htmlExtensions: [gfmHtml()]
  })
}
