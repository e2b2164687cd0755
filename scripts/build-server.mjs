/**
 * Compiles the server (dev/start.ts and everything it imports from this repository) to plain
 * JavaScript in build/server/, with esbuild; packages stay imports of node_modules. `npm start`
 * runs the result with node alone: running the TypeScript through tsx in production cost 130 MB of
 * memory (its compiler thread and the transformed sources) and a little CPU on every request.
 * The suite bundles the programs it starts as processes of their own with `bundle` too
 * (test/support/bundleChildren.mjs).
 */
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

/** Bundles `entryPoints` (paths from the repository's root) into `outdir` (emptied first). */
export async function bundle(entryPoints, outdir) {
  fs.rmSync(path.join(root, outdir), { recursive: true, force: true })
  await build({
    absWorkingDir: root,
    entryPoints,
    outdir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    packages: 'external',
    sourcemap: 'linked',
    logLevel: 'warning',
  })
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const started = Date.now()
  await bundle(['dev/start.ts'], 'build/server')
  console.log(`server built into build/server/ in ${Date.now() - started} ms`)
}
