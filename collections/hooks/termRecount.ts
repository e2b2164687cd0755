import { createLocalReq, type Payload } from 'payload'
import { inWriteTransaction } from '../../core/database/index.js'
import type { ResolvedCalendarOptions } from '../../core/options.js'
import { scheduledTask } from '../scheduledTask.js'
import { markChange, writeChanges } from './calendarCommit.js'
import { recountedTermEntries } from './logEntries.js'
import { recountTerms, termCountsOf } from './termCounts.js'

/** Terms counted per transaction: each holds its terms' locks, not the whole calendar. */
const BATCH = 50

export type TermRecount = { terms: number; corrected: number }

/**
 * Counts every category's and tag's events again and stores the counts that differ: the repair of
 * the counts that event writes move by difference (collections/hooks/termCounts.ts), for data
 * changed outside Payload (SQL, a restore of some tables) or after a failure. Terms are counted a
 * batch per transaction, each term under its lock, so writes go on meanwhile; a corrected term
 * enters the change log (sync clients read counts from the term records).
 */
export async function recountAllTerms(
  payload: Payload,
  options: ResolvedCalendarOptions,
): Promise<TermRecount> {
  const result: TermRecount = { terms: 0, corrected: 0 }
  for (const counted of termCountsOf(options)) {
    let afterId = 0
    for (;;) {
      const { docs } = await payload.db.find({
        collection: counted.collection,
        where: { id: { greater_than: afterId } },
        sort: 'id',
        limit: BATCH,
        select: { id: true },
      })
      const termIds = (docs as { id: number }[]).map((term) => Number(term.id))
      if (!termIds.length) break
      const req = await createLocalReq({}, payload)
      await inWriteTransaction(
        req,
        async () => {
          await recountTerms(req, options.slugs.events, counted, termIds)
          const entries = recountedTermEntries(req)
          result.corrected += entries.length
          if (!entries.length) return
          await markChange(req, options.sequencesSlug)
          await writeChanges(req, options, entries)
        },
        'creates',
        [],
      )
      result.terms += termIds.length
      afterId = termIds[termIds.length - 1]
    }
  }
  return result
}

export const TERM_RECOUNT_TASK = 'calendarRecountTerms'

/**
 * The task of Payload's jobs queue that runs `recountAllTerms` once a day (at 04:30, the server's
 * time), on the `calendar` queue; `npm run counts:repair` runs it at once.
 */
export const termRecountTask = (options: ResolvedCalendarOptions) =>
  scheduledTask({
    slug: TERM_RECOUNT_TASK,
    label: 'Count the events of every category and tag again',
    cron: '30 4 * * *',
    outputSchema: [
      { name: 'terms', type: 'number' },
      { name: 'corrected', type: 'number' },
    ],
    run: (payload) => recountAllTerms(payload, options),
  })
