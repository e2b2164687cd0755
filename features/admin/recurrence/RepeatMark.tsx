'use client'
import { useCalendarTranslation } from '../useCalendarTranslation.js'

/** The mark of a date of a recurring series: an arrow for the eye, a word for a screen reader. */
export function RepeatMark() {
  const { t } = useCalendarTranslation()
  return (
    <span className="cal-repeat">
      <span aria-hidden="true">↻ </span>
      <span className="cal-visually-hidden">{`${t('repeatMark')}: `}</span>
    </span>
  )
}
