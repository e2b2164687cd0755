import type { Where } from 'payload'
import type { Context } from '../context.js'
import { afterInOrder, STREAM_BATCH } from '../keyset.js'
import { yieldToLoop } from '../../core/lib/yieldToLoop.js'
import type { Doc } from '../parts/common.js'
import { addressed, formsLookup, formsOf, type FormVariant } from './forms.js'

/**
 * Events read per batch from their kept forms: a statement for their ids and forms, one for the
 * stored columns the caller names. A form costs a few microseconds to join; the same event read
 * through Payload about a millisecond, most of it Payload's shaping of its row, locales and
 * relations (issue #59: an export of 100,000 events took minutes).
 */
export const KEPT_BATCH = 200

/** A batch: its events' stored columns (those asked, and the order's) and their forms, by id. */
export type KeptBatch<Form> = { docs: Doc[]; forms: Map<number, Form> }

/**
 * The events `where` matches as anyone sees them (anonymous, no password: `formsApply`), in the
 * order of `column` and then `id`, KEPT_BATCH at a time (keyset paging, as `batchesInOrder`, so
 * that writes meanwhile neither repeat nor skip an event): each with its kept form of `variant`,
 * its addresses in (`addressed`) and parsed, and the stored columns of `select` (read beside the
 * page; without any, the page's own statement reads the order's column). Forms that are
 * missing are built by `build` (as `formsOf` does), STREAM_BATCH events at a time, and kept.
 */
export async function* keptBatches<Form>(
  context: Context,
  {
    where,
    column,
    variant,
    select = {},
    build,
  }: {
    where: Where[]
    column: string
    variant: FormVariant
    select?: Record<string, true>
    build: (ids: number[], marked: Context) => Promise<Map<number, unknown>>
  },
): AsyncGenerator<KeptBatch<Form>> {
  const lookup = formsLookup(context, 'events', variant)
  // Missing forms are built STREAM_BATCH at a time: Payload's read of a batch holds the loop.
  const inSlices = async (missing: number[], marked: Context) => {
    const built = new Map<number, unknown>()
    for (let from = 0; from < missing.length; from += STREAM_BATCH) {
      if (from) await yieldToLoop()
      for (const [id, form] of await build(missing.slice(from, from + STREAM_BATCH), marked))
        built.set(id, form)
    }
    return built
  }
  // Without other columns, the page's statement reads the order's column itself.
  const firstSorted = Object.keys(select).length === 0
  let after: Where | null = null
  for (;;) {
    await yieldToLoop()
    const { ids, forms, sorted } = await context.data.pageIds(
      'events',
      {
        where: { and: [...where, ...(after ? [after] : [])] },
        sort: [column, 'id'],
        limit: KEPT_BATCH,
        firstSorted,
      },
      lookup,
    )
    if (!ids.length) return
    const [texts, stored] = await Promise.all([
      formsOf(context, 'events', ids, variant, inSlices, forms),
      sorted
        ? ids.map((id) => ({ id, [column]: sorted.get(id) }) as Doc)
        : // From the adapter, past access and trash: the ids were the caller's a statement ago,
          // and a write that committed since must not lose the order's place. (Payload's read of
          // 200 events' few columns took a CSV export of 100,000 events from 17 s to 29 s.) No
          // localized field: the adapter reads all its languages, Payload's read picks one.
          context.data.peekAll('events', { id: { in: ids } }, { ...select, [column]: true }),
    ])
    const byId = new Map<number, Doc>(stored.map((doc) => [doc.id, doc]))
    const docs = ids.flatMap((id) => (byId.has(id) && texts.has(id) ? [byId.get(id)!] : []))
    const parsed = new Map<number, Form>()
    for (const doc of docs) parsed.set(doc.id, JSON.parse(addressed(texts.get(doc.id)!, context)))
    yield { docs, forms: parsed }
    if (ids.length < KEPT_BATCH) return
    const last = [...ids].reverse().find((id) => byId.has(id))
    // Every event of the batch deleted meanwhile: nothing says where the next one starts.
    if (last === undefined) return
    after = afterInOrder(column, byId.get(last)![column] ?? '', last)
  }
}
