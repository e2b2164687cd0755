/**
 * Builds the plugin for its package (`npm pack` runs this on prepack): the plugin's sources
 * (src/ without the host app, collections/, endpoints/) compiled by tsc to JavaScript with
 * declarations in dist/. Fails if anything of the host app found its way in.
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
for (const hostFolder of ['src/host', 'src/app']) {
  if (fs.existsSync(path.join(root, 'dist', hostFolder))) {
    console.error(`dist/${hostFolder} exists: the plugin imports the host app`)
    process.exit(1)
  }
}
console.log(`plugin built into dist/ in ${Date.now() - started} ms`)
