export const id = 999;
export const ids = [999];
export const modules = {

/***/ 45999:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  extractBundle: () => (/* binding */ extractBundle)
});

// UNUSED EXPORTS: MAX_ENTRIES, checkLinks, freeBytesAt, pathParts

// EXTERNAL MODULE: external "node:fs/promises"
var promises_ = __webpack_require__(51455);
// EXTERNAL MODULE: ./src/util/folders.ts
var folders = __webpack_require__(53269);
// EXTERNAL MODULE: ./src/util/cleanup.ts
var cleanup = __webpack_require__(4532);
// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(76760);
// EXTERNAL MODULE: ./src/util/paths.ts
var paths = __webpack_require__(24964);
// EXTERNAL MODULE: ./src/archive/inspect.ts
var inspect = __webpack_require__(98110);
// EXTERNAL MODULE: external "node:fs"
var external_node_fs_ = __webpack_require__(73024);
// EXTERNAL MODULE: ./src/util/untrusted.ts
var untrusted = __webpack_require__(19630);
// EXTERNAL MODULE: ./src/util/errors.ts
var errors = __webpack_require__(70017);
;// CONCATENATED MODULE: ./src/archive/site-writer.ts






/**
 * Files up to this size are gathered and written with one call (open, write, close); larger
 * ones are streamed, so memory never holds more than a read's worth of any one file.
 */
const WHOLE_FILE_BYTES = 1024 * 1024;
/**
 * Bytes an asynchronous visitor (readers on a thread) may hold unread before the reader waits
 * for it: some 70 pages keep it busy. Measured on 10,000 pages (tar.gz, in process), 8 MiB
 * peaked at 222–268 MiB and 2 MiB at 185–188: what waits is copied, and a thread frees late.
 */
const MAX_PENDING_BYTES = 2 * 1024 * 1024;
/**
 * Writes a site entry by entry, as an archive reader hands them over, with every guard on the
 * way in: names (entryProblem), entry count, the byte budget on inflated bytes, links (created
 * last, once every name is known, so that nothing is ever written through one). The first
 * refusal or failure stops everything; the caller then waits for `settle()` and removes the
 * folder. One class for zip and tar, so every name written is a name these guards saw.
 *
 * Writes are synchronous, on purpose: inflating runs on libuv's threads meanwhile, and a site's
 * many small files cost far less as one open/write/close each on this thread than as three
 * round trips through the thread pool, which a loaded runner makes slow.
 */
class SiteWriter {
    failure;
    files = 0;
    totalBytes = 0;
    declaredBytes = 0;
    entries = 0;
    /** Bytes handed to an asynchronous visitor and not yet read. */
    pendingBytes = 0;
    reads = new Set();
    folders = new Set();
    names = [];
    links = new Map();
    /** Streamed files open now: closed by settle() when a failure stops the archive midway. */
    openFiles = new Set();
    waiting;
    root;
    budget;
    visitor;
    constructor(root, budget, visitor) {
        this.root = root;
        this.budget = budget;
        this.visitor = visitor;
    }
    /** The sum of sizes the archive declares up front (a zip's central directory). */
    declareTotal(bytes, entries) {
        this.checkEntries(entries);
        this.checkDeclared(bytes);
    }
    /**
     * Accepts an entry, or refuses it (then `failure` is set). Returns where a file's bytes go;
     * undefined for anything else, or after a failure.
     */
    begin(entry) {
        if (this.failure)
            return undefined;
        try {
            return this.accept(entry);
        }
        catch (error) {
            this.fail(error);
            return undefined;
        }
    }
    fail(error) {
        this.failure ??= (0,errors/* asError */.z)(error);
        this.wake();
    }
    /** Resolves when the reader may hand over more bytes (an asynchronous visitor keeps up). */
    async room() {
        while (!this.failure && this.pendingBytes > MAX_PENDING_BYTES) {
            // A batching reader reads nothing it still holds: what is waited for is sent first.
            this.visitor?.flush?.();
            await new Promise(resolve => (this.waiting = resolve));
        }
    }
    /** Ends what is in flight (after a failure too, before the folder is removed). */
    async settle() {
        for (const close of [...this.openFiles]) {
            try {
                close();
            }
            catch {
                // Closing after a failure: the failure is what is reported.
            }
        }
        while (this.reads.size > 0) {
            this.visitor?.flush?.();
            await Promise.allSettled([...this.reads]);
        }
    }
    /** Once the archive is read: checks the links as a whole, then creates them. Returns symlinks. */
    async finish() {
        await this.settle();
        if (this.failure)
            throw this.failure;
        const chain = (0,inspect/* linkChainProblem */.PZ)(this.names, this.links);
        if (chain)
            throw unsafe(chain);
        const symlinks = [];
        for (const [path, { type, target }] of this.links) {
            const at = this.absolute(path);
            try {
                this.folder(external_node_path_.posix.dirname(path));
                if (type === 'symlink') {
                    await (0,promises_.symlink)(target, at);
                    symlinks.push(at);
                }
                else {
                    // Hard links resolve from the archive root (entryProblem checked that it stays inside).
                    await (0,promises_.link)(this.absolute(sitePath(target)), at);
                }
            }
            catch (error) {
                throw new inspect/* UnsafeArchiveError */.td(`The bundle's ${type === 'symlink' ? 'link' : 'hard link'} ${(0,inspect/* quoted */.TL)(path)} → ${(0,inspect/* quoted */.TL)(target)} cannot be made: ${systemReason(error)}; set \`extract: false\` to keep the file as downloaded.`);
            }
        }
        return symlinks;
    }
    accept(entry) {
        const problem = (0,inspect/* entryProblem */.qH)(entry);
        if (problem)
            throw unsafe(problem);
        this.checkEntries((this.entries += 1));
        const path = sitePath(entry.name);
        if (path === '')
            return undefined; // the archive's own root, `./`
        this.names.push(path);
        if (entry.type === 'directory') {
            this.visitor?.entry?.(path, 'directory');
            this.attempt(path, () => this.folder(path));
            return undefined;
        }
        if (entry.type === 'symlink' || entry.type === 'hardlink') {
            this.links.set(path, { type: entry.type, target: entry.linkTarget ?? '' });
            this.visitor?.entry?.(path, entry.type);
            return undefined;
        }
        this.checkDeclared((this.declaredBytes += entry.sizeBytes), entry.name);
        this.visitor?.entry?.(path, 'file');
        this.files += 1;
        const wanted = this.visitor?.wants(path, entry.sizeBytes) ?? false;
        return wanted || entry.sizeBytes <= WHOLE_FILE_BYTES
            ? this.wholeFile(path, wanted)
            : this.streamedFile(path);
    }
    /** Gathers the bytes, then one write; the visitor gets the same bytes. */
    wholeFile(path, wanted) {
        const chunks = [];
        let size = 0;
        return {
            write: chunk => {
                if (!this.count(chunk.length))
                    return;
                chunks.push(chunk);
                size += chunk.length;
            },
            end: () => {
                if (this.failure)
                    return;
                const bytes = chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, size);
                if (!this.attempt(path, () => (0,external_node_fs_.writeFileSync)(this.inFolder(path), bytes)))
                    return;
                if (wanted)
                    this.handOver(path, bytes);
            }
        };
    }
    /** A large file, written chunk by chunk in order as it inflates. */
    streamedFile(path) {
        let fd;
        const close = () => {
            if (fd !== undefined)
                (0,external_node_fs_.closeSync)(fd);
            this.openFiles.delete(close);
            fd = undefined;
        };
        this.attempt(path, () => {
            fd = (0,external_node_fs_.openSync)(this.inFolder(path), 'w');
            this.openFiles.add(close);
        });
        return {
            write: chunk => {
                if (fd === undefined || !this.count(chunk.length))
                    return;
                const at = fd;
                this.attempt(path, () => writeAll(at, chunk));
            },
            end: () => this.attempt(path, close)
        };
    }
    /**
     * Runs a write; a refusal of the system becomes the failure, in words naming the entry. Its
     * callers check for an earlier failure first (begin, count, a gathered file's end); a streamed
     * file's end after one closes the file, as settle() would.
     */
    attempt(path, write) {
        try {
            write();
            return true;
        }
        catch (error) {
            this.fail(writeError(error, path, this.budget.destination));
            return false;
        }
    }
    /** Gives a written file's bytes to the visitor; an asynchronous visitor is waited for later. */
    handOver(path, bytes) {
        // Measured first: the bytes are the visitor's only during the call.
        const size = bytes.length;
        const read = this.visitor?.file(path, bytes);
        if (!read)
            return;
        this.pendingBytes += size;
        const tracked = read.then(() => {
            this.reads.delete(tracked);
            this.pendingBytes -= size;
            this.wake();
        }, (error) => {
            this.reads.delete(tracked);
            this.fail(error);
        });
        this.reads.add(tracked);
    }
    /** Counts inflated bytes against the budget as they arrive; false once over it. */
    count(bytes) {
        if (this.failure)
            return false;
        this.totalBytes += bytes;
        const { maxTotalBytes } = this.budget;
        if (maxTotalBytes !== undefined && this.totalBytes > maxTotalBytes) {
            this.fail(new inspect/* UnsafeArchiveError */.td(`The extracted bundle holds more than ${maxTotalBytes} bytes (\`extract-limit\`); refusing to extract it, and what was written was removed.`));
            return false;
        }
        if (this.totalBytes > this.diskRoom) {
            this.fail(new inspect/* UnsafeArchiveError */.td(diskMessage(this.totalBytes, this.budget, 'more than')));
            return false;
        }
        return true;
    }
    checkEntries(entries) {
        if (entries > this.budget.maxEntries) {
            throw new inspect/* UnsafeArchiveError */.td(`The bundle has more than ${this.budget.maxEntries} entries; refusing to extract it.`);
        }
    }
    checkDeclared(bytes, name) {
        const { maxTotalBytes } = this.budget;
        if (maxTotalBytes !== undefined && bytes > maxTotalBytes) {
            throw new inspect/* UnsafeArchiveError */.td(`The bundle would extract to more than ${maxTotalBytes} bytes (\`extract-limit\`)${name === undefined ? '' : `, at ${(0,inspect/* quoted */.TL)(name)}`}; refusing to extract it (an archive bomb, or a far larger site than expected).`);
        }
        if (bytes > this.diskRoom)
            throw new inspect/* UnsafeArchiveError */.td(diskMessage(bytes, this.budget, name === undefined ? '' : 'at least'));
    }
    /** What the site may take of the disk: the free space, less what other writes need. */
    get diskRoom() {
        return this.budget.freeBytes - (this.budget.reservedBytes ?? 0);
    }
    /** The file's absolute path, once its folder exists (each folder is made once). */
    inFolder(path) {
        this.folder(external_node_path_.posix.dirname(path));
        return this.absolute(path);
    }
    /** Makes a folder of the site (`.` is the site's own, there already). */
    folder(path) {
        if (path === '.' || this.folders.has(path))
            return;
        (0,external_node_fs_.mkdirSync)(this.absolute(path), { recursive: true });
        this.folders.add(path);
    }
    wake() {
        const waiting = this.waiting;
        this.waiting = undefined;
        waiting?.();
    }
    absolute(path) {
        return (0,external_node_path_.join)(this.root, ...path.split('/'));
    }
}
/** Writes all of `chunk` (a write may take fewer bytes than asked). */
function writeAll(fd, chunk) {
    for (let done = 0; done < chunk.length;)
        done += (0,external_node_fs_.writeSync)(fd, chunk, done);
}
/** `./a\b/` → `a/b`: the one spelling of an entry's path, on disk and for the visitor. */
function sitePath(name) {
    const normal = external_node_path_.posix.normalize(name.replace(/\\/g, '/')).replace(/^(\.\/)+|\/+$/g, '');
    return normal === '.' ? '' : normal;
}
function unsafe(problem) {
    return new inspect/* UnsafeArchiveError */.td(`The bundle is unsafe to extract: ${problem}.`);
}
function diskMessage(bytes, budget, how) {
    const { freeBytes, reservedBytes, destination } = budget;
    const kept = reservedBytes
        ? `, of which ${reservedBytes} must stay free for the rest of the bundle still downloading`
        : '';
    return `The bundle would extract to ${how ? `${how} ` : ''}${bytes} bytes, and the disk holding ${destination} has ${freeBytes} bytes free${kept}; set \`path\` to a folder on a larger disk or free some space (\`extract-limit\` bounds the site's size, the free space bounds it in any case).`;
}
/** A write the system refused, in words that name the entry and what to do. */
function writeError(error, path, destination) {
    const code = error.code;
    if (code === 'ENOSPC')
        return new inspect/* UnsafeArchiveError */.td(`The disk holding ${destination} is full (writing ${(0,inspect/* quoted */.TL)(path)}); set \`path\` to a folder on a larger disk, or free some space.`);
    const why = code === 'ENOTDIR' || code === 'EEXIST'
        ? 'a file stands where a folder of that path should be'
        : code === 'EISDIR'
            ? 'a folder stands where that file should be'
            : systemReason(error);
    return new inspect/* UnsafeArchiveError */.td(`Extracting the bundle into ${destination} failed at ${(0,inspect/* quoted */.TL)(path)}: ${why}. The archive may be damaged; set \`extract: false\` to keep the file as downloaded.`);
}
/**
 * Why the system refused, in words: a name too long for the disk (a part over 255 bytes, say,
 * which an archive may hold) said plainly, anything else in the system's own message.
 */
function systemReason(error) {
    return error.code === 'ENAMETOOLONG'
        ? 'a name too long for the file system (most allow 255 bytes a part)'
        : (0,untrusted/* untrusted */.bp)(error.message ?? String(error));
}

// EXTERNAL MODULE: external "node:stream"
var external_node_stream_ = __webpack_require__(57075);
// EXTERNAL MODULE: ./node_modules/tar/dist/esm/index.min.js
var index_min = __webpack_require__(98697);
// EXTERNAL MODULE: external "node:zlib"
var external_node_zlib_ = __webpack_require__(38522);
// EXTERNAL MODULE: ./src/util/young-garbage.ts
var young_garbage = __webpack_require__(734);
;// CONCATENATED MODULE: ./src/archive/tar-reader.ts







/** What every gzip stream begins with. */
const GZIP_MAGIC = Buffer.from([0x1f, 0x8b]);
/**
 * Reads a tar or tar.gz and hands each entry to the writer, in one pass. Decompression is Node's
 * streaming gunzip, never node-tar's own (which inflates a whole read in one synchronous call:
 * a 10 MB bomb took 10 GB of memory); node-tar only parses the tar stream.
 */
async function readTar(source, writer) {
    // Compression is ours: a gzip (or zstd, brotli) inside the tar.gz is refused, not inflated.
    const parser = new index_min/* Parser */.iX({ strict: true, brotli: false, zstd: false });
    parser.on('entry', (entry) => {
        const sink = writer.begin(entryInfo(entry));
        if (!sink)
            return entry.resume();
        entry.on('data', (chunk) => sink.write(chunk));
        entry.on('end', () => sink.end());
    });
    parser.on('error', (error) => writer.fail(tarError(error)));
    // The stream's first two bytes, however the source splits them (a read may hold one byte; past
    // the first two, this adds none). node-tar would inflate a gzip it finds there itself.
    let start = Buffer.alloc(0);
    for await (const chunk of source) {
        start = Buffer.concat([start, chunk.subarray(0, 2 - start.length)]);
        if (start.equals(GZIP_MAGIC)) {
            writer.fail(new inspect/* UnsafeArchiveError */.td('The bundle is a gzip inside a gzip, not a tar.gz; refusing to extract it.'));
        }
        if (writer.failure)
            break;
        parser.write(chunk);
        if (writer.failure)
            break;
        // Parsed and written: garbage now, unless a reader still holds a page of it.
        (0,young_garbage/* discarded */.e)(chunk.length);
        await writer.room();
    }
    // After a failure, what the parser still holds is not wanted: it is left unread.
    if (writer.failure)
        return;
    await new Promise(resolve => {
        parser.on('end', resolve);
        parser.end();
    });
}
/**
 * The tar's bytes, inflated when it is a tar.gz, from a file or from bytes as they come (a
 * bundle followed while it downloads). A failure of such a source (a failed or restarted
 * download) passes as it is: it says nothing of the archive.
 */
async function* tarSource(input, gzipped) {
    // Read 64 KiB at a time (the default); gunzip inflates them in 64 KiB pieces with backpressure.
    const raw = typeof input === 'string'
        ? (0,external_node_fs_.createReadStream)(input)
        : external_node_stream_.Readable.from(input, { objectMode: false });
    if (!gzipped) {
        yield* raw;
        return;
    }
    // Inflating works ahead of the writes by a bounded 1 MiB, so neither waits on the other.
    // (Zlib streams take Transform's options; ZlibOptions does not list them.)
    const gunzip = (0,external_node_zlib_.createGunzip)({
        chunkSize: 64 * 1024,
        readableHighWaterMark: 1024 * 1024
    });
    let sourceError;
    raw.on('error', (error) => (sourceError = error));
    // pipeline destroys both streams when either fails or the reading stops early (the file is
    // closed); the loop gets the failure from gunzip, so pipeline's own callback has nothing to do.
    const inflated = (0,external_node_stream_.pipeline)(raw, gunzip, ignore);
    try {
        for await (const chunk of inflated)
            yield chunk;
    }
    catch (error) {
        if (typeof input !== 'string' && sourceError !== undefined)
            throw sourceError;
        throw new inspect/* UnsafeArchiveError */.td(`The bundle is not a readable tar.gz: ${(0,untrusted/* untrusted */.bp)(error.message)}. It may be damaged or cut short; set \`extract: false\` to keep the file as downloaded.`);
    }
}
function ignore() { }
function entryInfo(entry) {
    return {
        name: entry.path,
        type: tarType(entry.type),
        sizeBytes: entry.size ?? 0,
        linkTarget: entry.linkpath
    };
}
function tarType(type) {
    switch (type) {
        // node-tar reads an old-style type (`\0`) as File.
        case 'File':
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
function tarError(error) {
    return new inspect/* UnsafeArchiveError */.td(`The bundle is not a readable tar: ${(0,untrusted/* untrusted */.bp)(error.message)}. It may be damaged or cut short; set \`extract: false\` to keep the file as downloaded.`);
}

// EXTERNAL MODULE: ./node_modules/yauzl/index.js
var yauzl = __webpack_require__(20663);
// EXTERNAL MODULE: external "node:buffer"
var external_node_buffer_ = __webpack_require__(4573);
;// CONCATENATED MODULE: ./src/archive/zip-names.ts


/**
 * A zip entry's name as the archive stores it, whatever the runner's locale. yauzl reads the
 * UTF-8 flag and the Info-ZIP Unicode Path field (0x7075), and decodes CP437 otherwise; but
 * bsdtar and `git archive` write UTF-8 names without the flag, which CP437 turns into `cafÃ©`.
 * So a name with neither, whose bytes are valid UTF-8 beyond ASCII, is read as UTF-8 (as
 * Info-ZIP unzip and the system see such bytes on a UTF-8 file system); CP437 stays for the rest.
 */
function zipEntryName(raw, generalPurposeBitFlag, extraFields) {
    // The UTF-8 flag needs no test of its own: yauzl decodes a flagged name as UTF-8 too.
    const unicodePath = extraFields.some(field => field.id === 0x7075);
    if (!unicodePath && !raw.every(byte => byte < 0x80) && (0,external_node_buffer_.isUtf8)(raw))
        return raw.toString('utf8');
    // strictFileNames: a backslash is left as it is (the guards treat it as a separator).
    return yauzl.getFileNameLowLevel(generalPurposeBitFlag, raw, [...extraFields], true);
}

;// CONCATENATED MODULE: ./src/archive/zip-reader.ts








const S_IFMT = 0o170000;
const S_IFLNK = 0o120000;
/**
 * The longest link target Linux takes (PATH_MAX less the final NUL): a longer one is no path a
 * site needs, and refused here it is refused in words naming the link, not by symlink() later.
 */
const MAX_LINK_TARGET_BYTES = 4095;
const OPEN_OPTIONS = {
    lazyEntries: true,
    // Names are decoded by zipEntryName and checked by the writer's guards, like tar's.
    decodeStrings: false,
    // yauzl proves each entry inflates to the size its headers declare (a zip may lie about it).
    validateEntrySizes: true,
    autoClose: true
};
/**
 * Reads a zip and hands each entry to the writer. The central directory is read first, alone
 * (no inflating), so that the sizes it declares are checked against the limit and the free
 * space before any byte is written; then every entry is inflated once, as a stream.
 */
async function readZip(zip, writer) {
    const source = typeof zip === 'string' ? await zipFile(zip) : zip;
    try {
        let declared = 0;
        let count = 0;
        await eachEntry(source, async (_zip, entry) => {
            declared += entry.uncompressedSize;
            count += 1;
            return true;
        });
        source.directoryRead();
        writer.declareTotal(declared, count);
        await extractEntries(source, writer, new ReadWindow(source));
        await source.finish();
    }
    catch (error) {
        throw source.failure ?? error;
    }
    finally {
        await source.close();
    }
}
/** A downloaded zip. */
async function zipFile(path) {
    const handle = await (0,promises_.open)(path, 'r');
    // Closed here when it cannot be measured: nobody else holds it yet.
    const { size } = await handle.stat().catch(async (error) => {
        // The stat's error is the one to report, whatever closing says.
        await handle.close().catch(() => undefined);
        throw error;
    });
    return {
        reader: () => ({ reader: new WindowedReader(path, handle.fd), size }),
        readInto: async (buffer, position) => (await handle.read(buffer, 0, buffer.length, position)).bytesRead,
        directoryRead: () => undefined,
        finish: async () => undefined,
        failure: undefined,
        close: () => handle.close()
    };
}
async function extractEntries(source, writer, window) {
    await eachEntry(source, async (zip, entry) => {
        const info = zip_reader_entryInfo(entry);
        if (info.type === 'symlink') {
            const target = await linkTarget(await openStream(zip, entry), entry, info);
            writer.begin({ ...info, linkTarget: target });
            return !writer.failure;
        }
        const sink = writer.begin(info);
        if (!sink)
            return !writer.failure;
        if (isSmall(entry))
            await window.inflate(entry, info, bytes => {
                sink.write(bytes);
                sink.end();
            });
        else {
            await streamEntry(await openStream(zip, entry), entry, info, sink, writer);
            sink.end();
        }
        // The file may now be with a reader of the site: wait while they hold too much unread. (Only
        // end() hands a file over, so within an entry there is nothing more to wait for.)
        await writer.room();
        return !writer.failure;
    });
}
/**
 * A large entry, inflated by yauzl as a stream (which proves its size as it goes) and written
 * as it comes; its CRC-32 is computed on the way and checked at the end, which yauzl does not
 * do. A file the writer gathers whole (one a reader of the site wants) is handed over only
 * after that check, by `end()`; a streamed one is on disk already, and the refusal removes it.
 */
async function streamEntry(stream, entry, info, sink, writer) {
    let crc = 0;
    // Leaving the loop (a failure, an error) destroys the stream, and yauzl's destroy() the
    // read and the inflate behind it.
    try {
        for await (const chunk of stream) {
            sink.write(chunk);
            if (writer.failure)
                return;
            crc = (0,external_node_zlib_.crc32)(chunk, crc);
        }
    }
    catch (error) {
        throw sizeError(error, info);
    }
    checkCrc(crc, entry, info);
}
/** Entries at most this large, either way, are read through the window and inflated at once. */
const SMALL_ENTRY_BYTES = 1024 * 1024;
/** Bytes of the zip read at a time for small entries (a site's pages lie one after another). */
const WINDOW_BYTES = 4 * 1024 * 1024;
function isSmall(entry) {
    return (entry.compressedSize <= SMALL_ENTRY_BYTES &&
        entry.uncompressedSize <= SMALL_ENTRY_BYTES &&
        (entry.compressionMethod === 0 || entry.compressionMethod === 8) &&
        (entry.generalPurposeBitFlag & 1) === 0);
}
/**
 * Small entries, read from a large window of the file and inflated in one bounded call (the
 * output may not pass the declared size, at most 1 MiB). yauzl's stream per entry costs several
 * round trips through the thread pool each (a read for the local header, reads for the data, an
 * inflate): with 10,000 pages that was several times `unzip -q`. The CRC is checked here too.
 *
 * An inflated entry's bytes are valid only while `use` runs (the writer writes them and its
 * readers copy what they keep: FileSink.end), and are freed as soon as it returns. Left to the
 * collector, they were not freed for long: each inflateRawSync call's zlib stream outlives the
 * call until a full collection, and holds its output buffer. On 10,000 pages, garbage output
 * reached 48 MiB between full collections, and the zip's peak RSS fell by 25 MiB once it was
 * freed here. Left to the collector still: a stored entry's copy, an empty entry's output (zlib
 * returns a new empty buffer), and the output of a call that fails (which ends extraction).
 */
class ReadWindow {
    buffer = Buffer.allocUnsafe(WINDOW_BYTES);
    bytes = Buffer.alloc(0);
    start = 0;
    source;
    constructor(source) {
        this.source = source;
    }
    /** Inflates a small entry and hands its checked bytes to `use`, valid during the call only. */
    async inflate(entry, info, use) {
        const header = await this.slice(entry.relativeOffsetOfLocalHeader, 30);
        if (header.readUInt32LE(0) !== 0x04034b50)
            throw new inspect/* UnsafeArchiveError */.td(`The bundle is not a readable zip: ${(0,inspect/* quoted */.TL)(info.name)} has no local header where the central directory says.`);
        const dataStart = entry.relativeOffsetOfLocalHeader + 30 + header.readUInt16LE(26) + header.readUInt16LE(28);
        const data = await this.slice(dataStart, entry.compressedSize);
        // A copy: what a reader keeps must not hold the whole window (stored entries are few).
        if (entry.compressionMethod === 0)
            return this.handChecked(Buffer.from(data), entry, info, use);
        const chunkSize = outputChunkBytes(entry.uncompressedSize);
        let bytes;
        try {
            bytes = (0,external_node_zlib_.inflateRawSync)(data, {
                maxOutputLength: Math.max(1, entry.uncompressedSize),
                chunkSize
            });
        }
        catch (error) {
            if (error.code === 'ERR_BUFFER_TOO_LARGE')
                throw sizeMismatch(info);
            throw new inspect/* UnsafeArchiveError */.td(`The bundle is not a readable zip: ${(0,inspect/* quoted */.TL)(info.name)} does not inflate (${(0,untrusted/* untrusted */.bp)(error.message)}).`);
        }
        // Measured now: a freed output reads as empty.
        const size = bytes.length;
        try {
            this.handChecked(bytes, entry, info, use);
        }
        finally {
            // What each call leaves besides a freed output (its zlib stream) is still garbage, in step
            // with the pages inflated: counted by their size, it is collected every 2 MiB of pages
            // (without it, the zip's peak was 20 MiB higher). An output left to the collector counts
            // whole: zlib allocated all of `chunkSize` for it.
            (0,young_garbage/* discarded */.e)(freeOutput(bytes, chunkSize) ? size : chunkSize);
        }
    }
    /** Hands the bytes to `use` once their size and CRC-32 are the entry's. */
    handChecked(bytes, entry, info, use) {
        if (bytes.length !== entry.uncompressedSize)
            throw sizeMismatch(info);
        checkCrc((0,external_node_zlib_.crc32)(bytes), entry, info);
        use(bytes);
    }
    async slice(offset, length) {
        const end = offset + length;
        if (offset < this.start || end > this.start + this.bytes.length) {
            // One buffer, reused: what a slice returned is consumed before the next slice is asked for.
            // A slice (a local header, a small entry's data: at most 1 MiB) always fits in it.
            const bytesRead = await this.source.readInto(this.buffer, offset, length);
            this.bytes = this.buffer.subarray(0, bytesRead);
            this.start = offset;
            if (bytesRead < length)
                throw new inspect/* UnsafeArchiveError */.td('The bundle is not a readable zip: it ends inside an entry.');
        }
        return this.bytes.subarray(offset - this.start, end - this.start);
    }
}
/**
 * zlib's output buffer for an entry of `size` bytes: room for the whole output and a byte (one
 * buffer, not 16 KiB pieces and their concatenation; the byte tells zlib the output ended, and a
 * longer one is refused), and never less than half of Node's pool size: Buffer.allocUnsafe cuts
 * smaller buffers from one shared ArrayBuffer, which could not be freed alone (freeOutput).
 */
function outputChunkBytes(size) {
    const bytes = Math.max(size + 1, Buffer.poolSize >>> 1);
    // Never the pool's own size, so that freeOutput cannot mistake a pool for this output.
    return bytes === Buffer.poolSize ? bytes + 1 : bytes;
}
/**
 * Frees zlib's output now, when it is the one buffer zlib allocated for the call (of
 * `chunkSize` bytes, from its start), and says whether it did: a view of anything else is left
 * to the collector, and so is everything on a Node without ArrayBuffer.prototype.transfer
 * (before 21).
 */
function freeOutput(bytes, chunkSize) {
    const memory = bytes.buffer;
    if (bytes.byteOffset === 0 &&
        memory.byteLength === chunkSize &&
        memory instanceof ArrayBuffer &&
        typeof memory.transfer === 'function') {
        memory.transfer(0);
        return true;
    }
    return false;
}
/** yauzl checks sizes, not the CRC-32: every entry's is checked here, small, large or link. */
function checkCrc(crc, entry, info) {
    if (crc !== entry.crc32)
        throw new inspect/* UnsafeArchiveError */.td(`The bundle is damaged: ${(0,inspect/* quoted */.TL)(info.name)} does not match its CRC-32; download it again.`);
}
function sizeMismatch(info) {
    return new inspect/* UnsafeArchiveError */.td(`The bundle is unsafe to extract: ${(0,inspect/* quoted */.TL)(info.name)} does not inflate to the ${info.sizeBytes} bytes its header declares (an archive bomb, or a damaged zip).`);
}
function zip_reader_entryInfo(entry) {
    const name = zipEntryName(entry.fileName, entry.generalPurposeBitFlag, entry.extraFields);
    const mode = (entry.externalFileAttributes >>> 16) & S_IFMT;
    const type = name.endsWith('/') ? 'directory' : mode === S_IFLNK ? 'symlink' : 'file';
    return { name, type, sizeBytes: entry.uncompressedSize };
}
/** Calls `visit` for each entry in order until it returns false; rejects on a damaged zip. */
async function eachEntry(source, visit) {
    const { reader, size } = source.reader();
    return new Promise((resolve, reject) => {
        yauzl.fromRandomAccessReader(reader, size, OPEN_OPTIONS, (error, zip) => {
            // yauzl gives an error or a zip file; it leaves the reader open on an error.
            if (error) {
                reader.close(() => undefined);
                return reject(zipError(error));
            }
            // A second stop (an error after the end) settles nothing more; closing twice does nothing.
            const stop = (failure) => {
                zip.close();
                if (failure)
                    reject(failure);
                else
                    resolve();
            };
            zip.on('error', (failure) => stop(zipError(failure)));
            zip.on('end', () => stop());
            zip.on('entry', (entry) => {
                visit(zip, entry).then(goOn => (goOn ? zip.readEntry() : stop()), (failure) => stop(failure));
            });
            zip.readEntry();
        });
    });
}
/**
 * yauzl's view of the file: its many small reads (46 bytes and a name per central directory
 * record) are served from a 1 MiB window read at once, instead of two thread-pool round trips
 * each; entry data streams come from the file as usual. yauzl reads at most 192 KiB at once (a
 * record's name, extra field and comment; 64 KiB to find the end record): within the window.
 */
class WindowedReader extends yauzl.RandomAccessReader {
    buffer = Buffer.allocUnsafe(READER_WINDOW_BYTES);
    window = Buffer.alloc(0);
    start = 0;
    file;
    fd;
    /** Reads the open file `fd`, which zipFile's source closes. */
    constructor(file, fd) {
        super();
        this.file = file;
        this.fd = fd;
    }
    read(buffer, offset, length, position, callback) {
        try {
            if (position < this.start || position + length > this.start + this.window.length) {
                // One buffer, reused: each read is copied out of it at once.
                const bytesRead = (0,external_node_fs_.readSync)(this.fd, this.buffer, 0, this.buffer.length, position);
                this.window = this.buffer.subarray(0, bytesRead);
                this.start = position;
            }
            const from = position - this.start;
            const copied = this.window.copy(buffer, offset, from, from + length);
            queueMicrotask(() => callback(null, copied));
        }
        catch (error) {
            queueMicrotask(() => callback(error));
        }
    }
    _readStreamForRange(start, end) {
        return (0,external_node_fs_.createReadStream)(this.file, { start, end: end - 1, highWaterMark: 64 * 1024 });
    }
}
const READER_WINDOW_BYTES = 1024 * 1024;
function openStream(zip, entry) {
    return new Promise((resolve, reject) => zip.openReadStream(entry, (error, stream) => error ? reject(zipError(error)) : resolve(stream)));
}
/** A link's target: its bytes, bounded, their CRC-32 checked. */
async function linkTarget(stream, entry, info) {
    const chunks = [];
    let size = 0;
    // Leaving the loop destroys the stream (see streamEntry).
    try {
        for await (const chunk of stream) {
            size += chunk.length;
            if (size > MAX_LINK_TARGET_BYTES)
                throw new inspect/* UnsafeArchiveError */.td(`The bundle is unsafe to extract: link ${(0,inspect/* quoted */.TL)(info.name)} has a target longer than ${MAX_LINK_TARGET_BYTES} bytes.`);
            chunks.push(chunk);
        }
    }
    catch (error) {
        throw sizeError(error, info);
    }
    const target = Buffer.concat(chunks);
    checkCrc((0,external_node_zlib_.crc32)(target), entry, info);
    return target.toString('utf8');
}
/** An error out of an entry's stream: ours passes, yauzl's size check names the entry. */
function sizeError(error, info) {
    if (error instanceof inspect/* UnsafeArchiveError */.td)
        return error;
    if (/bytes in the stream/.test(error.message))
        return sizeMismatch(info);
    return zipError(error);
}
/** yauzl's errors (and the system's, reading the file), in yauzl's words. */
function zipError(error) {
    return new inspect/* UnsafeArchiveError */.td(`The bundle is not a readable zip: ${(0,untrusted/* untrusted */.bp)(error.message)}.`);
}

;// CONCATENATED MODULE: ./src/archive/extract.ts









const MAX_ENTRIES = 500_000;
/**
 * Extracts the bundle into `destination` (emptied first) in one pass over the archive: each
 * entry is checked as it is read and written from the same bytes, so no name reaches the disk
 * that the guards did not see, and nothing is inflated twice. Any refusal or failure removes
 * the folder: never a partial site.
 */
async function extractBundle(file, format, destination, options = {}) {
    await (0,promises_.rm)(destination, { recursive: true, force: true });
    await (0,folders/* makeFolder */.fc)(destination);
    try {
        const writer = new SiteWriter(destination, {
            maxTotalBytes: options.maxTotalBytes,
            maxEntries: options.maxEntries ?? MAX_ENTRIES,
            freeBytes: options.freeBytes ?? (await freeBytesAt(destination)),
            reservedBytes: options.reservedBytes,
            destination
        }, options.visitor);
        try {
            if (format === 'zip')
                await readZip(file, writer);
            else
                await readTar(tarSource(file, format === 'tar.gz'), writer);
        }
        catch (error) {
            writer.fail(error);
        }
        const symlinks = await writer.finish();
        await checkLinks(destination, symlinks);
        return { path: destination, files: writer.files, totalBytes: writer.totalBytes };
    }
    catch (error) {
        await (0,cleanup/* cleanUpAfterFailure */.P)(`the partly extracted site ${destination}`, () => (0,promises_.rm)(destination, { recursive: true, force: true }));
        throw error;
    }
}
/** Bytes an unprivileged process may still write on the disk that holds `folder`. */
async function freeBytesAt(folder) {
    const stats = await (0,promises_.statfs)(folder);
    return stats.bavail * stats.bsize;
}
/**
 * Second line of defence, for the links only (files cannot leave: their names were checked and
 * links are made last): follow each link to where the system says it ends.
 */
async function checkLinks(root, links) {
    const realRoot = await (0,promises_.realpath)(root);
    for (const path of links) {
        const problem = await linkProblem(path, realRoot);
        if (problem)
            throw new inspect/* UnsafeArchiveError */.td(`The bundle is unsafe: link ${(0,inspect/* quoted */.TL)((0,external_node_path_.relative)(root, path))} ${problem}.`);
    }
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
        // A link the system cannot follow here (a target with a part over 255 bytes, say) leads
        // nowhere known: its text alone cannot tell (`up/..` is wherever the link `up` leads, and up).
        return `cannot be followed: ${systemReason(error)}`;
    }
    if (!(0,paths/* isWithin */.U)(realRoot, resolved))
        return 'points outside the site';
    // A site needs no link to a folder, and whatever copies the site following links (the Pages
    // artifact, a CDN upload) would make a tree without end of one that leads to its own parent.
    const reached = await (0,promises_.stat)(path).catch(() => undefined);
    return reached?.isDirectory() ? 'leads to a folder (a site needs none)' : undefined;
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

//# sourceMappingURL=999.index.js.map