import type { Where } from 'payload'

/** Conditions made by `noMatch`, known by identity (the same shape may also come from a caller). */
const matchingNothing = new WeakSet<Where>()

/**
 * A condition no record meets, for a filter that found nothing to name (no event has the
 * translation statuses asked). A fresh object each time, since Payload may rewrite the conditions
 * it is given.
 */
export function noMatch(): Where {
  const where: Where = { id: { in: [0] } }
  matchingNothing.add(where)
  return where
}

/** True when one of the conditions, all required, is a `noMatch`: the answer is empty. */
export const matchesNothing = (where: readonly Where[]): boolean =>
  where.some((condition) => matchingNothing.has(condition))

/**
 * The operand of `in` on a has-many relationship (categories, tags, organizers): the ids as one
 * comma list, as Payload's REST passes them, and `0` (no record) only when there are none. Given a
 * list, the SQL adapters bind every id twice (as a number and as text), and PostgreSQL counts each
 * copy when it estimates how many events match; with the `0` added, a category's events were
 * reckoned four times as many as they are, and the planner walked the whole date window in start
 * order, in parallel, instead of reading the category's few events (issue #27, docs/benchmark.md).
 */
export const relatedIdsIn = (ids: readonly number[]): string => (ids.length ? ids.join(',') : '0')
