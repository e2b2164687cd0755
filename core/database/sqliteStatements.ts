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

type Statement = { columns(): unknown; raw(on?: boolean): Statement }
type Database = { prepare(sql: string): Statement }

/** A statement that changes the schema: kept statements are dropped, and it is not kept. */
const SCHEMA_CHANGE = /^\s*(create|alter|drop)\b/i

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
    if (SCHEMA_CHANGE.test(sql)) {
      // A kept `SELECT *` would still name the columns it was prepared with.
      kept.delete(this)
      return prepare.call(this, sql)
    }
    let statements = kept.get(this)
    if (!statements) kept.set(this, (statements = new Map()))
    const statement = statements.get(sql)
    if (statement) {
      // Most recently used last: the first in the map is the one to drop.
      statements.delete(sql)
      statements.set(sql, statement)
      return statement
    }
    const prepared = withColumnsKept(prepare.call(this, sql))
    statements.set(sql, prepared)
    if (statements.size > KEPT_PER_CONNECTION) statements.delete(statements.keys().next().value!)
    return prepared
  }
  installed = true
  return true
}

/**
 * A kept statement's columns, read once: the client asks for them, and switches the statement to
 * rows as arrays (`raw`, which throws for a statement that returns no rows), before every run.
 * Both are the statement's as prepared, and a native call each (4% of a create's CPU).
 */
function withColumnsKept(statement: Statement): Statement {
  const columns = statement.columns.bind(statement)
  const raw = statement.raw.bind(statement)
  let keptColumns: unknown
  let rawAnswer: { error: unknown } | null | undefined
  statement.columns = () => (keptColumns ??= columns())
  statement.raw = (on?: boolean) => {
    if (on === false || rawAnswer === undefined) {
      try {
        raw(on)
        rawAnswer = on === false ? undefined : null
      } catch (error) {
        rawAnswer = { error }
      }
    }
    if (rawAnswer) throw rawAnswer.error
    return statement
  }
  return statement
}
