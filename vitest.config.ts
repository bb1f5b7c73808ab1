import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // Integration tests spawn the bundled action; two cores, so keep parallelism modest.
    maxWorkers: 2,
    reporters: ['default', './test/support/count-reporter.ts'],
    // `npm run coverage` (scripts/coverage.ts) adds what the bundled children ran, and the thresholds.
    coverage: {
      provider: 'v8',
      include: ['src/**/*.ts'],
      reporter: ['json'],
      reportsDirectory: 'coverage/in-process'
    }
  }
})
