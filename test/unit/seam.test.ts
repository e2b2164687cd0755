/**
 * The seam to the database (src/database/calendarStore.ts): outside src/database/, no file of the
 * plugin imports Payload's SQL packages or a database driver, reads an adapter's private fields,
 * or branches on the adapter's name. What it needs of a database, it asks its store.
 */
import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, test } from '@jest/globals'

const ROOT = path.resolve(import.meta.dirname, '../..')
const PLUGIN = ['src', 'collections', 'endpoints']
const SEAM = 'src/database/'

/** The plugin's sources outside src/database/. */
function outsideTheSeam(): string[] {
  const found: string[] = []
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
      const relative = path.join(dir, entry.name)
      if (entry.isDirectory()) walk(relative)
      else if (/\.tsx?$/.test(entry.name)) found.push(relative)
    }
  }
  PLUGIN.forEach(walk)
  return found.filter((file) => !file.startsWith(SEAM))
}

/** Code without its comments (what a comment says of adapters is no read of them). */
const withoutComments = (text: string) =>
  text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1')

/** The fields of Payload's SQL adapters that are theirs, not the public adapter API. */
const PRIVATE = 'tables|tableNameMap|drizzle|primaryDrizzle|client|pool|sessions|operators'

/** What may not appear outside the seam, each with what it means. */
const RULES: [string, RegExp][] = [
  [
    'imports a database package',
    /(?:from\s+|import\(\s*)['"](?:@payloadcms\/drizzle|drizzle-orm|@payloadcms\/db-[\w-]+|@libsql\/client|pg|mongoose|mongodb)(?:\/[^'"]*)?['"]/,
  ],
  // `payload.db.tables`, `req.payload.db?.pool`, `adapter.sessions`
  ['reads an adapter field', new RegExp(`\\b(?:db|adapter)\\??\\.(?:${PRIVATE})\\b`)],
  // `(payload.db as { operators?: … })`, `payload.db as unknown as SqlAdapter` with such a type
  [
    'casts the adapter to read a field',
    new RegExp(`\\bdb\\s+as\\s+(?:unknown\\s+as\\s+)?\\{[^}]*\\b(?:${PRIVATE})\\??:`),
  ],
  // `const { tables, pool } = payload.db`
  [
    'destructures an adapter field',
    new RegExp(`\\{[^}]*\\b(?:${PRIVATE})\\b[^}]*\\}\\s*=\\s*[\\w.?]*\\bdb\\b`),
  ],
  ['names drizzle', /\b(?:tableNameMap|primaryDrizzle|drizzle)\b/],
  // `db.name === 'postgres'`, `adapter.name !== 'sqlite'`, `switch (payload.db.name)`
  ['branches on the adapter name', /\b(?:db|adapter)\??\.name\b/],
  ['names an adapter', /['"](?:sqlite|postgres|mongoose|mongodb)['"]/],
]

/** The rules a text breaks. */
const broken = (text: string) =>
  RULES.filter(([, rule]) => rule.test(withoutComments(text))).map(([what]) => what)

describe('the seam to the database', () => {
  test('no file outside src/database/ imports a database package, reads adapter internals or branches on its name', () => {
    const offences = outsideTheSeam().flatMap((file) =>
      broken(fs.readFileSync(path.join(ROOT, file), 'utf8')).map((what) => `${file}: ${what}`),
    )
    expect(offences).toEqual([])
  })

  test('each rule catches what it names', () => {
    const offending: [string, string][] = [
      [`import { buildQuery } from '@payloadcms/drizzle'`, 'imports a database package'],
      [`const { sql } = await import('drizzle-orm')`, 'imports a database package'],
      [`import type { Client } from '@libsql/client'`, 'imports a database package'],
      [`const t = payload.db.tables[name]`, 'reads an adapter field'],
      [`await req.payload.db?.pool.query(text)`, 'reads an adapter field'],
      [`adapter.sessions?.[id]`, 'reads an adapter field'],
      [`(req.payload.db as { operators?: object }).operators`, 'casts the adapter to read a field'],
      [`const { client, pool } = payload.db`, 'destructures an adapter field'],
      [`type A = { primaryDrizzle?: unknown }`, 'names drizzle'],
      [`if (payload.db.name === 'postgres') run()`, 'branches on the adapter name'],
      [`const store = kind === 'sqlite' ? a : b`, 'names an adapter'],
    ]
    for (const [code, what] of offending) expect(broken(code)).toContain(what)
    // Words alike in other senses, and comments, are not offences.
    expect(
      broken(
        `this.client = httpClient(limits) // the adapter's drizzle, db.tables\n/** db.name === 'sqlite' */`,
      ),
    ).toEqual([])
  })
})
