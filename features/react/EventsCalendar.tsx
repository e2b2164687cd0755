'use client'
import esLocale from '@fullcalendar/core/locales/es'
import frLocale from '@fullcalendar/core/locales/fr'
import type { EventContentArg, EventInput, EventSourceInput } from '@fullcalendar/core'
import dayGridPlugin from '@fullcalendar/daygrid'
import listPlugin from '@fullcalendar/list'
import FullCalendar from '@fullcalendar/react'
import timeGridPlugin from '@fullcalendar/timegrid'
import { useEffect, useId, useMemo, useState } from 'react'
import type { LocaleCode } from '../../core/locales.js'
import { messagesOf, type Messages } from './messages.js'

/** A choice of a filter menu: the value the feed takes (an id or slug) and its label. */
export type FilterOption = { value: string; label: string }

export type EventsCalendarProps = {
  /** The FullCalendar feed (default `/api/cal/fullcalendar/events`, on the page's origin). */
  feedUrl?: string
  lang?: LocaleCode
  /** FullCalendar's zone: `local` (the visitor's, default), `UTC`, or one like `Europe/Paris`. */
  timeZone?: string
  initialView?: 'dayGridMonth' | 'timeGridWeek' | 'timeGridDay' | 'listMonth'
  /** `YYYY-MM-DD`: the day shown first (default: today). */
  initialDate?: string
  /** Where an event's page is: `{slug}` and `{id}` are replaced (default: the event's `url`). */
  eventPath?: string
  /** Menus that filter the calendar: categories (slugs), venues and organizers (ids). */
  filters?: { categories?: FilterOption[]; venues?: FilterOption[]; organizers?: FilterOption[] }
  /** Filters always applied (the feed's parameters: `featured`, `tags`, …). */
  query?: Record<string, string>
}

const LOCALES = { fr: frLocale, es: esLocale }

/** Events of an uncategorized event: white text on it has a contrast of 6.4:1. */
const DEFAULT_COLOUR = '#1f5fa8'

/**
 * Canceled events struck through, postponed ones marked, whatever the view. For a 4.5:1 contrast
 * on any site: the days of other months less faded than FullCalendar has them (0.3), and the list
 * view's day headings on the site's own background (FullCalendar paints them white beneath the
 * site's text colour).
 */
const STYLE = `
.cal-events-calendar .fc { --fc-page-bg-color: transparent; }
.cal-events-calendar .cal-status-canceled .fc-event-title,
.cal-events-calendar .cal-status-canceled .fc-list-event-title { text-decoration: line-through; }
.cal-events-calendar .fc .fc-day-other .fc-daygrid-day-top { opacity: 0.65; }
.cal-events-calendar .cal-status-label { font-weight: bold; margin-inline-start: 0.25em; }
.cal-events-calendar .cal-filters { display: flex; flex-wrap: wrap; gap: 1em; margin-bottom: 1em; }
`

/** Which menus there are: the feed's parameter, its label and its "all" choice. */
const MENUS = [
  ['categories', 'categories', 'category', 'allCategories'],
  ['venues', 'venue', 'venue', 'allVenues'],
  ['organizers', 'organizer', 'organizer', 'allOrganizers'],
] as const satisfies readonly [
  keyof NonNullable<EventsCalendarProps['filters']>,
  string,
  keyof Messages,
  keyof Messages,
][]

/**
 * The time, the title, and the status of an event that does not take place as planned. A list
 * view has a column for the time, and its rows are no links: there the title is the link to the
 * event's page, as in FullCalendar's own content.
 */
function eventContent(t: Messages) {
  return function EventContent(arg: EventContentArg) {
    const status = arg.event.extendedProps.event_status as keyof Messages['statuses']
    const list = arg.view.type.startsWith('list')
    const time = list ? '' : arg.timeText
    const title = <span className="fc-event-title">{arg.event.title}</span>
    return (
      <>
        {time && <span className="fc-event-time">{time}</span>}
        {list && arg.event.url ? <a href={arg.event.url}>{title}</a> : title}
        {status && status !== 'scheduled' && (
          <span className="cal-status-label">({t.statuses[status]})</span>
        )}
      </>
    )
  }
}

/**
 * The calendar of a site's events: month, week, day and list views of the FullCalendar feed, in
 * the visitor's language and zone (or the one given), canceled events struck through and
 * postponed ones marked, with menus that filter it by category, venue or organizer. A client
 * component (FullCalendar's MIT packages, optional peer dependencies of this package).
 */
export function EventsCalendar({
  feedUrl = '/api/cal/fullcalendar/events',
  lang = 'en',
  timeZone = 'local',
  initialView = 'dayGridMonth',
  initialDate,
  eventPath,
  filters = {},
  query = {},
}: EventsCalendarProps) {
  const t = messagesOf(lang)
  const id = useId()
  const [chosen, setChosen] = useState<Record<string, string>>({})
  // The calendar is drawn in the browser only: its days and times depend on the visitor's zone
  // and clock, which the server's rendering would not match.
  const [inBrowser, setInBrowser] = useState(false)
  useEffect(() => setInBrowser(true), [])
  const source = useMemo<EventSourceInput>(() => {
    const params: Record<string, string> = { ...query, ...chosen, translation_language: lang }
    return {
      url: feedUrl,
      // A menu set back to "all" gives no parameter.
      extraParams: Object.fromEntries(Object.entries(params).filter(([, value]) => value !== '')),
    }
  }, [feedUrl, query, chosen, lang])
  const toPage = (event: EventInput): EventInput =>
    eventPath
      ? {
          ...event,
          url: eventPath
            .replace('{slug}', encodeURIComponent(String(event.extendedProps?.slug ?? '')))
            .replace('{id}', String(event.id)),
        }
      : event
  return (
    <div className="cal-events-calendar">
      <style>{STYLE}</style>
      <div className="cal-filters">
        {MENUS.map(([key, param, label, all]) => {
          const options = filters[key]
          if (!options?.length) return null
          return (
            <label key={key} htmlFor={`${id}-${key}`}>
              {t[label] as string}{' '}
              <select
                id={`${id}-${key}`}
                value={chosen[param] ?? ''}
                onChange={(change) => setChosen({ ...chosen, [param]: change.target.value })}
              >
                <option value="">{t[all] as string}</option>
                {options.map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </select>
            </label>
          )
        })}
      </div>
      {inBrowser && (
        <FullCalendar
          plugins={[dayGridPlugin, timeGridPlugin, listPlugin]}
          initialView={initialView}
          {...(initialDate ? { initialDate } : {})}
          {...(lang !== 'en' ? { locale: LOCALES[lang] } : {})}
          timeZone={timeZone}
          headerToolbar={{
            left: 'prev,next today',
            center: 'title',
            right: 'dayGridMonth,timeGridWeek,timeGridDay,listMonth',
          }}
          events={source}
          eventDataTransform={toPage}
          eventColor={DEFAULT_COLOUR}
          eventContent={eventContent(t)}
          // Words on the previous and next buttons: FullCalendar's chevrons are images without a
          // text alternative (axe-core: role-img-alt).
          buttonIcons={false}
          buttonText={{ prev: t.previous, next: t.next }}
          // A day's cell is named by its number alone while it shows events too (axe-core:
          // label-content-name-mismatch); without the label its content names it.
          dayCellDidMount={({ el }) => el.removeAttribute('aria-labelledby')}
          dayMaxEvents
          height="auto"
        />
      )}
    </div>
  )
}
