import fc from 'fast-check'
import { Tokenizer } from 'htmlparser2'
import { describe, expect, it } from 'vitest'
import { scanPageText } from '../../src/audit/references.ts'
import { quickTokenize, type QuickCallbacks } from '../../src/audit/quick-tokenizer.ts'
import { largeSiteFiles } from '../emulator/large-site.ts'
import { EDGE_PAGES } from '../support/html-pages.ts'

// The quick tokenizer either gives up on a page or gives exactly the stock tokenizer's callbacks
// (those the page scan listens to), and the page scan finds the same URLs either way.

const LISTENED = [
  'onopentagname',
  'onattribname',
  'onattribdata',
  'onattribend',
  'onopentagend',
  'onselfclosingtag',
  'onclosetag',
  'ontext',
  'onend'
] as const satisfies readonly (keyof QuickCallbacks)[]

/** The elements whose text htmlparser2 reads raw (the only text the page scan listens to). */
const RAW_TEXT = ['script', 'style', 'title', 'textarea', 'iframe', 'noembed', 'noframes', 'xmp']

function recorder(): { seen: unknown[][]; callbacks: QuickCallbacks } {
  const seen: unknown[][] = []
  const callbacks = Object.fromEntries(
    LISTENED.map(name => [name, (...args: unknown[]) => seen.push([name, ...args])])
  ) as unknown as QuickCallbacks
  return { seen, callbacks }
}

/** The stock tokenizer's callbacks that the quick one gives: text only inside raw text. */
function stockCalls(html: string): unknown[][] {
  const { seen, callbacks } = recorder()
  let tag = ''
  let raw = false
  const ignore = () => undefined
  const enterBody = (end: number) => {
    raw = RAW_TEXT.includes(tag)
    return end
  }
  const tokenizer = new Tokenizer(
    { decodeEntities: false },
    {
      ...callbacks,
      onopentagname(start, end) {
        tag = html.slice(start, end).toLowerCase()
        callbacks.onopentagname(start, end)
      },
      onopentagend: end => callbacks.onopentagend(enterBody(end)),
      onselfclosingtag: end => callbacks.onselfclosingtag(enterBody(end)),
      onclosetag(start, end) {
        raw = false
        callbacks.onclosetag(start, end)
      },
      ontext(start, end) {
        if (raw) callbacks.ontext(start, end)
      },
      onattribentity: ignore,
      ontextentity: ignore,
      oncdata: ignore,
      oncomment: ignore,
      ondeclaration: ignore,
      onprocessinginstruction: ignore
    }
  )
  tokenizer.write(html)
  tokenizer.end()
  return seen
}

/** The quick tokenizer's callbacks, or undefined where it gave up. */
function quickCalls(html: string): unknown[][] | undefined {
  const { seen, callbacks } = recorder()
  return quickTokenize(html, callbacks) ? seen : undefined
}

/** Pieces that make the forms where tokenizers part ways, to be strung together at random. */
// prettier-ignore
const PIECES = [
  '<', '>', '/', '!', '?', '-', '=', '"', "'", ' ', '\n', '\t', '\f', '\r', '[', ']', 'a', 'B',
  'x', 'z', 'Z', '1', '<a', '</', '<!--', '-->', '--!>', '<!', '<![CDATA[', ']]>', '<?', '/>',
  'href', 'SRC', 'style',
  '<script', '</script', 'ScRiPt', '<style', '</style', '<title', '</TITLE', '<textarea',
  '</textarea', '<xmp', '</xmp', '<iframe', '</iframe', 'noembed', 'noframes', 'plaintext',
  'doctype', 'CDATA[', 'url(/u.png)', 'import("/i.js")', '&amp;', 'é', '😀', '\x0f', '\x1c',
  '<?>', '</</script>', '--->', '\v', '\0', '\u00a0', '@', '<svg>', '</svg>'
]
const randomPage = fc.oneof(
  // size 'max': fast-check's default size would cap these at 10 pieces and 10 characters.
  fc
    .array(fc.constantFrom(...PIECES), { maxLength: 60, size: 'max' })
    .map(pieces => pieces.join('')),
  fc.string({ unit: 'binary', maxLength: 80, size: 'max' })
)

describe('quickTokenize', () => {
  it('gives the stock callbacks for every page it reads, and reads the forms pages use', () => {
    // Pages it leaves: each ends inside something, or uses what htmlparser2 reads its own way.
    const left = [
      'unterminated value at the end',
      'script never closed',
      'a value cut by the end',
      'a name cut by the end',
      'plaintext',
      'a script tag cut by the end after a script',
      'U+000F, which htmlparser2 takes for / in an end tag',
      'U+001C, which htmlparser2 takes for < in an end tag',
      'comments',
      'bogus comment without its end',
      'unterminated single-quoted value'
    ]
    // Every other page it reads itself: a page left to htmlparser2 costs the parse twice.
    for (const [name, html] of Object.entries(EDGE_PAGES)) {
      const calls = quickCalls(html)
      if (left.includes(name)) expect(calls, name).toBeUndefined()
      else expect(calls, name).toEqual(stockCalls(html))
    }
  })

  it('reads every page of a generated site itself, as the stock tokenizer does', () => {
    const pages = [...largeSiteFiles({ pages: 40, scriptChunks: 4 })]
      .filter(([path]) => path.endsWith('.html'))
      .map(([, bytes]) => bytes.toString('utf8'))
    expect(pages.length).toBeGreaterThanOrEqual(40)
    for (const html of pages) expect(quickCalls(html)).toEqual(stockCalls(html))
  })

  it('gives up or agrees with the stock tokenizer on random pages', () => {
    let read = 0
    fc.assert(
      fc.property(randomPage, html => {
        const calls = quickCalls(html)
        if (calls) {
          read++
          expect(calls).toEqual(stockCalls(html))
        }
      }),
      { seed: 20261128, numRuns: 20_000 }
    )
    // Most random pages end inside something; enough do not for the comparison to count.
    expect(read).toBeGreaterThan(4000)
  })

  it('reads a page of many comments in one pass over it', () => {
    // Searched for one end form and then the other, each comment would cost a pass over the
    // rest of the page: 100,000 comments took two minutes so (50,000: 28 s), this a few ms.
    const html = `${'<!-- c -->'.repeat(100_000)}<a href="/after">`
    const calls = quickCalls(html)
    expect(calls?.slice(0, 2)).toEqual([
      ['onopentagname', html.length - 16, html.length - 15],
      ['onattribname', html.length - 14, html.length - 10]
    ])
  })

  it('leaves the page scan finding the same URLs as htmlparser2 alone', () => {
    const pages = [
      ...Object.values(EDGE_PAGES),
      ...fc.sample(randomPage, { seed: 7, numRuns: 5000 })
    ]
    for (const html of pages)
      expect(scanPageText(html), html).toEqual(scanPageText(html, { quick: false }))
  })
})
