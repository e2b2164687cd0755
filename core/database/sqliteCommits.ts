import fs from 'node:fs'
import type { Payload } from 'payload'
import { storeOf } from './store.js'

/**
 * A look at whether anything committed to a SQLite database since an earlier look, with no query:
 * the bytes SQLite itself checks to know whether its page cache still holds, which every commit of
 * every connection and process changes. In WAL mode, the wal-index header at the start of the
 * database's `-shm` file (its frame count, and its salts when the log starts over;
 * https://www.sqlite.org/walformat.html, "The WAL-Index Header"); in the rollback journal's modes
 * (SQLite's default, and Payload's SQLite adapter's without its `wal` option), the database
 * file's header, whose change counter (offset 24) every commit that changed the file increments
 * (https://www.sqlite.org/fileformat.html, "File change counter"). A look made while a writer
 * updates them may see them differ from before, which only costs a query.
 *
 * `look()` gives what it saw, null when it could not look; `same(a, b)` says whether two looks saw
 * the same commits (a look that failed never does).
 */
export type CommitWatch = {
  look(): CommitLook | null
  same(a: CommitLook | null, b: CommitLook | null): boolean
}

/** What a look saw: the header's bytes. */
export type CommitLook = Buffer

type LibsqlAdapter = {
  name?: string
  client?: { execute(sql: string): Promise<{ rows: Record<string, unknown>[] }> }
}

/** Both copies of the wal-index header (WAL mode), or the database file's header. */
const HEADER_BYTES = { wal: 96, rollback: 100 }
/** How often the watch checks that the file it holds open is still the one at its path. */
const RECHECK_MS = 1000

const watches = new WeakMap<object, Promise<CommitWatch | null>>()

/**
 * The commit watch of Payload's SQLite adapter when its database is a local file with normal
 * locking (in exclusive locking mode the process holds the file and its wal-index in memory),
 * else null: other databases and modes read what they need.
 */
export function commitWatchOf(payload: Payload): Promise<CommitWatch | null> {
  const db = payload.db as unknown as LibsqlAdapter
  let watch = watches.get(db)
  if (!watch) {
    watch = openWatch(db).catch(() => null)
    watches.set(db, watch)
  }
  return watch
}

async function openWatch(db: LibsqlAdapter): Promise<CommitWatch | null> {
  if (storeOf(db) !== 'sqlite' || typeof db.client?.execute !== 'function') return null
  const value = async (sql: string, column: string) =>
    String((await db.client!.execute(sql)).rows[0]?.[column] ?? '').toLowerCase()
  const mode = (await value('PRAGMA journal_mode', 'journal_mode')) === 'wal' ? 'wal' : 'rollback'
  if ((await value('PRAGMA locking_mode', 'locking_mode')) !== 'normal') return null
  const { rows } = await db.client.execute('PRAGMA database_list')
  const file = rows.find((row) => row.name === 'main')?.file
  if (typeof file !== 'string' || !file) return null
  const watched = mode === 'wal' ? `${file}-shm` : file
  let fd: number | null = null
  let checkedAt = 0
  const header = Buffer.alloc(HEADER_BYTES[mode])
  const watch: CommitWatch = {
    look() {
      try {
        // The file stays open for the life of the process and is never closed: on Linux, closing
        // any descriptor of a file drops every POSIX lock the process holds on it, SQLite's own
        // included. A second process opening the database then took itself for the only one and
        // truncated the wal-index under this one's libSQL (SIGBUS). Now and then the watch checks
        // that its file is still the one at the path; a file removed and made again (every
        // connection closed, then one opened) is opened too, and the old descriptor kept.
        if (fd === null || Date.now() - checkedAt > RECHECK_MS) {
          checkedAt = Date.now()
          if (fd === null || fs.fstatSync(fd).ino !== fs.statSync(watched).ino)
            fd = fs.openSync(watched, 'r')
        }
        if (fs.readSync(fd, header, 0, header.length, 0) !== header.length) return null
        return Buffer.from(header)
      } catch {
        return null
      }
    },
    same: (a, b) => a !== null && b !== null && a.equals(b),
  }
  return watch.look() ? watch : null
}
