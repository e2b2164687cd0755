'use client'
import { useCalendarTranslation } from '../useCalendarTranslation.js'
import type { DefaultCellComponentProps } from 'payload'
import { zonedTime } from './zonedTime.js'

/**
 * An event's start or end in the list: in the event's own zone, named; an all-day event's as a
 * date. The start of a recurring series or of one of its dates has a repeat mark.
 */
export function EventDateCell({ cellData, rowData, field }: DefaultCellComponentProps) {
  const { i18n, t } = useCalendarTranslation()
  const row = (rowData ?? {}) as {
    timezone?: unknown
    allDay?: unknown
    series?: unknown
    isSeries?: unknown
  }
  const repeats =
    field &&
    'name' in field &&
    field.name === 'startDate' &&
    (row.isSeries === true || (row.series !== null && row.series !== undefined))
  const repeatLabel = t('repeatMark')
  return (
    <span className="cal-zoned-date">
      {zonedTime(cellData, row.timezone, row.allDay === true, i18n.language)}
      {repeats && (
        <span className="cal-repeat-mark" role="img" aria-label={repeatLabel} title={repeatLabel}>
          {' ↻'}
        </span>
      )}
    </span>
  )
}
