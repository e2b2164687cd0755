/**
 * The import graph of the plugin (core/, collections/, endpoints/, features/, src/) and the host
 * app (dev/): no circle (type imports included). That the floors import only downward, and the
 * plugin never the host, is `npm run lint`'s (.dependency-cruiser.cjs, test/unit/floors.test.ts).
 */
import fs from 'node:fs'
import path from 'node:path'
import { expect, test } from '@jest/globals'

const ROOT = path.resolve(import.meta.dirname, '../..')
const FOLDERS = ['core', 'collections', 'endpoints', 'features', 'src', 'dev']

function sources(): string[] {
  const found: string[] = []
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
      const relative = path.join(dir, entry.name)
      if (entry.isDirectory()) {
        // The admin's build output (dev/.next) is not source.
        if (entry.name !== '.next' && entry.name !== 'node_modules') walk(relative)
      } else if (/\.tsx?$/.test(entry.name) && entry.name !== 'next-env.d.ts') found.push(relative)
    }
  }
  FOLDERS.forEach(walk)
  return found
}

/** Each source file's relative imports (and re-exports), as files. */
function importGraph(): Map<string, string[]> {
  const files = new Set(sources())
  const graph = new Map<string, string[]>()
  for (const file of files) {
    const text = fs.readFileSync(path.join(ROOT, file), 'utf8')
    const targets = [...text.matchAll(/^(?:import|export)\s[^'"]*?from\s+'(\.[^']+)'/gm)].map(
      (match) => {
        const base = path.join(path.dirname(file), match[1]).replace(/\.js$/, '')
        return [`${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')].find((candidate) =>
          files.has(candidate),
        )
      },
    )
    graph.set(
      file,
      targets.filter((target): target is string => Boolean(target)),
    )
  }
  return graph
}

test('no import circle in the plugin or the host', () => {
  const graph = importGraph()
  const circles: string[] = []
  const done = new Set<string>()
  const stack: string[] = []
  const visit = (file: string) => {
    if (stack.includes(file))
      return void circles.push([...stack.slice(stack.indexOf(file)), file].join(' → '))
    if (done.has(file)) return
    stack.push(file)
    for (const target of graph.get(file) ?? []) visit(target)
    stack.pop()
    done.add(file)
  }
  for (const file of graph.keys()) visit(file)
  expect(circles).toEqual([])
})
