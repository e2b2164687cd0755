import { can } from '../../collections/access.js'
import { endSeriesBefore } from '../../collections/series/edit.js'
import { isSeriesDate } from '../../collections/series/generate.js'
import { ApiError, forbidden } from '../errors.js'
import { requireRight, requireRightOnExisting, requireUser } from '../permissions.js'
import type { Operation } from '../routing/operation.js'
import { eventRecord } from '../records/event.js'
import { loadRelated } from '../forms/load.js'
import { inTransaction, recordTurnOf, WHOLE_TURN } from '../transaction.js'
import { writeAddressParams, type EventAddress } from './single.js'
import { applyToParam, eventForWrite, seriesIdOf } from './series.js'

/**
 * `DELETE /events/{id}` and by slug (docs/v1-reference.md §5.5, docs/v1-differences.md §5): moves
 * the event to the trash and returns it (`status: "trash"`); 410 when it is there already.
 * `force=true` (editors and administrators) deletes it for good, from the trash too, and returns it
 * as it was.
 */
export function deleteEvent(address: EventAddress): Operation {
  return {
    summary: `Delete an event by ${address}`,
    params: {
      ...writeAddressParams(address),
      force: {
        kind: 'boolean',
        description: 'Delete for good instead of moving to the trash (editors and administrators).',
        default: false,
      },
      apply_to: applyToParam('delete'),
    },
    responses: {
      200: 'Event',
      404: { errors: ['rest-event-not-found'] },
      410: { errors: ['event-is-in-trash'] },
    },
    authorize: async (context) => {
      requireUser(context, can.editPosts(context.user))
      const force = ['1', 'true'].includes(
        new URL(context.req.url ?? '', 'http://x').searchParams.get('force') ?? '',
      )
      if (force && !can.editOthers(context.user)) throw forbidden(true)
      if (address === 'id') {
        const id = Number(context.pathParams.id)
        await requireRightOnExisting(
          context,
          'events',
          'delete',
          id,
          force ? undefined : { deletedAt: context.now.toISOString() },
        )
      }
    },
    handle: async (context, args) => {
      const outcome = await inTransaction(
        context,
        async () => {
          let { stored } = await eventForWrite(context, address, args)
          if (args.force && !can.editOthers(context.user)) throw forbidden(true)
          const series = seriesIdOf(stored)
          if (series !== null && isSeriesDate(stored) && args.apply_to === 'following') {
            await requireRightOnExisting(context, 'events', 'update', series)
            const before = await eventRecord(stored, context, await loadRelated(context, [stored]))
            await endSeriesBefore(context.req, context.options, stored)
            return { answer: before }
          }
          // The whole series: deleting the series takes its dates with it.
          if (series !== null && args.apply_to === 'all')
            stored =
              (await context.data.one('events', { id: { equals: series } }, { trash: true })) ??
              stored
          const data = args.force ? undefined : { deletedAt: context.now.toISOString() }
          await requireRight(context, 'events', 'delete', stored.id, data)
          if (args.force) {
            const before = await eventRecord(stored, context, await loadRelated(context, [stored]))
            await context.data.remove('events', stored.id, { trash: true })
            return { answer: before }
          }
          if (stored.deletedAt)
            throw new ApiError(410, 'event-is-in-trash', 'The event is already in the trash.')
          return {
            trashed: await context.data.update('events', stored.id, data!, { trash: false }),
          }
        },
        // A delete for good unlinks the events that point at it (core/database/recordTurn.ts).
        ...(args.force ? WHOLE_TURN : recordTurnOf(context, address, 'events', args.id)),
      )
      // What was deleted is answered as it was, read before; the trashed event once the write has
      // committed, outside its turn (as a written event: write.ts).
      if ('answer' in outcome) return { status: 200, body: outcome.answer }
      const { trashed } = outcome
      return {
        status: 200,
        body: eventRecord(trashed, context, await loadRelated(context, [trashed])),
      }
    },
  }
}
