/**
 * The commit watch (core/database/sqliteCommits.ts) reads the wal-index header of the server's
 * SQLite file with a descriptor of its own. On Linux, closing any descriptor of a file drops every
 * POSIX lock the process holds on it, SQLite's included: when the watch closed and reopened its
 * descriptor each second, a second process opening the database (a CLI import beside a running
 * server) took itself for the only one, truncated the wal-index, and the server died of SIGBUS.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import fs from 'node:fs'
import { startTestServer, type TestServer, V1 } from './helpers.js'
import { suiteDatabase } from './support/database.js'

/** The POSIX locks this process holds on the file (from /proc/locks, by device and inode). */
function locksHeldOn(file: string): number {
  const { ino } = fs.statSync(file)
  return fs
    .readFileSync('/proc/locks', 'utf8')
    .split('\n')
    .filter((line) => {
      const fields = line.trim().split(/\s+/)
      const [pid, where] = [fields[4], fields[5]]
      return pid === String(process.pid) && where?.split(':')[2] === String(ino)
    }).length
}

const onLinuxSqlite = suiteDatabase === 'sqlite' && fs.existsSync('/proc/locks')

;(onLinuxSqlite ? describe : describe.skip)('SQLite locks beside the commit watch', () => {
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer()
  })
  afterAll(async () => {
    await server?.stop()
  })

  it('the server keeps its locks on the wal-index while the commit watch reads it, past its recheck', async () => {
    const shm = `${server.dbFile}-shm`
    expect((await server.request('GET', `${V1}/events`)).status).toBe(200)
    const held = locksHeldOn(shm)
    expect(held).toBeGreaterThan(0)
    // Past the watch's recheck (a second), reads look at the header again.
    await new Promise((resolve) => setTimeout(resolve, 1_200))
    for (let i = 0; i < 3; i++)
      expect((await server.request('GET', `${V1}/events`)).status).toBe(200)
    expect(locksHeldOn(shm)).toBe(held)
  })
})
