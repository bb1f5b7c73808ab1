import { untrusted } from '../util/untrusted.js'
import type { BrokenLink, SiteCheckResult } from './check.js'
import { hostAdvice, type SiteHost } from './hosts.js'

/*
 * The site check's findings in words, for the log and the step's failure. Paths and file names
 * come from the archive: each passes through untrusted(), outside our code spans.
 */

const KIND_WORDS: Record<BrokenLink['kind'], string> = {
  link: 'Link',
  asset: 'Asset',
  canonical: 'Canonical URL',
  sitemap: 'Sitemap URL'
}

export function describeBrokenLink(broken: BrokenLink, host: SiteHost): string {
  const count = broken.count > 1 ? ` (${broken.count} references)` : ''
  return `${KIND_WORDS[broken.kind]} "${untrusted(broken.target)}" in ${untrusted(broken.from)} will not resolve on host \`${host}\`${count}.`
}

export function siteCheckFailure(result: SiteCheckResult): string {
  const first = result.broken[0] as BrokenLink
  return `${result.broken.length} URL(s) of the site will not resolve on host \`${result.host}\` (check: fail), e.g. "${untrusted(first.target)}" in ${untrusted(first.from)}. ${hostAdvice(result.host)}`
}

export { KIND_WORDS as BROKEN_LINK_KINDS }
