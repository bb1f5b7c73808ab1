import { maskLink } from '../log.js'
import { checkServiceUrl } from '../settings/base-url.js'
import { linkTextProblem } from '../util/untrusted.js'

/**
 * The rules every store link meets, the API's link, a fresh one and each redirect hop alike:
 * a URL as written, https (plain http only to loopback, or when allowed), no userinfo. An
 * accepted link's secrets are masked before it is used, so that no message can show them.
 */
export function storeLinkProblem(link: string, allowInsecureHttp: boolean): string | undefined {
  const textProblem = linkTextProblem(link)
  if (textProblem) return textProblem
  const checked = checkServiceUrl(link, allowInsecureHttp)
  if (!checked.ok) return checked.problem.replace('the admin key', 'the link')
  // Only a link that will be used is registered: a refused one is never quoted with its query.
  maskLink(link)
  return undefined
}
