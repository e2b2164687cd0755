import { AsyncLocalStorage } from 'node:async_hooks'
import type { Client } from '@libsql/client'
import { yieldToLoop } from '../lib/yieldToLoop.js'

const withoutTurn = new AsyncLocalStorage<true>()

/**
 * `work` with no turn given after its statements: for a check that runs one short statement and
 * answers (the health route), which would otherwise wait for a turn of whatever heavy work runs
 * beside it, and answer a turn later.
 */
export const withoutTurns = <T>(work: () => Promise<T>): Promise<T> => withoutTurn.run(true, work)

const yielding = new WeakSet<Client>()

const STATEMENT_METHODS = ['execute', 'batch', 'executeMultiple'] as const

type Method = (this: Client, ...args: unknown[]) => Promise<unknown>

/**
 * libSQL's local client runs a statement synchronously and answers with a promise that is already
 * settled, so code awaiting statement after statement (a series' 731 dates, an export's batches,
 * an import, a page's reads) runs as one chain of microtasks: no other request, timer or socket
 * gets a turn until the whole chain ends. After each statement (or batch) the client now lets the
 * event loop run what waits, as PostgreSQL's client does by nature. A statement alone still holds
 * the loop while it runs: long ones are cut in slices where they are made.
 */
export function yieldAfterStatements(client: Client): Client {
  if (yielding.has(client)) return client
  yielding.add(client)
  const methods = client as unknown as Record<string, Method>
  for (const name of STATEMENT_METHODS) {
    // The client's class's method is looked up at each call: what wraps it later still runs.
    const own = Object.prototype.hasOwnProperty.call(client, name) ? methods[name] : null
    methods[name] = async function (this: Client, ...args: unknown[]) {
      const method = own ?? (Object.getPrototypeOf(client) as Record<string, Method>)[name]
      if (withoutTurn.getStore()) return method.apply(client, args)
      try {
        return await method.apply(client, args)
      } finally {
        await yieldToLoop()
      }
    }
  }
  return client
}
