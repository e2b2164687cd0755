'use client'
import { DateTime } from 'luxon'
import { useSearchParams } from 'next/navigation.js'
import { useCallback, useEffect, useState } from 'react'
import { type CalendarMode, isDay, shiftAnchor } from './grid.js'

/**
 * Today in UTC: the same on the server's first render and in the browser (no hydration mismatch).
 */
const todayInUtc = () => new Date().toISOString().slice(0, 10)
/** Today in the editor's own zone, once in the browser. */
const todayHere = () => DateTime.local().toISODate() ?? todayInUtc()

/**
 * The calendar's place (mode and day) lives in the address, so that a reload or a link keeps it.
 */
function placeIn(params: URLSearchParams | null): { mode: CalendarMode; anchor: string } {
  const day = params?.get('date')
  return {
    mode: params?.get('mode') === 'week' ? 'week' : 'month',
    anchor: isDay(day) ? day : todayInUtc(),
  }
}

/**
 * Where the calendar is (a month or a week, by a day in it), kept in the address; today's date;
 * `page(step)` moves by months or weeks.
 */
export function useCalendarPlace() {
  const searchParams = useSearchParams()
  const [{ mode, anchor }, setPlace] = useState(() => placeIn(searchParams))
  const [now, setNow] = useState(todayInUtc)
  useEffect(() => setNow(todayHere()), [])

  useEffect(() => {
    const params = new URLSearchParams(window.location.search)
    params.set('mode', mode)
    params.set('date', anchor)
    window.history.replaceState(null, '', `${window.location.pathname}?${params}`)
  }, [mode, anchor])

  const page = useCallback(
    (step: number) =>
      setPlace(({ mode: current, anchor: day }) => ({
        mode: current,
        anchor: shiftAnchor(day, current, step),
      })),
    [],
  )
  return { mode, anchor, now, setPlace, page }
}
