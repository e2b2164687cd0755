'use client'
import { Button, Gutter, SetStepNav, useAuth, useLocale, useTranslation } from '@payloadcms/ui'
import { useMemo, useState } from 'react'
import { CalendarFeedLinks } from '../feeds/FeedLinks.js'
import { useCalendarTranslation } from '../useCalendarTranslation.js'
import { ViewHeader } from '../ViewHeader.js'
import { CalendarBar } from './CalendarBar.js'
import { CalendarFiltersBar } from './CalendarFiltersBar.js'
import { CalendarWeek } from './CalendarWeek.js'
import { dateOf } from './dates.js'
import { type CalendarFilters, visibleDays, weeksOf, windowOf } from './grid.js'
import { CALENDAR_CSS } from './styles.js'
import {
  CALENDAR_STATUSES,
  type CalendarSlugs,
  DEFAULT_SLUGS,
  statusLabelKey,
  useAdminUrls,
} from './shared.js'
import { useCalendarEvents } from './useCalendarEvents.js'
import { useCalendarPlace } from './useCalendarPlace.js'

type Props = { collectionSlug?: string; slugs?: CalendarSlugs }

/**
 * The events of a month or a week, on a grid: all-day and multi-day events as bars on top, the
 * others listed in their day; a click on an event opens it, a click on a day creates an event on
 * it. One window is loaded at a time, through Payload's REST with the editor's own session, so the
 * calendar shows exactly what the list view shows them.
 */
export function CalendarView({ collectionSlug, slugs = DEFAULT_SLUGS }: Props) {
  const eventsSlug = collectionSlug ?? slugs.events
  const { i18n, t } = useCalendarTranslation()
  const payloadT = useTranslation().t
  const locale = useLocale()
  const { permissions } = useAuth()
  const urls = useAdminUrls()
  const { mode, anchor, now, setPlace, page } = useCalendarPlace()
  const [filters, setFilters] = useState<CalendarFilters>({})
  const days = useMemo(() => visibleDays(anchor, mode), [anchor, mode])
  const shownWindow = useMemo(() => windowOf(days), [days])
  const state = useCalendarEvents(eventsSlug, shownWindow, filters, locale?.code)
  const canCreate = Boolean(permissions?.collections?.[eventsSlug]?.create)
  const weekday = new Intl.DateTimeFormat(i18n.language, { weekday: 'short', timeZone: 'UTC' })

  return (
    <div className="collection-list">
      <Gutter className={`collection-list__wrap cal-calendar cal-calendar--${mode}`}>
        <SetStepNav
          nav={[{ label: t('events'), url: urls.list(eventsSlug) }, { label: t('calendar') }]}
        />
        <style>{CALENDAR_CSS}</style>
        <ViewHeader
          title={t('events')}
          titleClassName="cal-calendar__title"
          titleActions={
            canCreate ? (
              <Button
                el="link"
                to={`${urls.list(eventsSlug)}/create`}
                buttonStyle="pill"
                size="small"
              >
                {payloadT('general:createNew')}
              </Button>
            ) : null
          }
        />
        <CalendarBar
          mode={mode}
          anchor={anchor}
          now={now}
          days={days}
          listUrl={urls.list(eventsSlug)}
          onPlace={setPlace}
          onPage={page}
        />
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
          {weeksOf(days).map((week) => (
            <CalendarWeek
              key={week[0]}
              week={week}
              events={state.events}
              shownMonth={mode === 'month' ? anchor.slice(0, 7) : null}
              now={now}
              eventHref={(event) => urls.edit(eventsSlug, event.id)}
              onCreate={
                canCreate ? (day) => window.location.assign(urls.create(eventsSlug, day)) : null
              }
            />
          ))}
        </div>
        {!state.loading && !state.failed && state.events.length === 0 && <p>{t('noEvents')}</p>}
        <CalendarFeedLinks />
      </Gutter>
    </div>
  )
}
