export const id = 616;
export const ids = [616];
export const modules = {

/***/ 5616:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   h: () => (/* binding */ hostConfig),
/* harmony export */   t: () => (/* binding */ cloudFrontExceptions),
/* harmony export */   writeHostConfig: () => (/* binding */ writeHostConfig)
/* harmony export */ });
/* harmony import */ var node_fs_promises__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(1455);
/* harmony import */ var node_fs_promises__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_fs_promises__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(6760);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_1___default = /*#__PURE__*/__webpack_require__.n(node_path__WEBPACK_IMPORTED_MODULE_1__);
/* harmony import */ var _util_paths_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(4964);



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


/***/ })

};

//# sourceMappingURL=616.index.js.map