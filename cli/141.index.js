export const id = 141;
export const ids = [141];
export const modules = {

/***/ 2141:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  DEFAULT_LIMITS: () => (/* binding */ DEFAULT_LIMITS),
  extractBundle: () => (/* binding */ extractBundle)
});

// UNUSED EXPORTS: pathParts, systemTar, walkExtracted

// EXTERNAL MODULE: external "node:child_process"
var external_node_child_process_ = __webpack_require__(1421);
// EXTERNAL MODULE: external "node:fs/promises"
var promises_ = __webpack_require__(1455);
// EXTERNAL MODULE: ./src/util/cleanup.ts
var cleanup = __webpack_require__(4532);
// EXTERNAL MODULE: ./src/util/untrusted.ts
var untrusted = __webpack_require__(9630);
// EXTERNAL MODULE: ./src/util/walk.ts
var walk = __webpack_require__(5215);
// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(6760);
// EXTERNAL MODULE: ./src/util/paths.ts
var paths = __webpack_require__(4964);
// EXTERNAL MODULE: ./node_modules/tar/dist/esm/index.min.js
var index_min = __webpack_require__(8697);
// EXTERNAL MODULE: ./node_modules/yauzl/index.js
var yauzl = __webpack_require__(663);
;// CONCATENATED MODULE: ./src/archive/inspect.ts




/** A name from the archive, in a message: one clean line, in backticks. */
function quoted(name) {
    return `\`${(0,untrusted/* untrusted */.bp)(name ?? '', 120)}\``;
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
    if (entry.type === 'symlink' || entry.type === 'hardlink') {
        const target = (entry.linkTarget ?? '').replace(/\\/g, '/');
        if (target.startsWith('/') || /^[a-z]:/i.test(target)) {
            return `link ${quoted(entry.name)} → ${quoted(entry.linkTarget)} targets an absolute path`;
        }
        // Symlinks resolve from their own folder, hard links from the archive root.
        const resolved = entry.type === 'symlink' ? external_node_path_.posix.join(external_node_path_.posix.dirname(name), target) : target;
        if (escapes(resolved))
            return `link ${quoted(entry.name)} → ${quoted(entry.linkTarget)} points outside the extraction folder`;
    }
    return undefined;
}
function escapes(relative) {
    const normal = external_node_path_.posix.normalize(relative);
    return normal === '..' || normal.startsWith('../');
}
/** `./a/b/` → `a/b`: one spelling per path, to compare entry names. */
function entryPath(name) {
    return external_node_path_.posix.normalize(name.replace(/\\/g, '/')).replace(/^(\.\/)+|\/+$/g, '');
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
        const dir = external_node_path_.posix.dirname(entryPath(name));
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
/**
 * Reads every header of the archive and throws UnsafeArchiveError at the first unsafe entry
 * or when the limits are passed. This runs before extraction because the system `tar` and
 * `unzip` the extraction drives would otherwise have written the file already.
 */
async function inspectArchive(file, format, limits) {
    let totalBytes = 0;
    const names = [];
    const links = new Map();
    const unsafe = (problem) => new UnsafeArchiveError(`The bundle is unsafe to extract: ${problem}.`);
    const check = (entry) => {
        const problem = entryProblem(entry);
        if (problem)
            throw unsafe(problem);
        names.push(entry.name);
        if (entry.type === 'symlink' || entry.type === 'hardlink')
            links.set(entry.name, { type: entry.type, target: entry.linkTarget ?? '' });
        totalBytes += entry.sizeBytes;
        if (names.length > limits.maxEntries) {
            throw new UnsafeArchiveError(`The bundle has more than ${limits.maxEntries} entries; refusing to extract it.`);
        }
        if (totalBytes > limits.maxTotalBytes) {
            throw new UnsafeArchiveError(`The bundle would extract to more than ${limits.maxTotalBytes} bytes; refusing to extract it (an archive bomb, or a far larger site than expected).`);
        }
    };
    if (format === 'zip')
        await forEachZipEntry(file, check);
    else
        await forEachTarEntry(file, check);
    const chain = linkChainProblem(names, links);
    if (chain)
        throw unsafe(chain);
    return { entries: names.length, totalBytes };
}
async function forEachTarEntry(file, visit) {
    let failure;
    await (0,index_min/* list */.p_)({
        file,
        strict: true,
        onReadEntry: entry => {
            if (failure)
                return entry.resume();
            try {
                visit({
                    name: entry.path,
                    type: tarType(entry.type),
                    sizeBytes: entry.size ?? 0,
                    linkTarget: entry.linkpath
                });
            }
            catch (error) {
                failure = error;
            }
            entry.resume();
        }
    });
    if (failure)
        throw failure;
}
function tarType(type) {
    switch (type) {
        case 'File':
        case 'OldFile':
        case 'ContiguousFile':
            return 'file';
        case 'Directory':
            return 'directory';
        case 'SymbolicLink':
            return 'symlink';
        case 'Link':
            return 'hardlink';
        default:
            return 'other';
    }
}
/** yauzl refuses unsafe names itself; say so in the same words as for tar. */
function zipError(error) {
    const name = /^(?:invalid relative path|absolute path): (.*)$/.exec(error?.message ?? '')?.[1];
    if (name !== undefined) {
        const problem = entryProblem({ name, type: 'file', sizeBytes: 0 }) ?? `${quoted(name)} has an unsafe name`;
        return new UnsafeArchiveError(`The bundle is unsafe to extract: ${problem}.`);
    }
    return new UnsafeArchiveError(`The bundle is not a readable zip: ${(0,untrusted/* untrusted */.bp)(error?.message ?? 'unknown error')}.`);
}
const S_IFMT = 0o170000;
const S_IFLNK = 0o120000;
function forEachZipEntry(file, visit) {
    return new Promise((resolve, reject) => {
        // yauzl refuses unsafe names itself (zipError words it like ours); symlinks are ours to check.
        yauzl.open(file, { lazyEntries: true, strictFileNames: false, validateEntrySizes: true, decodeStrings: true }, (err, zip) => {
            if (err || !zip)
                return reject(zipError(err));
            const fail = (error) => {
                zip.close();
                reject(error);
            };
            zip.on('error', error => fail(zipError(error)));
            zip.on('end', () => resolve());
            zip.on('entry', (entry) => {
                const mode = (entry.externalFileAttributes >>> 16) & S_IFMT;
                const info = {
                    name: entry.fileName,
                    type: entry.fileName.endsWith('/')
                        ? 'directory'
                        : mode === S_IFLNK
                            ? 'symlink'
                            : 'file',
                    sizeBytes: entry.uncompressedSize
                };
                const visitOrFail = (seen) => {
                    try {
                        visit(seen);
                        return true;
                    }
                    catch (error) {
                        fail(error);
                        return false;
                    }
                };
                // Files are checked on their headers first; a link once its target (its content) is read.
                if (info.type !== 'symlink' && !visitOrFail(info))
                    return;
                if (info.type === 'directory')
                    return zip.readEntry();
                // Each file is inflated here once, for yauzl (validateEntrySizes) to prove the size its
                // headers claim: the limits trust it, and a zip, unlike a tar, can lie about it.
                zip.openReadStream(entry, (streamErr, stream) => {
                    if (streamErr || !stream)
                        return fail(zipError(streamErr));
                    const chunks = [];
                    stream.on('data', (chunk) => {
                        if (info.type === 'symlink')
                            chunks.push(chunk);
                    });
                    stream.on('error', error => fail(/bytes in the stream/.test(error.message)
                        ? new UnsafeArchiveError(`The bundle is unsafe to extract: ${quoted(info.name)} does not inflate to the ${info.sizeBytes} bytes its header declares (an archive bomb, or a damaged zip).`)
                        : zipError(error)));
                    stream.on('end', () => {
                        const linkTarget = Buffer.concat(chunks).toString('utf8');
                        if (info.type === 'symlink' && !visitOrFail({ ...info, linkTarget }))
                            return;
                        zip.readEntry();
                    });
                });
            });
            zip.readEntry();
        });
    });
}

;// CONCATENATED MODULE: ./src/archive/extract.ts








const DEFAULT_LIMITS = {
    maxTotalBytes: 20 * 1024 ** 3,
    maxEntries: 500_000
};
/**
 * Extracts the bundle into `destination` (emptied first) with the system's tar or unzip, after
 * checking every entry, and checks the result again: nothing outside, no link leading out.
 */
async function extractBundle(file, format, destination, limits = DEFAULT_LIMITS) {
    await inspectArchive(file, format, limits);
    await (0,promises_.rm)(destination, { recursive: true, force: true });
    await (0,promises_.mkdir)(destination, { recursive: true });
    try {
        await runExtractor(file, format, destination);
        const found = await walkExtracted(destination, limits);
        return { path: destination, files: found.files, totalBytes: found.totalBytes };
    }
    catch (error) {
        await (0,cleanup/* cleanUpAfterFailure */.P)(`the partly extracted site ${destination}`, () => (0,promises_.rm)(destination, { recursive: true, force: true }));
        throw error;
    }
}
/** Longest tail of the extractor's error output quoted in a failure. */
const STDERR_QUOTE_CHARS = 300;
/**
 * Runs the system's tar or unzip, as a runner has them, with their output captured: what
 * they print names archive entries, which must not reach the log unguarded (and a busy
 * extraction is no reading for a person). On failure, their last words are in the error.
 */
async function runExtractor(file, format, destination) {
    const windows = process.platform === 'win32';
    const [command, args] = format === 'zip' && !windows
        ? ['unzip', ['-o', '-q', file, '-d', destination]]
        : [
            systemTar(process.platform, process.env),
            [
                format === 'tar.gz' ? '-xzf' : '-xf',
                file,
                '-C',
                destination,
                // GNU tar: no noise about bsdtar's headers, and replace over what is there.
                ...((await isGnuTar()) ? ['--warning=no-unknown-keyword', '--overwrite'] : [])
            ]
        ];
    const failure = await new Promise(resolve => {
        (0,external_node_child_process_.execFile)(command, args, { maxBuffer: 4 * 1024 * 1024 }, (error, _stdout, stderr) => resolve(error ? { code: error.code, stderr: String(stderr) } : undefined));
    });
    if (!failure)
        return;
    if (failure.code === 'ENOENT') {
        throw new UnsafeArchiveError(`Extracting the bundle needs \`${command}\`, which is not installed on this runner: install it (e.g. \`apt-get install -y ${command}\`), or set \`extract: false\`.`);
    }
    const said = (0,untrusted/* untrusted */.bp)(failure.stderr.trim().slice(-STDERR_QUOTE_CHARS), STDERR_QUOTE_CHARS);
    throw new UnsafeArchiveError(`Extracting the bundle ${file} with ${command} failed (exit code ${String(failure.code)})${said ? `: ${said}` : ''}. The archive may be damaged, or use a feature ${command} cannot read; set \`extract: false\` to keep the file as downloaded.`);
}
/**
 * The tar to run. On Windows, Windows' own bsdtar (System32), as @actions/tool-cache runs it:
 * it reads zip too, and a GNU tar found first on the PATH (Git's) takes `C:\…` for a remote
 * host. Elsewhere, the `tar` on the PATH.
 */
function systemTar(platform, env) {
    if (platform !== 'win32')
        return 'tar';
    const windowsFolder = env.SystemRoot ?? env.SYSTEMROOT ?? env.windir ?? 'C:\\Windows';
    return (0,external_node_path_.join)(windowsFolder, 'System32', 'tar.exe');
}
let gnuTar;
function isGnuTar() {
    gnuTar ??= new Promise(resolve => (0,external_node_child_process_.execFile)(systemTar(process.platform, process.env), ['--version'], (error, stdout) => resolve(!error && String(stdout).toUpperCase().includes('GNU TAR'))));
    return gnuTar;
}
/** Second line of defence: measure what landed and follow every symlink to its end. */
async function walkExtracted(root, limits) {
    const realRoot = await (0,promises_.realpath)(root);
    let files = 0;
    let totalBytes = 0;
    for await (const { path, entry } of (0,walk/* walkTree */.I)(root)) {
        if (entry.isSymbolicLink()) {
            const problem = await linkProblem(path, realRoot);
            if (problem)
                throw new UnsafeArchiveError(`The bundle is unsafe: link ${quoted((0,external_node_path_.relative)(root, path))} ${problem}.`);
            continue;
        }
        files += 1;
        totalBytes += (await (0,promises_.lstat)(path)).size;
        if (totalBytes > limits.maxTotalBytes) {
            throw new UnsafeArchiveError(`The extracted bundle holds more than ${limits.maxTotalBytes} bytes (\`extract-limit\`); it was removed.`);
        }
    }
    return { files, totalBytes };
}
/** Where a link really leads (through any chain of links), if that is not inside the site. */
async function linkProblem(path, realRoot) {
    const target = await (0,promises_.readlink)(path);
    let resolved;
    try {
        // Joined as text on purpose: normalising `up/..` first would skip what the link `up` does.
        resolved = await systemPath((0,external_node_path_.isAbsolute)(target) ? target : `${(0,external_node_path_.dirname)(path)}/${target}`);
    }
    catch (error) {
        if (error.code === 'ELOOP')
            return 'is a loop of links';
        throw error;
    }
    return (0,paths/* isWithin */.U)(realRoot, resolved) ? undefined : 'points outside the site';
}
/**
 * The real path of `raw` as the system resolves it (links and `..` in order) for its longest
 * existing prefix; the rest, which exists nowhere yet and so holds no link, is added as text.
 */
async function systemPath(raw) {
    const parts = pathParts(raw, process.platform);
    for (let keep = parts.length; keep > 1; keep -= 1) {
        try {
            return (0,external_node_path_.resolve)(await (0,promises_.realpath)(parts.slice(0, keep).join('/')), ...parts.slice(keep));
        }
        catch (error) {
            const code = error.code;
            if (code !== 'ENOENT' && code !== 'ENOTDIR')
                throw error;
        }
    }
    return (0,external_node_path_.resolve)(raw);
}
/**
 * A path's parts, to find its longest existing prefix: on Windows a backslash separates them
 * too (a link read there has backslashes; `C:/site/a` is as good as `C:\site\a` to Windows).
 */
function pathParts(raw, platform) {
    return raw.split(platform === 'win32' ? /[\\/]/ : '/');
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

//# sourceMappingURL=141.index.js.map