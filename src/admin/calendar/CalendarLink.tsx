'use client'
import { Button, useTranslation } from '@payloadcms/ui'
import { calendarText } from './texts.js'
import { useAdminUrls } from './shared.js'

/** The events list's way to the calendar view (a view action in the list's header). */
export function CalendarLink({ eventsSlug = 'events' }: { eventsSlug?: string }) {
  const { i18n } = useTranslation()
  const urls = useAdminUrls()
  return (
    <Button
      el="anchor"
      url={urls.calendar(eventsSlug)}
      buttonStyle="secondary"
      size="small"
      className="cal-calendar-link"
    >
      {calendarText(i18n.language, 'calendar')}
    </Button>
  )
}
