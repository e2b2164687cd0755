'use client'
import { useCalendarTranslation } from '../useCalendarTranslation.js'
import { calendarTitle } from './dates.js'
import type { CalendarMode } from './grid.js'

type CalendarBarProps = {
  mode: CalendarMode
  anchor: string
  now: string
  days: string[]
  listUrl: string
  onPlace: (place: { mode: CalendarMode; anchor: string }) => void
  onPage: (step: number) => void
}

/** The calendar's title, the way back to the list, month or week, and the paging buttons. */
export function CalendarBar({
  mode,
  anchor,
  now,
  days,
  listUrl,
  onPlace,
  onPage,
}: CalendarBarProps) {
  const { i18n, t } = useCalendarTranslation()
  const month = anchor.slice(0, 7)
  // From a month to a week: this week if the month is this month, else the month's first week.
  const weekOfShownMonth = now.slice(0, 7) === month ? now : `${month}-01`
  return (
    <div className="cal-calendar__bar">
      <h2 aria-live="polite">{calendarTitle(i18n.language, mode, anchor, days)}</h2>
      <a className="cal-calendar__switch" href={listUrl}>
        {t('list')}
      </a>
      <button
        type="button"
        aria-pressed={mode === 'month'}
        onClick={() => onPlace({ mode: 'month', anchor })}
      >
        {t('month')}
      </button>
      <button
        type="button"
        aria-pressed={mode === 'week'}
        onClick={() =>
          onPlace({ mode: 'week', anchor: mode === 'month' ? weekOfShownMonth : anchor })
        }
      >
        {t('week')}
      </button>
      <button
        type="button"
        className="cal-calendar__previous"
        onClick={() => onPage(-1)}
        aria-label={t(mode === 'month' ? 'previousMonth' : 'previousWeek')}
      >
        ‹
      </button>
      <button
        type="button"
        className="cal-calendar__today"
        onClick={() => onPlace({ mode, anchor: now })}
      >
        {t('today')}
      </button>
      <button
        type="button"
        className="cal-calendar__next"
        onClick={() => onPage(1)}
        aria-label={t(mode === 'month' ? 'nextMonth' : 'nextWeek')}
      >
        ›
      </button>
    </div>
  )
}
