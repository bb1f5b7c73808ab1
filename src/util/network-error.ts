import { untrusted } from './untrusted.js'

/** Socket, DNS and TLS failures in words a workflow author can act on, by error code. */
const WORDS: Record<string, string> = {
  ECONNREFUSED: 'the connection was refused (nothing listens there, or a firewall says no)',
  ECONNRESET: 'the connection was closed by the other side',
  EPIPE: 'the connection was closed by the other side',
  UND_ERR_SOCKET: 'the connection was closed by the other side',
  UND_ERR_CLOSED: 'the connection was closed',
  ENOTFOUND: 'the host name could not be resolved (DNS)',
  EAI_AGAIN: 'the host name could not be resolved (DNS did not answer)',
  ETIMEDOUT: 'connecting timed out',
  UND_ERR_CONNECT_TIMEOUT: 'connecting timed out',
  EHOSTUNREACH: 'the host is unreachable from this runner',
  ENETUNREACH: 'the network is unreachable from this runner',
  UND_ERR_HEADERS_TIMEOUT: 'no response headers in time',
  UND_ERR_BODY_TIMEOUT: 'the response body stalled',
  UND_ERR_RES_CONTENT_LENGTH_MISMATCH: 'the body did not match its Content-Length',
  UND_ERR_INVALID_ARG: 'the request could not be made (an invalid URL or header value)',
  UND_ERR_NOT_SUPPORTED: 'the request could not be made (not supported by the HTTP client)',
  UND_ERR_PRX_TLS: 'the TLS connection through the proxy failed',
  CERT_HAS_EXPIRED: 'the TLS certificate has expired',
  DEPTH_ZERO_SELF_SIGNED_CERT: 'the TLS certificate is self-signed',
  SELF_SIGNED_CERT_IN_CHAIN: 'the TLS certificate chain holds an untrusted self-signed certificate',
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'the TLS certificate could not be verified',
  UNABLE_TO_GET_ISSUER_CERT_LOCALLY: 'the TLS certificate could not be verified',
  ERR_TLS_CERT_ALTNAME_INVALID: 'the TLS certificate is for another host name'
}

/** A hint for TLS failures: a proxy that inspects TLS brings its own certificate authority. */
const TLS_HINT = ' (behind a TLS-inspecting proxy, point NODE_EXTRA_CA_CERTS at its CA certificate)'

/** The code of a failed request, from the error or its cause (undici nests them). */
export function errorCode(error: unknown): string | undefined {
  const err = error as { code?: unknown; cause?: { code?: unknown } } | undefined
  const code = err?.code ?? err?.cause?.code
  return typeof code === 'string' ? code : undefined
}

/**
 * The status a proxy refused a tunnel (CONNECT) with: undici reports it as an aborted request,
 * which is no cancellation (tinyproxy answers 403 to a port outside its ConnectPort rules).
 */
export function proxyRefusalStatus(error: unknown): number | undefined {
  const message = (error as { message?: unknown } | undefined)?.message
  const status = /^Proxy response \((\d{3})\) !== 200 when HTTP Tunneling$/.exec(
    String(message)
  )?.[1]
  return status === undefined ? undefined : Number(status)
}

/** A proxy's refusal by its rules (403, 407) stays, so asking again is no use; its 502 or 503 may pass. */
export function refusedByProxyRules(error: unknown): boolean {
  const status = proxyRefusalStatus(error)
  return status !== undefined && status < 500
}

/** `the connection was refused (…) [ECONNREFUSED]`: what happened, then the code to search for. */
export function describeNetworkError(error: unknown): string {
  const code = errorCode(error)
  const refused = proxyRefusalStatus(error)
  if (refused !== undefined)
    return `the proxy refused to open a tunnel to the host (HTTP ${refused}${refused === 407 ? ': it wants credentials, which go in the proxy URL as user:password@' : ''}); check the proxy's rules for that host and port, or list the host in NO_PROXY [${code}]`
  const words = code ? WORDS[code] : undefined
  if (words) {
    const tls = /CERT|TLS|SIGN/.test(code as string) ? TLS_HINT : ''
    return `${words}${tls} [${code}]`
  }
  const err = error as { message?: unknown; cause?: { message?: unknown } } | undefined
  const message = [err?.message, err?.cause?.message].find(m => typeof m === 'string' && m)
  const said = untrusted(typeof message === 'string' ? message : String(error), 160)
  return code ? `${said} [${code}]` : said
}
