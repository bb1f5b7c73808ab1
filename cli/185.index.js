export const id = 185;
export const ids = [185];
export const modules = {

/***/ 7185:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  auditSite: () => (/* binding */ auditSite)
});

// UNUSED EXPORTS: isAllowed

// EXTERNAL MODULE: external "node:fs/promises"
var promises_ = __webpack_require__(1455);
// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(6760);
// EXTERNAL MODULE: ./src/util/walk.ts
var walk = __webpack_require__(5215);
// EXTERNAL MODULE: ./node_modules/htmlparser2/dist/Parser.js + 7 modules
var Parser = __webpack_require__(1600);
;// CONCATENATED MODULE: ./src/audit/references.ts

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
    const found = [];
    let inScript = false;
    let inStyle = false;
    let inlineCode = '';
    const parser = new Parser/* Parser */.i({
        onopentag(name, attributes) {
            const wanted = [...(LOADING_ATTRIBUTES['*'] ?? []), ...(LOADING_ATTRIBUTES[name] ?? [])];
            for (const attribute of wanted) {
                const value = attributes[attribute];
                if (!value)
                    continue;
                if (SRCSET_ATTRIBUTES.has(attribute))
                    found.push(...value.split(',').map(part => part.trim().split(/\s+/)[0] ?? ''));
                else
                    found.push(value);
            }
            if (name === 'link' && attributes.href) {
                const rels = (attributes.rel ?? '').toLowerCase().split(/\s+/);
                if (rels.some(rel => LOADING_LINK_RELS.has(rel)))
                    found.push(attributes.href);
            }
            if (attributes.style)
                found.push(...cssReferences(attributes.style));
            if (name === 'meta' && attributes['http-equiv']?.toLowerCase() === 'refresh') {
                const target = /url\s*=\s*(.+)$/i.exec(attributes.content ?? '')?.[1];
                if (target)
                    found.push(target.replace(/^['"]|['"]$/g, ''));
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
            if (name === 'script' && inScript)
                found.push(...jsReferences(inlineCode));
            if (name === 'style' && inStyle)
                found.push(...cssReferences(inlineCode));
            inScript = inStyle = false;
            inlineCode = '';
        }
    }, { decodeEntities: true, lowerCaseAttributeNames: true });
    parser.write(html);
    parser.end();
    return found;
}

;// CONCATENATED MODULE: ./src/audit/audit.ts




const SCANNERS = {
    '.html': htmlReferences,
    '.htm': htmlReferences,
    '.css': cssReferences,
    '.js': jsReferences,
    '.mjs': jsReferences,
    '.cjs': jsReferences
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
 * Scans the extracted site for resources it loads from other hosts. One file is read at a time
 * per worker and only hosts are kept, so memory stays flat however many pages there are.
 */
async function auditSite(root, options = {}) {
    const maxFileBytes = options.maxFileBytes ?? 16 * 1024 * 1024;
    const allowed = options.allowedHosts ?? [];
    const hosts = new Map();
    const skipped = [];
    let filesScanned = 0;
    const files = audit_walk(root);
    const worker = async () => {
        for (let next = await files.next(); !next.done; next = await files.next()) {
            const path = next.value;
            const scan = SCANNERS[(0,external_node_path_.extname)(path).toLowerCase()];
            const text = await readUpTo(path, maxFileBytes);
            const name = (0,external_node_path_.relative)(root, path).split('\\').join('/');
            if (text === undefined) {
                skipped.push(name);
                continue;
            }
            filesScanned += 1;
            for (const url of scan(text)) {
                const host = externalHost(url);
                if (host && !hosts.has(host) && !isAllowed(host, allowed))
                    hosts.set(host, name);
            }
        }
    };
    await Promise.all(Array.from({ length: options.concurrency ?? 8 }, worker));
    return {
        hosts: new Map([...hosts].sort(([a], [b]) => a.localeCompare(b))),
        filesScanned,
        skipped
    };
}
/** The scannable files below root, one at a time. */
async function* audit_walk(root) {
    for await (const { path, entry } of (0,walk/* walkTree */.I)(root)) {
        if (entry.isFile() && SCANNERS[(0,external_node_path_.extname)(entry.name).toLowerCase()])
            yield path;
    }
}
async function readUpTo(path, maxBytes) {
    const file = await (0,promises_.open)(path, 'r');
    try {
        if ((await file.stat()).size > maxBytes)
            return undefined;
        return await file.readFile('utf8');
    }
    finally {
        await file.close();
    }
}


/***/ }),

/***/ 5215:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   I: () => (/* binding */ walkTree)
/* harmony export */ });
/* harmony import */ var node_fs_promises__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(1455);
/* harmony import */ var node_fs_promises__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_fs_promises__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(6760);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_1___default = /*#__PURE__*/__webpack_require__.n(node_path__WEBPACK_IMPORTED_MODULE_1__);


/** Every entry below `root` except folders (files, links, others), depth first, one at a time. */
async function* walkTree(root) {
    const pending = [root];
    while (pending.length > 0) {
        const folder = pending.pop();
        for (const entry of await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_0__.readdir)(folder, { withFileTypes: true })) {
            const path = (0,node_path__WEBPACK_IMPORTED_MODULE_1__.join)(folder, entry.name);
            if (entry.isDirectory())
                pending.push(path);
            else
                yield { path, entry };
        }
    }
}


/***/ })

};

//# sourceMappingURL=185.index.js.map