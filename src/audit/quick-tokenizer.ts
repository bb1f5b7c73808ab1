/*
 * A page's tags, at the speed of a search. htmlparser2's tokenizer (PageTokenizer) steps through
 * every character of every tag in its state machine, a method call each; on a 10,000-page site
 * that was most of the second the readers' thread spent parsing, the bound of a tar.gz's
 * extraction. The pages an export writes use few of HTML's forms (tags, quoted attributes,
 * comments, a doctype, scripts), so this reads those in plain loops and searches, and gives the
 * same callbacks as the stock tokenizer for them (those the page scan listens to). For anything
 * it does not read the way the stock tokenizer does, or a page that ends inside a tag, it says
 * false and the caller parses the page again with htmlparser2, from the start: the two
 * readings are never mixed.
 * test/unit/quick-tokenizer.test.ts holds its callbacks to the stock tokenizer's, on chosen and
 * on random pages.
 */

/** The tokenizer callbacks the page scan listens to (htmlparser2's names and arguments). */
export interface QuickCallbacks {
  onopentagname(start: number, endIndex: number): void
  onattribname(start: number, endIndex: number): void
  onattribdata(start: number, endIndex: number): void
  onattribend(quote: number, endIndex: number): void
  onopentagend(endIndex: number): void
  onselfclosingtag(endIndex: number): void
  onclosetag(start: number, endIndex: number): void
  /** Only the raw text of a `<script>`, `<style>` and the like. */
  ontext(start: number, endIndex: number): void
  onend(): void
}

const TAB = 9
const NEW_LINE = 10
const FORM_FEED = 12
const CARRIAGE_RETURN = 13
const SPACE = 32
const BANG = 33
const DOUBLE_QUOTE = 34
const SINGLE_QUOTE = 39
const SLASH = 47
const EQUALS = 61
const GREATER_THAN = 62
const QUESTION_MARK = 63
const OPENING_BRACKET = 91

/** htmlparser2's QuoteType, as onattribend reports it. */
const NO_VALUE = 0
const UNQUOTED = 1
const SINGLE = 2
const DOUBLE = 3

const isWhitespace = (c: number) =>
  c === SPACE || c === NEW_LINE || c === TAB || c === FORM_FEED || c === CARRIAGE_RETURN
const isEndOfTagSection = (c: number) => c === SLASH || c === GREATER_THAN || isWhitespace(c)
const isAsciiAlpha = (c: number) => (c | 0x20) >= 97 && (c | 0x20) <= 122

/**
 * Elements whose content is text up to their end tag, as htmlparser2 treats them (it knows no
 * other), by the length of their name. `plaintext` runs to the end of the page: left to
 * htmlparser2.
 */
const RAW_TEXT_ELEMENTS: ReadonlyMap<number, readonly string[]> = new Map([
  [3, ['xmp']],
  [5, ['style', 'title']],
  [6, ['script', 'iframe']],
  [7, ['noembed']],
  [8, ['textarea', 'noframes']],
  [9, ['plaintext']]
])

/**
 * Reads `html` into `callbacks`, saying true; or false as soon as it meets a form it does not
 * read as htmlparser2's Tokenizer does (`{ decodeEntities: false }`, no Parser), after which the
 * callbacks heard so far are to be dropped.
 */
export function quickTokenize(html: string, callbacks: QuickCallbacks): boolean {
  // htmlparser2 matches the end of raw text by `code | 0x20`, which takes U+001C for `<` and
  // U+000F for `/`: pages with either are left to it.
  if (html.includes('\x1c') || html.includes('\x0f')) return false
  let at = 0
  for (;;) {
    const open = html.indexOf('<', at)
    if (open === -1) break
    const next = html.charCodeAt(open + 1)
    let end: number
    if (isAsciiAlpha(next)) end = startTag(html, open + 1, callbacks)
    else if (next === SLASH) end = closingTag(html, open + 2, callbacks)
    else if (next === BANG) end = declaration(html, open + 2)
    else if (next === QUESTION_MARK) end = html.indexOf('>', open + 2)
    else {
      // Text: the `<` stands for itself.
      at = open + 1
      continue
    }
    if (end === -1) return false
    at = end + 1
  }
  callbacks.onend()
  return true
}

/** Reads a start tag whose name begins at `name`, and its raw text if it has one: its last index. */
function startTag(html: string, name: number, callbacks: QuickCallbacks): number {
  // Past the end, charCodeAt gives NaN: loops that stop on a character also stop on the length,
  // and a tag cut by the end is left to htmlparser2 where its `>` is missing.
  const length = html.length
  let at = name
  while (at < length && !isEndOfTagSection(html.charCodeAt(at))) at++
  callbacks.onopentagname(name, at)
  const end = attributes(html, at, callbacks)
  if (end === -1) return end
  // Found without a string of each name: a large site has millions of tags.
  const tag = RAW_TEXT_ELEMENTS.get(at - name)?.find(raw => spells(html, name, raw))
  if (tag === 'plaintext') return -1
  return tag ? rawText(html, end + 1, tag, callbacks) : end
}

/** Reads a start tag's attributes from `at`, where its name ends: the index of its `>`. */
function attributes(html: string, at: number, callbacks: QuickCallbacks): number {
  const length = html.length
  while (at < length) {
    const c = html.charCodeAt(at)
    if (c === GREATER_THAN) {
      callbacks.onopentagend(at)
      return at
    }
    if (c === SLASH) {
      // `/>` closes the tag (raw text still follows, as in HTML); a `/` before anything else
      // is passed over.
      at++
      while (isWhitespace(html.charCodeAt(at))) at++
      if (html.charCodeAt(at) === GREATER_THAN) {
        callbacks.onselfclosingtag(at)
        return at
      }
      continue
    }
    if (isWhitespace(c)) {
      at++
      continue
    }
    // A name runs to `=`, a space, `/` or `>`; its first character may be any other.
    const start = at
    at++
    let nameChar = html.charCodeAt(at)
    while (at < length && nameChar !== EQUALS && !isEndOfTagSection(nameChar))
      nameChar = html.charCodeAt(++at)
    callbacks.onattribname(start, at)
    const nameEnd = at
    while (isWhitespace(html.charCodeAt(at))) at++
    if (html.charCodeAt(at) !== EQUALS) {
      // No value; what follows is the next name (or the tag's end).
      callbacks.onattribend(NO_VALUE, nameEnd)
      continue
    }
    at++
    while (isWhitespace(html.charCodeAt(at))) at++
    const quote = html.charCodeAt(at)
    if (quote === DOUBLE_QUOTE || quote === SINGLE_QUOTE) {
      const close = html.indexOf(quote === DOUBLE_QUOTE ? '"' : "'", at + 1)
      if (close === -1) return -1
      callbacks.onattribdata(at + 1, close)
      callbacks.onattribend(quote === DOUBLE_QUOTE ? DOUBLE : SINGLE, close + 1)
      at = close + 1
      continue
    }
    const value = at
    while (
      at < length &&
      !isWhitespace(html.charCodeAt(at)) &&
      html.charCodeAt(at) !== GREATER_THAN
    )
      at++
    callbacks.onattribdata(value, at)
    callbacks.onattribend(UNQUOTED, at)
  }
  return -1
}

/**
 * Reads the text of a `tag` element from `start` to its end tag (`</tag` in any case, then a
 * space, `/` or `>`): the index of that tag's `>`.
 */
function rawText(html: string, start: number, tag: string, callbacks: QuickCallbacks): number {
  let at = start
  for (;;) {
    const open = html.indexOf('</', at)
    if (open === -1) return -1
    const name = open + 2
    const after = name + tag.length
    if (isEndOfTagSection(html.charCodeAt(after)) && spells(html, name, tag)) {
      if (open > start) callbacks.ontext(start, open)
      callbacks.onclosetag(name, after)
      return html.indexOf('>', after)
    }
    at = open + 1
  }
}

/** Whether html has `lowercase` at `at`, ASCII letters in either case. */
function spells(html: string, at: number, lowercase: string): boolean {
  for (let i = 0; i < lowercase.length; i++)
    if ((html.charCodeAt(at + i) | 0x20) !== lowercase.charCodeAt(i)) return false
  return true
}

/** Reads a closing tag or what stands in for one after `</`: the index of its `>`. */
function closingTag(html: string, at: number, callbacks: QuickCallbacks): number {
  // `</>` is nothing, and `</` then anything else but a letter a comment to the next `>`.
  if (!isAsciiAlpha(html.charCodeAt(at))) return html.indexOf('>', at)
  let end = at
  while (end < html.length && !isEndOfTagSection(html.charCodeAt(end))) end++
  callbacks.onclosetag(at, end)
  return html.indexOf('>', end)
}

/**
 * Passes over what follows `<!` from `at`: a comment, CDATA (a comment in HTML), a doctype or
 * any other declaration, all to be ignored. The index of its last character.
 */
function declaration(html: string, at: number): number {
  if (html.startsWith('--', at)) {
    const content = at + 2
    // `<!-->` and `<!--->` end where they stand.
    if (html.charCodeAt(content) === GREATER_THAN) return content
    if (html.startsWith('->', content)) return content + 1
    // The first `-->` or `--!>`. Two searches, one for each, would each run to the end of the
    // page when the other comes first: on a page of many comments, a pass over the rest of the
    // page per comment.
    for (let dashes = html.indexOf('--', content); dashes !== -1;) {
      const next = html.charCodeAt(dashes + 2)
      if (next === GREATER_THAN) return dashes + 2
      if (next === BANG && html.charCodeAt(dashes + 3) === GREATER_THAN) return dashes + 3
      dashes = html.indexOf('--', dashes + 1)
    }
    return -1
  }
  if (html.charCodeAt(at) === OPENING_BRACKET && html.startsWith('CDATA[', at + 1)) {
    const end = html.indexOf(']]>', at + 7)
    return end === -1 ? -1 : end + 2
  }
  // `<!-` then anything else, a doctype, `<![` without CDATA, any other `<!…`: to the next `>`.
  return html.indexOf('>', at)
}
