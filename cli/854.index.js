export const id = 854;
export const ids = [854];
export const modules = {

/***/ 6854:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   exportVersion: () => (/* binding */ exportVersion),
/* harmony export */   writeHelmValues: () => (/* binding */ writeHelmValues)
/* harmony export */ });
/* unused harmony export helmValuesYaml */
/* harmony import */ var node_fs_promises__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(1455);
/* harmony import */ var node_fs_promises__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_fs_promises__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var _util_folders_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(3269);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(6760);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_2___default = /*#__PURE__*/__webpack_require__.n(node_path__WEBPACK_IMPORTED_MODULE_2__);
/* harmony import */ var yaml__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(8815);




/** Length of the SHA-256 prefix used as a version label: short, yet unique in practice. */
const VERSION_HASH_CHARS = 12;
/**
 * A stable version for `staticExport.version`: the given override, else the bundle's SHA-256
 * prefix (same content, same version), else the job id when nothing was downloaded.
 */
function exportVersion(override, sha256, jobId) {
    return override || (sha256 ? `sha256-${sha256.slice(0, VERSION_HASH_CHARS)}` : jobId);
}
/** The chart values that serve the bundle, as YAML (a library quotes what needs quoting). */
function helmValuesYaml(bundleUrl, version) {
    const values = { staticExport: { enabled: true, bundleUrl, version } };
    // Helm reads values as YAML 1.1, where a bare `on`, `no` or `2024-06-01` is not a string:
    // written by 1.1 rules, every such scalar is quoted.
    return `# Written by the Mintlify Admin API action for: helm upgrade -f <this file>\n${(0,yaml__WEBPACK_IMPORTED_MODULE_3__/* .stringify */ .As)(values, { version: '1.1' })}`;
}
/**
 * Writes the values file, readable by its owner only: it holds the presigned link. Written to a
 * new file beside it, then renamed over it: an existing file (another mode, or a link planted
 * where the values go) is replaced, never written through, and no moment holds the link in a
 * file others may read.
 */
async function writeHelmValues(path, bundleUrl, version) {
    const fresh = (0,node_path__WEBPACK_IMPORTED_MODULE_2__.join)((0,node_path__WEBPACK_IMPORTED_MODULE_2__.dirname)(path), `.${(0,node_path__WEBPACK_IMPORTED_MODULE_2__.basename)(path)}.${process.pid}.${Date.now()}.tmp`);
    try {
        await (0,_util_folders_js__WEBPACK_IMPORTED_MODULE_1__/* .makeFolder */ .fc)((0,node_path__WEBPACK_IMPORTED_MODULE_2__.dirname)(path));
        // `wx`: a file already there under this name is no file of ours to write the link into.
        await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_0__.writeFile)(fresh, helmValuesYaml(bundleUrl, version), { mode: 0o600, flag: 'wx' });
        await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_0__.rename)(fresh, path);
    }
    catch (error) {
        await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_0__.rm)(fresh, { force: true }).catch(() => undefined);
        const code = error.code ?? 'error';
        throw new Error(`The Helm values file ${path} could not be written (${code}): check that its folder is writable, that the path is not a folder, and that no other program holds the file open or read-only.`, { cause: error });
    }
    return path;
}


/***/ })

};

//# sourceMappingURL=854.index.js.map