'use client'
import { useCalendarTranslation } from '../useCalendarTranslation.js'
import { Gutter, SetStepNav, useAuth, useLocale } from '@payloadcms/ui'
import { DateTime } from 'luxon'
import { useSearchParams } from 'next/navigation.js'
import { useCallback, useEffect, useMemo, useState, type MouseEvent } from 'react'
import { CalendarFeedLinks } from '../feeds/FeedLinks.js'
import {
  calendarQuery,
  type CalendarEvent,
  type CalendarFilters,
  type CalendarMode,
  isDay,
  layoutWeek,
  shiftAnchor,
  toCalendarEvent,
  visibleDays,
  weeksOf,
  windowOf,
} from './grid.js'
import type { CalendarTextKey } from '../../../core/translations/index.js'
import { EventStatusMark } from './EventStatusMark.js'
import { RepeatMark } from '../recurrence/RepeatMark.js'
import { CALENDAR_CSS } from './styles.js'
import {
  CALENDAR_STATUSES,
  type CalendarSlugs,
  DEFAULT_SLUGS,
  statusLabelKey,
  useAdminUrls,
  useRestList,
} from './shared.js'

/** At most this many events are loaded for one month; more are announced, not loaded. */
const MAX_EVENTS = 500

type Props = { collectionSlug?: string; slugs?: CalendarSlugs }

/**
 * Today in UTC: the same on the server's first render and in the browser (no hydration mismatch).
 */
const todayInUtc = () => new Date().toISOString().slice(0, 10)
/** Today in the editor's own zone, once in the browser. */
const todayHere = () => DateTime.local().toISODate() ?? todayInUtc()

/**
 * The calendar's place (mode and day) lives in the address, so that a reload or a link keeps it.
 */
function placeIn(params: URLSearchParams | null): { mode: CalendarMode; anchor: string } {
  const day = params?.get('date')
  return {
    mode: params?.get('mode') === 'week' ? 'week' : 'month',
    anchor: isDay(day) ? day : todayInUtc(),
  }
}

/**
 * The events of a month or a week, on a grid: all-day and multi-day events as bars on top, the
 * others listed in their day; a click on an event opens it, a click on a day creates an event on
 * it. One window is loaded at a time, through Payload's REST with the editor's own session, so the
 * calendar shows exactly what the list view shows them.
 */
export function CalendarView({ collectionSlug, slugs = DEFAULT_SLUGS }: Props) {
  const eventsSlug = collectionSlug ?? slugs.events
  const { i18n, t } = useCalendarTranslation()
  const language = i18n.language
  const locale = useLocale()
  const { permissions } = useAuth()
  const urls = useAdminUrls()
  const searchParams = useSearchParams()
  const [{ mode, anchor }, setPlace] = useState(() => placeIn(searchParams))
  const [now, setNow] = useState(todayInUtc)
  useEffect(() => setNow(todayHere()), [])
  const [filters, setFilters] = useState<CalendarFilters>({})
  const [state, setState] = useState<{
    events: CalendarEvent[]
    total: number
    loading: boolean
    failed: boolean
  }>({ events: [], total: 0, loading: true, failed: false })
  const canCreate = Boolean(permissions?.collections?.[eventsSlug]?.create)

  const days = useMemo(() => visibleDays(anchor, mode), [anchor, mode])
  const shownWindow = useMemo(() => windowOf(days), [days])
  const fetchList = useRestList()

  useEffect(() => {
    const params = new URLSearchParams(window.location.search)
    params.set('mode', mode)
    params.set('date', anchor)
    window.history.replaceState(null, '', `${window.location.pathname}?${params}`)
  }, [mode, anchor])

  useEffect(() => {
    const controller = new AbortController()
    setState((previous) => ({ ...previous, loading: true, failed: false }))
    fetchList(
      eventsSlug,
      calendarQuery(shownWindow, filters, MAX_EVENTS, locale?.code),
      controller.signal,
    )
      .then(({ docs, totalDocs }) => {
        const events = docs
          .map(toCalendarEvent)
          .filter((event): event is CalendarEvent => event !== null)
        setState({ events, total: totalDocs, loading: false, failed: false })
      })
      .catch((error: Error) => {
        if (error.name !== 'AbortError')
          setState({ events: [], total: 0, loading: false, failed: true })
      })
    return () => controller.abort()
  }, [eventsSlug, shownWindow, filters, locale?.code, fetchList])

  const page = useCallback(
    (step: number) =>
      setPlace(({ mode: current, anchor: day }) => ({
        mode: current,
        anchor: shiftAnchor(day, current, step),
      })),
    [],
  )

  const longDate = new Intl.DateTimeFormat(language, {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  })
  const dateOf = (day: string) => new Date(`${day}T12:00:00Z`)
  const title =
    mode === 'month'
      ? new Intl.DateTimeFormat(language, {
          month: 'long',
          year: 'numeric',
          timeZone: 'UTC',
        }).format(dateOf(anchor))
      : // Each end on its own: formatRange's spacing differs between the server's ICU and the
        // browser's.
        `${new Intl.DateTimeFormat(language, { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(dateOf(days[0]))} – ${new Intl.DateTimeFormat(language, { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(dateOf(days[6]))}`
  const weekday = new Intl.DateTimeFormat(language, { weekday: 'short', timeZone: 'UTC' })
  const month = anchor.slice(0, 7)
  // From a month to a week: this week if the month is this month, else the month's first week.
  const weekOfShownMonth = now.slice(0, 7) === month ? now : `${month}-01`

  const create = (day: string) => {
    if (canCreate) window.location.assign(urls.create(eventsSlug, day))
  }
  const createOnBackground = (day: string) => (event: MouseEvent) => {
    if (!(event.target as HTMLElement).closest('a, button')) create(day)
  }
  const eventLink = (event: CalendarEvent, kind: 'span' | 'timed', extraClass = '') => (
    <a
      key={`${kind}-${event.id}`}
      className={`cal-event cal-event--${kind} cal-status-${event.status} cal-event--${event.eventStatus ?? 'scheduled'} ${extraClass}`}
      data-event-id={event.id}
      data-event-status={event.eventStatus ?? 'scheduled'}
      data-repeats={event.repeats ? 'true' : undefined}
      href={urls.edit(eventsSlug, event.id)}
      title={`${event.title} (${t(statusLabelKey(event.status))}${event.repeats ? ` · ${t('repeatMark')}` : ''})`}
    >
      {kind === 'timed' && !event.allDay ? `${event.start.slice(11, 16)} ` : ''}
      {event.repeats && <RepeatMark />}
      <EventStatusMark status={event.eventStatus} />
      {event.title}
    </a>
  )

  return (
    <Gutter className={`cal-calendar cal-calendar--${mode}`}>
      <SetStepNav
        nav={[{ label: t('events'), url: urls.list(eventsSlug) }, { label: t('calendar') }]}
      />
      <style>{CALENDAR_CSS}</style>
      <div className="cal-calendar__bar">
        <h2 aria-live="polite">{title}</h2>
        <a className="cal-calendar__switch" href={urls.list(eventsSlug)}>
          {t('list')}
        </a>
        <button
          type="button"
          aria-pressed={mode === 'month'}
          onClick={() => setPlace({ mode: 'month', anchor })}
        >
          {t('month')}
        </button>
        <button
          type="button"
          aria-pressed={mode === 'week'}
          onClick={() =>
            setPlace({ mode: 'week', anchor: mode === 'month' ? weekOfShownMonth : anchor })
          }
        >
          {t('week')}
        </button>
        <button
          type="button"
          className="cal-calendar__previous"
          onClick={() => page(-1)}
          aria-label={t(mode === 'month' ? 'previousMonth' : 'previousWeek')}
        >
          ‹
        </button>
        <button
          type="button"
          className="cal-calendar__today"
          onClick={() => setPlace({ mode, anchor: now })}
        >
          {t('today')}
        </button>
        <button
          type="button"
          className="cal-calendar__next"
          onClick={() => page(1)}
          aria-label={t(mode === 'month' ? 'nextMonth' : 'nextWeek')}
        >
          ›
        </button>
      </div>
      <CalendarFiltersBar
        slugs={slugs}
        locale={locale?.code}
        filters={filters}
        onChange={setFilters}
      />
      <ul className="cal-calendar__legend" aria-label={t('legend')}>
        {CALENDAR_STATUSES.map((status) => (
          <li key={status} className={`cal-status-${status}`}>
            {t(statusLabelKey(status))}
          </li>
        ))}
      </ul>
      {state.failed && <p className="cal-calendar__notice">{t('loadFailed')}</p>}
      {!state.loading && state.total > state.events.length && (
        <p className="cal-calendar__notice">{t('tooMany', { count: state.events.length })}</p>
      )}
      <div
        className="cal-calendar__grid"
        aria-busy={state.loading}
        data-window={`${shownWindow.from}/${shownWindow.before}`}
      >
        <div className="cal-calendar__head" aria-hidden="true">
          {days.slice(0, 7).map((day) => (
            <div key={day}>{weekday.format(dateOf(day))}</div>
          ))}
        </div>
        {weeksOf(days).map((week) => {
          const layout = layoutWeek(week, state.events)
          const rows = layout.lanes + 2
          return (
            // Day numbers, then a row per lane of bars, then the listed events taking the rest.
            <div
              className="cal-week"
              key={week[0]}
              style={{
                gridTemplateRows: ['auto', ...Array<string>(layout.lanes).fill('auto'), '1fr'].join(
                  ' ',
                ),
              }}
            >
              {week.map((day, column) => (
                <div
                  key={`background-${day}`}
                  className={`cal-day${mode === 'month' && day.slice(0, 7) !== month ? ' cal-day--outside' : ''}${day === now ? ' cal-day--today' : ''}`}
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
                  {canCreate ? (
                    <button
                      type="button"
                      className="cal-day__number"
                      aria-label={`${t('newEventOn')} ${longDate.format(dateOf(day))}`}
                      onClick={() => create(day)}
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
                  {eventLink(
                    span.event,
                    'span',
                    `${span.continuesBefore ? 'cal-event--before' : ''} ${span.continuesAfter ? 'cal-event--after' : ''}`,
                  )}
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
                    <li key={event.id}>{eventLink(event, 'timed')}</li>
                  ))}
                </ul>
              ))}
            </div>
          )
        })}
      </div>
      {!state.loading && !state.failed && state.events.length === 0 && <p>{t('noEvents')}</p>}
      <CalendarFeedLinks />
    </Gutter>
  )
}

type Option = { value: string; label: string }

/**
 * Filters by category, venue and organizer: plain selects of each collection's records (the first
 * 200 by name).
 */
function CalendarFiltersBar({
  slugs,
  locale,
  filters,
  onChange,
}: {
  slugs: CalendarSlugs
  locale?: string
  filters: CalendarFilters
  onChange: (filters: CalendarFilters) => void
}) {
  const { t } = useCalendarTranslation()
  const fetchList = useRestList()
  const [options, setOptions] = useState<Record<keyof CalendarFilters, Option[]>>({
    category: [],
    venue: [],
    organizer: [],
  })
  useEffect(() => {
    const controller = new AbortController()
    const load = async (slug: string, titleField: string) => {
      const query = new URLSearchParams({
        limit: '200',
        depth: '0',
        sort: titleField,
        [`select[${titleField}]`]: 'true',
      })
      if (locale) query.set('locale', locale)
      const { docs } = await fetchList(slug, query, controller.signal)
      return docs.map((doc) => ({
        value: String(doc.id),
        label: String(doc[titleField] ?? `#${doc.id}`),
      }))
    }
    Promise.all([
      load(slugs.categories, 'fullName'),
      load(slugs.venues, 'name'),
      load(slugs.organizers, 'name'),
    ])
      .then(([category, venue, organizer]) => setOptions({ category, venue, organizer }))
      .catch(() => {}) // without options the calendar still works, unfiltered
    return () => controller.abort()
  }, [slugs, locale, fetchList])

  const select = (
    key: keyof CalendarFilters,
    labelKey: CalendarTextKey,
    allKey: CalendarTextKey,
  ) => (
    <label>
      {t(labelKey)}
      <select
        name={`calendar-${key}`}
        value={filters[key] ?? ''}
        onChange={(event) => onChange({ ...filters, [key]: event.target.value || undefined })}
      >
        <option value="">{t(allKey)}</option>
        {options[key].map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </label>
  )
  return (
    <div className="cal-calendar__filters cal-calendar__bar">
      {select('category', 'filterCategory', 'allCategories')}
      {select('venue', 'venue', 'allVenues')}
      {select('organizer', 'organizer', 'allOrganizers')}
    </div>
  )
}
