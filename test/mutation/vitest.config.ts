import { defineConfig } from 'vitest/config'

/**
 * The tests `npm run mutation` runs against each mutant: the ones that call src/ in this
 * process. Tests that run the bundled dist/ in a child process would not see a mutant of src/.
 */
export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // As in the main config: toThrow('text') fails on a thrown undefined (see the file).
    setupFiles: ['./test/support/strict-throw.ts'],
    include: ['test/unit/**/*.test.ts'],
    exclude: [
      // None of these import src/: they check the repository's files and the bundles.
      'test/unit/action-metadata.test.ts',
      'test/unit/npm-audit.test.ts',
      'test/unit/readme-workflows.test.ts',
      'test/unit/runtime.test.ts',
      'test/unit/workflows.test.ts'
    ]
  }
})
