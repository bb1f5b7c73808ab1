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

/**
 * Decoding rounds for text escaped more than once (`%255C` → `%5C` → `\`): a key echoed under
 * more layers than this is left as written. Each round reads the whole text, so the bound also
 * bounds the work on a hostile answer (`%252525…` loses two characters a round).
 */
const DECODE_ROUNDS = 16

export class Secrets {
  private readonly values = new Map<string, SecretKind>()

  /** False for a value too short to scrub (or mask) without garbling every message. */
  add(value: string, kind: SecretKind): boolean {
    if (value.length < MIN_SECRET_CHARS) return false
    // A credential stays a credential even if a link happens to carry the same value.
    if (this.values.get(value) !== 'credential') this.values.set(value, kind)
    return true
  }

  /**
   * `text` with every secret (of the kinds asked for) as `***`, in any form it was echoed in.
   * Only the characters that spell a secret are replaced; the rest stays exactly as written,
   * never decoded: text escaped for a table or a quote (`%3Cimg%3E`) must not come back as
   * markup because a key was echoed beside it.
   */
  scrub(text: string, kinds: readonly SecretKind[] = ['credential', 'link']): string {
    const secrets = [...this.values].filter(([, kind]) => kinds.includes(kind)).map(([v]) => v)
    if (kinds.includes('link')) secrets.push(...unseenLinkSecrets(text))
    if (secrets.length === 0) return text
    const spans: Span[] = []
    let layer: Decoded | undefined = { text, from: undefined, to: undefined }
    findSecrets(layer, secrets, spans)
    // No escape, nothing to decode: the common case, a plain line of the log.
    if (/[%\\&]/.test(text)) {
      for (let round = 0; round < DECODE_ROUNDS && layer; round++) {
        layer = decodeLayer(layer)
        if (layer) findSecrets(layer, secrets, spans)
      }
    }
    return replaceSpans(text, spans)
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

/** Where a secret was found: a part of the original text, `[from, to)`. */
type Span = [number, number]

/**
 * A text decoded some rounds, and for each of its UTF-16 units the part of the original text
 * it came from (`from` inclusive, `to` exclusive); undefined maps: the original itself.
 */
interface Decoded {
  text: string
  from: Int32Array | undefined
  to: Int32Array | undefined
}

/** Adds to `spans` where in the original text each secret occurs in `layer`. */
function findSecrets(layer: Decoded, secrets: readonly string[], spans: Span[]): void {
  const { text, from, to } = layer
  for (const secret of secrets) {
    for (let at = text.indexOf(secret); at !== -1; at = text.indexOf(secret, at + 1)) {
      const last = at + secret.length - 1
      spans.push(from && to ? [from[at] as number, to[last] as number] : [at, last + 1])
    }
  }
}

/** `text` with each span (merged where they overlap or touch) replaced by `***`. */
function replaceSpans(text: string, spans: Span[]): string {
  if (spans.length === 0) return text
  spans.sort((a, b) => a[0] - b[0])
  let result = ''
  let written = 0
  let [start, end] = spans[0] as Span
  for (const [from, to] of spans.slice(1)) {
    if (from <= end) end = Math.max(end, to)
    else {
      result += `${text.slice(written, start)}***`
      written = end
      ;[start, end] = [from, to]
    }
  }
  return `${result}${text.slice(written, start)}***${text.slice(end)}`
}

/**
 * One round of the escapes a server may echo a value in (JSON, backslash-hex, HTML entities,
 * URL), each unit of the result mapped to the original; undefined when nothing decodes. The
 * maps are typed arrays, as the text may be a megabyte of hostile escapes.
 */
function decodeLayer(layer: Decoded): Decoded | undefined {
  const source = layer.text
  // Decoding only shortens: the maps never need more room than the source has units.
  const from = new Int32Array(source.length)
  const to = new Int32Array(source.length)
  const parts: string[] = []
  let units = 0
  const map = (start: number, end: number) => {
    for (let at = start; at < end; at++, units++) {
      from[units] = layer.from ? (layer.from[at] as number) : at
      to[units] = layer.to ? (layer.to[at] as number) : at + 1
    }
  }
  let read = 0
  const escapes =
    /\\u\{([0-9a-fA-F]{1,6})\}|\\u([0-9a-fA-F]{4})|\\x([0-9a-fA-F]{2})|\\(["\\/bfnrt])|&#x([0-9a-fA-F]{1,6});?|&#(\d{1,7});?|(?:%[0-9a-fA-F]{2})+/g
  for (const match of source.matchAll(escapes)) {
    const at = match.index
    parts.push(source.slice(read, at))
    map(read, at)
    const decoded = decodeEscape(match)
    const start = layer.from ? (layer.from[at] as number) : at
    const last = at + match[0].length - 1
    const end = layer.to ? (layer.to[last] as number) : last + 1
    parts.push(decoded)
    from.fill(start, units, units + decoded.length)
    to.fill(end, units, units + decoded.length)
    units += decoded.length
    read = at + match[0].length
  }
  if (read === 0) return undefined
  parts.push(source.slice(read))
  map(read, source.length)
  return { text: parts.join(''), from: from.subarray(0, units), to: to.subarray(0, units) }
}

function decodeEscape(match: RegExpExecArray | RegExpMatchArray): string {
  const [escape, braced, plain, hexByte, short, hexEntity, decimalEntity] = match
  if (braced ?? plain) return fromCodePoint(parseInt((braced ?? plain) as string, 16))
  if (hexByte) return fromCodePoint(parseInt(hexByte, 16))
  // JSON's one-letter escapes; `"`, `\` and `/` stand for themselves.
  const letters: Record<string, string> = { b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' }
  if (short) return letters[short] ?? short
  if (hexEntity) return fromCodePoint(parseInt(hexEntity, 16))
  if (decimalEntity) return fromCodePoint(Number(decimalEntity))
  try {
    return decodeURIComponent(escape)
  } catch {
    // One byte that is no UTF-8 must not keep the rest (a key, say) encoded: byte by byte.
    return escape.replace(/%([0-9a-fA-F]{2})/g, (_, hex: string) =>
      String.fromCharCode(parseInt(hex, 16))
    )
  }
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

/**
 * The credential parameters of links in `text` that the run never received (a server quoting
 * another presigned link in its error): found by their names only, as a long value beside them
 * may as well be an id that the reader needs.
 */
function unseenLinkSecrets(text: string): string[] {
  const links = text.match(/\bhttps?:\/\/[^\s"'<>`\\]+/gi) ?? []
  // A link in prose ends before the punctuation that follows it.
  return links.flatMap(link =>
    linkSecrets(link.replace(/[.,;:!?)\]]+$/, ''), { longValues: false })
  )
}

/**
 * The credential values in a presigned link, raw and as they appear encoded or decoded: those
 * of credential parameters, and (`longValues`) any long opaque value.
 */
export function linkSecrets(link: string, { longValues = true } = {}): string[] {
  const found = new Set<string>()
  const query = /[?&]([^=&#]*)=([^&#]*)/g
  const search = link.split('#')[0]?.split('?').slice(1).join('?') ?? ''
  for (const [, rawName = '', rawValue = ''] of `?${search}`.matchAll(query)) {
    const name = safeDecode(rawName)
    const value = safeDecode(rawValue.replace(/\+/g, ' '))
    const opaque =
      longValues &&
      value.length >= LONG_VALUE_CHARS &&
      !isTimeOrNumber(value) &&
      !/algorithm/i.test(name)
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
