// @ts-check
// `npm run mutation`: StrykerJS mutates the modules where a silent bug is a security or
// data-integrity bug, and runs the in-process tests (test/mutation/vitest.config.ts) against
// each mutant. The mutants that survive are reviewed in test/mutation/survivors.md.

/** Extraction guards: names, links, special files, entry count, byte budget, zip CRC, disk space. */
const archive = ['src/archive/*.ts']

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  vitest: { configFile: 'test/mutation/vitest.config.ts', related: false },
  mutate: [
    // Download: ranges and validators, the response checks, the sink, the link rules.
    'src/download/ranges.ts',
    'src/download/response.ts',
    // The bundle's own GET: request headers checked, the answer framed, early bytes copied.
    'src/download/direct-get.ts',
    'src/download/sink.ts',
    'src/download/link-rules.ts',
    'src/download/errors.ts',
    // The bundle followed while it downloads (a tar.gz extracted as it comes).
    'src/download/growing-bundle.ts',
    // Secrets and masking, and text from outside kept as text.
    'src/secrets.ts',
    'src/util/untrusted.ts',
    // The API client's retry policy and the back-off.
    'src/api/retry-policy.ts',
    'src/retry.ts',
    // Terminal statuses of an export, an agent job and a deployment.
    'src/modes/export/job-status.ts',
    'src/modes/agent-watch/agent-status.ts',
    'src/modes/deploy/status.ts',
    // A status or job never found (a failure) against one still running (a timeout).
    'src/poll/not-found-grace.ts',
    // Settings validation.
    'src/settings/*.ts',
    // What a page loads, for the audit: the quick tokenizer must read pages as htmlparser2 does.
    'src/audit/quick-tokenizer.ts',
    // The pull-request comment found by its exact marker.
    'src/action/pr-comment.ts',
    // Who may steer the agent (the untrusted-trigger gate), and the change's text kept as data.
    'src/github/event.ts',
    'src/modes/agent/prompt.ts',
    ...archive
  ],
  coverageAnalysis: 'perTest',
  // A static mutant (a module-level constant) needs every test re-run with a fresh import: about
  // half the run for a tenth of the mutants. They are reported as ignored; the constants that
  // matter have tests of their own.
  ignoreStatic: true,
  incremental: true,
  incrementalFile: 'test/mutation/stryker-incremental.json',
  reporters: ['clear-text', 'progress-append-only', 'html', 'json'],
  htmlReporter: { fileName: 'reports/mutation/mutation.html' },
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  clearTextReporter: { allowColor: false, logTests: false, reportScoreTable: true },
  // Issue #16 asks for 90: the run as a whole is at 94.5%. The archive modules' survivors listed as
  // TODO in test/mutation/survivors.md are what keeps three of them under 90 each.
  thresholds: { high: 95, low: 90, break: 90 },
  concurrency: 2,
  timeoutMS: 10_000,
  // The bundles and generated reports are not read by these tests.
  ignorePatterns: ['/dist', '/cli', '/coverage', '/preview', '/reports', '/bench/results'],
  tempDirName: 'reports/.stryker-tmp',
  cleanTempDir: true
}
