'use client'
import { useEffect, useState } from 'react'
import {
  calendarQuery,
  type CalendarEvent,
  type CalendarFilters,
  toCalendarEvent,
  windowOf,
} from './grid.js'
import { useRestList } from './shared.js'

/** At most this many events are loaded for one month; more are announced, not loaded. */
const MAX_EVENTS = 500

type LoadedEvents = { events: CalendarEvent[]; total: number; loading: boolean; failed: boolean }

/**
 * The events of the shown window, loaded again (the previous load aborted) when the window, the
 * filters or the locale change.
 */
export function useCalendarEvents(
  eventsSlug: string,
  shownWindow: ReturnType<typeof windowOf>,
  filters: CalendarFilters,
  locale: string | undefined,
) {
  const [state, setState] = useState<LoadedEvents>({
    events: [],
    total: 0,
    loading: true,
    failed: false,
  })
  const fetchList = useRestList()

  useEffect(() => {
    const controller = new AbortController()
    setState((previous) => ({ ...previous, loading: true, failed: false }))
    fetchList(
      eventsSlug,
      calendarQuery(shownWindow, filters, MAX_EVENTS, locale),
      controller.signal,
    )
      .then(({ docs, totalDocs }) => {
        const events = docs
          .map(toCalendarEvent)
          .filter((event): event is CalendarEvent => event !== null)
        setState({ events, total: totalDocs, loading: false, failed: false })
      })
      .catch((error: Error) => {
        if (error.name !== 'AbortError')
          setState({ events: [], total: 0, loading: false, failed: true })
      })
    return () => controller.abort()
  }, [eventsSlug, shownWindow, filters, locale, fetchList])

  return state
}
