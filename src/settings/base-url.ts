import { isIP } from 'node:net'

/** Hosts where plain http cannot expose the key to the network. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase()
  if (host === 'localhost' || host.endsWith('.localhost')) return true
  if (isIP(host) === 4) return host.startsWith('127.')
  // The IPv6 loopback address, as URL parsing writes it and in full.
  return host === '::1' || host === '0:0:0:0:0:0:0:1'
}

export type UrlCheck = { ok: true; url: URL } | { ok: false; problem: string }

/**
 * An absolute http(s) URL; plain http only to loopback unless explicitly allowed, because a
 * bearer key (or a presigned link) would travel in clear.
 */
export function checkServiceUrl(text: string, allowInsecureHttp: boolean): UrlCheck {
  let url: URL
  try {
    url = new URL(text.trim())
  } catch {
    return { ok: false, problem: 'is not an absolute URL' }
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    return { ok: false, problem: `uses ${url.protocol} (only https: is supported)` }
  }
  if (url.username || url.password) {
    return { ok: false, problem: 'must not carry credentials' }
  }
  if (url.protocol === 'http:' && !allowInsecureHttp && !isLoopbackHost(url.hostname)) {
    return {
      ok: false,
      problem: `uses plain http to ${url.hostname}, which would send the admin key in clear`
    }
  }
  return { ok: true, url }
}
