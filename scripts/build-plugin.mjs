/**
 * Builds the plugin for its package (`npm pack` runs this on prepack): the plugin's folders (core/,
 * collections/, endpoints/, features/, src/) compiled by tsc to JavaScript with declarations in
 * dist/. The host app (dev/) is not among them, and the plugin never imports it (`npm run lint`).
 */
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const started = Date.now()
fs.rmSync(path.join(root, 'dist'), { recursive: true, force: true })
const tsc = path.join(root, 'node_modules', 'typescript', 'bin', 'tsc')
const compiled = spawnSync(process.execPath, [tsc, '-p', 'tsconfig.build.json'], {
  cwd: root,
  stdio: 'inherit',
})
if (compiled.status !== 0) process.exit(compiled.status ?? 1)
console.log(`plugin built into dist/ in ${Date.now() - started} ms`)
