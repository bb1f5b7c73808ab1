import { secrets } from '../log.js'

/*
 * Text of outside origin (the Admin API, an object store, an archive, an event payload) is
 * shown to people and read by the runner, which takes any stdout line that begins with `::`
 * (after leading white space) or that holds `##[` anywhere as a workflow command. Every such
 * text passes through `untrusted()` before it is quoted anywhere: one line, no control
 * character, no command opener, bounded length. No library does this for the runner's rules.
 */

/**
 * Line breaks in every form (CR, LF, VT, FF, NEL, U+2028/U+2029), the other C0 and C1
 * controls (ESC among them, which starts terminal sequences), and the invisible format
 * characters: direction overrides make a text read other than it is, and the runner's .NET
 * compares culture-sensitively, where ignorable characters vanish (`:\u2060:` reads as `::`).
 */
const UNSEEN = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Default_Ignorable_Code_Point}]/gu

/** The legacy command opener, honoured anywhere in a line. */
const LEGACY_COMMAND = /##\[/g

/** Quoted server text longer than this is cut: a message is not a place for a page. */
export const QUOTE_MAX_CHARS = 200

/**
 * One line of at most `max` characters that cannot start a workflow command. Secrets the run
 * knows are scrubbed first: cut later, a secret's prefix would match no scrub and no mask.
 */
export function untrusted(text: string, max = QUOTE_MAX_CHARS): string {
  const line = secrets
    .scrub(text)
    .replace(UNSEEN, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(LEGACY_COMMAND, '# #[')
    // A leading `::` matters only where the text begins a line; quoted, it follows our words.
    .replace(/^::/, ': :')
  const chars = [...line]
  return chars.length > max ? `${chars.slice(0, max).join('')}…` : line
}

/*
 * The patterns below are written where they are used, not as module constants: a literal costs
 * nothing per call (V8 compiles it once), and the mutation run can only see a test catch a
 * changed pattern that is evaluated while the test runs.
 */

/**
 * Ids chosen by the service or the workflow (export and agent job ids, project ids) become
 * folder names and URL path segments: letters, digits, `_`, `-` and `.`, beginning with a
 * letter or digit (so never `.` or `..`), at most 128 characters.
 */
export function idPattern(): RegExp {
  return /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/
}

export function isSafeId(value: string): boolean {
  return idPattern().test(value)
}

/** Why a link cannot be taken as given, or undefined when it can. */
export function linkTextProblem(link: string): string | undefined {
  // Characters that URL parsing would drop, change or encode: a link holding one is refused,
  // so the link masked, downloaded and output is one and the same string.
  if (/[^\x21-\x7e]|[\\"'<>`{}]/.test(link)) {
    return 'holds a space, a line break, a control character or another character that is not valid in a URL as written'
  }
  return undefined
}

/** `text` when it is an absolute http(s) URL, as written and without userinfo; else undefined. */
export function httpUrl(text: string): string | undefined {
  if (linkTextProblem(text)) return undefined
  try {
    const url = new URL(text)
    const web = url.protocol === 'https:' || url.protocol === 'http:'
    return web && !url.username && !url.password ? text : undefined
  } catch {
    return undefined
  }
}
