import type { Where } from 'payload'
import type { Context } from './context.js'
import type { DataKey, StoredDoc } from './data.js'
import { yieldToLoop } from '../core/lib/yieldToLoop.js'

/**
 * Records read per query while an export or a feed streams. An event costs about 0.3 ms to read
 * through Payload (its row, locales and relations made a document, the read hooks), all at once
 * with no turn for other requests between (building the records after it gives turns,
 * `mapInSlices`): 20 keep a read near 10 ms (200 held the server 80 ms and more; at 50 the loop's
 * delay reached 80-90 ms at p99 on an idle 2-core machine, test/event-loop.test.ts). The queries
 * are indexed seeks (below), so more of them cost little.
 */
export const STREAM_BATCH = 20

/**
 * Keyset paging of the long reads that stream (the CSV exports, the events feed, the FullCalendar
 * feed): the records after the last one a batch gave, in an order of one column and then `id`.
 *
 * The condition is written as a range on the column and then the tie on it, `column >= last AND
 * (column > last OR id > lastId)`, not as `column > last OR (column = last AND id > lastId)`,
 * which means the same: with the range at the top every planner seeks the column's index to the
 * last record and reads the batch from there, whatever else the query holds. Only a planner that
 * finds the range inside the OR does so for the other form (SQLite did once analyzed); one that
 * does not walks the index from its start past every record earlier batches read, and a whole
 * export costs the square of its size.
 */
export function afterInOrder(column: string, value: unknown, id: number): Where {
  return {
    and: [
      { [column]: { greater_than_equal: value } },
      { or: [{ [column]: { greater_than: value } }, { id: { greater_than: id } }] },
    ],
  }
}

/**
 * The records of a long read, STREAM_BATCH at a time in the order of `column` and then `id` (of
 * `id` alone without one), each batch read after a turn of the event loop: libSQL's statements
 * never give one, and the callers' requests wait for a batch, not for the whole read.
 */
export async function* batchesInOrder<K extends DataKey>(
  context: Context,
  key: K,
  { where, trash, column }: { where: Where[]; trash: boolean; column?: string },
): AsyncGenerator<StoredDoc<K>[]> {
  let after: Where | null = null
  for (;;) {
    await yieldToLoop()
    const { docs }: { docs: StoredDoc<K>[] } = await context.data.page(key, {
      where: { and: [...where, ...(after ? [after] : [])] },
      sort: column ? [column, 'id'] : ['id'],
      limit: STREAM_BATCH,
      count: false,
      trash,
    })
    if (docs.length) yield docs
    if (docs.length < STREAM_BATCH) return
    const last: StoredDoc<K> = docs[docs.length - 1]
    after = column
      ? afterInOrder(column, (last as unknown as Record<string, unknown>)[column] ?? '', last.id)
      : { id: { greater_than: last.id } }
  }
}

/**
 * A streamed answer: `head`, the text of each of `parts`, then `end`, each read only when the
 * connection asks for more (a 304 or a HEAD never starts the read). A failure once the status is
 * sent cuts the answer (`failure` is logged), which the client sees as a cut file.
 */
export function textStream(
  context: Context,
  {
    head,
    parts,
    end = '',
    failure,
  }: {
    head: string
    parts: AsyncIterable<string>
    end?: string
    failure: string
  },
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder()
  const iterator = parts[Symbol.asyncIterator]()
  let sentHead = false
  let cancelled = false
  return new ReadableStream<Uint8Array>(
    {
      cancel: async () => {
        cancelled = true
        await iterator.return?.()
      },
      pull: async (controller) => {
        try {
          if (!sentHead) {
            sentHead = true
            controller.enqueue(encoder.encode(head))
            return
          }
          const next = await iterator.next()
          if (cancelled) return
          if (!next.done) controller.enqueue(encoder.encode(next.value))
          else {
            if (end) controller.enqueue(encoder.encode(end))
            controller.close()
          }
        } catch (error) {
          if (cancelled) return
          context.payload.logger.error({ err: error, msg: failure })
          controller.error(error)
        }
      },
    },
    { highWaterMark: 0 },
  )
}
