import type { Where } from 'payload'

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
