/** jest's globalTeardown: this run's bundles of bundleChildren.mjs go. */
import fs from 'node:fs'

export default async function removeChildren() {
  const folder = process.env.CAL_TEST_CHILDREN
  if (folder) fs.rmSync(folder, { recursive: true, force: true })
}
