export const id = 454;
export const ids = [454];
export const modules = {

/***/ 1454:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   judgeAudit: () => (/* binding */ judgeAudit)
/* harmony export */ });
/**
 * What external hosts mean where the site will run (the spec's table of features by deployment
 * kind): the cloud reaches them; a client-hosted install may not; an air-gapped one cannot.
 */
function judgeAudit(hosts, deployment) {
    if (hosts.size === 0)
        return { kind: 'clean' };
    const list = [...hosts].map(([host, file]) => `${host} (e.g. in ${file})`);
    if (deployment === 'cloud') {
        return {
            kind: 'report',
            message: `The site loads from ${hosts.size} external host(s): ${[...hosts.keys()].join(', ')}.`
        };
    }
    if (deployment === 'client-hosted') {
        return {
            kind: 'warn',
            warnings: list.map(entry => `The site loads from ${entry}; a client-hosted install must be able to reach it, or add it to \`allowed-hosts\`.`)
        };
    }
    return {
        kind: 'fail',
        message: `The site loads from ${hosts.size} external host(s), which an air-gapped deployment cannot reach:\n${list.map(e => `  - ${e}`).join('\n')}\nServe those files from the site itself, or list hosts that are reachable there in \`allowed-hosts\`.`
    };
}


/***/ })

};

//# sourceMappingURL=454.index.js.map