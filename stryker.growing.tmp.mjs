import base from '/work/main/stryker.config.mjs'
export default {
  ...base,
  mutate: ['src/download/growing-bundle.ts'],
  incremental: false,
  concurrency: 1,
  reporters: ['clear-text', 'json'],
  jsonReporter: { fileName: 'reports/mutation/growing.json' }
}
