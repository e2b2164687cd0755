import { DateTime } from 'luxon'
import { textLanguage } from '../fields/translations.js'
import type { RecordContext } from '../context.js'
import { EVENT_FIELDS, eventView } from '../fields/events.js'
import { recordOf } from '../fields/table.js'
import type { EventRecord, SingleEventRecord } from '../schemas/records.js'
import { unlocked, type Doc } from '../parts/common.js'
import { eventJsonLd } from '../parts/jsonLd.js'
import { loadRelated } from '../forms/load.js'
import type { Related } from '../related.js'
import type { Context } from '../context.js'

export type EventRecordOptions = {
  /** The password given with the request, which unlocks protected events. */
  givenPassword?: unknown
  /** Single reads add schema.org JSON-LD, to the event and its venue and organizers. */
  withJsonLd?: boolean
}

/**
 * An event record (docs/v1-reference.md §4.1): the event field table, with `json_ld` on single
 * reads.
 */
export function eventRecord(
  doc: Doc,
  context: RecordContext,
  related: Related,
  options: EventRecordOptions & { withJsonLd: true },
): SingleEventRecord
export function eventRecord(
  doc: Doc,
  context: RecordContext,
  related: Related,
  options?: EventRecordOptions,
): EventRecord
export function eventRecord(
  doc: Doc,
  context: RecordContext,
  related: Related,
  options: EventRecordOptions = {},
): EventRecord | SingleEventRecord {
  const locked = !unlocked(
    doc,
    related.passwords.get(`${context.options.slugs.events}:${doc.id}`),
    options.givenPassword,
  )
  const record = recordOf(
    EVENT_FIELDS,
    eventView(doc, context, related, options.withJsonLd),
    locked,
  ) as EventRecord
  if (!options.withJsonLd) return record
  const zone = doc.timezone || 'UTC'
  const iso = (instant: string) =>
    DateTime.fromJSDate(new Date(instant), { zone }).toISO({ suppressMilliseconds: true }) ?? ''
  const previous = doc.previousStartDate ? iso(doc.previousStartDate) : undefined
  return {
    ...record,
    json_ld: eventJsonLd(record, iso(doc.startDate), iso(doc.endDate), {
      previous,
      inLanguage: textLanguage(doc, context.lang),
    }),
  }
}

/**
 * The records of these events as the caller may read them (anonymous, no password: the kept forms
 * of endpoints/forms/forms.ts), by id; with `json_ld` for single reads. Three to six queries
 * whatever their number.
 */
export async function eventRecords(
  context: Context,
  ids: number[],
  options: { withJsonLd?: boolean } = {},
): Promise<Map<number, EventRecord | SingleEventRecord>> {
  const docs = await context.data.all('events', { where: { id: { in: ids } } })
  const related = await loadRelated(context, docs)
  return new Map(
    docs.map((doc) => [
      doc.id,
      options.withJsonLd
        ? eventRecord(doc, context, related, { withJsonLd: true })
        : eventRecord(doc, context, related),
    ]),
  )
}
