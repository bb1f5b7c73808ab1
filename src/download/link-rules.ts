import { maskLink } from '../log.js'
import { checkServiceUrl } from '../settings/base-url.js'
import { linkTextProblem } from '../util/untrusted.js'

/**
 * The rules every store link meets, the API's link, a fresh one and each redirect hop alike:
 * a URL as written, https (plain http only to loopback, or when allowed), no userinfo. Its
 * secrets are masked first, so that no message about it can show them.
 */
export function storeLinkProblem(link: string, allowInsecureHttp: boolean): string | undefined {
  maskLink(link)
  const textProblem = linkTextProblem(link)
  if (textProblem) return textProblem
  const checked = checkServiceUrl(link, allowInsecureHttp)
  return checked.ok ? undefined : checked.problem.replace('the admin key', 'the link')
}
