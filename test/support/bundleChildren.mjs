/**
 * jest's globalSetup: the programs the suite starts as processes of their own (the server of
 * dev/server.ts, the import CLI of scripts/import.ts) bundled with esbuild, as `npm start` runs the
 * server, into a folder of this jest run's own (`CAL_TEST_CHILDREN`, which the workers inherit;
 * bundleChildrenTeardown.mjs removes it). Started through tsx instead, each such process spent
 * 3-4 s of CPU more loading the sources; the suite starts dozens, on CI's two cores.
 */
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { bundle } from '../../scripts/build-server.mjs'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')

const CHILDREN = ['dev/server.ts', 'scripts/import.ts']

export default async function bundleChildren() {
  const folder = path.join('build', 'test-children', String(process.pid))
  for (const entry of CHILDREN)
    await bundle([entry], path.join(folder, path.basename(entry, '.ts')))
  process.env.CAL_TEST_CHILDREN = path.join(root, folder)
}
