/**
 * The read side of the event table (events.ts): what a record is built from, and what its linked
 * keys (venue, organizers) show.
 */

import { costValues, formatCost, inferCurrency } from '../../core/lib/cost.js'
import { idOf, wallClockIn, type Doc } from '../parts/common.js'
import { organizerRecord, venueRecord } from './linkedRecords.js'
import type { Related } from '../related.js'
import type * as post from './post.js'

/**
 * What an event record is built from: the document, the records it links to, and its dates and cost
 * worked out once.
 */
export type EventView = post.PostView & {
  related: Related
  local: { start: string; end: string }
  utc: { start: string; end: string }
  cost: { cost: string; cost_details: Record<string, unknown> }
  withJsonLd?: boolean
}

/**
 * The cost as shown: the stored symbol, else the site's when the event has a cost, else none
 * (docs/v1-reference.md §4.8, docs/v1-differences.md §9).
 */
function costOf(doc: Doc, context: EventView['context']): EventView['cost'] {
  const raw: string[] = Array.isArray(doc.cost) ? doc.cost : []
  const stored = { symbol: doc.currencySymbol ?? '', position: doc.currencyPosition ?? '' }
  const display = stored.symbol
    ? stored
    : raw.length && context.options.currencySymbol
      ? { symbol: context.options.currencySymbol, position: context.options.currencyPosition }
      : inferCurrency([])
  return {
    cost: formatCost(raw, {
      symbol: display.symbol,
      position: (display.position || 'prefix') as 'prefix' | 'postfix',
    }),
    cost_details: {
      currency_symbol: stored.symbol,
      currency_code: doc.currencyCode ?? '',
      currency_position: stored.position,
      values: costValues(raw),
    },
  }
}

/** Prepares what the event table's keys show. */
export function eventView(
  doc: Doc,
  context: EventView['context'],
  related: Related,
  withJsonLd?: boolean,
): EventView {
  const zone = doc.timezone || 'UTC'
  return {
    doc,
    context,
    images: related.images,
    related,
    local: {
      start: doc.startDateLocal || wallClockIn(doc.startDate, zone),
      end: doc.endDateLocal || wallClockIn(doc.endDate, zone),
    },
    utc: { start: wallClockIn(doc.startDate, 'UTC'), end: wallClockIn(doc.endDate, 'UTC') },
    cost: costOf(doc, context),
    withJsonLd,
  }
}

/**
 * Embedded venues and organizers are judged without the request's password
 * (docs/v1-reference.md §3.4).
 */
const linkedOptions = (view: EventView) => ({
  images: view.related.images,
  withJsonLd: view.withJsonLd,
})

/** The event's venue as its record, or `[]` when it has none. */
export function venueShown(view: EventView) {
  const id = idOf(view.doc.venue)
  const venue = id !== null ? view.related.venues.get(id) : undefined
  return venue ? venueRecord(venue, view.context, linkedOptions(view)) : []
}

/** The event's organizers as their records, in their order. */
export const organizersShown = (view: EventView) =>
  ((view.doc.organizers ?? []) as unknown[])
    .map((value) => view.related.organizers.get(idOf(value) ?? -1))
    .filter((organizer) => organizer !== undefined)
    .map((organizer) => organizerRecord(organizer, view.context, linkedOptions(view)))
