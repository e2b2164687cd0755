'use client'
import { Button, useConfig } from '@payloadcms/ui'
import { useEffect, useState } from 'react'
import { useCalendarTranslation } from '../useCalendarTranslation.js'

/**
 * Above the attendees list: its CSV export with Event Tickets' columns
 * (`GET /api/cal/tickets/v1/attendees.csv`, endpoints/tickets/attendeesCsv.ts), of the event the
 * list is filtered to when it is (`?where[event][equals]=…`, the event form's link).
 */
export function AttendeesCsvLink() {
  const { config } = useConfig()
  const { t } = useCalendarTranslation()
  // The list's filter is in the address, known in the browser only.
  const [event, setEvent] = useState<string | null>(null)
  useEffect(() => {
    setEvent(new URLSearchParams(window.location.search).get('where[event][equals]'))
  }, [])
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
