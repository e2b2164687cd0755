import { NAMESPACE, type Context } from '../context.js'
import { currentChangeMark } from '../../collections/hooks/calendarChanges.js'
import type { CalendarGeneration } from '../calendarState.js'
import type { Validator } from '../reply.js'
import { etagOfSource } from './http.js'

/**
 * What every whole-calendar answer (the iCalendar feeds, the FullCalendar feed, CSV exports)
 * builds its records and validators from: records with v1's links, the calendar's state (its
 * change mark, the last scheduled record that came due) and who is asking.
 */

/**
 * What record builders need, with the v1 namespace as root, so that records (and links) are those
 * of v1.
 */
export const v1Context = (context: Context): Context => ({
  ...context,
  root: `${context.apiRoot}/${NAMESPACE}/`,
})

/** The last due time read for each generation of the calendar (`lastDueOf`). */
const lastDueByGeneration = new WeakMap<CalendarGeneration, Promise<number>>()

/**
 * When the last scheduled record that came due came due (ms; 0 for none). Within one generation
 * of the calendar it cannot change: a write makes a new one, and so does the next scheduled
 * record coming due (its `until`, endpoints/calendarState.ts). So it is read once per
 * generation: on SQLite the read walks the publication dates' index past every record when none
 * is scheduled (60-70 ms at 100,000 events, docs/benchmark.md), which every feed and export paid.
 */
function lastDueOf(context: Context): Promise<number> {
  const { generation } = context
  const known = generation && lastDueByGeneration.get(generation)
  if (known) return known
  const reading = readLastDue(context)
  if (generation) {
    lastDueByGeneration.set(generation, reading)
    reading.catch(() => lastDueByGeneration.delete(generation))
  }
  return reading
}

async function readLastDue(context: Context): Promise<number> {
  // Events, venues and organizers can be scheduled; a feed shows all three.
  const dues = await Promise.all(
    (['events', 'venues', 'organizers'] as const).map(async (key) => {
      const { docs } = await context.data.page(key, {
        where: {
          and: [
            { status: { equals: 'future' } },
            { publishedAt: { less_than_equal: context.now.toISOString() } },
          ],
        },
        sort: '-publishedAt',
        limit: 1,
        count: false,
        select: { publishedAt: true },
        sight: 'everything',
      })
      return docs[0]?.publishedAt ? new Date(docs[0].publishedAt as string).getTime() : 0
    }),
  )
  return Math.max(...dues)
}

/**
 * What a calendar's content depends on besides the request: the calendar's change mark (every
 * write, from any process) and the last scheduled event that came due (which changes what is
 * published without a write); and the time the content may last have changed, the start of the
 * current day included (the default window moves daily).
 */
export async function calendarState(context: Context) {
  const mark =
    context.generation?.mark ??
    (await currentChangeMark(context.payload, context.options.sequencesSlug))
  const lastDue = await lastDueOf(context)
  const today = new Date(context.now).setUTCHours(0, 0, 0, 0)
  return {
    mark,
    lastDue,
    lastModified: new Date(Math.min(context.now.getTime(), Math.max(mark, lastDue, today))),
  }
}

/** Who is asking, as far as it changes what a calendar holds. */
export const callerKey = (context: Context) =>
  context.user
    ? `${context.user.collection}:${context.user.id}:${(context.user as { role?: string }).role ?? ''}`
    : null

/**
 * The validators of a whole-calendar answer, known before it is read: the same query (`query`, and
 * what else shapes its bytes, `shaping`) on the same calendar state gives the same bytes.
 */
export async function feedValidator(
  context: Context,
  query: unknown,
  shaping: Record<string, unknown> = {},
): Promise<Validator> {
  const state = await calendarState(context)
  return {
    etag: etagOfSource({
      query,
      lang: context.lang,
      caller: callerKey(context),
      site: context.siteUrl,
      ...shaping,
      mark: state.mark,
      lastDue: state.lastDue,
    }),
    lastModified: state.lastModified,
  }
}
