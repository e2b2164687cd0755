import { FEEDS_NAMESPACE } from '../../core/defaults.js'
import type { EventTimes } from './format.js'

/** What "add to calendar" links carry of an event. */
export type CalendarEntry = {
  title: string
  details: string
  location: string
  times: EventTimes
  /** The event's own calendar (`…/api/cal/ical/events/{id}.ics`). */
  icsUrl: string
}

export type CalendarLinks = {
  google: string
  outlook365: string
  outlookCom: string
  /** The event's calendar for apps that subscribe (Apple Calendar): `webcal://`. */
  apple: string
  ics: string
}

/** Longest description a link carries: calendar sites refuse addresses of many kilobytes. */
const MAX_DETAILS = 1000

/** `2027-03-28T00:30:00.000Z` → `20270328T003000Z`; `2027-06-10` → `20270610`. */
const compact = (iso: string) => iso.replace(/\.\d{3}/, '').replace(/[-:]/g, '')

/** The day after `YYYY-MM-DD`: calendars end all-day events the day after their last. */
const dayAfter = (day: string) => {
  const date = new Date(`${day}T00:00:00Z`)
  date.setUTCDate(date.getUTCDate() + 1)
  return date.toISOString().slice(0, 10)
}

const withQuery = (base: string, query: Record<string, string>) =>
  `${base}?${new URLSearchParams(query).toString()}`

/** Outlook's compose page (365 and outlook.com share its parameters). */
function outlookLink(host: string, entry: CalendarEntry): string {
  const { times } = entry
  return withQuery(`https://${host}/calendar/0/deeplink/compose`, {
    path: '/calendar/action/compose',
    rru: 'addevent',
    subject: entry.title,
    startdt: times.allDay ? times.firstDay : times.start.toISOString().replace(/\.\d{3}/, ''),
    enddt: times.allDay ? dayAfter(times.lastDay) : times.end.toISOString().replace(/\.\d{3}/, ''),
    allday: String(times.allDay),
    body: entry.details.slice(0, MAX_DETAILS),
    location: entry.location,
  })
}

/**
 * The links that add an event to a calendar: Google Calendar and Outlook (365, outlook.com) by
 * their compose pages, at the event's instants (UTC) or on its days, with Google told the
 * event's zone; Apple Calendar and any other app by the event's iCalendar file, subscribed
 * (`webcal://`) or downloaded.
 */
export function calendarLinks(entry: CalendarEntry): CalendarLinks {
  const { times } = entry
  const dates = times.allDay
    ? `${compact(times.firstDay)}/${compact(dayAfter(times.lastDay))}`
    : `${compact(times.start.toISOString())}/${compact(times.end.toISOString())}`
  return {
    google: withQuery('https://calendar.google.com/calendar/render', {
      action: 'TEMPLATE',
      text: entry.title,
      dates,
      details: entry.details.slice(0, MAX_DETAILS),
      location: entry.location,
      ctz: times.zone,
    }),
    outlook365: outlookLink('outlook.office.com', entry),
    outlookCom: outlookLink('outlook.live.com', entry),
    apple: entry.icsUrl.replace(/^https?:\/\//, 'webcal://'),
    ics: entry.icsUrl,
  }
}

/**
 * An event's calendar file, from its v1 `rest_url` (`…/api/cal/events/v1/events/12`, with its
 * language query): `…/api/cal/ical/events/12.ics`.
 */
export function icsUrlOf(restUrl: string): string {
  const url = new URL(restUrl)
  url.pathname = url.pathname.replace(
    /\/cal\/events\/v1\/events\/(\d+)$/,
    (_, id: string) => `/${FEEDS_NAMESPACE}/events/${id}.ics`,
  )
  return url.toString()
}
