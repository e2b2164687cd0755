/**
 * Files that run on SQLite only: pure functions (no database), and those whose subject is a file
 * format or a remote site (The Events Calendar's paging and faults, CSV and iCalendar parsing and
 * writing). Their writes and reads go through the Local API paths and archive filters that the
 * other files, the crash tests and the cluster test drive on PostgreSQL too; running them twice
 * took CI past 38 of its 40 minutes (docs/testing.md). `CAL_TEST_EVERYTHING=true` runs them on
 * PostgreSQL too.
 */
const SQLITE_ONLY = [
  '<rootDir>/test/unit/',
  '<rootDir>/test/import-site.test.ts',
  '<rootDir>/test/import-csv.test.ts',
  '<rootDir>/test/import-ical.test.ts',
  '<rootDir>/test/import-roundtrip.test.ts',
  '<rootDir>/test/csv-roundtrip.test.ts',
  '<rootDir>/test/import.test.ts',
  '<rootDir>/test/csv-export.test.ts',
  '<rootDir>/test/ical-feeds.test.ts',
]
/**
 * The test of pauses (test/event-loop.test.ts) measures how long the server's event loop is held,
 * so it runs alone, after the rest (`npm test` runs jest twice): beside another file's server on
 * these 2 cores its figures measured the other file. `CAL_TEST_PAUSES=alone` selects it.
 */
const PAUSES = '<rootDir>/test/event-loop.test.ts'
const pausesAlone = process.env.CAL_TEST_PAUSES === 'alone'
const onSqlite = !/^(postgres|postgresql|mongodb|mongodb\+srv):/.test(
  process.env.DATABASE_URI ?? '',
)

/** @type {import('jest').Config} */
export default {
  testEnvironment: 'node',
  testMatch: pausesAlone ? [PAUSES] : ['<rootDir>/test/**/*.test.ts'],
  // The browser tests have their own runner (`npm run test:e2e`) and need the admin build.
  testPathIgnorePatterns: [
    '/node_modules/',
    '<rootDir>/test/e2e/',
    ...(onSqlite || process.env.CAL_TEST_EVERYTHING === 'true' ? [] : SQLITE_ONLY),
    ...(pausesAlone ? [] : [PAUSES]),
  ],
  extensionsToTreatAsEsm: ['.ts', '.tsx'],
  transform: {
    // Components (src/react) are TSX, with React's automatic runtime as tsconfig.build.json has it.
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
