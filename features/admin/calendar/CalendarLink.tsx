'use client'
import { useCalendarTranslation } from '../useCalendarTranslation.js'
import { Button } from '@payloadcms/ui'
import { useAdminUrls } from './shared.js'

/** The events list's way to the calendar view (a view action in the list's header). */
export function CalendarLink({ eventsSlug = 'events' }: { eventsSlug?: string }) {
  const { t } = useCalendarTranslation()
  const urls = useAdminUrls()
  return (
    <Button
      el="anchor"
      url={urls.calendar(eventsSlug)}
      buttonStyle="secondary"
      size="small"
      className="cal-calendar-link"
    >
      {t('calendar')}
    </Button>
  )
}
