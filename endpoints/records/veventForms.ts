import ical, { ICalEvent } from 'ical-generator'
import type { Context } from '../context.js'
import { loadRelated } from '../forms/load.js'
import type { Doc } from '../parts/common.js'
import { eventRecord } from './event.js'
import type { Related } from '../related.js'
import type { EventRecord } from '../schemas/records.js'
import { veventData, type SeriesPart } from './vevent.js'

/** One event's VEVENT, unfolded (endpoints/ical/feed.ts folds it). */
export const veventText = (doc: Doc, record: EventRecord, host: string, part?: SeriesPart) =>
  new ICalEvent(veventData(doc, record, host, part), ical()).toString()

/**
 * The host in the UID of a kept VEVENT: the request's goes in when it is read (the form's other
 * addresses are forms.ts's markers).
 */
export const KEPT_HOST = '\u0000ical-host\u0000'

/** An event that is neither a series nor one of its dates: its VEVENT is the same in any feed. */
const standsAlone = (doc: Doc) => !doc.series && !doc.isSeries

/**
 * The VEVENT forms of events (as anyone sees them, with `marked`'s addresses): the VEVENT of an
 * event that stands alone, `null` for a series or a date of one, which the feed writes from its
 * series (endpoints/ical/feed.ts `batchVevents`).
 */
export async function veventForms(ids: number[], marked: Context): Promise<Map<number, unknown>> {
  const docs = await marked.data.all('events', { where: { id: { in: ids } } })
  return veventFormsOf(marked, docs, await loadRelated(marked, docs))
}

export function veventFormsOf(marked: Context, docs: Doc[], related: Related) {
  return new Map(
    docs.map((doc) => [
      doc.id,
      standsAlone(doc) ? veventText(doc, eventRecord(doc, marked, related), KEPT_HOST) : null,
    ]),
  )
}
