import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

/**
 * The folder of package.json above this module: the repository from its sources, and from the
 * server build in `build/server/`.
 */
function projectRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url))
  while (!fs.existsSync(path.join(dir, 'package.json')) && path.dirname(dir) !== dir)
    dir = path.dirname(dir)
  return dir
}

export const PROJECT_ROOT = projectRoot()

/**
 * The Next.js project of the admin UI (its pages, config and `.next` build), as in Payload's plugin
 * template.
 */
export const ADMIN_DIR = path.join(PROJECT_ROOT, 'dev')
