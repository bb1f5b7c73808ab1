import { runInNewContext } from 'node:vm'
import { describe, expect, it } from 'vitest'
import { createSiteCheck, decodePath } from '../../src/site/check.js'
import { feed, vendorSite } from '../support/site-fixture.js'

/*
 * The configuration written for a host, read as the host reads it. CloudFront cannot run here,
 * so its function runs in a VM against S3's rule (exact keys): for every path the check
 * considered, the key it rewrites to exists exactly when the check says the path resolves.
 */

async function checked(host: 'cloudfront' | 'vercel', files = vendorSite()) {
  const verdicts = new Map<string, boolean>()
  const check = createSiteCheck({ host, onVerdict: (path, ok) => verdicts.set(path, ok) })
  await feed(check.visitor, files)
  return { result: check.finish(), verdicts, files }
}

function cloudFrontHandler(code: string): (uri: string) => Promise<string> {
  const context: { handler?: (event: unknown) => Promise<{ uri: string }> } = {}
  runInNewContext(`${code}\nthis.handler = handler`, context)
  return async uri => (await context.handler!({ request: { uri } })).uri
}

describe('the CloudFront Function', () => {
  it('rewrites every path to the key the check expects, and only those keys exist', async () => {
    const site = vendorSite()
    // A `+`, which S3 reads as a space unless the function encodes it.
    site.set(
      'c++.html',
      '<a href="/c++">C++</a> <img src="/img/c++.png" alt=""> <a href="/x+y">x+y</a> <a href="/notes+draft">notes</a>'
    )
    site.set('img/c++.png', 'png')
    site.set('x+y/index.html', '<p>A folder served by its index</p>')
    site.set('notes+draft', 'an extensionless file served as it is')
    const { result, verdicts, files } = await checked('cloudfront', site)
    const handler = cloudFrontHandler(result.config!.content)
    const seen: Record<string, boolean> = {}
    const expected: Record<string, boolean> = {}
    for (const [path, ok] of verdicts) {
      // The key S3 looks up: the path percent-decoded, a literal `+` a space.
      const key = decodePath((await handler(path)).replaceAll('+', '%20'))?.slice(1) ?? ''
      seen[path] = files.has(key)
      expected[path] = ok
    }
    expect(seen).toEqual(expected)
    expect(Object.values(expected)).toContain(true)
    expect(Object.values(expected)).toContain(false)
  })

  it('serves folder index pages and extensionless files it lists, and stays under 10 KB', async () => {
    const files = vendorSite()
    files.set('LICENSE', 'text')
    for (let i = 0; i < 2000; i++) files.set(`many/folder-${i}/index.html`, '<p>x</p>')
    const links = Array.from({ length: 2000 }, (_, i) => `<a href="/many/folder-${i}">${i}</a>`)
    files.set('many.htm', links.join(''))
    const { result } = await checked('cloudfront', files)
    const handler = cloudFrontHandler(result.config!.content)
    expect(await handler('/guides')).toBe('/guides/index.html')
    expect(await handler('/LICENSE')).toBe('/LICENSE')
    expect(await handler('/guides/intro')).toBe('/guides/intro.html')
    expect(await handler('/')).toBe('/index.html')
    expect(Buffer.byteLength(result.config!.content)).toBeLessThan(10 * 1024)
    // What did not fit in the function is reported, not assumed to resolve.
    const cut = result.broken.filter(b => b.target.startsWith('/many/')).map(b => b.target)
    expect(cut.length).toBeGreaterThan(0)
    expect(cut).not.toContain('/many/folder-0')
    expect(await handler('/many/folder-0')).toBe('/many/folder-0/index.html')
    expect(await handler(cut[0]!)).toBe(`${cut[0]}.html`)
  })
})

describe('vercel.json', () => {
  it('turns on clean URLs without trailing slashes, the settings the check models', async () => {
    const { result } = await checked('vercel')
    expect(result.config).toMatchObject({ name: 'vercel.json', place: 'site' })
    expect(JSON.parse(result.config!.content)).toEqual({ cleanUrls: true, trailingSlash: false })
  })
})
