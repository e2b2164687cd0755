// @ts-check
import js from '@eslint/js'
import prettier from 'eslint-config-prettier'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

/** The fields of Payload's SQL adapters that are theirs, not the public adapter API. */
const ADAPTER_FIELDS =
  '/^(tables|tableNameMap|drizzle|primaryDrizzle|client|pool|sessions|operators)$/'
const ADAPTER = '/^(db|adapter)$/'

/** What code outside the store seam may not say of a database adapter (core/database/index.ts). */
const SEAM_SYNTAX = [
  {
    selector: `MemberExpression[object.name=${ADAPTER}][property.name=${ADAPTER_FIELDS}], MemberExpression[object.property.name=${ADAPTER}][property.name=${ADAPTER_FIELDS}]`,
    message: "Reads a database adapter's own field: ask the store (core/database/index.ts).",
  },
  {
    selector: `VariableDeclarator[init.name=${ADAPTER}] > ObjectPattern > Property[key.name=${ADAPTER_FIELDS}], VariableDeclarator[init.property.name=${ADAPTER}] > ObjectPattern > Property[key.name=${ADAPTER_FIELDS}]`,
    message: "Takes a database adapter's own field: ask the store (core/database/index.ts).",
  },
  {
    selector: 'Identifier[name=/^(tableNameMap|primaryDrizzle|drizzle)$/]',
    message: "Names drizzle, the SQL adapters' own: ask the store (core/database/index.ts).",
  },
  {
    selector: `MemberExpression[object.name=${ADAPTER}][property.name='name'], MemberExpression[object.property.name=${ADAPTER}][property.name='name']`,
    message: 'Branches on the database adapter: the store decides (core/database/index.ts).',
  },
  {
    selector: 'Literal[value=/^(sqlite|postgres|mongoose|mongodb)$/]',
    message: 'Names a database adapter: the store decides (core/database/index.ts).',
  },
]

/** The plugin's sources: its five floors (docs/architecture.md "Floors"). */
const PLUGIN_FILES = [
  'core/**/*.ts',
  'collections/**/*.ts',
  'endpoints/**/*.ts',
  'features/**/*.{ts,tsx}',
  'src/**/*.ts',
]

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
      'bench/results/',
      'test/artifacts/',
      '**/payload-types.ts',
      'core/documents.ts',
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
    files: PLUGIN_FILES,
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      // A file a newcomer reads in one sitting (#61): past 400 lines, split it by what it does.
      'max-lines': ['error', { max: 400 }],
    },
  },
  {
    // The store seam (docs/architecture.md "Floors"): outside core/database/, no code reads a
    // database adapter's own fields, names drizzle or branches on which adapter runs. What the
    // plugin needs of a database, it asks its store. Imports are dependency-cruiser's
    // (.dependency-cruiser.cjs).
    files: PLUGIN_FILES,
    ignores: ['core/database/**'],
    rules: { 'no-restricted-syntax': ['error', ...SEAM_SYNTAX] },
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
