import type { CalendarMode } from './grid.js'

/** A day's date at noon UTC, to format it in UTC as the day it is. */
export const dateOf = (day: string) => new Date(`${day}T12:00:00Z`)

/** The calendar's heading: a month and its year, or a week's first and last days. */
export function calendarTitle(
  language: string,
  mode: CalendarMode,
  anchor: string,
  days: string[],
): string {
  if (mode === 'month')
    return new Intl.DateTimeFormat(language, {
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    }).format(dateOf(anchor))
  // Each end on its own: formatRange's spacing differs between the server's ICU and the browser's.
  const first = new Intl.DateTimeFormat(language, {
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  })
  const last = new Intl.DateTimeFormat(language, {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  })
  return `${first.format(dateOf(days[0]))} – ${last.format(dateOf(days[6]))}`
}
