'use client'
import { useCalendarTranslation } from '../useCalendarTranslation.js'
import { useFormFields } from '@payloadcms/ui'
import { useEffect, useState } from 'react'
import { DEFAULT_SLUGS, useAdminUrls, useRestList } from '../calendar/shared.js'
import { RECURRENCE_CSS } from './styles.js'

/**
 * On a date of a series (its `series` is set): says so in the form, under its dates, with a link to
 * the series' own edit view, and what saving will change as the sidebar's `applyTo` stands (this
 * date, this and the following ones, or all; the series hooks read that choice).
 */
export function SeriesNotice({ eventsSlug = DEFAULT_SLUGS.events }: { eventsSlug?: string }) {
  const { t } = useCalendarTranslation()
  const urls = useAdminUrls()
  const fetchList = useRestList()
  const series = useFormFields(([fields]) => fields.series?.value)
  const applyTo = useFormFields(([fields]) => fields.applyTo?.value)
  const seriesId =
    series && typeof series === 'object' && 'id' in series
      ? (series as { id: number | string }).id
      : (series as number | string | null | undefined)
  const [title, setTitle] = useState<string | null>(null)

  useEffect(() => {
    if (seriesId === null || seriesId === undefined || seriesId === '') return
    const controller = new AbortController()
    const query = new URLSearchParams({
      'where[id][equals]': String(seriesId),
      limit: '1',
      depth: '0',
      'select[title]': 'true',
    })
    fetchList(eventsSlug, query, controller.signal)
      .then(({ docs }) =>
        setTitle(typeof docs[0]?.title === 'string' ? docs[0].title : `#${seriesId}`),
      )
      .catch(() => setTitle(`#${seriesId}`))
    return () => controller.abort()
  }, [seriesId, eventsSlug, fetchList])

  if (seriesId === null || seriesId === undefined || seriesId === '') return null
  return (
    <div className="cal-series-notice" role="note" data-series-id={seriesId}>
      <style>{RECURRENCE_CSS}</style>
      <p>
        <span aria-hidden="true">↻ </span>
        {t('seriesNotice', { title: title ?? `#${seriesId}` })}
      </p>
      <p className="cal-series-notice__saves" aria-live="polite">
        {applyTo === 'following'
          ? t('savesFollowing')
          : applyTo === 'all'
            ? t('savesAll')
            : t('savesThis', {
                choice: t('applyTo'),
              })}
      </p>
      <a href={urls.edit(eventsSlug, seriesId)}>{t('seriesLink')}</a>
    </div>
  )
}
