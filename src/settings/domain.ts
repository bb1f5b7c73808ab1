export type DomainCheck =
  { ok: true; domain: string; normalisedFrom?: string } | { ok: false; problem: string }

const HOST_LABELS =
  /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/

/**
 * The vendor wants a bare host name. A pasted site address (`https://docs.example.com/`) is
 * reduced to its host, since that is plainly what was meant; a path or port is not guessed away.
 */
export function normaliseDomain(input: string): DomainCheck {
  const text = input.trim()
  let host = text
  // The port that ends a host without a scheme (an address's own is read by URL).
  const port = /:(\d+)\/?$/.exec(text)?.[1]
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(text)) {
    let url: URL
    try {
      url = new URL(text)
    } catch {
      return { ok: false, problem: 'is not a host name or a site address' }
    }
    if (url.pathname !== '/' || url.search || url.hash) {
      return { ok: false, problem: `has a path (${url.pathname}${url.search}); give the host only` }
    }
    if (url.port) return { ok: false, problem: `has a port (${url.port}); give the host name only` }
    host = url.hostname
  } else if (port) {
    return { ok: false, problem: `has a port (${port}); give the host name only` }
  } else if (text.includes('/')) {
    const slash = text.indexOf('/')
    if (text.slice(slash) === '/') host = text.slice(0, slash)
    else return { ok: false, problem: `has a path (${text.slice(slash)}); give the host only` }
  }
  host = host.toLowerCase().replace(/\.$/, '')
  if (!HOST_LABELS.test(host)) {
    return {
      ok: false,
      problem: 'is not a valid host name (expected something like docs.example.com)'
    }
  }
  return host === text
    ? { ok: true, domain: host }
    : { ok: true, domain: host, normalisedFrom: text }
}
