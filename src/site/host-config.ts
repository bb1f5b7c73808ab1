import { access, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { inside } from '../util/paths.js'
import type { CloudFrontExceptions, SiteHost, SiteIndex } from './hosts.js'

/*
 * The configuration that makes a host serve the export's extensionless URLs
 * (`/guides/intro` → guides/intro.html), for the hosts that need one. hosts.ts models each
 * one exactly, so the check reports what still will not resolve with it in place. Files the
 * host reads from the site root (vercel.json) go in the site; server configuration (nginx,
 * Caddy, the CloudFront Function) goes beside it, so that it is not published.
 * GitHub Pages, Netlify and Cloudflare Pages serve `page.html` at `/page` on their own (see
 * hosts.ts); an S3 website endpoint has no way to (its routing rules only redirect).
 */

export interface HostConfig {
  /** File name; `site` ones go in the site root, `beside` ones next to the site folder. */
  readonly name: string
  readonly place: 'site' | 'beside'
  readonly content: string
}

/** CloudFront Functions' size limit is 10 KB; the lists of exceptions stay under this. */
const CLOUDFRONT_LIST_BUDGET_BYTES = 7 * 1024

/**
 * The paths the CloudFront Function serves other than by appending `.html` to a last segment
 * without a dot: folders with an index.html and no page of their name, and extensionless files.
 * Cut to the function's size budget: what is cut is then reported by the check.
 */
export function cloudFrontExceptions(
  site: SiteIndex,
  files: Iterable<string>
): CloudFrontExceptions {
  const indexFolders = new Set<string>()
  const asIs = new Set<string>()
  let budget = CLOUDFRONT_LIST_BUDGET_BYTES
  const add = (set: Set<string>, path: string) => {
    const cost = Buffer.byteLength(JSON.stringify(uriOf(path))) + 6
    if (cost > budget) return
    budget -= cost
    set.add(path)
  }
  for (const file of files) {
    const last = file.slice(file.lastIndexOf('/') + 1)
    if (last === 'index.html' && file.includes('/')) {
      const folder = file.slice(0, -'/index.html'.length)
      const folderName = folder.slice(folder.lastIndexOf('/') + 1)
      if (!folderName.includes('.') && !site.hasFile(`${folder}.html`) && !site.hasFile(folder))
        add(indexFolders, folder)
    } else if (!last.includes('.')) add(asIs, file)
  }
  return { indexFolders, asIs }
}

/** A site path as CloudFront's `request.uri` holds it: what a browser sends, percent-encoded. */
function uriOf(path: string): string {
  // `+` as the function makes it before its lookups (S3 would read a `+` as a space).
  const escaped = `/${path}`
    .replace(/%/g, '%25')
    .replace(/\?/g, '%3F')
    .replace(/#/g, '%23')
    .replace(/\+/g, '%2B')
  return new URL(escaped.replace(/\\/g, '%5C'), 'http://site.invalid').pathname
}

/** The configuration `host` needs, or undefined when it serves the site as it is. */
export function hostConfig(
  host: SiteHost,
  site: SiteIndex,
  files: Iterable<string>
): HostConfig | undefined {
  switch (host) {
    case 'nginx':
      return { name: 'nginx-site.conf', place: 'beside', content: NGINX }
    case 'caddy':
      return { name: 'Caddyfile-site', place: 'beside', content: CADDY }
    case 'vercel':
      return {
        name: 'vercel.json',
        place: 'site',
        content: `${JSON.stringify({ cleanUrls: true, trailingSlash: false }, null, 2)}\n`
      }
    case 'cloudfront':
      return {
        name: 'cloudfront-function.js',
        place: 'beside',
        content: cloudFrontFunction(cloudFrontExceptions(site, files))
      }
    default:
      return undefined
  }
}

const NGINX = `# Serves the Mintlify static export's extensionless URLs: /guides/intro from guides/intro.html,
# /guides from guides/index.html when there is no guides.html. Include it in the server block
# whose root is the extracted site, e.g.:
#   server { root /srv/docs/site; include /etc/nginx/snippets/nginx-site.conf; }
location / {
    try_files $uri $uri.html $uri/index.html =404;
}
`

const CADDY = `# Serves the Mintlify static export's extensionless URLs: /guides/intro from guides/intro.html,
# /guides from guides/index.html when there is no guides.html. Import it in the site block whose
# root is the extracted site, e.g.:
#   docs.example.com {
#       root * /srv/docs/site
#       import Caddyfile-site
#   }
try_files {path} {path}.html {path}/index.html
file_server
`

function cloudFrontFunction(exceptions: CloudFrontExceptions): string {
  const list = (paths: ReadonlySet<string>) =>
    `{${[...paths].map(path => `${JSON.stringify(uriOf(path))}: 1`).join(', ')}}`
  return `// CloudFront Function (viewer request, runtime cloudfront-js-2.0) for the Mintlify static
// export in an S3 bucket (REST endpoint): CloudFront serves a default root object at / only, so
// /guides/intro must become guides/intro.html here. Attach it to the distribution's default
// cache behavior as a viewer-request function.
var INDEX_FOLDERS = ${list(exceptions.indexFolders)};
var AS_IS = ${list(exceptions.asIs)};

async function handler(event) {
  var request = event.request;
  // S3 reads a '+' in a path as a space: the file c++.html is the key requested as c%2B%2B.html.
  var uri = request.uri.split('+').join('%2B');
  request.uri = uri;
  if (uri.endsWith('/')) {
    request.uri = uri + 'index.html';
  } else if (uri.slice(uri.lastIndexOf('/') + 1).indexOf('.') === -1 && !AS_IS[uri]) {
    request.uri = INDEX_FOLDERS[uri] ? uri + '/index.html' : uri + '.html';
  }
  return request;
}
`
}

/**
 * Writes the configuration: in the site root, or beside the site in `folder`. A vercel.json
 * the site already has is left as it is (undefined, and the caller says so).
 */
export async function writeHostConfig(
  config: HostConfig,
  sitePath: string,
  folder: string
): Promise<string | undefined> {
  const root = config.place === 'site' ? sitePath : folder
  const path = inside(root, join(root, config.name), 'the host configuration')
  if (config.place === 'site' && (await exists(path))) return undefined
  await writeFile(path, config.content)
  return path
}

async function exists(path: string): Promise<boolean> {
  try {
    await access(path)
    return true
  } catch {
    return false
  }
}
