import type { CollectionBeforeChangeHook } from 'payload'
import { endOfDay, isValidZone, startOfDay, wallClock } from '../../core/lib/time.js'

const isDate = (value: unknown) =>
  (typeof value === 'string' || value instanceof Date) && !Number.isNaN(new Date(value).getTime())

/**
 * Keeps an event's dates recoverable three ways: the UTC instants (`startDate`, `endDate`), the
 * event's time zone (`timezone`, the site zone when none is given) and the wall-clock times in that
 * zone (`startDateLocal`, `endDateLocal`, which date filters compare). An all-day event runs from
 * 00:00:00 of its first day to 23:59:59 of its last, in its zone.
 */
export function eventDates(siteTimezone: string): CollectionBeforeChangeHook {
  return ({ data, originalDoc }) => {
    const zone = (data.timezone || originalDoc?.timezone || siteTimezone) as string
    data.timezone = zone
    let start = data.startDate ?? originalDoc?.startDate
    let end = data.endDate ?? originalDoc?.endDate
    // Missing or unreadable dates and zones are left to the fields' validation, which runs next and
    // reports them.
    if (!isDate(start) || !isDate(end) || !isValidZone(zone)) return data
    if (data.allDay ?? originalDoc?.allDay) {
      start = startOfDay(start, zone)
      end = endOfDay(end, zone)
    }
    data.startDate = new Date(start).toISOString()
    data.endDate = new Date(end).toISOString()
    data.startDateLocal = wallClock(start, zone)
    data.endDateLocal = wallClock(end, zone)
    return data
  }
}
