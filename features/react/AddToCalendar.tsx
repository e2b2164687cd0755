import type { EventRecord } from '../../endpoints/schemas/records.js'
import { htmlText } from '../../endpoints/parts/text.js'
import type { LocaleCode } from '../../core/locales.js'
import { calendarLinks, icsUrlOf, type CalendarEntry } from './calendarLinks.js'
import { eventTimes, eventTitle } from './format.js'
import { messagesOf } from './messages.js'
import { placeLine } from './place.js'

/** What "add to calendar" carries of a v1 event record. */
export function calendarEntryOf(event: EventRecord): CalendarEntry {
  const details = [htmlText(event.description), event.online_url].filter(Boolean).join('\n\n')
  return {
    title: eventTitle(event),
    details,
    location:
      event.online_url && event.attendance_mode === 'online' ? event.online_url : placeLine(event),
    times: eventTimes(event),
    icsUrl: icsUrlOf(event.rest_url),
  }
}

/**
 * Links that add the event to a calendar: Google Calendar, Outlook 365, Outlook.com, Apple Calendar
 * (`webcal://`) and the `.ics` file. A server component: plain links, no client JavaScript.
 */
export function AddToCalendar({ event, lang }: { event: EventRecord; lang?: LocaleCode }) {
  const t = messagesOf(lang)
  const links = calendarLinks(calendarEntryOf(event))
  const items: [keyof typeof links, string][] = [
    ['google', t.google],
    ['outlook365', t.outlook365],
    ['outlookCom', t.outlookCom],
    ['apple', t.apple],
    ['ics', t.ics],
  ]
  return (
    <nav className="cal-add-to-calendar" aria-label={t.addToCalendar}>
      <h2>{t.addToCalendar}</h2>
      <ul>
        {items.map(([key, label]) => (
          <li key={key}>
            <a
              href={links[key]}
              data-calendar={key}
              {...(key === 'ics' ? { download: '' } : {})}
              {...(key === 'google' || key.startsWith('outlook')
                ? { target: '_blank', rel: 'noopener noreferrer' }
                : {})}
            >
              {label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  )
}
