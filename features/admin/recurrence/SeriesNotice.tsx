'use client'
import { useCalendarTranslation } from '../useCalendarTranslation.js'
import { Button, useConfig, useDocumentInfo, useFormFields } from '@payloadcms/ui'
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
  const { id } = useDocumentInfo()
  const { config } = useConfig()
  const eventStatus = useFormFields(([fields]) => fields.eventStatus?.value)
  const [busy, setBusy] = useState(false)
  const [failed, setFailed] = useState(false)

  /**
   * "Cancel this date" keeps the date listed, as canceled (it becomes detached: later changes of
   * the series leave it so); "Remove this date" moves it to the trash, which takes it out of the
   * series (its start joins the series' excluded dates).
   */
  const act = async (change: Record<string, unknown>, then: () => void) => {
    setBusy(true)
    setFailed(false)
    const response = await fetch(
      `${config.serverURL ?? ''}${config.routes.api}/${eventsSlug}/${id}`,
      {
        method: 'PATCH',
        credentials: 'include',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify(change),
      },
    ).catch(() => null)
    setBusy(false)
    if (response?.ok) then()
    else setFailed(true)
  }
  const cancelDate = () => act({ eventStatus: 'canceled' }, () => window.location.reload())
  const removeDate = () =>
    act({ deletedAt: new Date().toISOString() }, () =>
      window.location.assign(urls.edit(eventsSlug, seriesId!)),
    )

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
      {id !== undefined && id !== null && (
        <div className="cal-series-notice__actions">
          {eventStatus !== 'canceled' && (
            <Button buttonStyle="secondary" size="small" disabled={busy} onClick={cancelDate}>
              {t('cancelThisDate')}
            </Button>
          )}
          <Button buttonStyle="secondary" size="small" disabled={busy} onClick={removeDate}>
            {t('removeThisDate')}
          </Button>
          <p className="cal-series-notice__hint">{t('cancelOrRemoveDate')}</p>
          {failed && (
            <p className="cal-series-notice__error" role="alert">
              {t('dateActionFailed')}
            </p>
          )}
        </div>
      )}
    </div>
  )
}
