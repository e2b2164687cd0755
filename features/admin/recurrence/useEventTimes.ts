'use client'
import { useFormFields } from '@payloadcms/ui'
import { wallClockOf } from './ruleForm.js'

/**
 * The event's times as its form holds them now: its zone (UTC when none is chosen) and its start
 * as a wall clock in that zone (empty before a start is given).
 */
export type EventTimes = ReturnType<typeof useEventTimes>

export function useEventTimes() {
  const startDate = useFormFields(([fields]) => fields.startDate?.value)
  const endDate = useFormFields(([fields]) => fields.endDate?.value)
  const zoneValue = useFormFields(([fields]) => fields.timezone?.value)
  const allDay = useFormFields(([fields]) => fields.allDay?.value) === true
  const zone = typeof zoneValue === 'string' && zoneValue ? zoneValue : 'UTC'
  return { startDate, endDate, zone, allDay, start: wallClockOf(startDate, zone) ?? '' }
}
