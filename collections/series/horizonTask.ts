import { commitTransaction, createLocalReq, killTransaction, type Payload } from 'payload'
import { beginCalendarTransaction, takeWriteTurn } from '../../core/database/index.js'
import type { ResolvedCalendarOptions } from '../../core/options.js'
import { markChange, writeChanges } from '../hooks/calendarCommit.js'
import { recountedTermEntries } from '../hooks/logEntries.js'
import { seriesEntries, snapshotSeries } from '../hooks/seriesEntries.js'
import { generateOccurrences, horizonFrom } from './generate.js'
import { scheduledTask } from '../scheduledTask.js'

export const HORIZON_TASK = 'calendarSeriesHorizon'

/** Series checked per query. */
const BATCH = 100
/** A series is brought forward once its horizon is this much short of where it should be. */
const SLACK_MS = 86_400_000

/**
 * Moves every series' horizon forward (daily, on Payload's jobs queue): the dates that came within
 * `recurrenceHorizonDays` of today are generated, each series in a transaction of its own that also
 * moves the calendar's change mark (caches see the new dates).
 */
export async function extendSeriesHorizons(
  payload: Payload,
  options: ResolvedCalendarOptions,
  now = new Date(),
): Promise<number> {
  const collection = options.slugs.events
  const due = new Date(horizonFrom(now, options).getTime() - SLACK_MS).toISOString()
  let extended = 0
  let afterId: number | string = 0
  for (;;) {
    const { docs }: { docs: unknown[] } = await payload.db.find({
      collection,
      where: {
        and: [
          { isSeries: { equals: true } },
          { id: { greater_than: afterId } },
          {
            or: [
              { 'recurrence.horizon': { less_than: due } },
              { 'recurrence.horizon': { exists: false } },
            ],
          },
        ],
      },
      sort: 'id',
      limit: BATCH,
      select: { id: true },
    })
    for (const { id } of docs as { id: number | string }[]) {
      const req = await createLocalReq({}, payload)
      const owned = await beginCalendarTransaction(req)
      try {
        await takeWriteTurn(req)
        const before = await snapshotSeries(req, options, id)
        await generateOccurrences(req, options, id, now)
        await markChange(req, options.sequencesSlug)
        await writeChanges(req, options, [
          ...seriesEntries(before, await snapshotSeries(req, options, id)),
          ...recountedTermEntries(req),
        ])
        if (owned) await commitTransaction(req)
        extended++
      } catch (error) {
        if (owned) await killTransaction(req)
        payload.logger.error({ err: error, msg: `could not extend the dates of series ${id}` })
      }
      afterId = id
    }
    if (docs.length < BATCH) return extended
  }
}

/** The daily task of Payload's jobs queue that runs `extendSeriesHorizons`. */
export const seriesHorizonTask = (options: ResolvedCalendarOptions) =>
  scheduledTask({
    slug: HORIZON_TASK,
    label: 'Extend recurring series',
    cron: options.recurrenceSchedule,
    outputSchema: [{ name: 'extended', type: 'number' }],
    run: async (payload) => ({ extended: await extendSeriesHorizons(payload, options) }),
  })
