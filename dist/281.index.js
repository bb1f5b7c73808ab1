export const id = 281;
export const ids = [281];
export const modules = {

/***/ 17281:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  ArtifactError: () => (/* binding */ ArtifactError),
  artifactRequest: () => (/* binding */ artifactRequest),
  uploadBundleArtifact: () => (/* binding */ uploadBundleArtifact)
});

// UNUSED EXPORTS: listFiles, pagesTarball

// EXTERNAL MODULE: ./src/log.ts + 1 modules
var log = __webpack_require__(4827);
// EXTERNAL MODULE: external "node:fs/promises"
var promises_ = __webpack_require__(51455);
// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(76760);
// EXTERNAL MODULE: ./src/archive/inspect.ts
var inspect = __webpack_require__(98110);
// EXTERNAL MODULE: ./node_modules/tar/dist/esm/index.min.js
var index_min = __webpack_require__(98697);
;// CONCATENATED MODULE: ./src/util/walk.ts


/** Every entry below `root` except folders (files, links, others), depth first, one at a time. */
async function* walkTree(root) {
    const pending = [root];
    while (pending.length > 0) {
        const folder = pending.pop();
        for (const entry of await (0,promises_.readdir)(folder, { withFileTypes: true })) {
            const path = (0,external_node_path_.join)(folder, entry.name);
            if (entry.isDirectory())
                pending.push(path);
            else
                yield { path, entry };
        }
    }
}

;// CONCATENATED MODULE: ./src/action/artifact.ts






/** What to upload for this export: the name and content asked for, the files it made. */
function artifactRequest(artifact, report) {
    const file = report.download;
    if (!file || !report.jobId)
        return undefined;
    return {
        name: artifact.name ??
            (artifact.content === 'pages' ? 'github-pages' : `mintlify-export-${report.jobId}`),
        content: artifact.content,
        retentionDays: artifact.retentionDays,
        archivePath: file.path,
        sitePath: report.site?.path,
        workDir: (0,external_node_path_.dirname)(file.path)
    };
}
class ArtifactError extends Error {
    nextStep;
    name = 'ArtifactError';
    constructor(message, nextStep) {
        super(message);
        this.nextStep = nextStep;
    }
}
/**
 * What the artifact service refuses in a file's path below the artifact's root (NTFS's
 * characters, refused on every platform; an archive made on Linux can hold any of them).
 * @actions/artifact checks too, but its error quotes the path raw and speaks of its own
 * checks, not of the input that avoids them.
 */
const REFUSED_IN_ARTIFACT_PATHS = /[":<>|*?\r\n]/;
/**
 * Uploads the bundle as a workflow artifact: the archive as downloaded (not compressed again),
 * the extracted folder, or the site as the `artifact.tar` that actions/deploy-pages consumes.
 */
async function uploadBundleArtifact(request, env = process.env) {
    const { files, root, compressionLevel } = await artifactFiles(request);
    // Loaded here, not at start-up: the client is large and most runs never need it.
    const { DefaultArtifactClient } = await Promise.all(/* import() */[__webpack_require__.e(351), __webpack_require__.e(645)]).then(__webpack_require__.bind(__webpack_require__, 9645));
    const client = new DefaultArtifactClient();
    const response = await client.uploadArtifact(request.name, files, root, {
        compressionLevel,
        ...(request.retentionDays > 0 ? { retentionDays: request.retentionDays } : {})
    });
    if (response.id === undefined)
        throw new ArtifactError(`The artifact service did not create artifact \`${request.name}\`.`);
    const url = artifactUrl(env, response.id);
    log/* log */.Rm.info(`Uploaded artifact ${request.name} (id ${response.id}${response.size ? `, ${response.size} bytes` : ''}).`);
    return {
        name: request.name,
        id: response.id,
        ...(url ? { url } : {}),
        ...(response.size ? { sizeBytes: response.size } : {})
    };
}
async function artifactFiles(request) {
    if (request.content === 'archive') {
        // Already compressed: zipping it again costs time and saves nothing.
        return { files: [request.archivePath], root: (0,external_node_path_.dirname)(request.archivePath), compressionLevel: 0 };
    }
    const site = request.sitePath;
    if (!site)
        throw new ArtifactError(`\`artifact-content: ${request.content}\` needs the extracted site.`);
    if (request.content === 'extracted') {
        const files = await listFiles(site);
        refuseUnnameable(request.name, files.map(file => (0,external_node_path_.relative)(site, file)));
        return { files, root: site, compressionLevel: 6 };
    }
    const tarball = await pagesTarball(site, (0,external_node_path_.join)(request.workDir, 'pages'));
    return { files: [tarball], root: (0,external_node_path_.dirname)(tarball), compressionLevel: 6 };
}
/** Refuses, before anything is uploaded, a site whose file names the artifact cannot hold. */
function refuseUnnameable(artifact, paths) {
    const refused = paths.filter(path => REFUSED_IN_ARTIFACT_PATHS.test(path));
    if (refused.length === 0)
        return;
    throw new ArtifactError(`Artifact \`${artifact}\` cannot hold the extracted site: ${refused.length} of its files have a name with " : < > | * or ?, which the artifact service refuses (the first: ${(0,inspect/* quoted */.TL)(refused[0])}). Upload the bundle as downloaded with \`artifact-content: archive\`, or the site as one tarball with \`artifact-content: pages\`.`, {
        text: 'Upload the bundle as downloaded (or, with `pages`, the site as one tarball): the artifact service cannot name these files.',
        snippet: 'artifact-content: archive'
    });
}
/**
 * `artifact.tar` in the form actions/deploy-pages reads: the site's files at the top level,
 * symlinks replaced by what they point to and no hard-link entries (both are refused by Pages).
 */
async function pagesTarball(site, folder) {
    await (0,promises_.mkdir)(folder, { recursive: true });
    const file = (0,external_node_path_.join)(folder, 'artifact.tar');
    const entries = (await (0,promises_.readdir)(site)).filter(name => name !== '.git' && name !== '.github');
    await (0,index_min/* create */.vt)({
        file,
        cwd: site,
        follow: true,
        portable: true,
        // An inode cache that never matches: every file is written whole, never as a hard link.
        linkCache: new NoLinks()
    }, 
    // node-tar takes a name that begins with `@` for a tar file to copy entries from.
    entries.map(name => (name.startsWith('@') ? `./${name}` : name)));
    return file;
}
class NoLinks extends Map {
    get() {
        return undefined;
    }
    set() {
        return this;
    }
}
/**
 * The site's files, links to files included (the artifact client uploads what a link leads to,
 * and the site check counted them as files); extraction refused every link to a folder.
 */
async function listFiles(root) {
    const files = [];
    for await (const { path, entry } of walkTree(root)) {
        const isFile = entry.isFile() ||
            (entry.isSymbolicLink() && (await (0,promises_.stat)(path).catch(() => undefined))?.isFile());
        if (isFile)
            files.push(path);
    }
    return files.sort();
}
/** The run's artifact page, as actions/upload-artifact reports it. */
function artifactUrl(env, id) {
    const { GITHUB_SERVER_URL: server, GITHUB_REPOSITORY: repo, GITHUB_RUN_ID: run } = env;
    return server && repo && run ? `${server}/${repo}/actions/runs/${run}/artifacts/${id}` : undefined;
}


/***/ }),

/***/ 98110:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   PZ: () => (/* binding */ linkChainProblem),
/* harmony export */   TL: () => (/* binding */ quoted),
/* harmony export */   qH: () => (/* binding */ entryProblem),
/* harmony export */   td: () => (/* binding */ UnsafeArchiveError)
/* harmony export */ });
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(76760);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_path__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var _util_untrusted_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(19630);


/** A name from the archive, in a message: one clean line, in backticks. */
function quoted(name) {
    return `\`${(0,_util_untrusted_js__WEBPACK_IMPORTED_MODULE_1__/* .untrusted */ .bp)(name ?? '', 120)}\``;
}
/**
 * Characters no site path needs, which would let a name steer what prints it (the runner reads
 * commands from whole lines; tar and unzip print names): controls, line breaks, format marks.
 */
const UNSEEN_IN_NAME = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u;
class UnsafeArchiveError extends Error {
    constructor(message) {
        super(message);
        this.name = 'UnsafeArchiveError';
    }
}
/**
 * Why an entry may not be extracted, or undefined when it is safe: a name that is absolute or
 * climbs out with `..`, a link whose target leaves the folder, or a device or FIFO.
 */
function entryProblem(entry) {
    const name = entry.name.replace(/\\/g, '/');
    if (UNSEEN_IN_NAME.test(entry.name) || UNSEEN_IN_NAME.test(entry.linkTarget ?? ''))
        return `${quoted(entry.name)} holds a control character, a line break or an invisible format character`;
    if (name.startsWith('/') || /^[a-z]:/i.test(name))
        return `${quoted(entry.name)} has an absolute path`;
    if (escapes(name))
        return `${quoted(entry.name)} points outside the extraction folder`;
    if (entry.type === 'other')
        return `${quoted(entry.name)} is a device, FIFO or other special file`;
    // GNU tar names a sparse file's entry `GNUSparseFile.<pid>/<name>` and keeps the real name in
    // a pax record node-tar does not read: written as is, it would be a name GNU tar never writes.
    if (name.split('/').some(part => /^GNUSparseFile\.\d+$/.test(part)))
        return `${quoted(entry.name)} is a GNU sparse file, which no site holds`;
    if (entry.type === 'symlink' || entry.type === 'hardlink') {
        const target = (entry.linkTarget ?? '').replace(/\\/g, '/');
        if (target.startsWith('/') || /^[a-z]:/i.test(target)) {
            return `link ${quoted(entry.name)} → ${quoted(entry.linkTarget)} targets an absolute path`;
        }
        // Symlinks resolve from their own folder, hard links from the archive root.
        const resolved = entry.type === 'symlink' ? node_path__WEBPACK_IMPORTED_MODULE_0__.posix.join(node_path__WEBPACK_IMPORTED_MODULE_0__.posix.dirname(name), target) : target;
        if (escapes(resolved))
            return `link ${quoted(entry.name)} → ${quoted(entry.linkTarget)} points outside the extraction folder`;
    }
    return undefined;
}
function escapes(relative) {
    const normal = node_path__WEBPACK_IMPORTED_MODULE_0__.posix.normalize(relative);
    return normal === '..' || normal.startsWith('../');
}
/** `./a/b/` → `a/b`: one spelling per path, to compare entry names. */
function entryPath(name) {
    return node_path__WEBPACK_IMPORTED_MODULE_0__.posix.normalize(name.replace(/\\/g, '/')).replace(/^(\.\/)+|\/+$/g, '');
}
/**
 * Why an entry reaches through one of the archive's own symlinks, or undefined. Each entry is
 * safe on its own (entryProblem), but links compose: a name under a link is written wherever
 * that link points, and a link whose target passes through another link ends where the chain
 * does, which reading its text cannot tell. Bundles have no reason for either, so both are
 * refused; checked once all names are known, since a link may come after what uses it.
 */
function linkChainProblem(names, links) {
    const symlinks = new Set([...links].filter(([, link]) => link.type === 'symlink').map(([name]) => entryPath(name)));
    if (symlinks.size === 0)
        return undefined;
    for (const name of names) {
        const parts = entryPath(name).split('/');
        for (let depth = 1; depth < parts.length; depth += 1) {
            const folder = parts.slice(0, depth).join('/');
            if (symlinks.has(folder))
                return `${quoted(name)} lies under the link ${quoted(folder)}`;
        }
    }
    for (const [name, { type, target }] of links) {
        // Symlinks resolve from their own folder, hard links from the archive root.
        const dir = node_path__WEBPACK_IMPORTED_MODULE_0__.posix.dirname(entryPath(name));
        const walked = type === 'symlink' && dir !== '.' ? dir.split('/') : [];
        for (const part of target.replace(/\\/g, '/').split('/')) {
            if (part === '' || part === '.')
                continue;
            if (part === '..')
                walked.pop();
            else
                walked.push(part);
            const path = walked.join('/');
            if (part !== '..' && symlinks.has(path))
                return `link ${quoted(name)} → ${quoted(target)} goes through the link ${quoted(path)}`;
        }
    }
    return undefined;
}


/***/ })

};

//# sourceMappingURL=281.index.js.map