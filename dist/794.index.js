export const id = 794;
export const ids = [794];
export const modules = {

/***/ 21794:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   ownCommentBody: () => (/* binding */ ownCommentBody),
/* harmony export */   sX: () => (/* binding */ tokenIdentity),
/* harmony export */   upsertPullRequestComment: () => (/* binding */ upsertPullRequestComment)
/* harmony export */ });
/* unused harmony exports pullRequestOf, runFooter, isOwnComment */
/* harmony import */ var _actions_github__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(61351);
/* harmony import */ var _log_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(4827);
/* harmony import */ var _util_untrusted_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(19630);



/** The pull request this run is for, or undefined outside one. */
function pullRequestOf(context) {
    // A `workflow_run` names the pull requests of the run it follows (none for a fork's).
    const followed = context.eventName === 'workflow_run' ? context.payload.workflow_run : undefined;
    const number = context.payload.pull_request?.number ??
        (context.payload.issue?.pull_request ? context.payload.issue.number : undefined) ??
        followed?.pull_requests?.[0]?.number;
    if (typeof number !== 'number')
        return undefined;
    return { ...context.repo, issueNumber: number };
}
/**
 * On a push (a merge to the default branch, say), the pull request that brought the commit in,
 * so the people on the code change hear of the result; undefined when there is none.
 */
async function mergedPullRequestOf(octokit, context) {
    if (context.eventName !== 'push' || !context.sha)
        return undefined;
    try {
        const { data } = await octokit.rest.repos.listPullRequestsAssociatedWithCommit({
            ...context.repo,
            commit_sha: context.sha
        });
        const pull = data.find(p => p.merge_commit_sha === context.sha) ?? data[0];
        return pull ? { ...context.repo, issueNumber: pull.number } : undefined;
    }
    catch (error) {
        _log_js__WEBPACK_IMPORTED_MODULE_1__/* .log */ .Rm.info(`Could not find the pull request of commit ${context.sha.slice(0, 7)} (${(0,_util_untrusted_js__WEBPACK_IMPORTED_MODULE_2__/* .untrusted */ .bp)(error.message)}), so no comment was posted.`);
        return undefined;
    }
}
/**
 * The open pull request whose head is `branch` of this repository, for a run that is for none
 * (a dispatch that follows a preview again); undefined when there is none or it cannot be told.
 */
async function openPullRequestOf(octokit, context, branch) {
    try {
        const { data } = await octokit.rest.pulls.list({
            ...context.repo,
            state: 'open',
            head: `${context.repo.owner}:${branch}`,
            per_page: 1
        });
        const number = data[0]?.number;
        return typeof number === 'number' ? { ...context.repo, issueNumber: number } : undefined;
    }
    catch (error) {
        _log_js__WEBPACK_IMPORTED_MODULE_1__/* .log */ .Rm.info(`Could not find the open pull request of branch ${(0,_util_untrusted_js__WEBPACK_IMPORTED_MODULE_2__/* .untrusted */ .bp)(branch)} (${(0,_util_untrusted_js__WEBPACK_IMPORTED_MODULE_2__/* .untrusted */ .bp)(error.message)}), so no comment was posted.`);
        return undefined;
    }
}
/** The pull request a run's comment goes on: the run's own, a push's merged one, or `branch`'s. */
async function commentTarget(octokit, context, branch) {
    const own = pullRequestOf(context) ?? (await mergedPullRequestOf(octokit, context));
    if (own || !branch || context.eventName === 'push')
        return own;
    return openPullRequestOf(octokit, context, branch);
}
/**
 * The comment's last line: the workflow run that wrote it, the commit it was for, and when, so
 * a reader knows how fresh it is and where the logs are.
 */
function runFooter(context, now = new Date()) {
    const parts = [];
    if (context.serverUrl && context.runId) {
        const repository = `${context.repo.owner}/${context.repo.repo}`;
        parts.push(`[Workflow run](${context.serverUrl}/${repository}/actions/runs/${context.runId})`);
    }
    const head = context.payload.pull_request?.head;
    const followed = context.eventName === 'workflow_run'
        ? context.payload.workflow_run
        : undefined;
    // A comment on a pull request runs on the default branch: its commit is not the pull
    // request's, and the event does not say which that is.
    const sha = typeof head?.sha === 'string'
        ? head.sha
        : typeof followed?.head_sha === 'string'
            ? followed.head_sha
            : context.eventName === 'issue_comment'
                ? undefined
                : context.sha;
    if (sha && /^[0-9a-f]{7,64}$/i.test(sha))
        parts.push(`commit \`${sha.slice(0, 7)}\``);
    parts.push(`updated ${now.toISOString().slice(0, 16).replace('T', ' ')} UTC`);
    return `<sub>${parts.join(' · ')}</sub>`;
}
/**
 * Ours: written by the token's own identity, with the marker as its whole first line. Anyone
 * may paste a marker into a comment; updating theirs would fail (403) or, worse, rewrite it.
 */
function isOwnComment(comment, marker, author) {
    const firstLine = comment.body?.split('\n', 1)[0]?.replace(/\r$/, '');
    return author !== undefined && comment.user?.login === author && firstLine === marker;
}
/**
 * The login comments made with `token` are shown under: `viewer` answers for every token kind
 * (the workflow token is `github-actions[bot]`, an app's token `<app>[bot]`, a user's token that
 * user), where REST `GET /user` refuses installation tokens.
 */
async function tokenIdentity(octokit, withoutIt) {
    try {
        // Both are non-null in GitHub's schema (`viewer: User!`, `login: String!`).
        const answer = await octokit.graphql('query { viewer { login } }');
        return answer.viewer.login || undefined;
    }
    catch (error) {
        _log_js__WEBPACK_IMPORTED_MODULE_1__/* .log */ .Rm.info(`Could not tell who this token is (${(0,_util_untrusted_js__WEBPACK_IMPORTED_MODULE_2__/* .untrusted */ .bp)(error.message)}), so ${withoutIt}.`);
        return undefined;
    }
}
/** Bounds the comment's requests together: a courtesy must not hold the step long. */
const COMMENT_REQUEST_TIMEOUT_MS = 30_000;
function commentClient(token) {
    return _actions_github__WEBPACK_IMPORTED_MODULE_0__/* .getOctokit */ .Q(token, {
        request: { signal: AbortSignal.timeout(COMMENT_REQUEST_TIMEOUT_MS) }
    });
}
/** The comment this token wrote with `marker` on the pull request, if any. */
async function findOwnComment(octokit, target, marker, withoutIt) {
    const author = await tokenIdentity(octokit, withoutIt);
    if (!author)
        return undefined;
    const comments = await octokit.paginate(octokit.rest.issues.listComments, {
        owner: target.owner,
        repo: target.repo,
        issue_number: target.issueNumber,
        per_page: 100
    });
    return comments.find(comment => isOwnComment(comment, marker, author));
}
/**
 * The body of the comment an earlier run wrote with `marker` on this run's pull request, for
 * what it recorded; undefined when there is none or it cannot be read (a courtesy: never fails).
 */
async function ownCommentBody(token, marker, branch, context = _actions_github__WEBPACK_IMPORTED_MODULE_0__/* .context */ ._) {
    const octokit = commentClient(token);
    const target = await commentTarget(octokit, context, branch);
    if (!target)
        return undefined;
    try {
        const own = await findOwnComment(octokit, target, marker, 'no earlier comment is read');
        return own?.body ?? undefined;
    }
    catch (error) {
        _log_js__WEBPACK_IMPORTED_MODULE_1__/* .log */ .Rm.info(`Could not read the earlier comment on pull request #${target.issueNumber}: ${(0,_util_untrusted_js__WEBPACK_IMPORTED_MODULE_2__/* .untrusted */ .bp)(error.message)}.`);
        return undefined;
    }
}
/**
 * Creates one comment on the run's pull request, or updates the one this token wrote with
 * `marker` in an earlier run, so re-runs do not pile up comments. A comment is a courtesy: a
 * missing permission is a warning, never a failed step. The body is scrubbed of every secret
 * the run knows: no runner mask covers a comment.
 */
async function upsertPullRequestComment(token, marker, body, context = _actions_github__WEBPACK_IMPORTED_MODULE_0__/* .context */ ._, branch) {
    const octokit = commentClient(token);
    const target = await commentTarget(octokit, context, branch);
    if (!target) {
        _log_js__WEBPACK_IMPORTED_MODULE_1__/* .log */ .Rm.info('This run is not for a pull request, so no comment was posted.');
        return 'skipped';
    }
    const fullBody = `${marker}\n${_log_js__WEBPACK_IMPORTED_MODULE_1__/* .secrets */ .O3.scrub(body)}\n\n${runFooter(context)}`;
    const where = { owner: target.owner, repo: target.repo, issue_number: target.issueNumber };
    try {
        const existing = await findOwnComment(octokit, target, marker, 'a new comment is posted instead of updating one');
        if (existing) {
            await octokit.rest.issues.updateComment({
                owner: target.owner,
                repo: target.repo,
                comment_id: existing.id,
                body: fullBody
            });
            _log_js__WEBPACK_IMPORTED_MODULE_1__/* .log */ .Rm.info(`Updated the comment on pull request #${target.issueNumber}.`);
            return 'updated';
        }
        await octokit.rest.issues.createComment({ ...where, body: fullBody });
        _log_js__WEBPACK_IMPORTED_MODULE_1__/* .log */ .Rm.info(`Commented on pull request #${target.issueNumber}.`);
        return 'created';
    }
    catch (error) {
        const status = error.status;
        const hint = status === 403 || status === 404
            ? ' Give the workflow `permissions: pull-requests: write` (a pull request from a fork gets a read-only token), or set `comment: false`.'
            : '';
        _log_js__WEBPACK_IMPORTED_MODULE_1__/* .log */ .Rm.warning(`Could not comment on pull request #${target.issueNumber}${status ? ` (HTTP ${status})` : ''}: ${(0,_util_untrusted_js__WEBPACK_IMPORTED_MODULE_2__/* .untrusted */ .bp)(error.message)}.${hint}`);
        return 'failed';
    }
}


/***/ })

};

//# sourceMappingURL=794.index.js.map