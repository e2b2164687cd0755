import type { Payload } from 'payload'

/**
 * Records every SQL statement the server's database adapter sends, in order, while `record` runs
 * what it is given: on SQLite the libSQL client's `execute` and `batch` (the adapter's client, the
 * plugin's writer connection and any transaction of libSQL's own), on PostgreSQL `pg`'s client
 * `query` (every connection of the adapter's pool). The statements still run: this only writes
 * their text down. Statements of other work in the process (a job runner, a read) land in the same
 * list, so a test records one request at a time with nothing else going on.
 */
export type StatementRecorder = {
  record: (work: () => Promise<unknown>) => Promise<string[]>
  /** Puts the clients' methods back. */
  restore: () => void
}

type Method = (this: unknown, ...args: any[]) => any

const textOf = (statement: unknown): string =>
  typeof statement === 'string'
    ? statement
    : String(
        (statement as { sql?: unknown; text?: unknown }).sql ??
          (statement as { text?: unknown }).text ??
          statement,
      )

export async function statementRecorder(payload: Payload): Promise<StatementRecorder> {
  let seen: string[] | null = null
  const note = (statement: unknown) => seen?.push(textOf(statement).replace(/\s+/g, ' ').trim())
  const undo: (() => void)[] = []
  const wrap = (
    target: Record<string, unknown>,
    name: string,
    wrapper: (own: Method) => Method,
  ) => {
    const own = target[name] as Method
    target[name] = wrapper(own)
    undo.push(() => (target[name] = own))
  }
  const db = payload.db as unknown as {
    name: string
    client?: object
    pool?: { connect: () => Promise<{ release: () => void }> }
  }
  /** A method that notes the statements `of` its first argument, then runs as before. */
  const noting =
    (of: (first: any) => unknown[]) =>
    (own: Method): Method =>
      function (this: unknown, first: unknown, ...rest: unknown[]) {
        for (const statement of of(first)) note(statement)
        return own.call(this, first, ...rest)
      }
  const one = (statement: unknown) => [statement]
  if (db.name === 'sqlite') {
    // The classes of the adapter's own client (the writer connection is one of them too).
    const { Sqlite3Transaction } = await import('@libsql/client/sqlite3')
    for (const proto of [Object.getPrototypeOf(db.client), Sqlite3Transaction.prototype]) {
      const methods = proto as unknown as Record<string, unknown>
      wrap(methods, 'execute', noting(one))
      wrap(
        methods,
        'batch',
        noting((statements: unknown[]) => statements),
      )
    }
  } else if (db.name === 'postgres') {
    const client = await db.pool!.connect()
    const proto = Object.getPrototypeOf(client) as Record<string, unknown>
    client.release()
    wrap(proto, 'query', noting(one))
  } else throw new Error(`no statements to record on ${db.name}`)
  return {
    record: async (work) => {
      seen = []
      try {
        await work()
        return seen
      } finally {
        seen = null
      }
    },
    restore: () => {
      for (const step of undo.reverse()) step()
    },
  }
}

/** Where the statement's outermost `FROM`, `INTO` or `UPDATE` is (not a subquery's). */
function outerTable(sql: string): string {
  let depth = 0
  for (let i = 0; i < sql.length; i++) {
    if (sql[i] === '(') depth++
    else if (sql[i] === ')') depth--
    else if (depth === 0) {
      const match = /^(?:from|into|update) "?(\w+)"?/.exec(sql.slice(i))
      if (match && /\s/.test(sql[i - 1] ?? ' ')) return match[1]
    }
  }
  return ''
}

/** `insert events_locales`, `count venues`, `select pg_advisory_xact_lock`, `commit`. */
export function shortForm(sql: string): string {
  const text = sql.toLowerCase().trim()
  const lockCall = /^select (pg_\w+)/.exec(text)?.[1]
  if (lockCall) return `select ${lockCall}`
  const verb = /^select count\(/.test(text) ? 'count' : /^(\w+)/.exec(text)?.[1]
  return [verb, outerTable(text)].filter(Boolean).join(' ')
}
