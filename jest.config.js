/** @type {import('jest').Config} */
export default {
  testEnvironment: 'node',
  testMatch: ['<rootDir>/test/**/*.test.ts'],
  // The browser tests have their own runner (`npm run test:e2e`) and need the admin build.
  testPathIgnorePatterns: ['/node_modules/', '<rootDir>/test/e2e/'],
  extensionsToTreatAsEsm: ['.ts'],
  transform: {
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
