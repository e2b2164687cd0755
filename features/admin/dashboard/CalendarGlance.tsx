'use client'
import { useCalendarTranslation } from '../useCalendarTranslation.js'
import { useAuth, useLocale } from '@payloadcms/ui'
import { useEffect, useState } from 'react'
import { CALENDAR_CSS } from '../calendar/styles.js'
import {
  type CalendarSlugs,
  DEFAULT_SLUGS,
  statusLabelKey,
  useAdminUrls,
  useRestList,
} from '../calendar/shared.js'
import { zonedTime } from '../timezone/zonedTime.js'
import type { CalendarTextKey } from '../../../core/translations/index.js'
import { RepeatMark } from '../recurrence/RepeatMark.js'
import { EventStatusMark } from '../calendar/EventStatusMark.js'

const SHOWN = 5
const REVIEWERS = new Set(['editor', 'administrator'])

type Item = {
  id: number | string
  title: string
  status: string
  eventStatus?: string
  startDate?: string
  timezone?: string
  allDay?: boolean
  series?: unknown
  isSeries?: boolean
}

const FIELDS = [
  'title',
  'status',
  'eventStatus',
  'publishedAt',
  'startDate',
  'timezone',
  'allDay',
  'series',
  'isSeries',
]

/**
 * The dashboard's calendar at a glance, above the collection cards: the next events the user may
 * see and, for editors and administrators, the events waiting for their review. A recurring series
 * is a template: the next events are its dates (events of their own), while what waits for review
 * is the series itself, not each of its dates.
 */
export function CalendarGlance({ slugs = DEFAULT_SLUGS }: { slugs?: CalendarSlugs }) {
  const { i18n, t } = useCalendarTranslation()
  const { user } = useAuth()
  const locale = useLocale()
  const urls = useAdminUrls()
  const fetchList = useRestList()
  const reviews = REVIEWERS.has(String((user as { role?: unknown } | null)?.role))
  const [next, setNext] = useState<Item[] | null>(null)
  const [waiting, setWaiting] = useState<Item[] | null>(null)

  useEffect(() => {
    const controller = new AbortController()
    const query = (where: Record<string, string>, sort: string) => {
      const params = new URLSearchParams({ ...where, sort, limit: String(SHOWN), depth: '0' })
      for (const field of FIELDS) params.set(`select[${field}]`, 'true')
      if (locale?.code) params.set('locale', locale.code)
      return params
    }
    const asItems = ({ docs }: { docs: Array<Record<string, unknown>> }) => docs as Item[]
    fetchList(
      slugs.events,
      query(
        {
          'where[endDate][greater_than_equal]': new Date().toISOString(),
          'where[isSeries][not_equals]': 'true',
        },
        'startDate',
      ),
      controller.signal,
    )
      .then((list) => setNext(asItems(list)))
      .catch(() => setNext([]))
    if (reviews) {
      fetchList(
        slugs.events,
        query(
          { 'where[status][equals]': 'pending', 'where[series][exists]': 'false' },
          '-updatedAt',
        ),
        controller.signal,
      )
        .then((list) => setWaiting(asItems(list)))
        .catch(() => setWaiting([]))
    }
    return () => controller.abort()
  }, [slugs.events, reviews, locale?.code, fetchList])

  const list = (items: Item[] | null, empty: CalendarTextKey) =>
    items === null ? (
      <p>{t('loading')}</p>
    ) : items.length === 0 ? (
      <p>{t(empty)}</p>
    ) : (
      <ul>
        {items.map((item) => (
          <li key={item.id}>
            <time>
              {zonedTime(item.startDate, item.timezone, item.allDay === true, i18n.language)}
            </time>
            <a
              href={urls.edit(slugs.events, item.id)}
              className={`cal-status-${item.status} cal-event--${item.eventStatus ?? 'scheduled'}`}
              data-event-status={item.eventStatus ?? 'scheduled'}
              title={t(statusLabelKey(item.status))}
            >
              {(item.isSeries === true || (item.series !== null && item.series !== undefined)) && (
                <RepeatMark />
              )}
              <EventStatusMark status={item.eventStatus} />
              {item.title || `#${item.id}`}
            </a>
          </li>
        ))}
      </ul>
    )

  if (!user) return null
  return (
    <div className="cal-glance">
      <style>{CALENDAR_CSS}</style>
      <section className="cal-glance__next" aria-labelledby="cal-glance-next">
        <h2 id="cal-glance-next">{t('nextEvents')}</h2>
        {list(next, 'noNextEvents')}
        <p>
          <a href={urls.calendar(slugs.events)}>{t('openCalendar')}</a>
        </p>
      </section>
      {reviews && (
        <section className="cal-glance__waiting" aria-labelledby="cal-glance-waiting">
          <h2 id="cal-glance-waiting">{t('waitingForReview')}</h2>
          {list(waiting, 'nothingWaiting')}
        </section>
      )}
    </div>
  )
}
