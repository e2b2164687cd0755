'use client'
import { useCalendarTranslation } from '../useCalendarTranslation.js'
import { useConfig, useDocumentInfo } from '@payloadcms/ui'
import { useEffect, useState } from 'react'
import { FEEDS_NAMESPACE } from '../../../core/defaults.js'
import { feedUrls } from './feedUrls.js'

/** The admin's own address: the config's `serverURL`, else the page's. */
function useOrigin(): string {
  const { config } = useConfig()
  const [origin, setOrigin] = useState(config.serverURL ?? '')
  useEffect(() => {
    if (!config.serverURL) setOrigin(window.location.origin)
  }, [config.serverURL])
  return origin
}

/**
 * Links for calendar apps: in an event's sidebar, the event as an .ics file (once saved);
 * everywhere, a subscription to the whole calendar (`webcal://`) and its download (docs/feeds.md,
 * "Calendar feeds by example").
 */
export function FeedLinks({ withEvent = true }: { withEvent?: boolean }) {
  const { t } = useCalendarTranslation()
  const { config } = useConfig()
  const document = useDocumentInfo()
  const origin = useOrigin()
  if (!origin) return null
  const urls = feedUrls(origin, config.routes.api, FEEDS_NAMESPACE)
  const id = withEvent ? document?.id : undefined
  return (
    <div className="cal-feed-links" style={{ marginBottom: 'var(--base)' }}>
      <p className="field-label">{t('feedsTitle')}</p>
      <ul style={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 4 }}>
        {id !== undefined && id !== null ? (
          <li>
            <a href={urls.event(id)} download>
              {t('feedAddEvent')}
            </a>
          </li>
        ) : null}
        <li>
          <a href={urls.subscription}>{t('feedSubscribe')}</a>
        </li>
        <li>
          <a href={urls.calendar} download>
            {t('feedDownload')}
          </a>
        </li>
      </ul>
      <p className="field-description">{t('feedHint')}</p>
    </div>
  )
}

/** The same links without the event, for the calendar view and the events list. */
export const CalendarFeedLinks = () => <FeedLinks withEvent={false} />
