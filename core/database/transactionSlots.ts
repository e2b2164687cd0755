import type { BaseDatabaseAdapter } from 'payload'
import { holdWhileOpen, type Begin } from './heldTransactions.js'

/** How long a transaction waits for a free slot; past that some transaction is never ended. */
const SLOT_WAIT_MS = 30_000

type PooledAdapter = { pool?: { options?: { max?: number } }; poolOptions?: { max?: number } }

/** Per adapter, what makes a way of beginning a transaction wait for a slot. */
const slotTakers = new WeakMap<object, (begin: Begin) => Begin>()

/** The pool's size (pg's default is 10) less two: a claim and a read always find a connection. */
export function transactionSlotsOf(db: object): number {
  const { pool, poolOptions } = db as PooledAdapter
  return Math.max(1, (pool?.options?.max ?? poolOptions?.max ?? 10) - 2)
}

/**
 * At most `limit` open transactions of the adapter at once, on PostgreSQL. A transaction holds one
 * connection of the adapter's pool from begin to end, and a write that creates records claims its
 * ids on another, committed at once (collections/hooks/integerIds.ts): were every connection held
 * by a transaction waiting for a claim, none would ever end. Transactions past the limit wait to
 * begin, holding nothing. The adapter's own and those the plugin opens (`calendarTransaction.ts`).
 */
export function limitTransactions<T extends BaseDatabaseAdapter>(db: T, limit: number): T {
  const waiting: (() => void)[] = []
  let free = limit

  const giveBack = () => {
    const next = waiting.shift()
    if (next) next()
    else free++
  }
  const takeSlot = async (): Promise<() => void> => {
    if (free > 0) free--
    else {
      let timer: NodeJS.Timeout | undefined
      let handOver!: () => void
      const given = new Promise<void>((resolve) => (handOver = resolve))
      waiting.push(handOver)
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => {
          const at = waiting.indexOf(handOver)
          // Not waiting any more: the slot was handed over meanwhile.
          if (at < 0) return
          waiting.splice(at, 1)
          reject(new Error(`waited ${SLOT_WAIT_MS} ms for one of ${limit} transactions to end`))
        }, SLOT_WAIT_MS)
      })
      try {
        await Promise.race([given, timeout])
      } finally {
        clearTimeout(timer)
      }
    }
    let released = false
    return () => {
      if (released) return
      released = true
      giveBack()
    }
  }
  slotTakers.set(db, holdWhileOpen(db, takeSlot))
  return db
}

/** `begin`, waiting for a slot among the adapter's transactions when they are limited. */
export function inSlot(db: object, begin: Begin): Begin {
  return slotTakers.get(db)?.(begin) ?? begin
}
