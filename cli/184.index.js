export const id = 184;
export const ids = [184];
export const modules = {

/***/ 4184:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   siteAudit: () => (/* binding */ siteAudit)
/* harmony export */ });
/* unused harmony export isAllowed */
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(6760);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_path__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var _references_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(1777);


/** What a page loads: its assets and what its inline scripts fetch, not what it links to. */
const pageLoads = (page) => (0,_references_js__WEBPACK_IMPORTED_MODULE_1__/* .scanPage */ .DA)(page)
    .filter(([, kind]) => kind === 'asset' || kind === 'script')
    .map(([url]) => url);
const text = (scan) => (bytes) => scan(bytes.toString('utf8'));
const SCANNERS = {
    '.html': pageLoads,
    '.htm': pageLoads,
    '.css': text(_references_js__WEBPACK_IMPORTED_MODULE_1__/* .cssReferences */ .Wn),
    '.js': text(_references_js__WEBPACK_IMPORTED_MODULE_1__/* .jsReferences */ .i_),
    '.mjs': text(_references_js__WEBPACK_IMPORTED_MODULE_1__/* .jsReferences */ .i_),
    '.cjs': text(_references_js__WEBPACK_IMPORTED_MODULE_1__/* .jsReferences */ .i_)
};
function isAllowed(host, allowed) {
    const bare = host.replace(/:\d+$/, '');
    return allowed.some(rule => {
        const pattern = rule.trim().toLowerCase();
        if (pattern.startsWith('*.'))
            return bare.endsWith(pattern.slice(1));
        return bare === pattern || host === pattern;
    });
}
/**
 * Scans the site for resources it loads from other hosts, fed by the extraction (no walk, no
 * second read). Only hosts are kept, so memory stays flat however many pages there are.
 */
function siteAudit(options = {}) {
    const maxFileBytes = options.maxFileBytes ?? 16 * 1024 * 1024;
    const allowed = options.allowedHosts ?? [];
    const hosts = new Map();
    // A set: wants() may be asked more than once for a file (combineVisitors asks again).
    const skipped = new Set();
    let filesScanned = 0;
    return {
        wants(path, sizeBytes) {
            if (!scannerOf(path))
                return false;
            if (sizeBytes <= maxFileBytes)
                return true;
            skipped.add(path);
            return false;
        },
        file(path, bytes) {
            const scan = scannerOf(path);
            if (!scan)
                return;
            filesScanned += 1;
            for (const url of scan(bytes)) {
                const host = (0,_references_js__WEBPACK_IMPORTED_MODULE_1__/* .externalHost */ .K8)(url);
                if (host && !hosts.has(host) && !isAllowed(host, allowed))
                    hosts.set(host, path);
            }
        },
        result: () => ({
            hosts: new Map([...hosts].sort(([a], [b]) => a.localeCompare(b))),
            filesScanned,
            skipped: [...skipped]
        })
    };
}
function scannerOf(path) {
    return SCANNERS[(0,node_path__WEBPACK_IMPORTED_MODULE_0__.extname)(path).toLowerCase()];
}


/***/ }),

/***/ 1777:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   DA: () => (/* binding */ scanPage),
/* harmony export */   K8: () => (/* binding */ externalHost),
/* harmony export */   Wn: () => (/* binding */ cssReferences),
/* harmony export */   i_: () => (/* binding */ jsReferences)
/* harmony export */ });
/* unused harmony export htmlReferences */
/* harmony import */ var htmlparser2__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(1600);

/*
 * Finding the URLs a page makes the browser load. HTML goes through a real parser
 * (htmlparser2); CSS and JavaScript are matched by the few forms that load something
 * (`url()`, `@import`, `import`, `fetch(` …), since a full parse of every bundle would cost far
 * more and find nothing else that loads. A link a reader clicks (`<a href>`) is navigation, not
 * a dependency: the page still works without that host.
 */
/** Attributes whose value the browser fetches, by element ('*' for any element). */
const LOADING_ATTRIBUTES = {
    '*': ['src', 'poster', 'background', 'data-src'],
    script: ['src'],
    img: ['src', 'srcset'],
    source: ['src', 'srcset'],
    image: ['href', 'xlink:href'],
    use: ['href', 'xlink:href'],
    object: ['data'],
    form: ['action'],
    button: ['formaction'],
    input: ['formaction']
};
const SRCSET_ATTRIBUTES = new Set(['srcset']);
/**
 * `<link>` relations that make the browser fetch the href. `canonical`, `alternate` and the like
 * name a page without loading it (an export's canonical links name its public domain), and
 * `preconnect`/`dns-prefetch` are hints whose failure costs nothing.
 */
const LOADING_LINK_RELS = new Set([
    'stylesheet',
    'icon',
    'apple-touch-icon',
    'mask-icon',
    'manifest',
    'preload',
    'modulepreload',
    'prefetch'
]);
const CSS_URL = /url\(\s*(['"]?)([^'")\s]+)\1\s*\)|@import\s+(['"])([^'"]+)\3/gi;
const JS_LOADS = [
    /\bimport\s*\(\s*(['"`])([^'"`]+)\1/g,
    /\b(?:import|export)\s[^'"`;]*?\bfrom\s*(['"])([^'"]+)\1/g,
    /\bimport\s*(['"])([^'"]+)\1/g,
    /\b(?:fetch|importScripts|sendBeacon|WebSocket|EventSource|Worker|SharedWorker)\s*\(\s*(['"`])([^'"`]+)\1/g,
    /\.open\(\s*['"][A-Z]+['"]\s*,\s*(['"`])([^'"`]+)\1/g,
    /\.(?:src|href)\s*=\s*(['"`])([^'"`]+)\1/g
];
/** The host of an absolute or protocol-relative http(s) or ws(s) URL; undefined for anything local. */
function externalHost(url) {
    const text = url.trim();
    if (!/^((https?|wss?):)?\/\//i.test(text))
        return undefined;
    try {
        return new URL(text.startsWith('//') ? `https:${text}` : text).host.toLowerCase() || undefined;
    }
    catch {
        return undefined;
    }
}
function cssReferences(css) {
    return [...css.matchAll(CSS_URL)].map(match => (match[2] ?? match[4]));
}
function jsReferences(js) {
    return JS_LOADS.flatMap(pattern => [...js.matchAll(pattern)].map(match => match[2]));
}
function htmlReferences(html) {
    return scanPageText(html)
        .filter(([, kind]) => kind === 'asset' || kind === 'script')
        .map(([url]) => url);
}
/** Elements whose `href` a reader follows (navigation, not a dependency). */
const NAVIGATION_ELEMENTS = new Set(['a', 'area']);
/** `<link>` relations that name no URL of the site worth checking: hints to other hosts. */
const HINT_LINK_RELS = new Set(['preconnect', 'dns-prefetch']);
/** The page parsed last, and what it names: the readers ask one after the other. */
let lastPage;
/**
 * Every URL a page names: what it loads (the audit's concern), what it links to (`<a>`/`<area>`
 * href, every `<link>` href but connection hints) and its canonical URL (the site check's).
 * Parsing is most of what both readers cost on a large site, so a page is parsed once: the
 * audit and the check are handed the same Buffer in turn (combineVisitors), and the second gets
 * the first's result. One page is kept, not a WeakMap of them: V8 frees a WeakMap's entries only
 * in a full collection, and a 10,000-page site then peaked at 260 MiB instead of 100.
 */
function scanPage(page) {
    if (lastPage?.bytes !== page)
        lastPage = { bytes: page, found: scanPageText(page.toString('utf8')) };
    return lastPage.found;
}
function scanPageText(html) {
    const found = [];
    scanHtml(html, (url, kind) => found.push([url, kind]));
    return found;
}
function scanHtml(html, visit) {
    const load = (url) => visit(url, 'asset');
    let inScript = false;
    let inStyle = false;
    let inlineCode = '';
    const parser = new htmlparser2__WEBPACK_IMPORTED_MODULE_0__/* .Parser */ .i({
        onopentag(name, attributes) {
            const wanted = [...(LOADING_ATTRIBUTES['*'] ?? []), ...(LOADING_ATTRIBUTES[name] ?? [])];
            for (const attribute of wanted) {
                const value = attributes[attribute];
                if (!value)
                    continue;
                if (SRCSET_ATTRIBUTES.has(attribute))
                    value.split(',').forEach(part => load(part.trim().split(/\s+/)[0] ?? ''));
                else
                    load(value);
            }
            if (name === 'link' && attributes.href) {
                const rels = (attributes.rel ?? '').toLowerCase().split(/\s+/);
                if (rels.some(rel => LOADING_LINK_RELS.has(rel)))
                    load(attributes.href);
                else if (rels.includes('canonical'))
                    visit(attributes.href, 'canonical');
                else if (!rels.some(rel => HINT_LINK_RELS.has(rel)))
                    visit(attributes.href, 'link');
            }
            if (NAVIGATION_ELEMENTS.has(name) && attributes.href)
                visit(attributes.href, 'link');
            if (attributes.style)
                cssReferences(attributes.style).forEach(load);
            if (name === 'meta' && attributes['http-equiv']?.toLowerCase() === 'refresh') {
                const target = /url\s*=\s*(.+)$/i.exec(attributes.content ?? '')?.[1];
                if (target)
                    load(target.replace(/^['"]|['"]$/g, ''));
            }
            inScript = name === 'script' && !attributes.src && !/json/i.test(attributes.type ?? '');
            inStyle = name === 'style';
            inlineCode = '';
        },
        ontext(text) {
            if (inScript || inStyle)
                inlineCode += text;
        },
        onclosetag(name) {
            // Kept apart: the site check leaves them out (what they load is built at run time).
            if (name === 'script' && inScript)
                jsReferences(inlineCode).forEach(url => visit(url, 'script'));
            if (name === 'style' && inStyle)
                cssReferences(inlineCode).forEach(load);
            inScript = inStyle = false;
            inlineCode = '';
        }
    }, { decodeEntities: true, lowerCaseAttributeNames: true });
    parser.write(html);
    parser.end();
}


/***/ })

};

//# sourceMappingURL=184.index.js.map