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

/** The POSIX locks this process holds on the file (/proc/locks, by inode): their first bytes. */
function locksHeldOn(file: string): number[] {
  const { ino } = fs.statSync(file)
  return fs
    .readFileSync('/proc/locks', 'utf8')
    .split('\n')
    .map((line) => line.trim().split(/\s+/))
    .filter(
      (fields) => fields[4] === String(process.pid) && fields[5]?.split(':')[2] === String(ino),
    )
    .map((fields) => Number(fields[6]))
}

/**
 * SQLite's "DMS" byte of the wal-index (byte 128, after its 8 lock slots from 120): a process with
 * the file open holds a shared lock on it for as long as it has it open, whatever it reads; a
 * process that opens the file and finds no other lock there takes itself for the only one. Other
 * locks (a read slot) come and go with each read, a background read included.
 */
const DMS_BYTE = 128

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
    expect(locksHeldOn(shm)).toContain(DMS_BYTE)
    // Past the watch's recheck (a second), reads look at the header again.
    await new Promise((resolve) => setTimeout(resolve, 1_200))
    for (let i = 0; i < 3; i++)
      expect((await server.request('GET', `${V1}/events`)).status).toBe(200)
    expect(locksHeldOn(shm)).toContain(DMS_BYTE)
  })
})
