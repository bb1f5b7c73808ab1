// @ts-check
import js from '@eslint/js'
import globals from 'globals'
import tseslint from 'typescript-eslint'

export default tseslint.config(
  {
    ignores: ['dist/', 'cli/', 'lib/', 'node_modules/', 'coverage/', 'bench/results/', 'reports/']
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }
      ],
      'no-console': 'off'
    }
  },
  {
    files: ['src/**/*.ts'],
    rules: { 'no-console': 'error' }
  },
  {
    // The engine knows nothing of where it runs: only the front doors talk to a runner.
    files: ['src/**/*.ts'],
    ignores: ['src/action/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@actions/*'],
              message:
                'Engine code runs behind a Host (src/host.ts); GitHub-only work belongs in src/action/.'
            }
          ]
        }
      ]
    }
  }
)
