'use client'
import type { MouseEvent } from 'react'
import { RepeatMark } from '../recurrence/RepeatMark.js'
import { useCalendarTranslation } from '../useCalendarTranslation.js'
import { dateOf } from './dates.js'
import { EventStatusMark } from './EventStatusMark.js'
import { type CalendarEvent, layoutWeek } from './grid.js'
import { statusLabelKey } from './shared.js'

type EventLinkProps = {
  event: CalendarEvent
  kind: 'span' | 'timed'
  href: string
  extraClass?: string
}

/** An event on the grid, as a link to its edit view. */
function EventLink({ event, kind, href, extraClass = '' }: EventLinkProps) {
  const { t } = useCalendarTranslation()
  return (
    <a
      className={`cal-event cal-event--${kind} cal-status-${event.status} cal-event--${event.eventStatus ?? 'scheduled'} ${extraClass}`}
      data-event-id={event.id}
      data-event-status={event.eventStatus ?? 'scheduled'}
      data-repeats={event.repeats ? 'true' : undefined}
      href={href}
      title={`${event.title} (${t(statusLabelKey(event.status))}${event.repeats ? ` · ${t('repeatMark')}` : ''})`}
    >
      {kind === 'timed' && !event.allDay ? `${event.start.slice(11, 16)} ` : ''}
      {event.repeats && <RepeatMark />}
      <EventStatusMark status={event.eventStatus} />
      {event.title}
    </a>
  )
}

type CalendarWeekProps = {
  week: string[]
  events: CalendarEvent[]
  /** In a month's view, the month (`YYYY-MM`): its days stand out from the others. */
  shownMonth: string | null
  now: string
  eventHref: (event: CalendarEvent) => string
  /** Creates an event on the day; null when the editor may not create events. */
  onCreate: ((day: string) => void) | null
}

/**
 * A week's row of the grid: the events over several days or all day as bars, the others listed in
 * their day; a click on a day's number or background creates an event on it.
 */
export function CalendarWeek(props: CalendarWeekProps) {
  const { week, events, shownMonth, now, eventHref, onCreate } = props
  const { i18n, t } = useCalendarTranslation()
  const longDate = new Intl.DateTimeFormat(i18n.language, {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  })
  const layout = layoutWeek(week, events)
  const rows = layout.lanes + 2
  const createOnBackground = (day: string) => (event: MouseEvent) => {
    if (!(event.target as HTMLElement).closest('a, button')) onCreate?.(day)
  }
  return (
    // Day numbers, then a row per lane of bars, then the listed events taking the rest.
    <div
      className="cal-week"
      style={{
        gridTemplateRows: ['auto', ...Array<string>(layout.lanes).fill('auto'), '1fr'].join(' '),
      }}
    >
      {week.map((day, column) => (
        <div
          key={`background-${day}`}
          className={`cal-day${shownMonth !== null && day.slice(0, 7) !== shownMonth ? ' cal-day--outside' : ''}${day === now ? ' cal-day--today' : ''}`}
          data-day={day}
          style={{ gridColumn: column + 1, gridRow: `1 / span ${rows}` }}
          onClick={createOnBackground(day)}
        />
      ))}
      {week.map((day, column) => (
        <div
          key={`number-${day}`}
          className={`cal-day__head${day === now ? ' cal-day__head--today' : ''}`}
          style={{ gridColumn: column + 1, gridRow: 1 }}
          onClick={createOnBackground(day)}
        >
          {onCreate ? (
            <button
              type="button"
              className="cal-day__number"
              aria-label={`${t('newEventOn')} ${longDate.format(dateOf(day))}`}
              onClick={() => onCreate(day)}
            >
              {Number(day.slice(8))}
            </button>
          ) : (
            <span className="cal-day__number">{Number(day.slice(8))}</span>
          )}
        </div>
      ))}
      {layout.spans.map((span) => (
        <div
          key={`span-${span.event.id}`}
          style={{
            gridColumn: `${span.firstColumn + 1} / ${span.lastColumn + 2}`,
            gridRow: span.lane + 2,
          }}
        >
          <EventLink
            event={span.event}
            kind="span"
            href={eventHref(span.event)}
            extraClass={`${span.continuesBefore ? 'cal-event--before' : ''} ${span.continuesAfter ? 'cal-event--after' : ''}`}
          />
        </div>
      ))}
      {week.map((day, column) => (
        <ul
          key={`timed-${day}`}
          className="cal-day__timed"
          data-day={day}
          style={{ gridColumn: column + 1, gridRow: rows }}
          onClick={createOnBackground(day)}
        >
          {layout.timed[day].map((event) => (
            <li key={event.id}>
              <EventLink event={event} kind="timed" href={eventHref(event)} />
            </li>
          ))}
        </ul>
      ))}
    </div>
  )
}
