import type { EventRecord } from '../../endpoints/schemas/records.js'
import { htmlText } from '../../endpoints/parts/text.js'
import type { LocaleCode } from '../../core/locales.js'
import { eventTimes, formatWhen, sameTimeIn } from './format.js'
import { messagesOf } from './messages.js'
import { mapLink, placeLine, venueOf } from './place.js'

export type EventDetailsProps = {
  event: EventRecord
  lang?: LocaleCode
  /** The visitor's zone (from a cookie, a profile, …): their time is shown beside the event's. */
  visitorTimeZone?: string
}

/**
 * What a visitor needs to know of an event: when (in its zone, and in the visitor's beside it),
 * where (with a map link), who organizes it, its cost, its status and the reason, where to
 * attend online, and whether it is a date of a series. A server component: no client JavaScript.
 */
export function EventDetails({ event, lang = 'en', visitorTimeZone }: EventDetailsProps) {
  const t = messagesOf(lang)
  const times = eventTimes(event)
  const venue = venueOf(event)
  const map = venue && mapLink(venue)
  const showVisitor =
    visitorTimeZone && !times.allDay && !sameTimeIn(times.start, times.zone, visitorTimeZone)
  const status = event.event_status
  return (
    <dl className={`cal-event-details cal-status-${status}`}>
      <dt>{t.when}</dt>
      <dd>
        <time dateTime={times.allDay ? times.firstDay : times.start.toISOString()}>
          {formatWhen(times, lang, times.zone)}
        </time>
        {showVisitor && (
          <span className="cal-visitor-time">
            {' '}
            ({t.yourTime}: {formatWhen(times, lang, visitorTimeZone)})
          </span>
        )}
        {event.series && <span className="cal-series"> {t.series}</span>}
      </dd>
      {status !== 'scheduled' && (
        <>
          <dt>{t.status}</dt>
          <dd className="cal-status">
            <strong>{t.statuses[status]}</strong>
            {event.event_status_reason && <> — {event.event_status_reason}</>}
          </dd>
        </>
      )}
      {venue && (
        <>
          <dt>{t.venue}</dt>
          <dd>
            {placeLine(event)}
            {map && (
              <>
                {' '}
                <a href={map} rel="noopener noreferrer">
                  {t.map}
                </a>
              </>
            )}
          </dd>
        </>
      )}
      {event.online_url && (
        <>
          <dt>{t.online}</dt>
          <dd>
            <a href={event.online_url} rel="noopener noreferrer">
              {t.joinOnline}
            </a>
          </dd>
        </>
      )}
      {event.organizer.length > 0 && (
        <>
          <dt>{t.organizers}</dt>
          <dd>
            <ul>
              {event.organizer.map((organizer) => (
                <li key={organizer.id}>
                  {organizer.website ? (
                    <a href={organizer.website} rel="noopener noreferrer">
                      {htmlText(organizer.organizer)}
                    </a>
                  ) : (
                    htmlText(organizer.organizer)
                  )}
                </li>
              ))}
            </ul>
          </dd>
        </>
      )}
      {event.cost && (
        <>
          <dt>{t.cost}</dt>
          <dd>{htmlText(event.cost)}</dd>
        </>
      )}
    </dl>
  )
}
