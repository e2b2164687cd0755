import type { PayloadRequest } from 'payload'

/**
 * What the requests that share one transaction did in it once: the change mark moved
 * (calendarCommit.ts `markChange`), the change log's last sequence (changeLog.ts
 * `appendChanges`), the kept forms dropped (recordForms.ts `dropRecordForms`). A request is its
 * own scope, unless its context holds an object under this key that every request of the
 * transaction shares: a batch's items (endpoints/batch/run.ts) each have a request of their own,
 * and did each of these once each (four statements of an item's seventeen) where once for the
 * batch is the same.
 */
export const TRANSACTION_SCOPE = 'calendarTransactionScope'

export const transactionScope = (req: PayloadRequest): object =>
  (req.context?.[TRANSACTION_SCOPE] as object | undefined) ?? req
