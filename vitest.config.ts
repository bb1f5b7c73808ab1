import { configDefaults, defineConfig } from 'vitest/config'

/** Builds the bundles twice (ncc): run after the rest, not beside the timing-sensitive tests. */
const RELEASE_SCRIPT_TEST = 'test/integration/release-script.test.ts'

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // Integration tests spawn the bundled action; two cores, so keep parallelism modest.
    maxWorkers: 2,
    // vitest's toThrow('text') passes on a thrown undefined; this makes it fail (see the file).
    setupFiles: ['./test/support/strict-throw.ts'],
    reporters: ['default', './test/support/count-reporter.ts'],
    // `npm run coverage` (scripts/coverage.ts) adds what the bundled children ran, and the thresholds.
    coverage: {
      provider: 'v8',
      include: ['src/**/*.ts'],
      reporter: ['json'],
      reportsDirectory: 'coverage/in-process',
      // The figures even when a test failed (the run still fails).
      reportOnFailure: true
    },
    projects: [
      {
        extends: true,
        test: {
          name: 'tests',
          include: ['test/**/*.test.ts'],
          exclude: [...configDefaults.exclude, RELEASE_SCRIPT_TEST],
          sequence: { groupOrder: 0 }
        }
      },
      {
        extends: true,
        test: {
          name: 'release',
          include: [RELEASE_SCRIPT_TEST],
          sequence: { groupOrder: 1 }
        }
      }
    ]
  }
})
