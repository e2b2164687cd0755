import { describe, expect, test } from '@jest/globals'
import type { BaseDatabaseAdapter, PayloadRequest } from 'payload'
import { afterCommit, runAfterCommits } from '../../core/database/afterCommits.js'

/** An adapter whose commits and rollbacks log what ran; `failCommit` makes its commits throw. */
function adapter() {
  const log: string[] = []
  const errors: unknown[] = []
  const state = { failCommit: false }
  const db = {
    payload: { logger: { error: (entry: unknown) => errors.push(entry) } },
    commitTransaction: async (id: string | number | Promise<string | number>) => {
      await Promise.resolve()
      if (state.failCommit) throw new Error('commit failed')
      log.push(`commit ${await id}`)
    },
    rollbackTransaction: async (id: string | number | Promise<string | number>) => {
      log.push(`rollback ${await id}`)
    },
  } as unknown as BaseDatabaseAdapter
  const request = (transactionID?: PayloadRequest['transactionID']) =>
    ({ payload: { db, logger: db.payload.logger }, transactionID }) as unknown as PayloadRequest
  return { db, log, errors, state, request }
}

describe('afterCommit: work told only of committed writes', () => {
  test('runs after the commit of its transaction, not before, and only that one', async () => {
    const { db, log, request } = adapter()
    runAfterCommits(db)
    await afterCommit(request('a'), () => log.push('after a'))
    await afterCommit(request(Promise.resolve('b')), () => log.push('after b'))
    expect(log).toEqual([])
    await db.commitTransaction('a')
    expect(log).toEqual(['commit a', 'after a'])
    await db.commitTransaction(Promise.resolve('b'))
    expect(log).toEqual(['commit a', 'after a', 'commit b', 'after b'])
    // Once: a second commit of the same id runs nothing again.
    await db.commitTransaction('a')
    expect(log.filter((entry) => entry === 'after a')).toHaveLength(1)
  })

  test('never when the transaction rolls back or its commit throws', async () => {
    const { db, log, state, request } = adapter()
    runAfterCommits(db)
    await afterCommit(request('a'), () => log.push('after a'))
    await db.rollbackTransaction('a')
    await db.commitTransaction('a')
    expect(log).toEqual(['rollback a', 'commit a'])
    await afterCommit(request('b'), () => log.push('after b'))
    state.failCommit = true
    await expect(db.commitTransaction('b')).rejects.toThrow('commit failed')
    state.failCommit = false
    await db.commitTransaction('b')
    expect(log).not.toContain('after b')
  })

  test('at once without a transaction, or where commits do not run them', async () => {
    const wrapped = adapter()
    runAfterCommits(wrapped.db)
    await afterCommit(wrapped.request(), () => wrapped.log.push('now'))
    await afterCommit(wrapped.request(null as unknown as undefined), () => wrapped.log.push('null'))
    expect(wrapped.log).toEqual(['now', 'null'])
    const plain = adapter()
    await afterCommit(plain.request('a'), () => plain.log.push('now'))
    expect(plain.log).toEqual(['now'])
  })

  test('what one throws is logged; the others run and the commit stands', async () => {
    const { db, log, errors, request } = adapter()
    runAfterCommits(db)
    await afterCommit(request('a'), () => {
      throw new Error('listener failed')
    })
    await afterCommit(request('a'), () => log.push('second'))
    await db.commitTransaction('a')
    expect(log).toEqual(['commit a', 'second'])
    expect(errors).toHaveLength(1)
  })
})
