import type { Payload } from 'payload'

type Adapter = Payload['db']

type Forget = (db: Adapter) => void

const forgetters = new WeakMap<Adapter, Set<Forget>>()

/**
 * Runs `forget` before every rollback of the adapter's transactions, for what a process keeps in
 * memory on the word of a write that may not commit (the active webhooks,
 * collections/webhooks/active.ts): forgotten before the rollback ends, so nothing another
 * process writes after it can be mistaken for what the rolled-back write had seen. `forget` gets
 * the adapter; the same function given again is run once.
 */
export function forgetOnRollback(db: Adapter, forget: Forget): void {
  const known = forgetters.get(db)
  if (known) return void known.add(forget)
  const all = new Set([forget])
  forgetters.set(db, all)
  const rollback = db.rollbackTransaction.bind(db)
  db.rollbackTransaction = async (id) => {
    for (const each of all) each(db)
    return rollback(id)
  }
}
