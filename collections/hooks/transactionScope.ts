import type { PayloadRequest } from 'payload'

/**
 * What the requests that share one transaction did in it once: the change mark moved
 * (calendarCommit.ts `markChange`), the change log's last sequence (changeLog.ts
 * `appendChanges`) and the move the active webhooks are known at (calendarChanges.ts
 * `markMoveOf`), the kept forms dropped (recordForms.ts `dropRecordForms`). A request is its
 * own scope, unless its context holds an object under this key that every request of the
 * transaction shares: a batch's items (endpoints/batch/run.ts) each have a request of their own,
 * and did each of these once each (four statements of an item's seventeen) where once for the
 * batch is the same.
 */
export const TRANSACTION_SCOPE = 'calendarTransactionScope'

/** What the requests of one transaction share: the batch's scope, or the request itself. */
export const transactionScope = (req: PayloadRequest): object =>
  (req.context?.[TRANSACTION_SCOPE] as object | undefined) ?? req

/**
 * A memo per transaction: called with a request, the value its transaction (in its scope) holds,
 * made by `fresh` at the transaction's first call; `undefined` outside a transaction (the generic
 * store), where every write does its work itself.
 */
export function transactionMemo<T>(fresh: () => T) {
  const memos = new WeakMap<object, { transaction: number | string; value: T }>()
  return async (req: PayloadRequest): Promise<T | undefined> => {
    const transaction = (await req.transactionID) ?? undefined
    if (transaction === undefined) return undefined
    const scope = transactionScope(req)
    let memo = memos.get(scope)
    if (memo?.transaction !== transaction) {
      memo = { transaction, value: fresh() }
      memos.set(scope, memo)
    }
    return memo.value
  }
}
