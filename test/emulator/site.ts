// The static site inside every bundle: a small Mintlify-like export, deterministic to the byte.

interface Page {
  /** URL path of the page; the file is <route>/index.html. */
  route: string
  title: string
  description: string
  body: string
}

const PAGES: Page[] = [
  {
    route: '/',
    title: 'Introduction',
    description: 'Welcome to the Acme documentation.',
    body: '<p>Acme helps teams ship documentation that stays correct — “docs as code”, café-grade.</p>'
  },
  {
    route: '/quickstart',
    title: 'Quickstart',
    description: 'Start building in five minutes.',
    body: '<ol><li>Install the CLI.</li><li>Run <code>acme init</code>.</li><li>Publish ✓</li></ol>'
  },
  {
    route: '/development',
    title: 'Local development',
    description: 'Preview changes locally.',
    body: '<pre><code class="language-bash">npm i -g acme\nacme dev --port 3000</code></pre>'
  },
  {
    route: '/essentials/settings',
    title: 'Global settings',
    description: 'Configure the site with docs.json.',
    body: '<pre><code class="language-json">{ "name": "Acme", "theme": "mint" }</code></pre>'
  },
  {
    route: '/essentials/navigation',
    title: 'Navigation',
    description: 'Groups, tabs and anchors.',
    body: '<p>Pages are grouped in the sidebar in the order of <code>docs.json</code>.</p>'
  },
  {
    route: '/essentials/markdown',
    title: 'Markdown syntax',
    description: 'Text, titles and styles.',
    body: '<p><strong>Bold</strong>, <em>italic</em> and <del>struck</del> text &amp; more.</p>'
  },
  {
    route: '/essentials/code',
    title: 'Code blocks',
    description: 'Display inline code and code blocks.',
    body: '<pre><code class="language-ts">const answer: number = 42</code></pre>'
  },
  {
    route: '/essentials/images',
    title: 'Images and embeds',
    description: 'Add images, videos and iframes.',
    body: '<img src="/favicon.svg" alt="Acme logo" width="32" height="32">'
  },
  {
    route: '/api-reference/introduction',
    title: 'API reference',
    description: 'Endpoints of the Plant Store API.',
    body: '<p>All requests need <code>Authorization: Bearer &lt;token&gt;</code>.</p>'
  },
  {
    route: '/api-reference/endpoint/get',
    title: 'Get plants',
    description: 'GET /plants',
    body: '<pre><code class="language-bash">curl https://api.example.com/plants</code></pre>'
  },
  {
    route: '/api-reference/endpoint/create',
    title: 'Create plant',
    description: 'POST /plants',
    body: '<pre><code class="language-json">{ "name": "Monstera", "tag": "indoor" }</code></pre>'
  },
  {
    route: '/changelog',
    title: 'Changelog',
    description: 'Product updates.',
    body: '<h2 id="2024-06-01">June 1, 2024</h2><p>Static export is available.</p>'
  }
]

/** Number of HTML pages in the export: the default final pageCount of a job. */
export const SITE_PAGE_COUNT = PAGES.length

const CSS = `:root { --accent: #0d9373; color-scheme: light dark; }
body { margin: 0; font: 16px/1.6 system-ui, sans-serif; display: flex; }
nav { width: 16rem; padding: 1rem; border-right: 1px solid #8883; }
nav a { display: block; color: inherit; text-decoration: none; padding: 0.2rem 0; }
nav a[aria-current='page'] { color: var(--accent); font-weight: 600; }
main { padding: 2rem; max-width: 48rem; }
pre { background: #8881; padding: 1rem; overflow-x: auto; }
`

const JS = `// Marks the current page in the sidebar and adds copy buttons to code blocks.
document.addEventListener('DOMContentLoaded', () => {
  for (const link of document.querySelectorAll('nav a')) {
    if (link.getAttribute('href') === location.pathname) link.setAttribute('aria-current', 'page')
  }
  for (const block of document.querySelectorAll('pre')) {
    const button = document.createElement('button')
    button.textContent = 'Copy'
    button.onclick = () => navigator.clipboard.writeText(block.innerText)
    block.prepend(button)
  }
})
`

const FAVICON = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="6" fill="#0d9373"/><path d="M9 22 16 8l7 14" stroke="#fff" stroke-width="3" fill="none"/></svg>
`

function fileOf(route: string): string {
  return route === '/' ? 'index.html' : `${route.slice(1)}/index.html`
}

function renderPage(page: Page): string {
  const nav = PAGES.map(p => `      <a href="${p.route}">${p.title}</a>`).join('\n')
  return `<!DOCTYPE html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>${page.title} - Acme</title>
    <meta name="description" content="${page.description}">
    <link rel="icon" href="/favicon.svg" type="image/svg+xml">
    <link rel="stylesheet" href="/_next/static/css/app.css">
    <script src="/_next/static/chunks/main.js" defer></script>
  </head>
  <body>
    <nav>
${nav}
    </nav>
    <main>
      <h1>${page.title}</h1>
      ${page.body}
    </main>
  </body>
</html>
`
}

function sitemap(): string {
  const urls = PAGES.map(
    p => `  <url><loc>https://docs.example.com${p.route}</loc><lastmod>2024-06-01</lastmod></url>`
  )
  return `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
${urls.join('\n')}
</urlset>
`
}

function searchIndex(): string {
  const entries = PAGES.map(p => ({ path: p.route, title: p.title, description: p.description }))
  return `${JSON.stringify(entries, null, 2)}\n`
}

/** Every file of the site, relative path -> content, sorted by path. A fresh copy on each call. */
export function siteFiles(): Map<string, Buffer> {
  const files: [string, string][] = [
    ...PAGES.map(p => [fileOf(p.route), renderPage(p)] as [string, string]),
    ['_next/static/css/app.css', CSS],
    ['_next/static/chunks/main.js', JS],
    ['favicon.svg', FAVICON],
    ['sitemap.xml', sitemap()],
    ['search-index.json', searchIndex()]
  ]
  files.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
  return new Map(files.map(([path, text]) => [path, Buffer.from(text, 'utf8')]))
}
