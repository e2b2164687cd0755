/**
 * The write side of the event table (events.ts): the arguments that need more than a kind, and how
 * writes store dates, attendance, the online address and the previous start.
 */
import { DateTime } from 'luxon'
import { rawCosts } from '../../core/lib/cost.js'
import { parseDate, WALL_CLOCK_FORMAT } from '../../core/lib/dates.js'
import type { AttendanceMode } from '../../collections/eventStatus.js'
import type { Context } from '../context.js'
import { MAX_LIST_ITEMS, type LooseArgs, type ParamSpec } from '../params.js'
import { urlParam } from '../postArgs.js'
import type { Doc } from '../parts/common.js'
import type { Write } from './table.js'

/**
 * Start and end as UTC instants: each given value read in the event's zone, the missing one taken
 * from the stored event; an end before the start becomes the start. A new zone alone keeps the
 * stored wall-clock times.
 */
export const eventDates: Write = (args, context, stored) => {
  const zone = args.timezone || stored?.timezone || context.options.siteTimezone
  const zoneChanged = stored && args.timezone !== undefined && zone !== stored.timezone
  if (args.start_date === undefined && args.end_date === undefined && !zoneChanged)
    return args.timezone !== undefined ? { timezone: zone } : {}
  const fromStored = (local: string | undefined, instant: string) =>
    zoneChanged && local
      ? DateTime.fromFormat(local, WALL_CLOCK_FORMAT, { zone })
      : DateTime.fromISO(instant, { zone })
  const start =
    args.start_date !== undefined
      ? parseDate(args.start_date, zone, context.now)!
      : fromStored(stored?.startDateLocal, stored!.startDate)
  let end =
    args.end_date !== undefined
      ? parseDate(args.end_date, zone, context.now)!
      : fromStored(stored?.endDateLocal, stored!.endDate)
  if (end < start) end = start
  return { startDate: start.toUTC().toISO()!, endDate: end.toUTC().toISO()!, timezone: zone }
}

/** The zone an event's wall clocks are read and written in. */
const eventZone = (context: Context, args: LooseArgs, stored: Doc | null): string =>
  args.timezone || stored?.timezone || context.options.siteTimezone

const hasVenue = (venue: unknown) =>
  venue !== undefined &&
  venue !== null &&
  venue !== '' &&
  venue !== 0 &&
  venue !== '0' &&
  !(Array.isArray(venue) && venue.length === 0)

/**
 * The attendance as written: `attendance_mode`, else The Events Calendar Pro's `is_virtual` (true:
 * online, or online and in person when the event has a venue; false: in person).
 */
export const writeAttendance: Write = (args, _context, stored) => {
  if (args.attendance_mode !== undefined) return { attendanceMode: args.attendance_mode }
  if (args.is_virtual === undefined) return undefined
  if (!args.is_virtual) return { attendanceMode: 'offline' satisfies AttendanceMode }
  const venue = args.venue !== undefined ? args.venue : stored?.venue
  return { attendanceMode: (hasVenue(venue) ? 'mixed' : 'online') satisfies AttendanceMode }
}

/** The online address as written: `online_url`, else The Events Calendar Pro's `virtual_url`. */
export const writeOnlineUrl: Write = (args) => {
  const url = args.online_url !== undefined ? args.online_url : args.virtual_url
  return url !== undefined ? { onlineUrl: url } : undefined
}

/**
 * Arguments of The Events Calendar Pro's virtual events that event writes accept as well:
 * `attendance_mode` and `online_url` win when both are given.
 */
export const EVENT_WRITE_ALIASES = {
  is_virtual: {
    kind: 'boolean',
    description:
      'The Events Calendar Pro’s name: true sets attendance_mode to online (mixed when the event has a venue), false to offline. attendance_mode wins.',
  },
  virtual_url: urlParam('The Events Calendar Pro’s name for online_url (which wins).'),
} satisfies Record<string, ParamSpec>

/** The cost: one text or a short list of them, as written. */
export const costParam: ParamSpec = {
  kind: 'any',
  description: `Cost: a string or a list of at most ${MAX_LIST_ITEMS} strings ("10", "€6.50 - €8.50", "Free").`,
  check: (v: unknown) =>
    (rawCosts(v)?.length ?? Infinity) <= MAX_LIST_ITEMS
      ? undefined
      : `cost must be a string or a list of at most ${MAX_LIST_ITEMS} strings.`,
}

/** The start before the event moved, read in the event's zone; `''` clears it. */
export const writePreviousStart: Write = (args, context, stored) =>
  args.previous_start_date === undefined
    ? undefined
    : {
        previousStartDate:
          args.previous_start_date === ''
            ? null
            : parseDate(args.previous_start_date, eventZone(context, args, stored), context.now)!
                .toUTC()
                .toISO(),
      }
