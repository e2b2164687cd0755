import type { EventRecord } from '../../endpoints/schemas/records.js'
import { getEvents, type EventsQuery, type Reader } from './data.js'
import { eventTimes, eventTitle, formatStart } from './format.js'
import { messagesOf } from './messages.js'

export type UpcomingEventsProps = Reader & {
  /** How many events (default 5). */
  limit?: number
  /** The archive's filters: `categories`, `tags`, `venue`, `organizer`, `featured`, … */
  filters?: EventsQuery
  /** Where an event's page is: `{slug}` and `{id}` are replaced (default: its v1 `url`). */
  eventPath?: string
  /** Times are shown in this zone (default: each event's own). */
  timeZone?: string
  heading?: string
}

/** An event's page: the path with its slug and id, or its v1 `url`. */
export const eventHref = (event: Pick<EventRecord, 'id' | 'slug' | 'url'>, path?: string) =>
  path
    ? path.replace('{slug}', encodeURIComponent(event.slug)).replace('{id}', String(event.id))
    : event.url

/**
 * The next events (the widget of a sidebar or a home page): the archive's default window (from
 * now), its filters, as the visitor may read them. A server component: no client JavaScript.
 */
export async function UpcomingEvents({
  limit = 5,
  filters = {},
  eventPath,
  timeZone,
  heading,
  ...reader
}: UpcomingEventsProps) {
  const lang = reader.lang ?? 'en'
  const t = messagesOf(lang)
  const { events } = await getEvents(reader, { ...filters, per_page: limit })
  return (
    <section className="cal-upcoming-events" aria-label={heading ?? t.upcoming}>
      <h2>{heading ?? t.upcoming}</h2>
      {events.length === 0 ? (
        <p>{t.noEvents}</p>
      ) : (
        <ul>
          {events.map((event) => {
            const times = eventTimes(event)
            return (
              <li key={event.id} className={`cal-status-${event.event_status}`}>
                <a href={eventHref(event, eventPath)}>{eventTitle(event)}</a>{' '}
                <time dateTime={times.allDay ? times.firstDay : times.start.toISOString()}>
                  {formatStart(times, lang, timeZone ?? times.zone)}
                </time>
                {event.event_status !== 'scheduled' && <> ({t.statuses[event.event_status]})</>}
              </li>
            )
          })}
        </ul>
      )}
    </section>
  )
}
