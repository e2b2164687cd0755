import type { ParamSpec } from '../params.js'
import { idOf, type Doc } from '../records/common.js'

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
