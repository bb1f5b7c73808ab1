import type { ModeName } from './modes/modes.js'

/*
 * Every input, declared once. action.yml's inputs and outputs, the CLI's flags and its help,
 * and the README tables follow from these or are checked against them by a test
 * (test/unit/inputs.test.ts), so the action and the CLI cannot drift apart.
 */

export interface InputDeclaration {
  /** The action's input name; the CLI's flag is `--<name>`. */
  readonly name: string
  /** `flag`: true/false (`--x` / `--no-x`); `list`: lines or commas; `text`: the rest. */
  readonly kind: 'text' | 'flag' | 'list'
  /** The modes that read it. */
  readonly modes: readonly ModeName[]
  /** Only the action has it: the CLI takes the key from the environment, has no comment or artifact. */
  readonly only?: 'action'
  readonly required?: boolean
  /** As the runner applies it from action.yml; the CLI applies the same. */
  readonly default?: string
  /**
   * Defaults that differ by mode (agent jobs run far longer than exports): action.yml then
   * declares `''`, and the settings reader puts the mode's value (or `otherwise`) in its place.
   */
  readonly modeDefaults?: { readonly otherwise: string } & Partial<Record<ModeName, string>>
  readonly description: string
  /** The CLI's help, where the input means something else there (`path`'s default folder). */
  readonly cliDescription?: string
}

const ALL: readonly ModeName[] = ['export', 'agent-watch', 'agent', 'deploy', 'preview']
const AGENT_MODES: readonly ModeName[] = ['agent-watch', 'agent']
const PROJECT_MODES: readonly ModeName[] = ['agent-watch', 'agent', 'deploy', 'preview']

/** The value a mode reads for an input left empty: its own default, where it has one. */
export function modeDefault(input: InputDeclaration, mode: ModeName | undefined): string {
  return (
    (mode && input.modeDefaults?.[mode]) ?? input.modeDefaults?.otherwise ?? input.default ?? ''
  )
}

export const INPUTS: readonly InputDeclaration[] = [
  {
    name: 'mode',
    kind: 'text',
    modes: ALL,
    only: 'action',
    required: true,
    description:
      'What to do: `export` (static export bundle), `agent-watch` (follow an agent job), `agent` (start an agent job, or send one a follow-up, and follow it), `deploy` (publish the docs and wait until live) or `preview` (deploy a branch preview).'
  },
  {
    name: 'api-key',
    kind: 'text',
    modes: ALL,
    only: 'action',
    required: true,
    description:
      'Mintlify admin API key (begins with `mint_`), from a secret, e.g. `secrets.MINTLIFY_ADMIN_KEY`. Registered as a secret before anything is logged.'
  },
  {
    name: 'base-url',
    kind: 'text',
    modes: ALL,
    default: 'https://api.mintlify.com',
    description:
      'Base address of the Mintlify Admin API. Plain `http://` is accepted only for loopback hosts.'
  },
  {
    name: 'timeout',
    kind: 'text',
    modes: ALL,
    default: '',
    modeDefaults: { otherwise: '15m', 'agent-watch': '1h', agent: '1h' },
    description:
      'Longest the step may wait for its work: the job, the download, and in the action the artifact upload. A duration: `90` (seconds), `90s`, `500ms`, `10m`, `1h`. Default: `15m`; `1h` for `agent-watch` and `agent`, whose jobs run for minutes to tens of minutes.'
  },
  {
    name: 'poll-interval',
    kind: 'text',
    modes: ALL,
    default: '',
    modeDefaults: { otherwise: '10s', 'agent-watch': '30s', agent: '30s' },
    description:
      'Ceiling of the polling back-off (a duration). Polls start fast (2s) and back off toward it; while export progress rises steadily, polls aim just after the predicted completion and may be up to 3x this apart on the way there. Default: `10s`; `30s` for `agent-watch` and `agent`.'
  },
  {
    name: 'request-timeout',
    kind: 'text',
    modes: ALL,
    default: '30s',
    description:
      'Longest silence on one request (waiting for headers, or between body bytes) before the connection is taken for dead and retried (a duration).'
  },
  {
    name: 'max-poll-errors',
    kind: 'text',
    modes: ALL,
    default: '10',
    description:
      'Failed status polls in a row (429, 5xx, resets, each already retried a few times) after which the step gives up.'
  },
  {
    name: 'allow-insecure-http',
    kind: 'flag',
    modes: ALL,
    default: 'false',
    description:
      'Allow plain `http://` for `base-url` and bundle links on non-loopback hosts. The key and the link would travel in clear: only for trusted networks.'
  },
  {
    name: 'domain',
    kind: 'text',
    modes: ['export'],
    default: '',
    description:
      'export: host name of the docs deployment to export, e.g. `docs.example.com` (a pasted `https://docs.example.com/` is reduced to its host). Required unless `job-id` is set.'
  },
  {
    name: 'job-id',
    kind: 'text',
    modes: ['export', 'agent-watch', 'agent'],
    default: '',
    description:
      'export: reuse this existing export job instead of starting one (for a fresh bundle link without re-rendering, or to resume a job started with `wait: false`). agent-watch: the agent job to follow (required). agent: send `message` to this job instead of starting one.'
  },
  {
    name: 'site-version',
    kind: 'text',
    modes: ['export'],
    default: '',
    description:
      'export: version label of the docs to export (default: the latest published version).'
  },
  {
    name: 'paths',
    kind: 'list',
    modes: ['export'],
    default: '',
    description:
      'export: only these page paths, one per line or comma-separated (default: every page).'
  },
  {
    name: 'wait',
    kind: 'flag',
    modes: ['export', 'agent'],
    default: 'true',
    description:
      'export, agent: wait for the job to finish. `false` stops after starting it (or sending the follow-up) and sets `job-id`.'
  },
  {
    name: 'download',
    kind: 'flag',
    modes: ['export'],
    default: 'true',
    description:
      'export: download the bundle. `false` stops once `bundle-url` is known (e.g. for Helm).'
  },
  {
    name: 'checksum',
    kind: 'text',
    modes: ['export'],
    default: 'sha256',
    description:
      "export: `sha256` computes the bundle's SHA-256 while it downloads (`bundle-sha256`, checked against one the store announces, and the default `export-version`); `none` only writes the bytes, as `curl -o` does, for the fastest download where the CPU is the limit."
  },
  {
    name: 'extract',
    kind: 'flag',
    modes: ['export'],
    default: 'false',
    description:
      'export: extract the downloaded archive (zip, tar.gz or tar, detected from its bytes) into `<path>/site`.'
  },
  {
    name: 'extract-limit',
    kind: 'text',
    modes: ['export'],
    default: '',
    description:
      'export: largest total size the extracted site may reach, e.g. `500MiB` or `20GiB`; a bundle past it is refused as an archive bomb. Empty: the free space of the disk that holds `path`, since more cannot be written anyway.'
  },
  {
    name: 'path',
    kind: 'text',
    modes: ['export'],
    default: '',
    description:
      "export: folder for the downloaded bundle (relative paths are from the workspace). Default: a folder per job under the runner's temp directory.",
    cliDescription:
      'export: folder for the downloaded bundle (relative paths are from where the command runs). Default: a folder of the run’s own in the system temp folder, removed at exit unless an output names a file in it.'
  },
  {
    name: 'upload-artifact',
    kind: 'flag',
    modes: ['export'],
    only: 'action',
    default: 'false',
    description:
      'export: upload the bundle as a workflow artifact (outputs `artifact-id`, `artifact-url`).'
  },
  {
    name: 'artifact-content',
    kind: 'text',
    modes: ['export'],
    only: 'action',
    default: 'archive',
    description:
      'export: what the artifact holds. `archive` (the downloaded file, not compressed again), `extracted` (the site\'s files; a file name with `" : < > | * ?`, which the artifact service refuses, fails the step before the upload), or `pages` (one `artifact.tar` of the site, as `actions/deploy-pages` consumes it).'
  },
  {
    name: 'artifact-name',
    kind: 'text',
    modes: ['export'],
    only: 'action',
    default: '',
    description:
      'export: artifact name (default: `github-pages` for `pages`, else `mintlify-export-<job id>`).'
  },
  {
    name: 'retention-days',
    kind: 'text',
    modes: ['export'],
    only: 'action',
    default: '0',
    description: 'export: days to keep the artifact (1-90; 0 = the repository default).'
  },
  {
    name: 'export-version',
    kind: 'text',
    modes: ['export'],
    default: '',
    description:
      "export: `staticExport.version` in the Helm values file (default: `sha256-` and the bundle's SHA-256 prefix when downloaded, else the job id)."
  },
  {
    name: 'deployment-kind',
    kind: 'text',
    modes: ['export'],
    default: 'cloud',
    description:
      'export: where the site will be served, for the audit of external hosts it loads from. `cloud` reports them, `client-hosted` warns for each, `air-gapped` fails the step (nothing outside can be reached there). Anything but `cloud` implies extraction.'
  },
  {
    name: 'allowed-hosts',
    kind: 'list',
    modes: ['export'],
    default: '',
    description:
      'export: hosts the site may load from anyway (one per line or comma-separated; `*.example.com` covers subdomains).'
  },
  {
    name: 'check',
    kind: 'text',
    modes: ['export'],
    default: 'warn',
    description:
      "export: check the extracted site's internal links, assets, sitemap and canonical URLs against its files, by the rules of `host`. `warn` annotates what will not resolve, `fail` also fails the step (and implies extraction), `off` skips it. Runs whenever the site is extracted."
  },
  {
    name: 'host',
    kind: 'text',
    modes: ['export'],
    default: 'plain',
    description:
      'export: where the extracted site will be served, for the link check and the configuration written for it: `github-pages`, `cloudfront` (S3 origin), `s3-website`, `netlify`, `vercel`, `cloudflare-pages`, `nginx`, `caddy`, or `plain` (a static server adding no `.html`). For `nginx`, `caddy`, `cloudfront` and `vercel` the configuration that serves extensionless URLs is written (`host-config`). Anything but `plain` implies extraction.'
  },
  {
    name: 'project-id',
    kind: 'text',
    modes: PROJECT_MODES,
    default: '',
    description:
      "agent-watch, agent, deploy, preview: the project id, as shown on the dashboard's API keys page. Required in these modes."
  },
  {
    name: 'prompt',
    kind: 'text',
    modes: ['agent'],
    default: '',
    description:
      'agent: what to ask the agent (a new job). With `context: auto` a short block about the triggering change is added. One of `prompt`, `prompt-file`, or `job-id` with `message` is required.'
  },
  {
    name: 'prompt-file',
    kind: 'text',
    modes: ['agent'],
    default: '',
    description:
      'agent: a file in the workspace holding the prompt (e.g. `.github/docs-agent.md`), instead of `prompt`.'
  },
  {
    name: 'message',
    kind: 'text',
    modes: ['agent'],
    default: '',
    description:
      'agent: a follow-up prompt for the job in `job-id` (the agent continues it, usually on the same pull request).'
  },
  {
    name: 'context',
    kind: 'text',
    modes: ['agent'],
    default: 'auto',
    description:
      'agent: `auto` adds the triggering change to the prompt (pull request: repository, number, title, link, branches, description and changed files; push: compare link and commit messages); `none` sends the prompt alone. The whole prompt is capped at 20,000 characters.'
  },
  {
    name: 'allow-untrusted-trigger',
    kind: 'flag',
    modes: ['agent'],
    default: 'false',
    description:
      'agent: run even on `issue_comment`, `pull_request_review_comment`, `pull_request_target` (and other events anyone can write) when the author is not an OWNER, MEMBER or COLLABORATOR. Off: such a run is refused before any request.'
  },
  {
    name: 'require-pr',
    kind: 'flag',
    modes: AGENT_MODES,
    default: 'false',
    description:
      'agent-watch, agent: fail when the agent job ended without a pull request (completed without file changes, or archived without one).'
  },
  {
    name: 'not-found-grace',
    kind: 'text',
    modes: ALL,
    default: '10s',
    description:
      'How long a 404 is retried for an export job, an agent job or a deployment status not seen yet, which the API may not show for a moment after it was created (a duration; `0s` fails at once).'
  },
  {
    name: 'comment',
    kind: 'flag',
    modes: ALL,
    only: 'action',
    default: 'false',
    description:
      'Comment the result on the pull request the workflow runs for (updated in place on later runs). Needs `permissions: pull-requests: write`. On a `push`, the pull request that merged the commit; outside a pull request it does nothing.'
  },
  {
    name: 'github-token',
    kind: 'text',
    modes: ALL,
    only: 'action',
    default: '${{ github.token }}',
    description:
      "Token for the pull-request comment, the GitHub deployment, and in `agent` mode for listing a pull request's changed files."
  },
  {
    name: 'status-id',
    kind: 'text',
    modes: ['deploy', 'preview'],
    default: '',
    description:
      "deploy, preview: wait for this deployment or preview (its `statusId`), started elsewhere or by a run that timed out, instead of triggering one. A preview's comment and GitHub deployment from that run are carried on, with its address."
  },
  {
    name: 'branch',
    kind: 'text',
    modes: ['preview'],
    default: '',
    description:
      "preview: the branch to preview (default: the pull request's head branch on `pull_request` events, else the branch the workflow runs on)."
  },
  {
    name: 'github-deployment',
    kind: 'flag',
    modes: ['preview'],
    only: 'action',
    default: 'false',
    description:
      'preview: record the preview as a GitHub deployment of the commit, with its status and the preview URL ("View deployment" on the pull request). Needs `permissions: deployments: write`; without it, a warning.'
  },
  {
    name: 'environment',
    kind: 'text',
    modes: ['preview'],
    only: 'action',
    default: 'docs-preview',
    description: 'preview: the GitHub environment of that deployment.'
  }
]

/**
 * Whether `value` is one the workflow chose for input `name`: neither empty nor the declared
 * default (case aside). An input set that nothing will read is refused, not ignored.
 */
export function setByWorkflow(name: string, value: string): boolean {
  const given = value.trim().toLowerCase()
  const declared = INPUTS.find(input => input.name === name)?.default ?? ''
  return given !== '' && given !== declared.toLowerCase()
}

/** Every output, with what it holds; the CLI prints the same names with `--json`. */
export const OUTPUTS: ReadonlyArray<{ name: string; description: string }> = [
  {
    name: 'job-id',
    description:
      'export, agent - Id of the export or agent job (set as soon as it is known, also when the step fails later).'
  },
  {
    name: 'status',
    description:
      'Last status of the job seen (export - `completed` on success; agent-watch, agent - `completed`, `archived` or `failed`, or with `wait: false` the status when it was created; deploy, preview - `success` or `failure`; or the status it was in when `timeout` ran out); empty when the answer gave none.'
  },
  {
    name: 'page-count',
    description: 'export - Number of pages exported, when the service reports it.'
  },
  {
    name: 'bundle-url',
    description:
      'export - Presigned link to the bundle (a credential; its signature is masked in logs).'
  },
  { name: 'expires-at', description: 'export - When `bundle-url` stops working (ISO 8601).' },
  { name: 'bundle-path', description: 'export - Path of the downloaded archive.' },
  { name: 'bundle-sha256', description: 'export - SHA-256 of the downloaded archive (hex).' },
  { name: 'bundle-size', description: 'export - Size of the downloaded archive in bytes.' },
  {
    name: 'bundle-format',
    description: 'export - Archive format detected from its bytes: `zip`, `tar.gz` or `tar`.'
  },
  {
    name: 'extract-path',
    description: 'export - Folder holding the extracted site, when `extract` is true.'
  },
  {
    name: 'helm-values',
    description:
      'export - Path of a values file (`staticExport.enabled`, `bundleUrl`, `version`) for `helm upgrade -f`. The CLI writes one only with `--helm-values FILE`.'
  },
  {
    name: 'external-hosts',
    description:
      'export - External hosts the extracted site loads from, comma-separated and sorted.'
  },
  {
    name: 'broken-links',
    description:
      'export - Number of internal links, assets, sitemap and canonical URLs of the extracted site that will not resolve on `host` (set when the check ran).'
  },
  {
    name: 'host-config',
    description:
      'export - Path of the configuration written for `host` (`nginx-site.conf`, `Caddyfile-site` or `cloudfront-function.js` beside the site folder; `vercel.json` in it).'
  },
  { name: 'artifact-id', description: 'export - Id of the uploaded workflow artifact.' },
  { name: 'artifact-url', description: 'export - URL of the uploaded workflow artifact.' },
  {
    name: 'pr-link',
    description:
      'agent-watch, agent - URL of the pull request the agent opened; empty when it made no file changes.'
  },
  { name: 'model', description: 'agent-watch, agent - The AI model the agent job used.' },
  {
    name: 'repository',
    description: 'agent-watch, agent - URL of the code repository the agent worked on.'
  },
  { name: 'ref', description: 'agent-watch, agent - Branch the agent worked on.' },
  { name: 'created-at', description: 'agent-watch, agent - When the agent job was created.' },
  {
    name: 'archived-at',
    description: 'agent-watch, agent - When the agent job was archived; empty otherwise.'
  },
  {
    name: 'job',
    description:
      'agent-watch, agent - The whole agent job as JSON, for `fromJSON()` in later steps.'
  },
  {
    name: 'status-id',
    description:
      'deploy, preview - Id of the deployment status followed (set as soon as it is known, also when the step fails later).'
  },
  { name: 'commit-sha', description: 'deploy, preview - The commit the deployment built.' },
  {
    name: 'commit-message',
    description: 'deploy, preview - The message of that commit (one line).'
  },
  {
    name: 'screenshot-url',
    description:
      'deploy, preview - A screenshot of the deployed site, when the service made one (not a signed link: that is a credential, left out).'
  },
  { name: 'ended-at', description: 'deploy, preview - When the deployment ended (ISO 8601).' },
  { name: 'preview-url', description: 'preview - Address of the preview deployment.' }
]
