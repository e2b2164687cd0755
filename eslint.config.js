// @ts-check
import js from '@eslint/js'
import prettier from 'eslint-config-prettier'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

/** ESLint for the plugin, the host app, tests and scripts; Prettier formats them. */
export default tseslint.config(
  {
    ignores: [
      'node_modules/',
      '.next/',
      '**/.next/',
      'dist/',
      'build/',
      'data/',
      'bench/data/',
      'bench/data/',
      'bench/results/',
      'test/artifacts/',
      '**/payload-types.ts',
      'src/documents.ts',
      '**/importMap.js',
      '**/migrations/',
      'next-env.d.ts',
      '**/next-env.d.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  // Before the project's rules: it turns formatting rules off, and max-len is set again below.
  prettier,
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    languageOptions: { globals: { ...globals.node } },
    rules: {
      // Off for tests, the host app, scripts and the bench; the plugin's folders have it on below.
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      '@typescript-eslint/no-empty-object-type': 'off',
      'max-len': [
        'error',
        {
          code: 100,
          ignoreStrings: true,
          ignoreTemplateLiterals: true,
          ignoreUrls: true,
          ignoreRegExpLiterals: true,
        },
      ],
      'no-console': 'off',
      eqeqeq: ['error', 'always', { null: 'ignore' }],
    },
  },
  {
    // The plugin's own code: no loose type but those disabled inline, each with its reason (#39).
    files: ['src/**/*.{ts,tsx}', 'collections/**/*.ts', 'endpoints/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'error' },
  },
  {
    files: ['**/*.tsx'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
)
