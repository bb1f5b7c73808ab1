export const id = 147;
export const ids = [147];
export const modules = {

/***/ 31147:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   upsertPullRequestComment: () => (/* binding */ upsertPullRequestComment)
/* harmony export */ });
/* unused harmony export pullRequestOf */
/* harmony import */ var _actions_core__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(33838);
/* harmony import */ var _actions_github__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(61351);


/** The pull request this run is for, or undefined outside one. */
function pullRequestOf(context) {
    const number = context.payload.pull_request?.number ??
        (context.payload.issue?.pull_request ? context.payload.issue.number : undefined);
    if (typeof number !== 'number')
        return undefined;
    return { ...context.repo, issueNumber: number };
}
/**
 * Creates one comment on the run's pull request, or updates the one carrying `marker` from an
 * earlier run, so re-runs do not pile up comments. A comment is a courtesy: a missing
 * permission is a warning, never a failed step.
 */
async function upsertPullRequestComment(token, marker, body, context = _actions_github__WEBPACK_IMPORTED_MODULE_1__/* .context */ ._) {
    const target = pullRequestOf(context);
    if (!target) {
        _actions_core__WEBPACK_IMPORTED_MODULE_0__/* .info */ .pq('This run is not for a pull request, so no comment was posted.');
        return 'skipped';
    }
    const fullBody = `${marker}\n${body}`;
    const octokit = _actions_github__WEBPACK_IMPORTED_MODULE_1__/* .getOctokit */ .Q(token);
    const where = { owner: target.owner, repo: target.repo, issue_number: target.issueNumber };
    try {
        const comments = await octokit.paginate(octokit.rest.issues.listComments, {
            ...where,
            per_page: 100
        });
        const existing = comments.find(comment => comment.body?.includes(marker));
        if (existing) {
            await octokit.rest.issues.updateComment({
                owner: target.owner,
                repo: target.repo,
                comment_id: existing.id,
                body: fullBody
            });
            _actions_core__WEBPACK_IMPORTED_MODULE_0__/* .info */ .pq(`Updated the comment on pull request #${target.issueNumber}.`);
            return 'updated';
        }
        await octokit.rest.issues.createComment({ ...where, body: fullBody });
        _actions_core__WEBPACK_IMPORTED_MODULE_0__/* .info */ .pq(`Commented on pull request #${target.issueNumber}.`);
        return 'created';
    }
    catch (error) {
        const status = error.status;
        const hint = status === 403 || status === 404
            ? ' Give the workflow `permissions: pull-requests: write` (a pull request from a fork gets a read-only token), or set `comment: false`.'
            : '';
        _actions_core__WEBPACK_IMPORTED_MODULE_0__/* .warning */ .$e(`Could not comment on pull request #${target.issueNumber}${status ? ` (HTTP ${status})` : ''}: ${error.message}.${hint}`);
        return 'failed';
    }
}


/***/ })

};

//# sourceMappingURL=147.index.js.map