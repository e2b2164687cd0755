import { afterAll, describe, expect, test } from '@jest/globals'
import { createClient } from '@libsql/client'
import { withoutTurns, yieldAfterStatements } from '../../core/database/sqliteYields.js'

/**
 * libSQL's local client answers with promises already settled: without a turn after each
 * statement, a chain of them holds every other request (#47). The health check answers in its own
 * turn instead.
 */
const client = yieldAfterStatements(createClient({ url: ':memory:' }))

afterAll(() => client.close())

/** Whether something scheduled for the loop's next turn ran while `work` was awaited. */
async function gaveATurn(work: () => Promise<unknown>): Promise<boolean> {
  let ran = false
  setImmediate(() => (ran = true))
  await work()
  return ran
}

describe('turns after SQLite statements', () => {
  test('the loop runs what waits after each statement', async () => {
    expect(await gaveATurn(() => client.execute('SELECT 1'))).toBe(true)
  })

  test('withoutTurns: the statements of the work give none', async () => {
    expect(await gaveATurn(() => withoutTurns(() => client.execute('SELECT 1')))).toBe(false)
    // And the turns come back after it.
    expect(await gaveATurn(() => client.execute('SELECT 1'))).toBe(true)
  })
})
