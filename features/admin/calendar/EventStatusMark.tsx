'use client'
import { useCalendarTranslation } from '../useCalendarTranslation.js'
import type { CalendarTextKey } from '../../../core/translations/index.js'

/** The words of the event statuses (collections/eventStatus.ts) that differ from the plan. */
const MARKED: Record<string, CalendarTextKey> = {
  canceled: 'eventStatusCanceled',
  postponed: 'eventStatusPostponed',
  rescheduled: 'eventStatusRescheduled',
  moved_online: 'eventStatusMovedOnline',
}

/** The status word of an event that does not take place as planned; nothing for a scheduled one. */
export function EventStatusMark({ status }: { status?: string | null }) {
  const { t } = useCalendarTranslation()
  const key = status ? MARKED[status] : undefined
  if (!key) return null
  return (
    <span className={`cal-event-status cal-event-status--${status}`} data-event-status={status}>
      {`${t(key)} · `}
    </span>
  )
}
