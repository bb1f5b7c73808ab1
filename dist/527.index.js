export const id = 527;
export const ids = [527];
export const modules = {

/***/ 18844:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   EJ: () => (/* binding */ resolves),
/* harmony export */   L6: () => (/* binding */ hostAdvice),
/* harmony export */   eh: () => (/* binding */ SITE_HOSTS),
/* harmony export */   needsHostConfig: () => (/* binding */ needsHostConfig),
/* harmony export */   om: () => (/* binding */ mayServeFolderUnslashed)
/* harmony export */ });
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(76760);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_path__WEBPACK_IMPORTED_MODULE_0__);

/*
 * How each static host maps a URL path to a file of the site, as measured or documented (the
 * vendor's export writes `/guides/intro` as `guides/intro.html` and links it without `.html`).
 * A path "resolves" when a browser that follows the host's redirects ends on a file (200).
 * Sources, for each rule below:
 *  - GitHub Pages, Netlify, Vercel, Cloudflare Pages: the measured table of
 *    github.com/slorber/trailing-slash-guide (docs/Hosting-Providers.md), for `file.html`,
 *    `folder/index.html` and both; Vercel's `cleanUrls` in vercel.com/docs (vercel.json);
 *    Cloudflare's "Route matching" in developers.cloudflare.com/pages/configuration/serving-pages.
 *  - S3 website endpoint: docs.aws.amazon.com/AmazonS3/latest/userguide/IndexDocumentSupport
 *    (the index document suffix in every folder; `/folder` without its slash is redirected).
 *  - CloudFront with an S3 (REST) origin: only the distribution's root has a default root object
 *    (docs.aws.amazon.com/AmazonCloudFront/latest/DeveloperGuide/DefaultRootObject); anything
 *    else needs a viewer-request CloudFront Function, which host-config.ts writes.
 *  - nginx: try_files and index (nginx.org/en/docs/http/ngx_http_core_module.html#try_files);
 *    without rewrites a folder without its slash is redirected to it, then `index index.html`.
 *  - Caddy: try_files (caddyserver.com/docs/caddyfile/directives/try_files) and file_server.
 *  - S3 (both endpoints) reads a literal `+` in a path as a space, `%2B` as a `+` (reported
 *    where it bit others: imgix/js-core#88); check.ts and the CloudFront Function allow for it.
 * The nginx, Caddy and plain rules are also checked against the real servers
 * (test/integration/site-servers.test.ts).
 */
const SITE_HOSTS = [
    'plain',
    'github-pages',
    'cloudfront',
    's3-website',
    'netlify',
    'vercel',
    'cloudflare-pages',
    'nginx',
    'caddy'
];
/**
 * Whether `path` (the URL's path, percent-decoded, beginning with `/`) ends on a file of the
 * site on `host`, with the host configuration host-config.ts writes in place where it writes one.
 */
function resolves(host, decoded, site, cloudFront) {
    // nginx and Caddy tidy the decoded path first: `//` is one `/`, and `.` and `..` segments
    // are resolved, those that were percent-encoded included (`/a/..%2Fb` is `/b`).
    const tidied = host === 'plain' || host === 'nginx' || host === 'caddy';
    // nginx answers a path that climbs above the root with 400; Caddy keeps it at the root.
    if (tidied && host !== 'caddy' && climbsAboveRoot(decoded))
        return false;
    const path = tidied ? node_path__WEBPACK_IMPORTED_MODULE_0__.posix.normalize(decoded) : decoded;
    // Caddy's try_files rewrites to the file's name, where a `?` begins a query: no such file is
    // reached through it.
    if (host === 'caddy' && path.includes('?'))
        return false;
    const slash = path.endsWith('/');
    // The path relative to the site root, without its trailing slash ('' for the root).
    const rel = path.replace(/^\/+/, '').replace(/\/+$/, '');
    const index = rel ? `${rel}/index.html` : 'index.html';
    const file = (name) => name !== '' && site.hasFile(name);
    const page = () => file(rel) || file(`${rel}.html`) || file(index);
    switch (host) {
        // nginx with `root` and `index index.html` only (or Caddy's bare file_server): `/a/` serves
        // a/index.html; `/a` a file, or a folder redirected to `/a/`. No `.html` is ever added.
        case 'plain':
            return slash || !rel ? file(index) : file(rel) || (site.hasFolder(rel) && file(index));
        // `/file` serves file.html, `/file/` is a 404, `/folder` is redirected to `/folder/`.
        case 'github-pages':
            return slash || !rel
                ? file(index)
                : file(rel) || file(`${rel}.html`) || (site.hasFolder(rel) && file(index));
        // The index document in every folder; `/folder` is redirected to `/folder/` when
        // folder/index.html exists; nothing appends `.html`, and routing rules cannot.
        case 's3-website':
            return slash || !rel ? file(index) : file(rel) || file(index);
        // The CloudFront Function of host-config.ts, then S3's exact keys.
        case 'cloudfront': {
            if (slash || !rel)
                return file(index);
            const last = rel.slice(rel.lastIndexOf('/') + 1);
            if (last.includes('.') || cloudFront?.asIs.has(rel))
                return file(rel);
            if (cloudFront?.indexFolders.has(rel))
                return file(index);
            return file(`${rel}.html`);
        }
        // `/file` serves file.html and `/file/` redirects to it; `/folder` redirects to `/folder/`.
        case 'netlify':
        // Same as Netlify for these paths (`/folder/index.html` redirects to `/folder/`).
        // falls through
        case 'cloudflare-pages':
            return slash || !rel ? file(index) || file(`${rel}.html`) : page();
        // With vercel.json `cleanUrls: true, trailingSlash: false` (host-config.ts): `/file` and
        // `/folder` serve file.html and folder/index.html; a trailing slash is redirected away.
        case 'vercel':
            return !rel ? file(index) : page();
        // `try_files $uri $uri.html $uri/index.html =404` (host-config.ts); `$uri` ending in `/`
        // matches a folder, whose index.html is then served.
        case 'nginx':
        // `try_files {path} {path}.html {path}/index.html` then file_server (host-config.ts).
        // falls through
        case 'caddy':
            return slash || !rel ? file(index) : page();
    }
}
/**
 * Where a folder's index page (`a/index.html`) may be seen at `/a` as it is, not redirected to
 * `/a/` (nginx, Caddy and CloudFront with the configuration written for them; Vercel, which also
 * redirects `/a/` away): its relative links then resolve from `/a`'s folder, not from `/a/`.
 * Whether `/a` is served by it depends on the site (an `a.html` wins): decided once it is known.
 */
function mayServeFolderUnslashed(host) {
    return host === 'nginx' || host === 'caddy' || host === 'cloudfront' || host === 'vercel';
}
/** Whether `/a/../..` leaves the root: only a path with a `..` segment can. */
function climbsAboveRoot(path) {
    if (!path.includes('..'))
        return false;
    const inRoot = node_path__WEBPACK_IMPORTED_MODULE_0__.posix.normalize(`/r${path}`);
    return inRoot !== '/r' && !inRoot.startsWith('/r/');
}
/** Hosts that serve the extensionless URLs only with a configuration we write. */
function needsHostConfig(host) {
    return host === 'nginx' || host === 'caddy' || host === 'vercel' || host === 'cloudfront';
}
/** What to tell a user whose links will not resolve on `host`. */
function hostAdvice(host) {
    switch (host) {
        case 'plain':
            return 'A plain static server adds no `.html`: set `host` to where the site is served (e.g. `nginx`, `github-pages`, `cloudfront`) to check with its rules and write its configuration.';
        case 's3-website':
            return 'S3 website hosting cannot serve `/page` from `page.html` (routing rules only redirect): serve the bucket through CloudFront with `host: cloudfront` and deploy the function in `host-config`, or upload each page also under its key without `.html` with `--content-type text/html`.';
        default:
            return needsHostConfig(host)
                ? 'Deploy the configuration in `host-config` with the site; what is listed still will not resolve with it in place, so fix those links in the docs (or set `check: warn` to publish anyway).'
                : 'Fix those links in the docs, or set `check: warn` to publish anyway.';
    }
}


/***/ }),

/***/ 70017:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   b: () => (/* binding */ messageOf),
/* harmony export */   z: () => (/* binding */ asError)
/* harmony export */ });
/** What was thrown, as an Error: JavaScript lets code throw anything. */
const asError = (thrown) => thrown instanceof Error ? thrown : new Error(String(thrown));
/** The message of what was thrown. */
const messageOf = (thrown) => thrown instanceof Error ? thrown.message : String(thrown);


/***/ }),

/***/ 24964:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   U: () => (/* binding */ isWithin),
/* harmony export */   n: () => (/* binding */ inside)
/* harmony export */ });
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(76760);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_path__WEBPACK_IMPORTED_MODULE_0__);

/**
 * `path`, once proven to lie inside `root` (or be it). Folder names come from ids that were
 * checked already; this is the proof where a folder is written or removed, so that no later
 * change can let a name from outside pick where the action deletes or writes. On Windows a path
 * on another drive has no relative form (`relative` returns it absolute) and is refused.
 */
function inside(root, target, what, rules = (node_path__WEBPACK_IMPORTED_MODULE_0___default())) {
    const full = rules.resolve(target);
    if (!isWithin(rules.resolve(root), full, rules)) {
        throw new Error(`Refusing to use ${what} ${full}: it is not inside ${rules.resolve(root)}. This is a bug in the action; please report it.`);
    }
    return full;
}
/** Whether the absolute `target` is `root` or lies below it, by `rules` (case-blind on Windows). */
function isWithin(root, target, rules = (node_path__WEBPACK_IMPORTED_MODULE_0___default())) {
    const rel = rules.relative(root, target);
    return !(rel === '..' || rel.startsWith(`..${rules.sep}`) || rules.isAbsolute(rel));
}


/***/ })

};

//# sourceMappingURL=527.index.js.map