'use client'
import { Button, useConfig } from '@payloadcms/ui'
import { useCalendarTranslation } from '../useCalendarTranslation.js'

/**
 * Above the attendees list: its CSV export with Event Tickets' columns
 * (`GET /api/cal/tickets/v1/attendees.csv`, endpoints/tickets/attendeesCsv.ts), of the event the
 * list is filtered to when it is (`?where[event][equals]=…`, the event form's link).
 */
export function AttendeesCsvLink() {
  const { config } = useConfig()
  const { t } = useCalendarTranslation()
  const event =
    typeof window === 'undefined'
      ? null
      : new URLSearchParams(window.location.search).get('where[event][equals]')
  const query = new URLSearchParams({ bom: 'true', ...(event ? { post_id: event } : {}) })
  const url = `${config.serverURL ?? ''}${config.routes.api}/cal/tickets/v1/attendees.csv?${query}`
  return (
    <div className="cal-export-csv" style={{ marginBottom: '1rem' }}>
      <Button el="anchor" url={url} buttonStyle="secondary" size="small">
        {t('exportCsv')}
      </Button>
    </div>
  )
}
