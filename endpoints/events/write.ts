import { can } from '../../collections/access.js'
import { changeWholeSeries, splitSeriesAt } from '../../collections/series/edit.js'
import { isSeriesDate } from '../../collections/series/generate.js'
import type { Context } from '../context.js'
import type { Doc } from '../data.js'
import { EVENT_FIELDS, EVENT_WRITE_ALIASES } from '../fields/events.js'
import { dataOf, paramsOf } from '../fields/table.js'
import { requireRight, requireRightOnExisting, requireUser } from '../permissions.js'
import type { Operation } from '../routing/operation.js'
import { eventRecord } from '../records/event.js'
import { loadRelated } from '../forms/load.js'
import type { Related } from '../related.js'
import { writtenTermCounts } from '../../collections/hooks/termCounts.js'
import { inTransaction, recordTurnOf } from '../transaction.js'
import { fitsRecordTurn, requireFittingTurn } from '../../core/database/index.js'
import { writeAddressParams, type EventAddress } from './single.js'
import { applyToParam, eventForWrite, seriesIdOf } from './series.js'

/** An inline venue or organizer that cannot be created (`fields/linkedArgs.ts`). */
const LINKED_ERRORS = ['could-not-create-venue', 'could-not-create-organizer']

/**
 * The written event as the caller may read it now: the document the write returned (Payload's
 * create and update read it back and run its read hooks), read again only when it is, or was made,
 * part of a series, whose hooks write its dates and may write it again after that read. Built
 * once the write has committed (inside a batch's transaction, before it), so that the records it
 * shows are read outside the write's turn: on SQLite, where writes go one at a time, the next
 * write starts meanwhile.
 */
async function respond(context: Context, written: Doc, status: number) {
  const doc =
    written.isSeries || written.series != null
      ? (await context.data.one('events', { id: { equals: written.id } }, { trash: true }))!
      : written
  return {
    status,
    body: eventRecord(
      doc,
      context,
      await loadRelated(context, [doc], undefined, linkedRead(context)),
    ),
  }
}

/**
 * What the write read of the records it links to (`Context.linkedRead`), as `loadRelated` takes
 * what it has already: its terms with the counts the write stored for them.
 */
function linkedRead(context: Context): Related | undefined {
  if (!context.linkedRead) return undefined
  const written = writtenTermCounts(context.req)
  const { categories, tags } = context.linkedRead
  const counted = <T extends { id: number }>(collection: string, terms: Map<number, T>) =>
    new Map(
      [...terms].map(([id, term]) => [id, { ...term, ...written.get(`${collection}:${id}`) }]),
    )
  return {
    ...context.linkedRead,
    categories: counted(context.options.slugs.categories, categories),
    tags: counted(context.options.slugs.tags, tags),
  }
}

/** `POST /events` (docs/v1-reference.md §5.3): 201 with the new event. */
export const createEvent: Operation = {
  summary: 'Create an event',
  params: { ...paramsOf(EVENT_FIELDS, { creating: true }), ...EVENT_WRITE_ALIASES },
  body: true,
  responses: { 201: 'Event', 400: { errors: LINKED_ERRORS } },
  authorize: (context) => requireUser(context, can.editPosts(context.user)),
  handle: async (context, args) => {
    const created = await inTransaction(
      context,
      async () => {
        const data = await dataOf(EVENT_FIELDS, args, context, null)
        data.status ??= can.publish(context.user) ? 'publish' : 'draft'
        return context.data.create('events', data)
      },
      'creates',
    )
    return respond(context, created, 201)
  },
}

/** `POST|PUT|PATCH /events/{id}` and by slug: a partial update (docs/v1-differences.md §6). */
export function updateEvent(address: EventAddress): Operation {
  return {
    summary: `Update an event by ${address}`,
    params: {
      ...writeAddressParams(address),
      ...paramsOf(EVENT_FIELDS, { creating: false }),
      ...EVENT_WRITE_ALIASES,
      apply_to: applyToParam('change'),
    },
    body: true,
    responses: {
      200: 'Event',
      400: { errors: LINKED_ERRORS },
      404: { errors: ['rest-event-not-found'] },
    },
    authorize: async (context) => {
      requireUser(context, can.editPosts(context.user))
      // An existing id is judged on the record itself; an unknown one goes on to its 404.
      if (address === 'id')
        await requireRightOnExisting(context, 'events', 'update', Number(context.pathParams.id))
    },
    handle: async (context, args) => {
      const written = await inTransaction(
        context,
        async () => {
          const { stored, reaching } = await eventForWrite(context, address, args)
          await requireRight(context, 'events', 'update', stored.id)
          const data = await dataOf(EVENT_FIELDS, args, context, stored)
          await requireFittingTurn(
            context.req,
            fitsRecordTurn('events', 'update', { ...data, ...reaching }, stored),
          )
          const series = seriesIdOf(stored)
          if (series === null || !isSeriesDate(stored) || args.apply_to === 'this')
            return context.data.update('events', stored.id, data)
          // A date of a series, for the following dates or all of them: the series changes too.
          await requireRightOnExisting(context, 'events', 'update', series)
          if (args.apply_to === 'following')
            await splitSeriesAt(context.req, context.options, stored, data)
          else await changeWholeSeries(context.req, context.options, stored, data)
          return stored
        },
        ...recordTurnOf(context, address, 'events', args.id),
      )
      return respond(context, written, 200)
    },
  }
}
