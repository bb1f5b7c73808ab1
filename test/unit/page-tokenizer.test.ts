import { Tokenizer } from 'htmlparser2'
import { describe, expect, it, vi } from 'vitest'
import { PageTokenizer } from '../../src/audit/page-tokenizer.ts'
import { largeSiteFiles } from '../emulator/large-site.ts'
import { EDGE_PAGES } from '../support/html-pages.ts'

// PageTokenizer replaces one private method of htmlparser2's Tokenizer: every token it gives
// must be the stock tokenizer's, and the method and fields it relies on must still exist.

type Callbacks = ConstructorParameters<typeof Tokenizer>[1]
type Options = ConstructorParameters<typeof Tokenizer>[0]
interface Searching {
  fastForwardTo(char: number): boolean
}

/** Every callback of a tokenizer over `html`, written in pieces of `piece` characters. */
function tokens(
  Kind: typeof Tokenizer,
  options: Options,
  html: string,
  piece = html.length
): unknown[][] {
  const seen: unknown[][] = []
  const record =
    (name: string) =>
    (...args: unknown[]) =>
      seen.push([name, ...args])
  const callbacks = Object.fromEntries(
    [
      'onattribdata',
      'onattribentity',
      'onattribend',
      'onattribname',
      'oncdata',
      'onclosetag',
      'oncomment',
      'ondeclaration',
      'onend',
      'onopentagend',
      'onopentagname',
      'onprocessinginstruction',
      'onselfclosingtag',
      'ontext',
      'ontextentity'
    ].map(name => [name, record(name)])
  ) as unknown as Callbacks
  const tokenizer = new Kind(options, callbacks)
  for (let at = 0; at < html.length; at += Math.max(1, piece))
    tokenizer.write(html.slice(at, at + Math.max(1, piece)))
  tokenizer.end()
  return seen
}

const OPTIONS: readonly Options[] = [
  { decodeEntities: false },
  { decodeEntities: true },
  { decodeEntities: false, xmlMode: true }
]

describe('PageTokenizer', () => {
  it('replaces a method the stock tokenizer still calls, on the fields it still keeps', () => {
    // A method renamed or no longer called would leave ours unused; renamed fields would break it.
    const calls = vi.spyOn(PageTokenizer.prototype as unknown as Searching, 'fastForwardTo')
    tokens(PageTokenizer, { decodeEntities: false }, '<p title="a">text</p><script>a < b</script>')
    expect(calls).toHaveBeenCalled()
    calls.mockRestore()
    const tokenizer = new Tokenizer({}, {} as Callbacks) as unknown as Record<string, unknown>
    for (const field of ['buffer', 'index', 'offset'])
      expect(Object.hasOwn(tokenizer, field)).toBe(true)
  })

  for (const options of OPTIONS)
    describe(JSON.stringify(options), () => {
      for (const [name, html] of Object.entries(EDGE_PAGES))
        it(`gives the stock tokens for ${name}, written whole and in pieces`, () => {
          for (const piece of [html.length, 1, 2, 7, 64]) {
            const stock = tokens(Tokenizer, options, html, piece)
            expect(tokens(PageTokenizer, options, html, piece)).toEqual(stock)
          }
        })
    })

  it('gives the stock tokens for the pages of a generated site', () => {
    const pages = [...largeSiteFiles({ pages: 40, scriptChunks: 4 })]
      .filter(([path]) => path.endsWith('.html'))
      .map(([, bytes]) => bytes.toString('utf8'))
    expect(pages.length).toBeGreaterThanOrEqual(40)
    for (const html of pages)
      for (const piece of [html.length, 4096]) {
        const options = { decodeEntities: false }
        expect(tokens(PageTokenizer, options, html, piece)).toEqual(
          tokens(Tokenizer, options, html, piece)
        )
      }
  })
})
