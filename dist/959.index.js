export const id = 959;
export const ids = [959];
export const modules = {

/***/ 87959:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   previewDeployment: () => (/* binding */ previewDeployment)
/* harmony export */ });
/* harmony import */ var _actions_github__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(61351);
/* harmony import */ var _log_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(4827);
/* harmony import */ var _modes_errors_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(39945);
/* harmony import */ var _modes_preview_branch_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(14967);
/* harmony import */ var _util_untrusted_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(19630);





/** Bounds each request (by default): recording a deployment is a courtesy and must not hold the step. */
const REQUEST_TIMEOUT_MS = 30_000;
/**
 * GitHub refuses a deployment's or a status's description over 140 characters (422), which
 * would leave the deployment in progress: a cut one ends in `…`, its 140th.
 */
const DESCRIPTION_CUT = 139;
/** What a deployment's payload records of the preview, for a run that follows it later. */
const STATUS_ID = 'mintlifyStatusId';
const PREVIEW_URL = 'previewUrl';
/** A payload as GitHub gives it back: the object sent, or (from other writers) any JSON. */
function recordOf(payload) {
    if (typeof payload === 'string') {
        try {
            payload = JSON.parse(payload);
        }
        catch {
            return undefined;
        }
    }
    return payload && typeof payload === 'object' && !Array.isArray(payload)
        ? payload
        : undefined;
}
/**
 * The preview as a GitHub deployment. Without `deployments: write` (or on a fork's read-only
 * token) it warns once and the step goes on: the preview itself is the step's result.
 */
function previewDeployment(settings, context = _actions_github__WEBPACK_IMPORTED_MODULE_0__/* .context */ ._, requestTimeoutMs = REQUEST_TIMEOUT_MS) {
    const options = settings.githubDeployment;
    if (!options)
        return undefined;
    // Another branch than the run's own is named by the branch: its commit is not known here.
    const sha = (0,_modes_preview_branch_js__WEBPACK_IMPORTED_MODULE_4__/* .previewedCommit */ .n)(settings.branch, settings.github);
    const ref = sha ?? settings.branch;
    // A client per request: a signal made once would run out during a long build, and the
    // final status (sent minutes later) would fail at once.
    const octokit = () => _actions_github__WEBPACK_IMPORTED_MODULE_0__/* .getOctokit */ .Q(options.token, {
        request: { signal: AbortSignal.timeout(requestTimeoutMs) }
    });
    const { owner, repo } = context.repo;
    let deploymentId;
    let broken = false;
    const warn = (what, error) => {
        broken = true;
        const status = error.status;
        const hint = status === 403 || status === 404
            ? ' Give the workflow `permissions: deployments: write` (a pull request from a fork gets a read-only token), or set `github-deployment: false`.'
            : '';
        _log_js__WEBPACK_IMPORTED_MODULE_1__/* .log */ .Rm.warning(`Could not ${what}${status ? ` (HTTP ${status})` : ''}: ${(0,_util_untrusted_js__WEBPACK_IMPORTED_MODULE_3__/* .untrusted */ .bp)(error.message)}.${hint}`);
    };
    const setStatus = async (state, report) => {
        if (deploymentId === undefined || broken)
            return;
        try {
            await octokit().rest.repos.createDeploymentStatus({
                owner,
                repo,
                deployment_id: deploymentId,
                state,
                ...(state === 'success' && report.previewUrl ? { environment_url: report.previewUrl } : {}),
                ...(settings.github.runUrl ? { log_url: settings.github.runUrl } : {}),
                description: (0,_util_untrusted_js__WEBPACK_IMPORTED_MODULE_3__/* .untrusted */ .bp)(state === 'success'
                    ? 'Mintlify preview ready'
                    : state === 'failure'
                        ? `Mintlify preview failed${report.deployment?.summary ? `: ${report.deployment.summary}` : ''}`
                        : 'Mintlify preview building', DESCRIPTION_CUT),
                auto_inactive: state === 'success'
            });
            _log_js__WEBPACK_IMPORTED_MODULE_1__/* .log */ .Rm.info(`GitHub deployment ${deploymentId} of ${options.environment}: ${state}.`);
        }
        catch (error) {
            warn(`set the status of GitHub deployment ${deploymentId}`, error);
        }
    };
    /**
     * The deployment the run that triggered a followed preview recorded (its payload names the
     * status id), so that it is carried on rather than left in progress beside a new one; the
     * preview's address comes with it. The most recent 100 of the environment are looked at.
     */
    const recorded = async (statusId) => {
        try {
            const { data } = await octokit().rest.repos.listDeployments({
                owner,
                repo,
                environment: options.environment,
                per_page: 100
            });
            for (const deployment of data) {
                const payload = recordOf(deployment.payload);
                if (payload?.[STATUS_ID] === statusId)
                    return { id: deployment.id, payload };
            }
        }
        catch (error) {
            _log_js__WEBPACK_IMPORTED_MODULE_1__/* .log */ .Rm.info(`Could not look for the GitHub deployment of preview ${statusId}: ${(0,_util_untrusted_js__WEBPACK_IMPORTED_MODULE_3__/* .untrusted */ .bp)(error.message)}.`);
        }
        return undefined;
    };
    return {
        async started(report) {
            const earlier = report.resumed && report.statusId ? await recorded(report.statusId) : undefined;
            if (earlier) {
                deploymentId = earlier.id;
                const address = earlier.payload[PREVIEW_URL];
                if (!report.previewUrl && typeof address === 'string' && (0,_util_untrusted_js__WEBPACK_IMPORTED_MODULE_3__/* .httpUrl */ .q3)(address))
                    report.previewUrl = address;
                _log_js__WEBPACK_IMPORTED_MODULE_1__/* .log */ .Rm.info(`Carrying on GitHub deployment ${deploymentId} of ${options.environment}.`);
                await setStatus('in_progress', report);
                return;
            }
            if (!ref) {
                _log_js__WEBPACK_IMPORTED_MODULE_1__/* .log */ .Rm.warning('No commit to record a GitHub deployment for (no GITHUB_SHA): skipped.');
                broken = true;
                return;
            }
            try {
                const created = await octokit().rest.repos.createDeployment({
                    owner,
                    repo,
                    ref,
                    environment: options.environment,
                    description: (0,_util_untrusted_js__WEBPACK_IMPORTED_MODULE_3__/* .untrusted */ .bp)(`Mintlify preview of ${report.branch}`, DESCRIPTION_CUT),
                    auto_merge: false,
                    required_contexts: [],
                    transient_environment: true,
                    production_environment: false,
                    payload: {
                        ...(report.statusId ? { [STATUS_ID]: report.statusId } : {}),
                        ...(report.previewUrl ? { [PREVIEW_URL]: report.previewUrl } : {})
                    }
                });
                const id = created.data.id;
                if (typeof id !== 'number') {
                    broken = true;
                    _log_js__WEBPACK_IMPORTED_MODULE_1__/* .log */ .Rm.warning('GitHub created no deployment (it answered without an id): skipped.');
                    return;
                }
                deploymentId = id;
                _log_js__WEBPACK_IMPORTED_MODULE_1__/* .log */ .Rm.info(`Recorded GitHub deployment ${id} of ${sha ? sha.slice(0, 7) : `branch ${(0,_util_untrusted_js__WEBPACK_IMPORTED_MODULE_3__/* .untrusted */ .bp)(ref)}`} in ${options.environment}.`);
            }
            catch (error) {
                warn('record the preview as a GitHub deployment', error);
                return;
            }
            await setStatus('in_progress', report);
        },
        async finished(report, error) {
            // The preview goes on building: neither failed nor ready, as far as this run knows.
            if ((0,_modes_errors_js__WEBPACK_IMPORTED_MODULE_2__/* .stoppedWaiting */ .$F)(error)) {
                if (deploymentId !== undefined && !broken)
                    _log_js__WEBPACK_IMPORTED_MODULE_1__/* .log */ .Rm.info(`GitHub deployment ${deploymentId} of ${options.environment}: left in progress.`);
                return;
            }
            await setStatus(error ? 'failure' : 'success', report);
        }
    };
}


/***/ })

};

//# sourceMappingURL=959.index.js.map