export const id = 338;
export const ids = [338];
export const modules = {

/***/ 48338:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   artifactRequest: () => (/* binding */ artifactRequest),
/* harmony export */   uploadBundleArtifact: () => (/* binding */ uploadBundleArtifact)
/* harmony export */ });
/* unused harmony exports ArtifactError, pagesTarball, listFiles */
/* harmony import */ var _log_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(4827);
/* harmony import */ var node_fs_promises__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(51455);
/* harmony import */ var node_fs_promises__WEBPACK_IMPORTED_MODULE_1___default = /*#__PURE__*/__webpack_require__.n(node_fs_promises__WEBPACK_IMPORTED_MODULE_1__);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(76760);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_2___default = /*#__PURE__*/__webpack_require__.n(node_path__WEBPACK_IMPORTED_MODULE_2__);
/* harmony import */ var tar__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(98697);
/* harmony import */ var _util_walk_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(55215);





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
        workDir: (0,node_path__WEBPACK_IMPORTED_MODULE_2__.dirname)(file.path)
    };
}
class ArtifactError extends Error {
    name = 'ArtifactError';
}
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
    _log_js__WEBPACK_IMPORTED_MODULE_0__/* .log */ .Rm.info(`Uploaded artifact ${request.name} (id ${response.id}${response.size ? `, ${response.size} bytes` : ''}).`);
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
        return { files: [request.archivePath], root: (0,node_path__WEBPACK_IMPORTED_MODULE_2__.dirname)(request.archivePath), compressionLevel: 0 };
    }
    const site = request.sitePath;
    if (!site)
        throw new ArtifactError(`\`artifact-content: ${request.content}\` needs the extracted site.`);
    if (request.content === 'extracted')
        return { files: await listFiles(site), root: site, compressionLevel: 6 };
    const tarball = await pagesTarball(site, (0,node_path__WEBPACK_IMPORTED_MODULE_2__.join)(request.workDir, 'pages'));
    return { files: [tarball], root: (0,node_path__WEBPACK_IMPORTED_MODULE_2__.dirname)(tarball), compressionLevel: 6 };
}
/**
 * `artifact.tar` in the form actions/deploy-pages reads: the site's files at the top level,
 * symlinks replaced by what they point to and no hard-link entries (both are refused by Pages).
 */
async function pagesTarball(site, folder) {
    await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_1__.mkdir)(folder, { recursive: true });
    const file = (0,node_path__WEBPACK_IMPORTED_MODULE_2__.join)(folder, 'artifact.tar');
    const entries = (await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_1__.readdir)(site)).filter(name => name !== '.git' && name !== '.github');
    await (0,tar__WEBPACK_IMPORTED_MODULE_3__/* .create */ .vt)({
        file,
        cwd: site,
        follow: true,
        portable: true,
        // An inode cache that never matches: every file is written whole, never as a hard link.
        linkCache: new NoLinks()
    }, entries);
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
async function listFiles(root) {
    const files = [];
    for await (const { path, entry } of (0,_util_walk_js__WEBPACK_IMPORTED_MODULE_4__/* .walkTree */ .I)(root))
        if (entry.isFile())
            files.push(path);
    return files.sort();
}
/** The run's artifact page, as actions/upload-artifact reports it. */
function artifactUrl(env, id) {
    const { GITHUB_SERVER_URL: server, GITHUB_REPOSITORY: repo, GITHUB_RUN_ID: run } = env;
    return server && repo && run ? `${server}/${repo}/actions/runs/${run}/artifacts/${id}` : undefined;
}


/***/ }),

/***/ 55215:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   I: () => (/* binding */ walkTree)
/* harmony export */ });
/* harmony import */ var node_fs_promises__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(51455);
/* harmony import */ var node_fs_promises__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_fs_promises__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(76760);
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

//# sourceMappingURL=338.index.js.map