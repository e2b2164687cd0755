import type {
  CollectionAfterChangeHook,
  CollectionAfterDeleteHook,
  CollectionBeforeChangeHook,
  CollectionBeforeDeleteHook,
  CollectionConfig,
  PayloadRequest,
} from 'payload'
import { afterCommit, atCommit } from '../../core/database/index.js'
import { withHooksLast } from '../../core/lib/compose.js'
import type { ResolvedCalendarOptions } from '../../core/options.js'
import { queueDeliveries } from '../webhooks/outbox.js'
import { moveMark } from './calendarChanges.js'
import {
  appendChanges,
  changeEntries,
  compactWhenDue,
  deleteEntries,
  otherEntries,
} from './changeLog.js'
import { resourceOf, type NewEntry } from './logEntries.js'
import { rememberSeries } from './seriesEntries.js'
import { dropRecordForms, recordsChanged } from './recordForms.js'
import { transactionMemo } from './transactionScope.js'

/**
 * What a commit of the calendar does. A write of a calendar record leaves this work for the
 * commit of its transaction, through the store's `atCommit` (core/database/calendarStore.ts): on
 * PostgreSQL it runs just before the commit under the change log's turn, so that the log's order
 * is the order of commits and the turn is held only from the append to the commit; elsewhere
 * (SQLite's one writer, adapters without locks) at once. In this order, for each write:
 *
 * 1. `markChange`: the calendar's change mark moves on (calendarChanges.ts `moveMark`), so that
 *    every process sees the write at its next read (the response cache, validators);
 * 2. `writeChanges`, when the write has entries:
 *    a. the entries are appended to the change log with the next sequences (changeLog.ts);
 *    b. the kept v1 forms of the records they name are dropped (recordForms.ts), and the v1 layer
 *       is told of them once the transaction has committed (the store's `afterCommit`; never when
 *       it rolls back), to build them again (`onRecordsChanged`);
 *    c. the webhooks' outbox gets a delivery per active webhook that wants one, and a job is
 *       queued (collections/webhooks/outbox.ts);
 *    d. entries older than the retention are dropped, once an hour at most (changeLog.ts).
 *
 * Every calendar collection's writes do it (`changesLogged`, below, a step collections/writePath.ts
 * lists); so do the recurrence task, a series' edits, kept forms and due
 * posts, which call these two themselves.
 */
export async function markChange(req: PayloadRequest, sequencesSlug: string): Promise<void> {
  // Once per transaction: its writes commit together, so one move shows them all (an import's
  // batch, a v1 write with its inline venue). Without a transaction (the generic store), each.
  const marked = await markedIn(req)
  if (marked?.moved) return
  if (marked) marked.moved = true
  await atCommit(req, () => moveMark(req, sequencesSlug))
}

/** Whether a transaction's commit moves the mark already. */
const markedIn = transactionMemo(() => ({ moved: false }))

export async function writeChanges(
  req: PayloadRequest,
  options: ResolvedCalendarOptions,
  entries: NewEntry[],
): Promise<void> {
  if (!entries.length) return
  await atCommit(req, async () => {
    const logged = await appendChanges(req, options, entries)
    await dropRecordForms(req, options, entries)
    await afterCommit(req, () => recordsChanged(req.payload, entries))
    await queueDeliveries(req, options, logged)
    await compactWhenDue(req, options, logged[logged.length - 1].sequence)
  })
}

/**
 * A step of a calendar collection's writes, after its own hooks (collections/writePath.ts): its
 * writes (changes, trash, deletes) leave their work for the commit (above): the mark moves, and
 * their entries (for the calendar's resources, those of collections/hooks/changeLog.ts; one under
 * the slug for the others) go to the change log. After the collection's other hooks, so that the
 * log sees what they wrote (series dates, unlinked events).
 */
export const changesLogged =
  (options: ResolvedCalendarOptions) =>
  (collection: CollectionConfig): CollectionConfig => {
    const { sequencesSlug } = options
    const resource = resourceOf(options, collection.slug)
    const afterChange: CollectionAfterChangeHook = async ({ req, doc, previousDoc, operation }) => {
      await markChange(req, sequencesSlug)
      await writeChanges(
        req,
        options,
        resource
          ? await changeEntries(req, options, resource, operation, doc, previousDoc)
          : otherEntries(collection.slug, doc),
      )
      return doc
    }
    const afterDelete: CollectionAfterDeleteHook = async ({ req, doc }) => {
      await markChange(req, sequencesSlug)
      await writeChanges(
        req,
        options,
        resource
          ? await deleteEntries(req, options, resource, doc)
          : otherEntries(collection.slug, doc),
      )
    }
    return withHooksLast(collection, { afterChange: [afterChange], afterDelete: [afterDelete] })
  }

/**
 * Before an event's other hooks: the dates of a series are remembered before they change or go,
 * for the change log's entries of its occurrences (changeLog.ts `rememberSeries`).
 */
export function seriesRemembered(options: ResolvedCalendarOptions) {
  const beforeChange: CollectionBeforeChangeHook = async ({
    req,
    data,
    originalDoc,
    operation,
  }) => {
    if (operation === 'update') await rememberSeries(req, options, originalDoc)
    return data
  }
  const beforeDelete: CollectionBeforeDeleteHook = async ({ req, id, collection }) => {
    const doc = await req.payload.db.findOne({
      collection: collection.slug,
      where: { id: { equals: id } },
      req,
    })
    await rememberSeries(req, options, doc ?? undefined)
  }
  return { beforeChange: [beforeChange], beforeDelete: [beforeDelete] }
}
