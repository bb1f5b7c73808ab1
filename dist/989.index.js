export const id = 989;
export const ids = [989,616];
export const modules = {

/***/ 15616:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   h: () => (/* binding */ hostConfig),
/* harmony export */   t: () => (/* binding */ cloudFrontExceptions),
/* harmony export */   writeHostConfig: () => (/* binding */ writeHostConfig)
/* harmony export */ });
/* harmony import */ var node_fs_promises__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(51455);
/* harmony import */ var node_fs_promises__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_fs_promises__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(76760);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_1___default = /*#__PURE__*/__webpack_require__.n(node_path__WEBPACK_IMPORTED_MODULE_1__);
/* harmony import */ var _util_paths_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(24964);



/** CloudFront Functions' size limit is 10 KB; the lists of exceptions stay under this. */
const CLOUDFRONT_LIST_BUDGET_BYTES = 7 * 1024;
/**
 * The paths the CloudFront Function serves other than by appending `.html` to a last segment
 * without a dot: folders with an index.html and no page of their name, and extensionless files.
 * Cut to the function's size budget: what is cut is then reported by the check.
 */
function cloudFrontExceptions(site, files) {
    const indexFolders = new Set();
    const asIs = new Set();
    let budget = CLOUDFRONT_LIST_BUDGET_BYTES;
    const add = (set, path) => {
        const cost = Buffer.byteLength(JSON.stringify(uriOf(path))) + 6;
        if (cost > budget)
            return;
        budget -= cost;
        set.add(path);
    };
    for (const file of files) {
        const last = file.slice(file.lastIndexOf('/') + 1);
        if (last === 'index.html' && file.includes('/')) {
            const folder = file.slice(0, -'/index.html'.length);
            const folderName = folder.slice(folder.lastIndexOf('/') + 1);
            if (!folderName.includes('.') && !site.hasFile(`${folder}.html`) && !site.hasFile(folder))
                add(indexFolders, folder);
        }
        else if (!last.includes('.'))
            add(asIs, file);
    }
    return { indexFolders, asIs };
}
/** A site path as CloudFront's `request.uri` holds it: what a browser sends, percent-encoded. */
function uriOf(path) {
    // `+` as the function makes it before its lookups (S3 would read a `+` as a space).
    const escaped = `/${path}`
        .replace(/%/g, '%25')
        .replace(/\?/g, '%3F')
        .replace(/#/g, '%23')
        .replace(/\+/g, '%2B');
    return new URL(escaped.replace(/\\/g, '%5C'), 'http://site.invalid').pathname;
}
/** The configuration `host` needs, or undefined when it serves the site as it is. */
function hostConfig(host, site, files) {
    switch (host) {
        case 'nginx':
            return { name: 'nginx-site.conf', place: 'beside', content: NGINX };
        case 'caddy':
            return { name: 'Caddyfile-site', place: 'beside', content: CADDY };
        case 'vercel':
            return {
                name: 'vercel.json',
                place: 'site',
                content: `${JSON.stringify({ cleanUrls: true, trailingSlash: false }, null, 2)}\n`
            };
        case 'cloudfront':
            return {
                name: 'cloudfront-function.js',
                place: 'beside',
                content: cloudFrontFunction(cloudFrontExceptions(site, files))
            };
        default:
            return undefined;
    }
}
const NGINX = `# Serves the Mintlify static export's extensionless URLs: /guides/intro from guides/intro.html,
# /guides from guides/index.html when there is no guides.html. Include it in the server block
# whose root is the extracted site, e.g.:
#   server { root /srv/docs/site; include /etc/nginx/snippets/nginx-site.conf; }
location / {
    try_files $uri $uri.html $uri/index.html =404;
}
`;
const CADDY = `# Serves the Mintlify static export's extensionless URLs: /guides/intro from guides/intro.html,
# /guides from guides/index.html when there is no guides.html. Import it in the site block whose
# root is the extracted site, e.g.:
#   docs.example.com {
#       root * /srv/docs/site
#       import Caddyfile-site
#   }
try_files {path} {path}.html {path}/index.html
file_server
`;
function cloudFrontFunction(exceptions) {
    const list = (paths) => `{${[...paths].map(path => `${JSON.stringify(uriOf(path))}: 1`).join(', ')}}`;
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
`;
}
/**
 * Writes the configuration: in the site root, or beside the site in `folder`. A vercel.json
 * the site already has is left as it is (undefined, and the caller says so).
 */
async function writeHostConfig(config, sitePath, folder) {
    const root = config.place === 'site' ? sitePath : folder;
    const path = (0,_util_paths_js__WEBPACK_IMPORTED_MODULE_2__/* .inside */ .n)(root, (0,node_path__WEBPACK_IMPORTED_MODULE_1__.join)(root, config.name), 'the host configuration');
    if (config.place === 'site' && (await exists(path)))
        return undefined;
    await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_0__.writeFile)(path, config.content);
    return path;
}
async function exists(path) {
    try {
        await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_0__.access)(path);
        return true;
    }
    catch {
        return false;
    }
}


/***/ }),

/***/ 92989:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  isReaderThread: () => (/* binding */ isReaderThread),
  readersHere: () => (/* binding */ readersHere),
  readersOnThread: () => (/* binding */ readersOnThread),
  serveReaders: () => (/* binding */ serveReaders)
});

// UNUSED EXPORTS: THREAD_BATCH_BYTES

// EXTERNAL MODULE: external "node:worker_threads"
var external_node_worker_threads_ = __webpack_require__(75919);
;// CONCATENATED MODULE: ./src/archive/site-files.ts
/** Several readers as one: each gets the entries, and the bytes it wants. */
function combineVisitors(...visitors) {
    return {
        entry(path, kind) {
            for (const visitor of visitors)
                visitor.entry?.(path, kind);
        },
        wants: (path, sizeBytes) => visitors.some(visitor => visitor.wants(path, sizeBytes)),
        // Each reader gets the file at once, in order (the audit and the check share one parse of a
        // page, audit/references.ts), and the reads end together: a reader that batches files must
        // hold this one before the writer flushes, not once another reader is done with it.
        async file(path, bytes) {
            await Promise.all(visitors.map(visitor => visitor.wants(path, bytes.length) ? visitor.file(path, bytes) : undefined));
        },
        flush() {
            for (const visitor of visitors)
                visitor.flush?.();
        }
    };
}

// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(76760);
// EXTERNAL MODULE: ./node_modules/entities/dist/decode.js + 2 modules
var decode = __webpack_require__(57031);
// EXTERNAL MODULE: ./node_modules/htmlparser2/dist/Tokenizer.js
var Tokenizer = __webpack_require__(15455);
;// CONCATENATED MODULE: ./src/audit/page-tokenizer.ts

/**
 * htmlparser2's tokenizer, searching faster. It skips each section of a page whose end is one
 * character away (text and attribute values when it decodes no entities, as here; the raw text
 * of `<script>` and `<style>`, comments, declarations) by a search for that character, written
 * as a charCodeAt loop; String.prototype.indexOf runs the same search in V8's native code. On a
 * 10,000-page site the tokenizer alone took 0.84–1.0 s instead of 1.44 s, on the readers' thread
 * that the site's extraction waits for. Only the search changes: test/unit/page-tokenizer.test.ts
 * holds every token to the stock tokenizer's, and fails if the version pinned in package.json
 * no longer calls this method or keeps these fields.
 */
class PageTokenizer extends Tokenizer/* default */.A {
}
Object.defineProperty(PageTokenizer.prototype, 'fastForwardTo', {
    // Replaceable, so that a test can count the calls.
    configurable: true,
    /** Moves to the next `char` and says true, or to the last character written and says false. */
    value: function fastForwardTo(char) {
        const at = this.buffer.indexOf(String.fromCharCode(char), this.index + 1 - this.offset);
        if (at === -1) {
            // Where the stock loop stops: its caller's loop then steps past the end.
            this.index = this.buffer.length + this.offset - 1;
            return false;
        }
        this.index = at + this.offset;
        return true;
    }
});

;// CONCATENATED MODULE: ./src/audit/quick-tokenizer.ts
/*
 * A page's tags, at the speed of a search. htmlparser2's tokenizer (PageTokenizer) steps through
 * every character of every tag in its state machine, a method call each; on a 10,000-page site
 * that was most of the second the readers' thread spent parsing, the bound of a tar.gz's
 * extraction. The pages an export writes use few of HTML's forms (tags, quoted attributes,
 * comments, a doctype, scripts), so this reads those in plain loops and searches, and gives the
 * same callbacks as the stock tokenizer for them (those the page scan listens to). For anything
 * it does not read the way the stock tokenizer does, or a page that ends inside a tag, it says
 * false and the caller parses the page again with htmlparser2, from the start: the two
 * readings are never mixed.
 * test/unit/quick-tokenizer.test.ts holds its callbacks to the stock tokenizer's, on chosen and
 * on random pages.
 */
const TAB = 9;
const NEW_LINE = 10;
const FORM_FEED = 12;
const CARRIAGE_RETURN = 13;
const SPACE = 32;
const BANG = 33;
const DOUBLE_QUOTE = 34;
const SINGLE_QUOTE = 39;
const SLASH = 47;
const EQUALS = 61;
const GREATER_THAN = 62;
const QUESTION_MARK = 63;
const OPENING_BRACKET = 91;
/** htmlparser2's QuoteType, as onattribend reports it. */
const NO_VALUE = 0;
const UNQUOTED = 1;
const SINGLE = 2;
const DOUBLE = 3;
const isWhitespace = (c) => c === SPACE || c === NEW_LINE || c === TAB || c === FORM_FEED || c === CARRIAGE_RETURN;
const isEndOfTagSection = (c) => c === SLASH || c === GREATER_THAN || isWhitespace(c);
const isAsciiAlpha = (c) => (c | 0x20) >= 97 && (c | 0x20) <= 122;
/**
 * Elements whose content is text up to their end tag, as htmlparser2 treats them (it knows no
 * other), by the length of their name. `plaintext` runs to the end of the page: left to
 * htmlparser2.
 */
const RAW_TEXT_ELEMENTS = new Map([
    [3, ['xmp']],
    [5, ['style', 'title']],
    [6, ['script', 'iframe']],
    [7, ['noembed']],
    [8, ['textarea', 'noframes']],
    [9, ['plaintext']]
]);
/**
 * Reads `html` into `callbacks`, saying true; or false as soon as it meets a form it does not
 * read as htmlparser2's Tokenizer does (`{ decodeEntities: false }`, no Parser), after which the
 * callbacks heard so far are to be dropped.
 */
function quickTokenize(html, callbacks) {
    // htmlparser2 matches the end of raw text by `code | 0x20`, which takes U+001C for `<` and
    // U+000F for `/`: pages with either are left to it.
    if (html.includes('\x1c') || html.includes('\x0f'))
        return false;
    let at = 0;
    for (;;) {
        const open = html.indexOf('<', at);
        if (open === -1)
            break;
        const next = html.charCodeAt(open + 1);
        let end;
        if (isAsciiAlpha(next))
            end = startTag(html, open + 1, callbacks);
        else if (next === SLASH)
            end = closingTag(html, open + 2, callbacks);
        else if (next === BANG)
            end = declaration(html, open + 2);
        else if (next === QUESTION_MARK)
            end = html.indexOf('>', open + 2);
        else {
            // Text: the `<` stands for itself.
            at = open + 1;
            continue;
        }
        if (end === -1)
            return false;
        at = end + 1;
    }
    callbacks.onend();
    return true;
}
/** Reads a start tag whose name begins at `name`, and its raw text if it has one: its last index. */
function startTag(html, name, callbacks) {
    // Past the end, charCodeAt gives NaN: loops that stop on a character also stop on the length,
    // and a tag cut by the end is left to htmlparser2 where its `>` is missing.
    const length = html.length;
    let at = name;
    while (at < length && !isEndOfTagSection(html.charCodeAt(at)))
        at++;
    callbacks.onopentagname(name, at);
    const end = attributes(html, at, callbacks);
    if (end === -1)
        return end;
    // Found without a string of each name: a large site has millions of tags.
    const tag = RAW_TEXT_ELEMENTS.get(at - name)?.find(raw => spells(html, name, raw));
    if (tag === 'plaintext')
        return -1;
    return tag ? rawText(html, end + 1, tag, callbacks) : end;
}
/** Reads a start tag's attributes from `at`, where its name ends: the index of its `>`. */
function attributes(html, at, callbacks) {
    const length = html.length;
    while (at < length) {
        const c = html.charCodeAt(at);
        if (c === GREATER_THAN) {
            callbacks.onopentagend(at);
            return at;
        }
        if (c === SLASH) {
            // `/>` closes the tag (raw text still follows, as in HTML); a `/` before anything else
            // is passed over.
            at++;
            while (isWhitespace(html.charCodeAt(at)))
                at++;
            if (html.charCodeAt(at) === GREATER_THAN) {
                callbacks.onselfclosingtag(at);
                return at;
            }
            continue;
        }
        if (isWhitespace(c)) {
            at++;
            continue;
        }
        // A name runs to `=`, a space, `/` or `>`; its first character may be any other.
        const start = at;
        at++;
        let nameChar = html.charCodeAt(at);
        while (at < length && nameChar !== EQUALS && !isEndOfTagSection(nameChar))
            nameChar = html.charCodeAt(++at);
        callbacks.onattribname(start, at);
        const nameEnd = at;
        while (isWhitespace(html.charCodeAt(at)))
            at++;
        if (html.charCodeAt(at) !== EQUALS) {
            // No value; what follows is the next name (or the tag's end).
            callbacks.onattribend(NO_VALUE, nameEnd);
            continue;
        }
        at++;
        while (isWhitespace(html.charCodeAt(at)))
            at++;
        const quote = html.charCodeAt(at);
        if (quote === DOUBLE_QUOTE || quote === SINGLE_QUOTE) {
            const close = html.indexOf(quote === DOUBLE_QUOTE ? '"' : "'", at + 1);
            if (close === -1)
                return -1;
            callbacks.onattribdata(at + 1, close);
            callbacks.onattribend(quote === DOUBLE_QUOTE ? DOUBLE : SINGLE, close + 1);
            at = close + 1;
            continue;
        }
        const value = at;
        while (at < length &&
            !isWhitespace(html.charCodeAt(at)) &&
            html.charCodeAt(at) !== GREATER_THAN)
            at++;
        callbacks.onattribdata(value, at);
        callbacks.onattribend(UNQUOTED, at);
    }
    return -1;
}
/**
 * Reads the text of a `tag` element from `start` to its end tag (`</tag` in any case, then a
 * space, `/` or `>`): the index of that tag's `>`.
 */
function rawText(html, start, tag, callbacks) {
    let at = start;
    for (;;) {
        const open = html.indexOf('</', at);
        if (open === -1)
            return -1;
        const name = open + 2;
        const after = name + tag.length;
        if (isEndOfTagSection(html.charCodeAt(after)) && spells(html, name, tag)) {
            if (open > start)
                callbacks.ontext(start, open);
            callbacks.onclosetag(name, after);
            return html.indexOf('>', after);
        }
        at = open + 1;
    }
}
/** Whether html has `lowercase` at `at`, ASCII letters in either case. */
function spells(html, at, lowercase) {
    for (let i = 0; i < lowercase.length; i++)
        if ((html.charCodeAt(at + i) | 0x20) !== lowercase.charCodeAt(i))
            return false;
    return true;
}
/** Reads a closing tag or what stands in for one after `</`: the index of its `>`. */
function closingTag(html, at, callbacks) {
    // `</>` is nothing, and `</` then anything else but a letter a comment to the next `>`.
    if (!isAsciiAlpha(html.charCodeAt(at)))
        return html.indexOf('>', at);
    let end = at;
    while (end < html.length && !isEndOfTagSection(html.charCodeAt(end)))
        end++;
    callbacks.onclosetag(at, end);
    return html.indexOf('>', end);
}
/**
 * Passes over what follows `<!` from `at`: a comment, CDATA (a comment in HTML), a doctype or
 * any other declaration, all to be ignored. The index of its last character.
 */
function declaration(html, at) {
    if (html.startsWith('--', at)) {
        const content = at + 2;
        // `<!-->` and `<!--->` end where they stand.
        if (html.charCodeAt(content) === GREATER_THAN)
            return content;
        if (html.startsWith('->', content))
            return content + 1;
        // The first `-->` or `--!>`. Two searches, one for each, would each run to the end of the
        // page when the other comes first: on a page of many comments, a pass over the rest of the
        // page per comment.
        for (let dashes = html.indexOf('--', content); dashes !== -1;) {
            const next = html.charCodeAt(dashes + 2);
            if (next === GREATER_THAN)
                return dashes + 2;
            if (next === BANG && html.charCodeAt(dashes + 3) === GREATER_THAN)
                return dashes + 3;
            dashes = html.indexOf('--', dashes + 1);
        }
        return -1;
    }
    if (html.charCodeAt(at) === OPENING_BRACKET && html.startsWith('CDATA[', at + 1)) {
        const end = html.indexOf(']]>', at + 7);
        return end === -1 ? -1 : end + 2;
    }
    // `<!-` then anything else, a doctype, `<![` without CDATA, any other `<!…`: to the next `>`.
    return html.indexOf('>', at);
}

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
// An unquoted url() holds no `(` (CSS makes it a bad URL): allowing one let every `url(` of a
// stylesheet without a `)` read the rest of it (320 KB of `url(`: 77 s).
const CSS_URL = /url\(\s*(['"]?)([^'"()\s]+)\1\s*\)|@import\s+(['"])([^'"]+)\3/gi;
const DYNAMIC_IMPORT = /\bimport\s*\(\s*(['"`])([^'"`]+)\1/g;
const JS_LOADS = [
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
    const loaded = (pattern) => [...js.matchAll(pattern)].map(match => match[2]);
    return [...loaded(DYNAMIC_IMPORT), ...importsFrom(js), ...JS_LOADS.flatMap(loaded)];
}
const FROM_SPECIFIER = /\bfrom\s*(['"])([^'"]+)\1/g;
// Minifiers write no space before a brace or a star: `import{a}from"x"`, `export*from"x"`.
const IMPORT_OR_EXPORT = /\b(?:import|export)[\s{*]/;
const STATEMENT_BREAKS = new Set(['"', "'", '`', ';']);
/**
 * The specifiers of `import … from '…'` and `export … from '…'`: each `from '…'` whose stretch
 * back to the last quote or semicolon holds the keyword. One pattern from the keyword to `from`
 * (`import[\s{*][^'"`;]*?from`) read the rest of that stretch again at every `import` in it, hostile
 * or minified text with many and no `from` after them: 288 KB of `import x ` took 3.1 s, a few
 * MB minutes. Here each stretch is read back once: a `from '…'` ends a stretch with its quote.
 */
function importsFrom(js) {
    const found = [];
    const pattern = new RegExp(FROM_SPECIFIER);
    for (let match = pattern.exec(js); match; match = pattern.exec(js)) {
        let start = match.index;
        while (start > 0 && !STATEMENT_BREAKS.has(js.charAt(start - 1)))
            start--;
        if (IMPORT_OR_EXPORT.test(js.slice(start, match.index)))
            found.push(match[2]);
        // What looked like a specifier may hold the statement's own `from '…'` (`from"import
        // a from"x"`): the search goes on inside it.
        else
            pattern.lastIndex = match.index + 1;
    }
    return found;
}
const REFRESH_URL = /url\s*=\s*(.+)$/i;
/**
 * The URL of a meta refresh's `content`, as REFRESH_URL finds it in the whole text. Run over the
 * whole text, it reads on from every `url=` to the last line break when one follows (320 KB:
 * 18 s). A match's `(.+)$` crosses no line break, so a `url` before the last one can match only
 * when nothing but spaces and its `=` lie between it and that break: the search starts at that
 * `url`, or else after the break.
 */
function refreshTarget(content) {
    const lastBreak = Math.max(...['\n', '\r', '\u2028', '\u2029'].map(end => content.lastIndexOf(end)));
    const upToBreak = content.slice(0, lastBreak + 1);
    const before = /url\s*(?:=\s*)?$/i.exec(upToBreak);
    return REFRESH_URL.exec(content.slice(before ? before.index : upToBreak.length))?.[1];
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
/** What a page names; `quick: false` reads it with htmlparser2 only (for the tests to compare). */
function scanPageText(html, { quick = true } = {}) {
    const found = [];
    const visit = (url, kind) => found.push([url, kind]);
    if (quick && scanHtml(html, visit, quickTokenize))
        return found;
    // A form the quick tokenizer leaves to htmlparser2: the page again, from the start.
    found.length = 0;
    scanHtml(html, visit, stockTokenize);
    return found;
}
const stockTokenize = (html, callbacks) => {
    const ignore = () => undefined;
    const tokenizer = new PageTokenizer({ decodeEntities: false }, {
        ...callbacks,
        onattribentity: ignore, // never called, as ontextentity
        ontextentity: ignore, // never called: the tokenizer decodes no entities
        oncdata: ignore,
        oncomment: ignore,
        ondeclaration: ignore,
        onprocessinginstruction: ignore
    });
    tokenizer.write(html);
    tokenizer.end();
    return true;
};
/**
 * The tags of a page through a tokenizer (the quick one, or htmlparser2's), without
 * htmlparser2's Parser: the Parser's tree bookkeeping (implied ends, the element stack, an
 * attribute object per tag) was a third of the parse on a large site, and only tags, their
 * attributes and the raw text of `<script>` and `<style>` matter here. Neither tokenizer decodes
 * entities: text and attribute values are skipped in one search for their end, and the few
 * attribute values read are decoded by the attribute rules of `entities` (the library
 * htmlparser2 decodes with), a fifth less CPU on a 10,000-page site.
 */
function scanHtml(html, visit, tokenize) {
    const load = (url) => visit(url, 'asset');
    // The tag's name when openTag reads it by name ('' for any other element), and the attribute's
    // when it is one openTag reads (undefined for the rest: class, id, aria-…, skipped unread).
    let tag = '';
    let attributes = Object.create(null);
    let stored = false;
    let attribute;
    let value = '';
    let inScript = false;
    let inStyle = false;
    let inlineCode = '';
    const openTag = () => {
        // Most tags carry no attribute read here (a class, an id, or none): nothing to look up.
        if (stored)
            readAttributes();
        inScript = tag === 'script' && !attributes.src && !/json/i.test(attributes.type ?? '');
        inStyle = tag === 'style';
        inlineCode = '';
    };
    const readAttributes = () => {
        for (const name of wantedAttributes(tag)) {
            const url = attributes[name];
            if (!url)
                continue;
            if (SRCSET_ATTRIBUTES.has(name))
                url.split(',').forEach(part => load(part.trim().split(/\s+/)[0] ?? ''));
            else
                load(url);
        }
        if (tag === 'link' && attributes.href) {
            const rels = (attributes.rel ?? '').toLowerCase().split(/\s+/);
            if (rels.some(rel => LOADING_LINK_RELS.has(rel)))
                load(attributes.href);
            else if (rels.includes('canonical'))
                visit(attributes.href, 'canonical');
            else if (!rels.some(rel => HINT_LINK_RELS.has(rel)))
                visit(attributes.href, 'link');
        }
        if (NAVIGATION_ELEMENTS.has(tag) && attributes.href)
            visit(attributes.href, 'link');
        if (attributes.style)
            cssReferences(attributes.style).forEach(load);
        if (tag === 'meta' && attributes['http-equiv']?.toLowerCase() === 'refresh') {
            const target = refreshTarget(attributes.content ?? '');
            if (target)
                load(target.replace(/^['"]|['"]$/g, ''));
        }
    };
    // Kept apart: the site check leaves them out (what they load is built at run time).
    const endRawText = () => {
        if (inScript)
            jsReferences(inlineCode).forEach(url => visit(url, 'script'));
        if (inStyle)
            cssReferences(inlineCode).forEach(load);
        inScript = inStyle = false;
        inlineCode = '';
    };
    return tokenize(html, {
        onopentagname(start, end) {
            tag = nameAt(html, start, end, READ_ELEMENTS) ?? '';
            if (stored)
                attributes = Object.create(null);
            stored = false;
        },
        onattribname(start, end) {
            attribute = nameAt(html, start, end, READ_ATTRIBUTES);
        },
        onattribdata(start, end) {
            if (attribute !== undefined)
                value += html.slice(start, end);
        },
        onattribend() {
            // The first of a repeated attribute counts, as in browsers.
            if (attribute !== undefined && !(attribute in attributes)) {
                attributes[attribute] = value.includes('&') ? (0,decode/* decodeHTMLAttribute */.Im)(value) : value;
                stored = true;
            }
            value = '';
        },
        onopentagend: openTag,
        // `<br/>` in HTML is an opening tag like `<br>`.
        onselfclosingtag: openTag,
        onclosetag: endRawText,
        ontext(start, end) {
            if (inScript || inStyle)
                inlineCode += html.slice(start, end);
        },
        // A page that ends inside a `<script>` or `<style>`: what it holds still counts.
        onend: endRawText
    });
}
/** The attributes that load something, by element name: any element's, plus its own. */
const ANY_ELEMENT_ATTRIBUTES = LOADING_ATTRIBUTES['*'] ?? [];
const ATTRIBUTES_BY_ELEMENT = new Map(Object.entries(LOADING_ATTRIBUTES).map(([tag, own]) => [
    tag,
    tag === '*' ? own : [...new Set([...ANY_ELEMENT_ATTRIBUTES, ...own])]
]));
const wantedAttributes = (tag) => ATTRIBUTES_BY_ELEMENT.get(tag) ?? ANY_ELEMENT_ATTRIBUTES;
function nameList(names) {
    const byLength = new Map();
    for (const name of new Set(names))
        byLength.set(name.length, [...(byLength.get(name.length) ?? []), name]);
    return byLength;
}
/**
 * The name of `list` that html[start, end) spells, ASCII case-insensitively as HTML compares
 * tag and attribute names; undefined for any other. No string is made of the page's text: a
 * large site has millions of tags and attributes, nearly all of them read by nothing here, and
 * a string each (and its lowercase copy) made a fifth of the scan's work and most of its garbage.
 */
function nameAt(html, start, end, list) {
    const candidates = list.get(end - start);
    if (candidates === undefined)
        return undefined;
    next: for (const name of candidates) {
        for (let i = 0; i < name.length; i++) {
            const code = html.charCodeAt(start + i);
            // A-Z to a-z; every other character as it is.
            if ((code >= 65 && code <= 90 ? code + 32 : code) !== name.charCodeAt(i))
                continue next;
        }
        return name;
    }
    return undefined;
}
/** Every element openTag treats by name; any other is read for ANY_ELEMENT_ATTRIBUTES only. */
const READ_ELEMENTS = nameList([
    ...Object.keys(LOADING_ATTRIBUTES).filter(tag => tag !== '*'),
    'link',
    'meta',
    'script',
    'style',
    ...NAVIGATION_ELEMENTS
]);
/** Every attribute openTag reads: the loading ones, and those that qualify a tag. */
const READ_ATTRIBUTES = nameList([
    ...Object.values(LOADING_ATTRIBUTES).flat(),
    'href',
    'rel',
    'style',
    'type',
    'http-equiv',
    'content'
]);

;// CONCATENATED MODULE: ./src/audit/audit.ts


/** What a page loads: its assets and what its inline scripts fetch, not what it links to. */
const pageLoads = (page) => scanPage(page)
    .filter(([, kind]) => kind === 'asset' || kind === 'script')
    .map(([url]) => url);
const audit_text = (scan) => (bytes) => scan(bytes.toString('utf8'));
const SCANNERS = {
    '.html': pageLoads,
    '.htm': pageLoads,
    '.css': audit_text(cssReferences),
    '.js': audit_text(jsReferences),
    '.mjs': audit_text(jsReferences),
    '.cjs': audit_text(jsReferences)
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
                const host = externalHost(url);
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
    return SCANNERS[(0,external_node_path_.extname)(path).toLowerCase()];
}

// EXTERNAL MODULE: ./node_modules/htmlparser2/dist/Parser.js
var Parser = __webpack_require__(15867);
;// CONCATENATED MODULE: ./src/site/collect.ts


/** What a page names but what its inline scripts load (built at run time, not a path). */
const pageReferences = (page, visit) => {
    for (const [url, kind] of scanPage(page))
        if (kind !== 'script')
            visit(url, kind);
};
/** The collector for a file by its name, or undefined for a file that names no URL we check. */
function collectorFor(path) {
    const name = path.slice(path.lastIndexOf('/') + 1).toLowerCase();
    if (name.endsWith('.html') || name.endsWith('.htm'))
        return pageReferences;
    if (name.endsWith('.css'))
        return (bytes, visit) => cssReferences(bytes.toString('utf8')).forEach(url => visit(url, 'asset'));
    // sitemap.xml, sitemap-0.xml, sitemap_index.xml …: what Next.js and most generators write.
    if (/^sitemap[\w.-]*\.xml$/.test(name))
        return sitemapReferences;
    return undefined;
}
/** The `<loc>` of every `<url>` and `<sitemap>` in a sitemap or sitemap index. */
const sitemapReferences = (xml, visit) => {
    let inLoc = false;
    let text = '';
    const parser = new Parser/* Parser */.i({
        onopentag(name) {
            inLoc = name === 'loc';
            text = '';
        },
        ontext(chunk) {
            if (inLoc)
                text += chunk;
        },
        onclosetag(name) {
            if (name === 'loc' && inLoc)
                visit(text.trim(), 'sitemap');
            inLoc = false;
        }
    }, { xmlMode: true, decodeEntities: true });
    parser.write(xml.toString('utf8'));
    parser.end();
};

// EXTERNAL MODULE: ./src/site/host-config.ts
var host_config = __webpack_require__(15616);
// EXTERNAL MODULE: ./src/site/hosts.ts
var hosts = __webpack_require__(18844);
;// CONCATENATED MODULE: ./src/site/check.ts



/** The origin page-relative references are resolved against (`.invalid` is never a real host). */
const LOCAL_ORIGIN = 'http://site.invalid';
const OTHER_SCHEME = /^[a-z][a-z\d+.-]*:/i;
const WEB_SCHEME = /^(https?:)?\/\//i;
function createSiteCheck(options) {
    const maxFileBytes = options.maxFileBytes ?? 16 * 1024 * 1024;
    const files = new Set();
    const folders = new Set();
    // Distinct targets: local paths ('/a/b') and absolute URLs (origin + path), one record each.
    const local = new Map();
    const absolute = new Map();
    const origins = new Set();
    const skipped = new Set();
    /** Root-relative references as written, and the record of the path each names. */
    const rooted = new Map();
    let pages = 0;
    let filesRead = 0;
    /**
     * The root-relative references of the file read last and of this one, in the order met: pages of
     * a site repeat their head and navigation, so a page's nth such reference is most often the one
     * before's nth, found by one comparison of strings instead of a lookup (a lookup of a fresh
     * string hashes it: a fifth of the check's time on a large site).
     */
    let previous = { texts: [], targets: [] };
    let current = { texts: [], targets: [] };
    /** Counts a reference to `key`; returns its record. */
    const note = (map, key, from, kind) => {
        const known = map.get(key);
        if (known) {
            known.count += 1;
            return known;
        }
        const target = { from, kind, count: 1 };
        // A copy: the key may be a slice of the whole page, which it would keep alive.
        map.set(detached(key), target);
        return target;
    };
    /** A reference made by `from` (whose URL is `base`): kept by where it points, or ignored. */
    const reference = (raw, kind, from, base) => {
        const text = raw.trim();
        // The page itself (an empty href, a fragment, a query) is not a file.
        if (!text || text.startsWith('#') || text.startsWith('?'))
            return;
        // A root-relative path resolves the same from every page: parsed once, and counted on its
        // path's record by one lookup of the text as written (a site names the same sidebar and
        // asset paths from thousands of pages: URL parsing was a third of the check's time, and a
        // second lookup, by path, a fifth). `//host` and `/\\host` name another host, so they are
        // parsed each time.
        if (text[0] === '/' && text[1] !== '/' && text[1] !== '\\') {
            const at = current.texts.length;
            let target = previous.texts[at] === text ? previous.targets[at] : rooted.get(text);
            if (target)
                target.count += 1;
            else
                rooted.set(detached(text), (target = note(local, localPath(text), from, kind)));
            current.texts.push(text);
            current.targets.push(target);
            return;
        }
        // Other schemes (mailto:, data:, javascript: …) are not files; a path never starts with one.
        if (OTHER_SCHEME.test(text) && !WEB_SCHEME.test(text))
            return;
        let url;
        try {
            url = new URL(text, base);
        }
        catch {
            note(local, text, from, kind); // a URL no browser can follow: reported as it is written
            return;
        }
        if (url.origin === LOCAL_ORIGIN)
            note(local, url.pathname, from, kind);
        else if (url.protocol === 'http:' || url.protocol === 'https:') {
            // The site's own origins: its sitemap's, and a canonical URL's that names its own page (a
            // canonical may as well point to another site, whose paths are not this site's files).
            if (kind === 'sitemap' || (kind === 'canonical' && namesPage(url.pathname, from)))
                origins.add(url.origin);
            note(absolute, `${url.origin}${url.pathname}`, from, kind);
        }
    };
    /**
     * Relative references of folder index pages on hosts that may serve them at `/a` as well as
     * (or, on Vercel, instead of) `/a/`: resolved once the site's files say which (see finish).
     */
    const unslashed = (0,hosts/* mayServeFolderUnslashed */.om)(options.host);
    const deferred = [];
    const isRelative = (text) => text !== '' && !/^[/#?]/.test(text) && !OTHER_SCHEME.test(text);
    const visitor = {
        entry(path, kind) {
            if (kind === 'directory') {
                folders.add(path.replace(/\/+$/, ''));
                return;
            }
            files.add(path);
            for (let cut = path.lastIndexOf('/'); cut > 0; cut = path.lastIndexOf('/', cut - 1))
                folders.add(path.slice(0, cut));
            if (/\.html?$/i.test(path) && path !== '404.html')
                pages += 1;
        },
        wants(path, sizeBytes) {
            if (!collectorFor(path))
                return false;
            if (sizeBytes > maxFileBytes) {
                skipped.add(path);
                return false;
            }
            return true;
        },
        file(path, bytes) {
            const collect = collectorFor(path);
            if (!collect)
                return;
            filesRead += 1;
            const base = new URL(encodePath(path), `${LOCAL_ORIGIN}/`);
            if (unslashed && path.endsWith('/index.html')) {
                const folder = path.slice(0, -'/index.html'.length);
                collect(bytes, (url, kind) => {
                    if (isRelative(url.trim()))
                        deferred.push({ raw: detached(url), kind, from: path, folder });
                    else
                        reference(url, kind, path, base);
                });
            }
            else
                collect(bytes, (url, kind) => reference(url, kind, path, base));
            // The arrays of the file before last are refilled: no new arrays to grow for each page.
            const emptied = previous;
            previous = current;
            current = emptied;
            current.texts.length = 0;
            current.targets.length = 0;
        }
    };
    return {
        visitor,
        finish() {
            const site = { hasFile: p => files.has(p), hasFolder: p => folders.has(p) };
            const cloudFront = options.host === 'cloudfront' ? (0,host_config/* cloudFrontExceptions */.t)(site, files) : undefined;
            // Per index page: whether `/a` is served by it (it resolves with the page, and not without).
            const servedBareByPage = new Map();
            const servesBare = (page, folder) => {
                let served = servedBareByPage.get(page);
                if (served === undefined) {
                    const withoutPage = { ...site, hasFile: (p) => p !== page && files.has(p) };
                    served =
                        (0,hosts/* resolves */.EJ)(options.host, `/${folder}`, site, cloudFront) &&
                            !(0,hosts/* resolves */.EJ)(options.host, `/${folder}`, withoutPage, cloudFront);
                    servedBareByPage.set(page, served);
                }
                return served;
            };
            for (const { raw, kind, from, folder } of deferred) {
                const own = new URL(encodePath(from), `${LOCAL_ORIGIN}/`);
                const bare = new URL(encodePath(folder), `${LOCAL_ORIGIN}/`);
                const servedBare = servesBare(from, folder);
                // Vercel redirects `/a/` to `/a`: there the page is seen at `/a` alone.
                const fromOwn = !servedBare || options.host !== 'vercel';
                if (fromOwn)
                    reference(raw, kind, from, own);
                if (servedBare && (!fromOwn || resolvedHref(raw, bare) !== resolvedHref(raw, own)))
                    reference(raw, kind, from, bare);
            }
            const broken = [];
            let references = 0;
            const judge = (path, target) => {
                references += target.count;
                // An S3 website reads a literal `+` in a path as a space (form encoding); `%2B` is a `+`.
                const decoded = decodePath(options.host === 's3-website' ? path.replaceAll('+', '%20') : path);
                const ok = decoded !== undefined && (0,hosts/* resolves */.EJ)(options.host, decoded, site, cloudFront);
                options.onVerdict?.(path, ok);
                if (!ok)
                    broken.push({ target: path, ...target });
            };
            // The site's own absolute URLs become paths; a path named both ways is checked once.
            for (const [url, target] of absolute) {
                const origin = new URL(url).origin;
                if (!origins.has(origin))
                    continue;
                const path = url.slice(origin.length) || '/';
                const known = local.get(path);
                if (known)
                    known.count += target.count;
                else
                    local.set(path, { ...target });
            }
            for (const [path, target] of local)
                judge(path, target);
            return {
                host: options.host,
                pages,
                filesRead,
                references,
                targets: local.size,
                origins: [...origins].sort(),
                broken,
                skipped: [...skipped],
                ...withConfig((0,host_config/* hostConfig */.h)(options.host, site, files))
            };
        }
    };
}
/**
 * Whether a URL's path is that of the page file `from` (`/guides/setup`, `/guides/setup/` or
 * `/guides/setup.html` for `guides/setup.html`; `/guides/` for `guides/index.html`).
 */
function namesPage(pathname, from) {
    const page = (path) => path
        .replace(/^\/+|\/+$/g, '')
        .replace(/\.html?$/i, '')
        .replace(/(^|\/)index$/, '');
    const decoded = decodePath(pathname);
    return decoded !== undefined && page(decoded) === page(from);
}
/** The path a root-relative reference names (`/a/./b?q#f` → `/a/b`), as a browser requests it. */
function localPath(text) {
    try {
        return new URL(text, LOCAL_ORIGIN).pathname;
    }
    catch {
        return text; // a URL no browser can follow: reported as it is written
    }
}
const withConfig = (config) => (config ? { config } : {});
/** Where a relative reference leads from `base`, or undefined when it leads nowhere. */
function resolvedHref(raw, base) {
    try {
        return new URL(raw.trim(), base).href;
    }
    catch {
        return undefined;
    }
}
/** A site-relative file path as a URL path: each segment percent-encoded. */
function encodePath(path) {
    return path.split('/').map(encodeURIComponent).join('/');
}
/** The URL path percent-decoded as servers do, or undefined when it cannot be (or holds NUL). */
function decodePath(path) {
    if (!path.startsWith('/'))
        return undefined;
    try {
        const decoded = decodeURIComponent(path);
        return decoded.includes('\0') ? undefined : decoded;
    }
    catch {
        return undefined;
    }
}
/** `text` as a string of its own, not a view into the page it was parsed from. */
const detached = (text) => Buffer.from(text, 'utf8').toString('utf8');

// EXTERNAL MODULE: ./src/threads.ts
var threads = __webpack_require__(26374);
// EXTERNAL MODULE: ./src/util/errors.ts
var errors = __webpack_require__(70017);
;// CONCATENATED MODULE: ./src/site/readers.ts






/** The readers on this thread. */
function readersHere(spec) {
    const audit = siteAudit({ allowedHosts: spec.allowedHosts });
    const check = spec.checkHost ? createSiteCheck({ host: spec.checkHost }) : undefined;
    return {
        visitor: check ? combineVisitors(audit, check.visitor) : audit,
        readings: () => Promise.resolve(readingsOf(audit.result(), check?.finish())),
        close: () => Promise.resolve()
    };
}
const readingsOf = (audit, check) => check ? { audit, check } : { audit };
const ROLE = 'site-readers';
const THREAD_YOUNG_GENERATION_MIB = 16;
/**
 * Files go to the thread in batches of this many bytes, copied into buffers that the thread
 * hands back: one message per some twenty pages, not one per file. A copy and a message each
 * (10,000 pages) cost as much as the audit itself: each copy was new memory, and the thread's
 * side of each message a tenth of a millisecond.
 */
const THREAD_BATCH_BYTES = 512 * 1024;
/** The readers on a worker thread started from `script` (the bundle's entry, threads.ts). */
function readersOnThread(spec, script) {
    // wants() is answered at once, here, by readers made from the same spec: the thread's answer
    // is the same (it depends on the path, the size and the spec only). This twin's findings are
    // never read.
    const twin = readersHere(spec).visitor;
    const worker = new external_node_worker_threads_.Worker(script, {
        workerData: { role: ROLE, spec },
        argv: [threads/* THREAD_ARGUMENT */.Js],
        // Pages are parsed and dropped one after the other: a young generation of at most this
        // size frees them often, where V8's default lets garbage grow by tens of MiB first. Once
        // extraction collects its garbage, young generations no longer double
        // (util/young-garbage.ts): the thread's stayed at 2–4 MiB on 10,000 pages, for 30–60 ms
        // more of collections.
        resourceLimits: { maxYoungGenerationSizeMb: THREAD_YOUNG_GENERATION_MIB }
    });
    let steps = [];
    let filling;
    /** Buffers the thread handed back, for the next batches. */
    const spare = [];
    // Replies come in the order the batches went: first in first out.
    const unread = [];
    let ending;
    const ended = new Promise((resolve, reject) => (ending = { resolve, reject }));
    // Rejected only through fail(), and awaited only by readings(): no unhandled rejection.
    ended.catch(() => undefined);
    let failure;
    let closed = false;
    const fail = (error) => {
        failure ??= error;
        for (const batch of [...unread.splice(0), ...(filling ? [filling] : [])])
            batch.settle.reject(failure);
        filling = undefined;
        ending.reject(failure);
    };
    const newBatch = (bytes) => {
        let settle;
        const read = new Promise((resolve, reject) => (settle = { resolve, reject }));
        // Awaited by the visitor's callers; a failure is also told by readings().
        read.catch(() => undefined);
        const buffer = (bytes <= THREAD_BATCH_BYTES && spare.pop()) || new ArrayBuffer(bytes);
        return { buffer, used: 0, read, settle };
    };
    /** Sends the batch being filled, with the calls so far. */
    const send = () => {
        if (!filling)
            return;
        worker.postMessage({ steps, batch: filling.buffer }, [filling.buffer]);
        unread.push(filling);
        steps = [];
        filling = undefined;
    };
    worker.on('message', (message) => {
        if ('read' in message) {
            if (message.batch?.byteLength === THREAD_BATCH_BYTES)
                spare.push(message.batch);
            unread.shift()?.settle.resolve();
        }
        else if ('readings' in message)
            ending.resolve(message.readings);
        else
            fail(new Error(`Reading the extracted site failed: ${message.error}`));
    });
    worker.on('error', error => fail(new Error(`The thread reading the extracted site failed: ${error.message}`)));
    worker.on('exit', code => {
        if (!closed)
            fail(new Error(`The thread reading the extracted site stopped (exit code ${code}).`));
    });
    return {
        visitor: {
            entry(path, kind) {
                steps.push(['entry', path, kind]);
            },
            wants(path, sizeBytes) {
                steps.push(['wants', path, sizeBytes]);
                return twin.wants(path, sizeBytes);
            },
            file(path, bytes) {
                if (failure)
                    return Promise.reject(failure);
                // A copy the thread owns: `bytes` may be a view into a larger buffer (or Node's pool),
                // which a transfer would take from its other users. A file larger than a batch goes in
                // a batch of its own.
                if (filling && filling.used + bytes.length > filling.buffer.byteLength)
                    send();
                filling ??= newBatch(Math.max(bytes.length, THREAD_BATCH_BYTES));
                const batch = filling;
                new Uint8Array(batch.buffer, batch.used, bytes.length).set(bytes);
                steps.push(['file', path, batch.used, bytes.length]);
                batch.used += bytes.length;
                return batch.read;
            },
            flush: send
        },
        readings() {
            send();
            if (!failure)
                worker.postMessage({ steps, end: true });
            steps = [];
            return ended;
        },
        async close() {
            closed = true;
            await worker.terminate();
            // Nothing still waiting on the thread waits forever.
            fail(new Error('The thread reading the extracted site was stopped.'));
        }
    };
}
/** Whether this thread was started to read a site (the front doors ask, in threads.ts). */
function isReaderThread() {
    return external_node_worker_threads_.workerData?.role === ROLE;
}
/** The thread's side: replays the calls on readers made here, answering each batch and the end. */
function serveReaders() {
    const port = external_node_worker_threads_.parentPort;
    if (!port)
        throw new Error('serveReaders() runs on a worker thread.');
    const readers = readersHere(external_node_worker_threads_.workerData.spec);
    const { visitor } = readers;
    const reply = (message, transfer = []) => port.postMessage(message, transfer);
    let queue = Promise.resolve();
    port.on('message', (message) => {
        // One message at a time, in order, though a reader's file() may be asynchronous.
        queue = queue.then(async () => {
            try {
                for (const step of message.steps) {
                    if (step[0] === 'entry')
                        visitor.entry?.(step[1], step[2]);
                    else if (step[0] === 'wants')
                        visitor.wants(step[1], step[2]);
                    else
                        await visitor.file(step[1], Buffer.from(message.batch, step[2], step[3]));
                }
                // The readers read nothing of a file's bytes later (a page is read into a string of its
                // own; the page scan keeps the last Buffer only to know it again): the buffer goes back
                // for the next batch.
                if (message.batch)
                    reply({ read: true, batch: message.batch }, [message.batch]);
                if (message.end)
                    reply({ readings: await readers.readings() });
            }
            catch (error) {
                reply({ error: (0,errors/* messageOf */.b)(error) });
            }
        });
    });
}


/***/ })

};

//# sourceMappingURL=989.index.js.map