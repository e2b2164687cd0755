'use client'
import { useEffect, useState } from 'react'
import { CsvButton } from '../csv/ExportCsvLink.js'

/**
 * Above the attendees list: its CSV export with Event Tickets' columns
 * (`GET /api/cal/tickets/v1/attendees.csv`, endpoints/tickets/attendeesCsv.ts), of the event the
 * list is filtered to when it is (`?where[event][equals]=…`, the event form's link).
 */
export function AttendeesCsvLink() {
  // The list's filter is in the address, known in the browser only.
  const [event, setEvent] = useState<string | null>(null)
  useEffect(() => {
    setEvent(new URLSearchParams(window.location.search).get('where[event][equals]'))
  }, [])
  const query = new URLSearchParams({ bom: 'true', ...(event ? { post_id: event } : {}) })
  return <CsvButton path="/cal/tickets/v1/attendees.csv" query={query} />
}
