import path from 'node:path'

/**
 * How to start one of the repository's programs (`dev/server.ts`, `scripts/import.ts`) as a
 * process of its own: its bundle of this jest run (test/support/bundleChildren.mjs), or, outside
 * jest, the source through tsx.
 */
export function childProgram(entry: 'dev/server.ts' | 'scripts/import.ts'): string[] {
  const bundles = process.env.CAL_TEST_CHILDREN
  if (!bundles) return ['--import', 'tsx', entry]
  const name = path.basename(entry, '.ts')
  return [path.join(bundles, name, `${name}.js`)]
}
