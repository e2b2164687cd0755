'use client'
import { useDocumentInfo, useForm } from '@payloadcms/ui'
import { DateTime } from 'luxon'
import { useEffect, useRef } from 'react'
import { isDay } from './grid.js'

/** Where a day clicked in the calendar puts the new event: 09:00 to 10:00 in the site's zone. */
const START_HOUR = 9

/**
 * Nothing to see: on a new event opened from a day of the calendar (`?calendarDay=2031-03-01`),
 * fills in its start and end on that day.
 */
export function CalendarDayPrefill(props: { siteTimezone?: string }) {
  const { id } = useDocumentInfo()
  const { dispatchFields, setModified } = useForm()
  const done = useRef(false)
  useEffect(() => {
    if (id || done.current) return
    const day = new URLSearchParams(window.location.search).get('calendarDay')
    if (!isDay(day)) return
    const start = DateTime.fromISO(`${day}T00:00:00`, { zone: props.siteTimezone || 'UTC' }).set({
      hour: START_HOUR,
    })
    // After the form's own first effects, which put its initial state back over anything set
    // before.
    const timer = setTimeout(() => {
      done.current = true
      dispatchFields({ type: 'UPDATE', path: 'startDate', value: start.toUTC().toISO() })
      dispatchFields({
        type: 'UPDATE',
        path: 'endDate',
        value: start.plus({ hours: 1 }).toUTC().toISO(),
      })
      setModified(true)
    }, 0)
    return () => clearTimeout(timer)
  }, [id, dispatchFields, setModified, props.siteTimezone])
  return null
}
