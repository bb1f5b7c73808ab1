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
    if (request.content === 'extracted')
        return { files: await listFiles(site), root: site, compressionLevel: 6 };
    const tarball = await pagesTarball(site, (0,external_node_path_.join)(request.workDir, 'pages'));
    return { files: [tarball], root: (0,external_node_path_.dirname)(tarball), compressionLevel: 6 };
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


/***/ })

};

//# sourceMappingURL=281.index.js.map