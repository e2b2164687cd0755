'use client'
import { useTranslation } from '@payloadcms/ui'
import type { DefaultCellComponentProps } from 'payload'
import { zonedTime } from './zonedTime.js'

/** An event's start or end in the list: in the event's own zone, named; an all-day event's as a date. */
export function EventDateCell({ cellData, rowData }: DefaultCellComponentProps) {
  const { i18n } = useTranslation()
  const row = (rowData ?? {}) as { timezone?: unknown; allDay?: unknown }
  return <span className="cal-zoned-date">{zonedTime(cellData, row.timezone, row.allDay === true, i18n.language)}</span>
}
