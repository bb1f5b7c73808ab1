import { describe, expect, it } from 'vitest'
import { createSiteCheck, type SiteCheckResult } from '../../src/site/check.js'
import { SITE_HOSTS, type SiteHost } from '../../src/site/hosts.js'
import { ALWAYS_BROKEN, EXTENSIONLESS, feed, ORIGIN, vendorSite } from '../support/site-fixture.js'

async function check(host: SiteHost, files = vendorSite()): Promise<SiteCheckResult> {
  const siteCheck = createSiteCheck({ host })
  await feed(siteCheck.visitor, files)
  return siteCheck.finish()
}

const brokenOf = (result: SiteCheckResult) => result.broken.map(b => b.target).sort()

/** What will not resolve on each host, with the configuration written for it in place. */
const EXPECTED: Record<SiteHost, string[]> = {
  plain: [...ALWAYS_BROKEN, ...EXTENSIONLESS, '/guides/intro/'],
  's3-website': [...ALWAYS_BROKEN, ...EXTENSIONLESS, '/guides/intro/'],
  'github-pages': [...ALWAYS_BROKEN, '/guides/intro/'],
  nginx: [...ALWAYS_BROKEN, '/guides/intro/'],
  caddy: [...ALWAYS_BROKEN, '/guides/intro/'],
  cloudfront: [...ALWAYS_BROKEN, '/guides/intro/'],
  netlify: ALWAYS_BROKEN,
  vercel: ALWAYS_BROKEN,
  'cloudflare-pages': ALWAYS_BROKEN
}

describe('the site check', () => {
  it.each(SITE_HOSTS)('on %s, reports exactly what will not resolve', async host => {
    expect(brokenOf(await check(host))).toEqual([...EXPECTED[host]].sort())
  })

  it.each([
    // Redirected to `/guides/`: relative links resolve in the folder.
    ['github-pages', []],
    ['netlify', []],
    // Also served at `/guides` as it is: from there `intro` is `/intro`.
    ['nginx', ['/intro', '/logo.png']],
    ['caddy', ['/intro', '/logo.png']],
    ['cloudfront', ['/intro', '/logo.png']],
    // Only at `/guides` (`/guides/` is redirected away): the folder's own files are not reached.
    ['vercel', ['/intro', '/logo.png']]
  ] as const)(
    'on %s, resolves a folder index page’s relative links from each URL it is seen at',
    async (host, broken) => {
      const files = new Map([
        ['index.html', '<a href="/guides">Guides</a>'],
        [
          'guides/index.html',
          '<a href="intro">Intro</a> <img src="logo.png"> <a href="/guides/intro">Abs</a>'
        ],
        ['guides/intro.html', '<p>Intro</p>'],
        ['guides/logo.png', 'png']
      ])
      const result = await check(host, files)
      expect(brokenOf(result)).toEqual(broken)
      // Reached from both URLs, a link is counted once for each reference.
      const counts = Object.fromEntries(result.broken.map(b => [b.target, b.count]))
      for (const target of broken) expect(counts[target]).toBe(1)
    }
  )

  it.each(['nginx', 'caddy', 'cloudfront', 'vercel'] as const)(
    'on %s, resolves an index page’s relative links from its folder only where /a serves it',
    async host => {
      const files = new Map([
        ['index.html', '<a href="/guides">Guides</a> <a href="/v1.2/">v1.2</a>'],
        // guides.html serves /guides: the index page is seen at /guides/ alone.
        ['guides.html', '<p>Guides</p>'],
        ['guides/index.html', '<a href="overview">Overview</a>'],
        ['guides/overview.html', '<p>Overview</p>'],
        // A folder with a dot: CloudFront's function serves /v1.2 as a file, not the index.
        ['v1.2/index.html', '<a href="intro">Intro</a>'],
        ['v1.2/intro.html', '<p>Intro</p>']
      ])
      const expected = host === 'cloudfront' ? [] : ['/intro']
      // On nginx, Caddy and Vercel /v1.2 is served by its index (no v1.2.html): from there,
      // intro is /intro.
      expect(brokenOf(await check(host, files))).toEqual(expected)
    }
  )

  it('on nginx, a path that climbs above the root is broken (nginx answers 400); Caddy keeps it in', async () => {
    const files = new Map([
      ['index.html', '<a href="/..%2Fquickstart">Up</a> <a href="/g/..%2Fquickstart">Back</a>'],
      ['quickstart.html', '<p>Quickstart</p>']
    ])
    expect(brokenOf(await check('nginx', files))).toEqual(['/..%2Fquickstart'])
    expect(brokenOf(await check('plain', files))).toContain('/..%2Fquickstart')
    expect(brokenOf(await check('caddy', files))).toEqual([])
  })

  it('on s3-website, takes a literal + in a path for a space, as S3 does (%2B is a +)', async () => {
    const files = new Map([
      ['index.html', '<img src="/img/c++.png"> <img src="/img/c%2B%2B.png">'],
      ['img/c++.png', 'png']
    ])
    expect(brokenOf(await check('s3-website', files))).toEqual(['/img/c++.png'])
    expect(brokenOf(await check('github-pages', files))).toEqual([])
  })

  it('keeps the first file naming a broken target, and counts every reference to it', async () => {
    const files = vendorSite()
    files.set('zz/late.html', '<a href="/broken-page">again</a><a href="/broken-page#x">and</a>')
    const result = await check('nginx', files)
    expect(result.broken.find(b => b.target === '/broken-page')).toEqual({
      target: '/broken-page',
      from: 'index.html',
      kind: 'link',
      count: 3
    })
  })

  it('tells apart links at the same place of consecutive pages, as pages repeat their navigation', async () => {
    // The check compares each reference with the one at its place in the page read before:
    // equal text, same record; any other text is looked up on its own.
    const nav = '<link rel="stylesheet" href="/missing.css"><a href="/same">s</a>'
    const files = new Map([
      ['a.html', `${nav}<a href="/only-a">a</a><a href="/x/../twice">t</a>`],
      ['b.html', `${nav}<a href="/only-b">b</a><a href="/twice">t</a>`],
      ['b-again.html', `${nav}<a href="/only-b">b</a>`],
      ['c.html', `<a href="/only-c">c</a>${nav}`]
    ])
    const result = await check('nginx', files)
    expect(result.broken.map(({ target, from, count }) => [target, from, count])).toEqual([
      ['/missing.css', 'a.html', 4],
      ['/same', 'a.html', 4],
      ['/only-a', 'a.html', 1],
      ['/twice', 'a.html', 2],
      ['/only-b', 'b.html', 2],
      ['/only-c', 'c.html', 1]
    ])
  })

  it('reads the origin from canonical and sitemap URLs and checks that origin’s links by path', async () => {
    const result = await check('nginx')
    expect(result.origins).toEqual([ORIGIN])
    // `/old-page` is named only by the sitemap, with the public origin.
    expect(result.broken.find(b => b.target === '/old-page')?.kind).toBe('sitemap')
    // Another origin is external: not checked, whatever its path.
    expect(brokenOf(result)).not.toContain('/missing')
  })

  it('takes a canonical URL to another site for a link out, not for the site’s origin', async () => {
    const partner = 'https://partner.example.org'
    const files = new Map([
      ['index.html', `<a href="${partner}/pricing">p</a><a href="${ORIGIN}/gone">g</a>`],
      [
        'guides/setup.html',
        `<link rel="canonical" href="${partner}/setup-guide"><a href="/guides/setup">s</a>`
      ],
      ['guides/index.html', `<link rel="canonical" href="${ORIGIN}/guides/">`]
    ])
    const result = await check('nginx', files)
    // The site's own origin is the one whose canonical URL names its own page.
    expect(result.origins).toEqual([ORIGIN])
    expect(brokenOf(result)).toEqual(['/gone'])
  })

  it('without a canonical or sitemap URL, absolute links are external', async () => {
    const files = new Map([['index.html', `<a href="${ORIGIN}/nowhere">x</a>`]])
    expect(brokenOf(await check('nginx', files))).toEqual([])
  })

  it('ignores scripts, other schemes, fragments and queries; strips them from paths', async () => {
    const result = await check('nginx')
    const targets = brokenOf(result)
    expect(targets).not.toContain('/api/not-a-file')
    expect(targets.some(t => /^(mailto|javascript|data):|[?#]/.test(t))).toBe(false)
  })

  it('checks srcset candidates and CSS url() relative to the stylesheet', async () => {
    const files = vendorSite()
    files.set('index.html', '<img srcset="/img/logo.png 1x, /img/gone@2x.png 2x">')
    files.set('_next/static/css/app.css', '.a { background: url("../../../img/none.png") }')
    expect(brokenOf(await check('nginx', files))).toEqual(
      expect.arrayContaining(['/img/gone@2x.png', '/img/none.png'])
    )
  })

  it('counts HTML pages without the top-level 404 page', async () => {
    expect((await check('plain')).pages).toBe(9)
  })

  it('a file too large to read is listed as skipped, not read', async () => {
    const siteCheck = createSiteCheck({ host: 'nginx', maxFileBytes: 100 })
    await feed(siteCheck.visitor, vendorSite())
    const result = siteCheck.finish()
    expect(result.skipped).toContain('index.html')
    expect(brokenOf(result)).not.toContain('/broken-page')
  })

  it('names the configuration each host needs, and writes none for the others', async () => {
    const names = Object.fromEntries(
      await Promise.all(SITE_HOSTS.map(async host => [host, (await check(host)).config?.name]))
    )
    expect(names).toEqual({
      plain: undefined,
      'github-pages': undefined,
      's3-website': undefined,
      netlify: undefined,
      'cloudflare-pages': undefined,
      nginx: 'nginx-site.conf',
      caddy: 'Caddyfile-site',
      vercel: 'vercel.json',
      cloudfront: 'cloudfront-function.js'
    })
  })
})

describe('the check’s messages', () => {
  it('quote a target and a file name from the archive on one line that starts no command', async () => {
    const { describeBrokenLink, siteCheckFailure } = await import('../../src/site/messages.js')
    const broken = {
      target: '/a\n::error::x',
      from: 'b\r\n::warning::y.html',
      kind: 'link' as const,
      count: 2
    }
    const line = describeBrokenLink(broken, 'nginx')
    expect(line).toBe(
      'Link "/a ::error::x" in b ::warning::y.html will not resolve on host `nginx` (2 references).'
    )
    const failure = siteCheckFailure({ ...(await check('nginx')), broken: [broken] })
    expect(failure.split('\n')).toHaveLength(1)
    expect(failure).toContain('e.g. "/a ::error::x" in b ::warning::y.html.')
  })
})
