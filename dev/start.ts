/**
 * `npm start`: builds the admin UI when no build exists yet, then starts the server in production
 * mode.
 */
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { ADMIN_DIR, PROJECT_ROOT } from './server.js'
import { boundHeapGrowth } from './heapGrowth.js'

boundHeapGrowth()

const buildId = path.join(ADMIN_DIR, '.next', 'BUILD_ID')
if (process.env.CAL_ADMIN !== 'false' && !fs.existsSync(buildId)) {
  console.log('No admin UI build yet: running `next build` once (about two minutes)…')
  const nextBin = path.join(PROJECT_ROOT, 'node_modules', 'next', 'dist', 'bin', 'next')
  const build = spawnSync(process.execPath, [nextBin, 'build', ADMIN_DIR], {
    cwd: PROJECT_ROOT,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production', NEXT_TELEMETRY_DISABLED: '1' },
  })
  if (build.status !== 0) process.exit(build.status ?? 1)
}
await import('./server.js').then(({ main }) => main())
