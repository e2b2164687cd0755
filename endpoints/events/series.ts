import { fitsRecordTurn, requireFittingTurn } from '../../core/database/index.js'
import type { Context } from '../context.js'
import type { ParamSpec } from '../params.js'
import { idOf, type Doc } from '../parts/common.js'
import { addressedEvent, type EventAddress } from './single.js'

/**
 * `apply_to` on the writes of a date of a recurring series (an addition of ours): `this` (the
 * default) changes, or removes, this date alone; `following` this one and the ones after it (the
 * series splits, or ends, here); `all` the whole series. Other events ignore it.
 */
export const applyToParam = (what: 'change' | 'delete'): ParamSpec => ({
  kind: 'string',
  enum: ['this', 'following', 'all'],
  default: 'this',
  description:
    what === 'change'
      ? 'On a date of a recurring series: change this date only (this), this and the following ones (following: the series splits here), or the whole series (all: a new start moves every date by as much).'
      : "On a date of a recurring series: remove this date only (this: to the trash, where its start joins the series' excluded dates, or for good with force; to cancel a date and keep it listed, set its event_status to canceled instead), this and the following ones (following: the series ends before it), or the whole series with its dates (all: to the trash, or for good with force).",
})

/** The series a date belongs to, or null for any other event. */
export const seriesIdOf = (doc: Doc): number | null =>
  doc.series ? (idOf(doc.series) as number) : null

/**
 * The event a write addresses, looked up again inside its transaction, once the calendar's turn
 * fits the write (core/database/recordTurn.ts), and how far the write reaches: a date's write that
 * reaches the following dates or all of them changes its series, which may not share the calendar;
 * a plain event's, or one date's, may.
 */
export async function eventForWrite(
  context: Context,
  address: EventAddress,
  args: { id?: number; slug?: string; apply_to?: string },
): Promise<{ stored: Doc; reaching: { applyTo?: string } }> {
  const stored = await addressedEvent(context, address, args, { fresh: true })
  const reach = seriesIdOf(stored) !== null && args.apply_to !== 'this'
  const reaching = reach ? { applyTo: args.apply_to } : {}
  await requireFittingTurn(context.req, fitsRecordTurn('events', 'update', reaching, stored))
  return { stored, reaching }
}
