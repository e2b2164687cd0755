import Type, { type TSchema } from 'typebox'

/** An iCalendar document (RFC 5545): the calendar feeds' body, served as `text/calendar`. */
export const Calendar = Type.String({
  contentMediaType: 'text/calendar',
  pattern: '^BEGIN:VCALENDAR\\r\\n',
  description:
    'An iCalendar (RFC 5545) document: VCALENDAR with a VTIMEZONE per zone used and a VEVENT per event.',
})

/** A CSV file (RFC 4180, UTF-8): the CSV exports' body, served as `text/csv`. */
export const Csv = Type.String({
  contentMediaType: 'text/csv',
  description:
    'CSV (RFC 4180, UTF-8, CRLF line ends): a header row of column names, then a row per record. A cell that starts with =, +, -, @, a tab or a carriage return is written after a single quote.',
})

/** Bodies that are not JSON, by the media type they are served as. */
export const MEDIA_TYPES: Map<TSchema, string> = new Map([
  [Calendar, 'text/calendar'],
  [Csv, 'text/csv'],
])
