/*
 * What must never be shown: the admin key, the GitHub token, a password in `base-url`
 * (credentials) and the signature of a presigned link (link secrets). The runner masks what it
 * is told only in its log, and only in the form it was told; a pull-request comment or a job
 * summary has no mask at all. So every text the action writes anywhere passes `scrub()` first,
 * which also finds a secret a server echoed JSON-escaped, URL-encoded or as HTML entities.
 */

export type SecretKind = 'credential' | 'link'

/** Secrets shorter than this are not scrubbed: masking `abc` everywhere would garble the log. */
const MIN_SECRET_CHARS = 6

/** Decoding rounds for text that is escaped more than once (`%255C` → `%5C` → `\`). */
const DECODE_ROUNDS = 3

export class Secrets {
  private readonly values = new Map<string, SecretKind>()

  /** False for a value too short to scrub (or mask) without garbling every message. */
  add(value: string, kind: SecretKind): boolean {
    if (value.length < MIN_SECRET_CHARS) return false
    // A credential stays a credential even if a link happens to carry the same value.
    if (this.values.get(value) !== 'credential') this.values.set(value, kind)
    return true
  }

  /** `text` with every secret (of the kinds asked for) as `***`, in any form it was echoed in. */
  scrub(text: string, kinds: readonly SecretKind[] = ['credential', 'link']): string {
    const secrets = [...this.values].filter(([, kind]) => kinds.includes(kind)).map(([v]) => v)
    if (secrets.length === 0) return text
    const raw = replaceAll(text, secrets)
    // Shown decoded only when decoding is what revealed a secret; other text stays as written.
    let decoded = raw
    for (let round = 0; round < DECODE_ROUNDS; round++) {
      const next = decodeEscapes(decoded)
      if (next === decoded) break
      decoded = next
      if (secrets.some(secret => decoded.includes(secret))) return replaceAll(decoded, secrets)
    }
    return raw
  }

  /** A parsed JSON value with every string in it scrubbed (for outputs that stay JSON). */
  scrubValue(value: unknown, kinds?: readonly SecretKind[]): unknown {
    if (typeof value === 'string') return this.scrub(value, kinds)
    if (Array.isArray(value)) return value.map(item => this.scrubValue(item, kinds))
    if (value && typeof value === 'object') {
      return Object.fromEntries(
        Object.entries(value).map(([key, item]) => [
          this.scrub(key, kinds),
          this.scrubValue(item, kinds)
        ])
      )
    }
    return value
  }
}

function replaceAll(text: string, secrets: readonly string[]): string {
  // Longest first, so a secret that contains another is replaced whole.
  return [...secrets]
    .sort((a, b) => b.length - a.length)
    .reduce((result, secret) => result.split(secret).join('***'), text)
}

/** One round of the escapes a server may echo a value in: JSON, URL, HTML, backslash-hex. */
function decodeEscapes(text: string): string {
  return text
    .replace(/\\u\{([0-9a-fA-F]{1,6})\}|\\u([0-9a-fA-F]{4})/g, (_, braced, plain) =>
      fromCodePoint(parseInt(braced ?? plain, 16))
    )
    .replace(/\\x([0-9a-fA-F]{2})/g, (_, hex) => fromCodePoint(parseInt(hex, 16)))
    .replace(/&#x([0-9a-fA-F]{1,6});?|&#(\d{1,7});?/g, (_, hex, dec) =>
      fromCodePoint(hex ? parseInt(hex, 16) : Number(dec))
    )
    .replace(/(?:%[0-9a-fA-F]{2})+/g, encoded => {
      try {
        return decodeURIComponent(encoded)
      } catch {
        // One byte that is no UTF-8 must not keep the rest (a key, say) encoded: byte by byte.
        return encoded.replace(/%([0-9a-fA-F]{2})/g, (_, hex: string) =>
          String.fromCharCode(parseInt(hex, 16))
        )
      }
    })
}

function fromCodePoint(code: number): string {
  return code <= 0x10ffff ? String.fromCodePoint(code) : '\ufffd'
}

/*
 * The patterns below are written where they are used, not as module constants: a literal costs
 * nothing per call (V8 compiles it once), and the mutation run can only see a test catch a
 * changed pattern that is evaluated while the test runs.
 */

/**
 * Query parameters whose value is a credential in the presigned links of the stores we know
 * (S3, GCS, Azure SAS, CloudFront, Alibaba OSS, links with an access token) or by their name.
 * `X-Amz-Signature`, `access_token`, `sessionToken` → words; `SignedHeaders` is no `sig`.
 */
function isCredentialName(name: string): boolean {
  const credentialWord =
    /(^|-)(sig|signature|token|credential|key|secret|policy|auth|authorization|session|password|pass|passwd|hmac|hash)(-|$)/i
  return credentialWord.test(name.replace(/([a-z])([A-Z])/g, '$1-$2').replace(/[_.\s]/g, '-'))
}

/**
 * A value this long is masked whatever its name (long opaque values are credentials in
 * practice), unless it is a time or a number (`X-Amz-Date`, an Azure `se`).
 */
const LONG_VALUE_CHARS = 16
function isTimeOrNumber(value: string): boolean {
  return /^[\d:.TZ+-]+$/i.test(value)
}

/** The credential values in a presigned link, raw and as they appear encoded or decoded. */
export function linkSecrets(link: string): string[] {
  const found = new Set<string>()
  const query = /[?&]([^=&#]*)=([^&#]*)/g
  const search = link.split('#')[0]?.split('?').slice(1).join('?') ?? ''
  for (const [, rawName = '', rawValue = ''] of `?${search}`.matchAll(query)) {
    const name = safeDecode(rawName)
    const value = safeDecode(rawValue.replace(/\+/g, ' '))
    const opaque =
      value.length >= LONG_VALUE_CHARS && !isTimeOrNumber(value) && !/algorithm/i.test(name)
    if (!isCredentialName(name) && !opaque) continue
    for (const form of [rawValue, value, encodeURIComponent(value)]) {
      if (form.length >= MIN_SECRET_CHARS) found.add(form)
    }
  }
  // userinfo is refused for links, but is masked like a credential should one pass.
  const userinfo = /^[a-z][a-z0-9+.-]*:\/\/([^/?#@]*)@/i.exec(link)?.[1]
  if (userinfo) for (const part of userinfo.split(':')) if (part) found.add(safeDecode(part))
  return [...found]
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text)
  } catch {
    return text
  }
}

/** The link without its query, for messages that must name the object but not carry the signature. */
export function redactLink(link: string): string {
  try {
    const url = new URL(link)
    return `${url.origin}${url.pathname}${url.search ? '?…' : ''}`
  } catch {
    return '(not a URL)'
  }
}

/** A URL for messages: no userinfo, no query, no fragment (any could hold a credential). */
export function displayUrl(text: string): string {
  try {
    const url = new URL(text.trim())
    const user = url.username || url.password ? '***@' : ''
    return `${url.protocol}//${user}${url.host}${url.pathname}${url.search || url.hash ? '?…' : ''}`
  } catch {
    // Not a URL: still never quote what could be userinfo or a query (lines after it included).
    return text.replace(/\/\/[^/?#]*@/, '//***@').replace(/[?#].*/s, '?…')
  }
}
