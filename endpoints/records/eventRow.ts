import type { Context } from '../context.js'
import { EVENT_FIELDS, eventView } from '../fields/events.js'
import { flatRow } from '../fields/flat.js'
import { recordOf } from '../fields/table.js'
import { mapInSlices } from '../../core/lib/yieldToLoop.js'
import { unlocked, type Doc } from '../parts/common.js'
import type { Related } from '../related.js'

/** A CSV row's cells: what `flatRow` gives, and what the CSV forms keep (forms/forms.ts). */
export type Cells = (string | number)[]

/**
 * The CSV rows of these events as the caller may read them (the columns of the event field table,
 * `fields/flat.ts`), in their order, with other requests given turns between slices.
 */
export function eventRows(
  context: Context,
  docs: Doc[],
  related: Related,
  password: unknown,
): Promise<Cells[]> {
  return mapInSlices(docs, (doc) => {
    const view = eventView(doc, context, related)
    const locked = !unlocked(
      doc,
      related.passwords.get(`${context.options.slugs.events}:${doc.id}`),
      password,
    )
    return flatRow(EVENT_FIELDS, recordOf(EVENT_FIELDS, view, locked), view, locked)
  })
}
