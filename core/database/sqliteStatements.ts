import { createRequire } from 'node:module'

/**
 * Statements prepared once per connection and kept (issue #60: `prepare` was 7% of a create's CPU,
 * every statement Payload's drizzle layer sends being prepared anew by `@libsql/client`, which
 * prepares, runs and drops each one).
 *
 * `@libsql/client` reaches SQLite through the `libsql` package's `Database.prepare`; this keeps
 * what it returns per connection, by SQL text, the most recently used first, at most
 * `KEPT_PER_CONNECTION` of them. Reusing one is safe: libsql resets a statement before each run and
 * each query, binds its parameters afresh, and the client reads every row (a statement run to its
 * end holds no read transaction). SQLite prepares a kept statement again by itself when the schema
 * changed (`sqlite3_prepare_v2`).
 */
const KEPT_PER_CONNECTION = 300

type Statement = object
type Database = { prepare(sql: string): Statement }

const kept = new WeakMap<Database, Map<string, Statement>>()
let installed = false

/**
 * Wraps the `prepare` of the `libsql` package that `@libsql/client` uses, once per process; false
 * when either is not installed (a remote libSQL client, another store).
 */
export function keepPreparedStatements(): boolean {
  if (installed) return true
  let database: { prototype: Database }
  try {
    const fromClient = createRequire(createRequire(import.meta.url).resolve('@libsql/client'))
    database = fromClient('libsql') as { prototype: Database }
  } catch {
    return false
  }
  const prepare = database.prototype.prepare
  database.prototype.prepare = function keptPrepare(this: Database, sql: string) {
    let statements = kept.get(this)
    if (!statements) kept.set(this, (statements = new Map()))
    const statement = statements.get(sql)
    if (statement) {
      // Most recently used last: the first in the map is the one to drop.
      statements.delete(sql)
      statements.set(sql, statement)
      return statement
    }
    const prepared = prepare.call(this, sql)
    statements.set(sql, prepared)
    if (statements.size > KEPT_PER_CONNECTION) statements.delete(statements.keys().next().value!)
    return prepared
  }
  installed = true
  return true
}
