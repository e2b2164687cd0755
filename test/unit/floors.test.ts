/**
 * The floors and the store seam as `npm run lint` enforces them (docs/architecture.md "Floors"):
 * each rule of .dependency-cruiser.cjs, and each of eslint.config.js's seam restrictions, catches
 * what it names, on a small tree of its own; what the rules allow passes.
 */
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, test } from '@jest/globals'
import { ESLint } from 'eslint'

const ROOT = path.resolve(import.meta.dirname, '../..')

/** A plugin tree of a few files: path → source. */
const TREE: Record<string, string> = {
  'tsconfig.json': JSON.stringify({
    compilerOptions: { module: 'esnext', moduleResolution: 'bundler' },
  }),
  'core/database/sqlite.ts': `import { sql } from 'drizzle-orm'\nexport const pageIds = sql`,
  'core/database/index.ts': `export { pageIds } from './sqlite.js'`,
  'core/dates.ts': `import { events } from '../collections/events.js'\nexport const day = events`,
  'collections/events.ts': `import type { Wire } from '../endpoints/wire.js'\nexport const events = 1 as unknown as Wire`,
  'endpoints/wire.ts': [
    `import { pageIds } from '../core/database/sqlite.js'`,
    `import { pageIds as ids } from '../core/database/index.js'`,
    `import { day } from '../core/dates.js'`,
    `export type Wire = [typeof pageIds, typeof ids, typeof day]`,
  ].join('\n'),
  'features/admin/view.ts': `import { run } from '../import/run.js'\nexport const view = run`,
  'features/import/run.ts': `import { sql } from 'drizzle-orm'\nimport { events } from '../../collections/events.js'\nexport const run = [sql, events]`,
  'src/plugin.ts': `import { view } from '../features/admin/view.js'\nimport { host } from '../dev/server.js'\nexport const plugin = [view, host]`,
  'dev/server.ts': `export const host = 1`,
  // The host and scripts: through the front doors (src/index.ts, src/exports/), not beside them.
  'src/index.ts': `export { plugin } from './plugin.js'`,
  'src/exports/client.ts': `export const client = 1`,
  'dev/config.ts': [
    `import { plugin } from '../src/index.js'`,
    `import { client } from '../src/exports/client.js'`,
    `import { day } from '../core/dates.js'`,
    `import { host } from './server.js'`,
    `export const config = [plugin, client, day, host]`,
  ].join('\n'),
  'dev/migrations/1_data.ts': `import { events } from '../../collections/events.js'\nexport const up = events`,
  'scripts/tool.ts': `import type { Wire } from '../endpoints/wire.js'\nexport type Tool = Wire`,
}

/** The tree's violations as `rule: from → to`, by dependency-cruiser with the project's rules. */
function violationsOf(tree: Record<string, string>): string[] {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'floors-'))
  try {
    for (const [file, text] of Object.entries(tree)) {
      fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true })
      fs.writeFileSync(path.join(dir, file), text)
    }
    const cli = path.join(
      ROOT,
      'node_modules',
      'dependency-cruiser',
      'bin',
      'dependency-cruise.mjs',
    )
    const config = path.join(ROOT, '.dependency-cruiser.cjs')
    // As `npm run lint:floors` cruises them (those the tree has).
    const cruised = ['core', 'collections', 'endpoints', 'features', 'src', 'dev', 'scripts']
    const folders = cruised.filter((folder) => fs.existsSync(path.join(dir, folder)))
    const run = spawnSync(
      process.execPath,
      [cli, ...folders, '--config', config, '--output-type', 'json'],
      { cwd: dir, encoding: 'utf8' },
    )
    const result = JSON.parse(run.stdout) as {
      summary: { violations: { rule: { name: string }; from: string; to: string }[] }
    }
    return result.summary.violations
      .map(({ rule, from, to }) => `${rule.name}: ${from} → ${to}`)
      .sort()
  } finally {
    fs.rmSync(dir, { recursive: true, force: true })
  }
}

describe('the floors (dependency-cruiser)', () => {
  test('each rule catches what it names, type imports included, and nothing else', () => {
    expect(violationsOf(TREE)).toEqual(
      [
        'core-imports-no-floor-above: core/dates.ts → collections/events.ts',
        'collections-imports-no-floor-above: collections/events.ts → endpoints/wire.ts',
        'seam-through-its-public-module: endpoints/wire.ts → core/database/sqlite.ts',
        'features-apart: features/admin/view.ts → features/import/run.ts',
        'database-packages-behind-the-seam: features/import/run.ts → drizzle-orm',
        'plugin-never-imports-the-host: src/plugin.ts → dev/server.ts',
        'host-through-front-doors: dev/config.ts → core/dates.ts',
        'host-through-front-doors: dev/migrations/1_data.ts → collections/events.ts',
        'host-through-front-doors: scripts/tool.ts → endpoints/wire.ts',
      ].sort(),
    )
  }, 60_000)
})

/** A few files of endpoints/ in its layers (.dependency-cruiser.cjs, ENDPOINT_LAYERS). */
const LAYERS_TREE: Record<string, string> = {
  'tsconfig.json': TREE['tsconfig.json'],
  'endpoints/context.ts': `export const context = 1`,
  'endpoints/lookup.ts': `import { text } from './parts/text.js'\nexport const lookup = text`,
  'endpoints/parts/text.ts': `import { context } from '../context.js'\nexport const text = context`,
  'endpoints/cache/http.ts': `import { text } from '../parts/text.js'\nexport const http = text`,
  'endpoints/fields/table.ts': [
    `import { text } from '../parts/text.js'`,
    `import type { Row } from '../records/event.js'`,
    `export const table = text as unknown as Row`,
  ].join('\n'),
  'endpoints/records/event.ts': `import { table } from '../fields/table.js'\nexport type Row = typeof table`,
  'endpoints/events/archive.ts': `import type { Row } from '../records/event.js'\nexport type Page = Row[]`,
  'endpoints/events/single.ts': `import type { Page } from './archive.js'\nexport type One = Page[0]`,
  'endpoints/linked/reads.ts': `import type { Page } from '../events/archive.js'\nexport type Venues = Page`,
  'endpoints/terms/operations.ts': `import type { Venues } from '../linked/reads.js'\nexport type Terms = Venues`,
  'endpoints/elsewhere/thing.ts': `import { context } from '../context.js'\nexport const thing = context`,
}

describe('the layers of endpoints/ (dependency-cruiser)', () => {
  test('a folder imports its own and the layers below it, not a layer above nor its neighbour', () => {
    expect(violationsOf(LAYERS_TREE)).toEqual(
      [
        // The root is the lowest layer.
        'endpoints-layers: endpoints/lookup.ts → endpoints/parts/text.ts',
        // A folder of the same layer (cache, parts; linked, terms).
        'endpoints-layers: endpoints/cache/http.ts → endpoints/parts/text.ts',
        'endpoints-layers: endpoints/terms/operations.ts → endpoints/linked/reads.ts',
        // A layer above, type imports included.
        'endpoints-layers: endpoints/fields/table.ts → endpoints/records/event.ts',
        'endpoints-folder-in-a-layer: endpoints/elsewhere/thing.ts → endpoints/context.ts',
      ].sort(),
    )
  }, 60_000)
})

describe('the store seam (eslint.config.js)', () => {
  const eslint = new ESLint({ cwd: ROOT })
  /** The seam restrictions `code` breaks, in a file at `file`. */
  const broken = async (code: string, file = 'endpoints/offence.ts') => {
    const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, file) })
    return result.messages.filter((message) => message.ruleId === 'no-restricted-syntax')
  }

  test.each([
    ['const t = payload.db.tables[name]', 'own field'],
    ['export const q = async () => req.payload.db?.pool.query(text)', 'own field'],
    ['export const s = adapter.sessions?.[id]', 'own field'],
    ['const { client, pool } = payload.db', 'own field'],
    ['export type A = { primaryDrizzle?: unknown }', 'drizzle'],
    ["if (payload.db.name === 'pg') run()", 'Branches on the database adapter'],
    ["export const store = kind === 'sqlite' ? a : b", 'Names a database adapter'],
  ])('%s breaks it outside core/database/', async (code, what) => {
    const messages = await broken(code)
    expect(messages.map((message) => message.message).join('\n')).toContain(what)
  })

  test('words alike in other senses, comments, and core/database/ itself are not offences', async () => {
    expect(
      await broken(
        `export const c = httpClient(limits) // the adapter's drizzle, db.tables\n/** db.name === 'sqlite' */`,
      ),
    ).toEqual([])
    expect(await broken('export const t = payload.db.tables', 'core/database/x.ts')).toEqual([])
  })
})

describe('file length (eslint.config.js)', () => {
  const eslint = new ESLint({ cwd: ROOT })
  const tooLong = async (lines: number, file: string) => {
    const code = 'export const a = 1\n'.repeat(lines)
    const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, file) })
    return result.messages.some((message) => message.ruleId === 'max-lines')
  }

  test('a plugin file past 400 lines fails; one of 400, or a test, does not', async () => {
    expect(await tooLong(401, 'collections/hooks/offence.ts')).toBe(true)
    expect(await tooLong(400, 'collections/hooks/offence.ts')).toBe(false)
    expect(await tooLong(401, 'test/offence.test.ts')).toBe(false)
  })
})
