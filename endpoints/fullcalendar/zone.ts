import { DateTime } from 'luxon'
import { isValidZone } from '../../core/lib/time.js'

/**
 * How FullCalendar asks for times (its `timeZone` setting, sent as the `timeZone` parameter) and
 * how the feed must answer so that it shows them right:
 *
 * - `local` (FullCalendar sends no parameter) and `local` itself: the site's zone, times with their
 *   offset, which FullCalendar moves to the browser's zone.
 * - `UTC`: times in UTC, ending in `Z`.
 * - a named zone (`Europe/Paris`): wall-clock times in that zone without an offset. FullCalendar
 *   without a time zone plugin ignores offsets in a named zone ("UTC-coercion") and reads a time
 *   without one as a time in its zone, which a plugin does too.
 */
export type AskedZone = { zone: string; form: 'offset' | 'utc' | 'wall' }

/** The zone a `timeZone` parameter asks for, or null when it names no zone. */
export function askedZone(timeZone: string | undefined, siteZone: string): AskedZone | null {
  if (timeZone === undefined || timeZone === '' || timeZone === 'local')
    return { zone: siteZone, form: 'offset' }
  if (timeZone === 'UTC') return { zone: 'UTC', form: 'utc' }
  return isValidZone(timeZone) ? { zone: timeZone, form: 'wall' } : null
}

/** ISO 8601 as FullCalendar sends its range: a date, or a date and time with or without offset. */
const ISO_BOUND = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}(:?\d{2})?)?)?$/

/**
 * A bound of the asked range: an instant when it carries an offset, else a wall-clock time (or the
 * start of a day) in the asked zone, as FullCalendar means it. Null when it is no ISO 8601 date.
 */
export function rangeBound(value: string, asked: AskedZone): DateTime | null {
  if (!ISO_BOUND.test(value)) return null
  const parsed = DateTime.fromISO(value, { zone: asked.zone })
  return parsed.isValid ? parsed : null
}

/** An instant as the feed writes it for the asked zone. */
export function timeIn(instant: string | Date, asked: AskedZone): string {
  const time = DateTime.fromJSDate(new Date(instant), { zone: asked.zone })
  if (asked.form === 'wall') return time.toFormat("yyyy-MM-dd'T'HH:mm:ss")
  return time.toISO({ suppressMilliseconds: true, includeOffset: true }) ?? ''
}
