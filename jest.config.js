/**
 * CI runs the suite three times: on SQLite (the default store), through the generic store
 * (`CAL_STORE=generic`, the path MongoDB takes) and on PostgreSQL. The first run is the whole
 * suite. The other two run the files whose subject is how the calendar is stored and read back:
 * writes, their concurrency and crashes, the archives, facets, the change log, record forms,
 * series, webhooks' claims, the wire's bytes and hostile input (a stricter database's errors).
 * The rest (rights, formats, imports, caching, the admin's and React's parts, pure functions)
 * asks the store nothing those files do not: running it three times took CI past its 90 minutes
 * on this 2-core machine (docs/testing.md). `CAL_TEST_EVERYTHING=true` runs every file on any
 * store.
 */
const STORE_FILES = [
  'concurrency',
  'crash',
  'deletion',
  'facet-index',
  'generic-store-concurrency',
  'hostile-input',
  'ids-and-slugs',
  'import-batches',
  'localization',
  'term-counts',
  'tickets',
  'translation-status',
  'record-forms',
  'recurrence-horizon',
  'v1-changes',
  'v1-changes-expiry',
  'v1-events-archive',
  'v1-events-dates',
  'v1-events-single',
  'v1-events-write',
  'v1-facets',
  'v1-recurrence',
  'v1-terms',
  'v1-venues-organizers',
  'webhooks',
  'webhooks-crash',
  'webhooks-processes',
  'wire-golden',
  'write-statements',
]
/**
 * The test of pauses (test/event-loop.test.ts) measures how long the server's event loop is held,
 * so it runs alone, after the rest (`npm test` runs jest twice): beside another file's server on
 * these 2 cores its figures measured the other file. `CAL_TEST_PAUSES=alone` selects it. It runs
 * on SQLite and PostgreSQL; the generic store runs on SQLite's connection, and its own facet
 * counts are the one path it would add (they read through the Local API, over the target).
 */
const PAUSES = '<rootDir>/test/event-loop.test.ts'
const pausesAlone = process.env.CAL_TEST_PAUSES === 'alone'
const everythingAsked = process.env.CAL_TEST_EVERYTHING === 'true'
const generic = process.env.CAL_STORE === 'generic'
const onSqlite = !/^(postgres|postgresql|mongodb|mongodb\+srv):/.test(
  process.env.DATABASE_URI ?? '',
)
const everything = everythingAsked || (onSqlite && !generic)
const pausesHere = everythingAsked || !generic

function testMatch() {
  if (pausesAlone) return [PAUSES]
  if (everything) return ['<rootDir>/test/**/*.test.ts']
  return STORE_FILES.map((name) => `<rootDir>/test/${name}.test.ts`)
}

/** @type {import('jest').Config} */
export default {
  testEnvironment: 'node',
  // The server and the import CLI, bundled once for the processes the tests start.
  globalSetup: '<rootDir>/test/support/bundleChildren.mjs',
  globalTeardown: '<rootDir>/test/support/bundleChildrenTeardown.mjs',
  testMatch: testMatch(),
  // The browser tests have their own runner (`npm run test:e2e`) and need the admin build.
  testPathIgnorePatterns: [
    '/node_modules/',
    '<rootDir>/test/e2e/',
    ...(pausesAlone && pausesHere ? [] : [PAUSES]),
  ],
  extensionsToTreatAsEsm: ['.ts', '.tsx'],
  transform: {
    // Components (features/react) are TSX, with React's automatic runtime as tsconfig.build.json
    // has it.
    '^.+\\.tsx$': [
      '@swc/jest',
      {
        jsc: {
          target: 'es2022',
          parser: { syntax: 'typescript', tsx: true },
          transform: { react: { runtime: 'automatic' } },
        },
        module: { type: 'es6' },
      },
    ],
    '^.+\\.(t|j)sx?$': [
      '@swc/jest',
      { jsc: { target: 'es2022', parser: { syntax: 'typescript' } }, module: { type: 'es6' } },
    ],
  },
  // Sources import './x.js' (ESM style); map those specifiers back to the .ts files.
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
  testTimeout: 60000,
  // Each test file boots its own server on its own SQLite file; two at a time fit 2 cores.
  maxWorkers: 2,
}
