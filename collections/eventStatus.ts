import type { CollectionBeforeChangeHook, Field, SelectFieldSingleValidation } from 'payload'
import { sourceTextComponents } from './admin/translations.js'
import { select as validSelect } from 'payload/shared'
import { label, description } from '../core/translations/index.js'
import type { CalendarTextKey } from '../core/translations/types.js'
import { urlField } from './fields.js'

/**
 * Whether an event takes place as planned (schema.org's eventStatus, The Events Calendar's
 * `_tribe_events_status`), and how people attend it (schema.org's eventAttendanceMode, The Events
 * Calendar Pro's virtual events).
 */
export const EVENT_STATUSES = [
  'scheduled',
  'canceled',
  'postponed',
  'rescheduled',
  'moved_online',
] as const
export type EventStatus = (typeof EVENT_STATUSES)[number]

export const ATTENDANCE_MODES = ['offline', 'online', 'mixed'] as const
export type AttendanceMode = (typeof ATTENDANCE_MODES)[number]

const STATUS_LABELS: Record<EventStatus, CalendarTextKey> = {
  scheduled: 'eventStatusScheduled',
  canceled: 'eventStatusCanceled',
  postponed: 'eventStatusPostponed',
  rescheduled: 'eventStatusRescheduled',
  moved_online: 'eventStatusMovedOnline',
}
const MODE_LABELS: Record<AttendanceMode, CalendarTextKey> = {
  offline: 'attendanceOffline',
  online: 'attendanceOnline',
  mixed: 'attendanceMixed',
}

/** Payload's select check, and a text: `["canceled"]` would otherwise reach the adapter. */
const oneValue: SelectFieldSingleValidation = (value, options) =>
  value !== null && value !== undefined && typeof value !== 'string'
    ? 'This field has an invalid selection'
    : validSelect(value, options)

/** The stored fields (a collapsible group of the event form). */
export const eventStatusFields = (): Field => ({
  type: 'collapsible',
  label: label('statusAndAttendance'),
  fields: [
    {
      type: 'row',
      fields: [
        {
          name: 'eventStatus',
          label: label('eventStatus'),
          type: 'select',
          defaultValue: 'scheduled',
          index: true,
          validate: oneValue,
          options: EVENT_STATUSES.map((value) => ({ label: label(STATUS_LABELS[value]), value })),
        },
        {
          name: 'previousStartDate',
          label: label('previousStartDate'),
          type: 'date',
          admin: {
            date: { pickerAppearance: 'dayAndTime' },
            description: description('previousStartDateDescription'),
          },
        },
      ],
    },
    {
      name: 'eventStatusReason',
      label: label('eventStatusReason'),
      type: 'text',
      localized: true,
      admin: {
        components: sourceTextComponents('eventStatusReason'),
        description: description('eventStatusReasonDescription'),
        condition: (data) => Boolean(data?.eventStatus) && data.eventStatus !== 'scheduled',
      },
    },
    {
      type: 'row',
      fields: [
        {
          name: 'attendanceMode',
          label: label('attendanceMode'),
          type: 'select',
          defaultValue: 'offline',
          index: true,
          validate: oneValue,
          options: ATTENDANCE_MODES.map((value) => ({ label: label(MODE_LABELS[value]), value })),
        },
        { ...urlField('onlineUrl', 'onlineUrl'), admin: { placeholder: 'https://' } } as Field,
      ],
    },
    {
      name: 'onlineDetails',
      label: label('onlineDetails'),
      type: 'textarea',
      localized: true,
      admin: {
        components: sourceTextComponents('onlineDetails'),
        description: description('onlineDetailsDescription'),
      },
    },
  ],
})

/** A date as milliseconds; NaN when there is none. */
const instant = (value: unknown) =>
  typeof value === 'string' || value instanceof Date ? new Date(value).getTime() : NaN
const sameInstant = (a: unknown, b: unknown) =>
  instant(a) === instant(b) || (Number.isNaN(instant(a)) && Number.isNaN(instant(b)))

/**
 * Keeps the start an event had when it moves (`previousStartDate`), for schema.org's
 * `previousStartDate`: whenever the start of a published event moves and its status after the
 * write is not `scheduled`, or it was `scheduled` before. So moving a scheduled event keeps it
 * (whatever the status after: "rescheduled" in the same write included), and so does moving a
 * postponed or canceled one that stays so or becomes rescheduled; only an event that leaves
 * another status for `scheduled` as it moves keeps none (a date being decided is not a reschedule).
 * A draft's dates are still being decided: never kept. A write that sets the previous start itself
 * wins. The status stays as written: saying "rescheduled" is the editor's call.
 */
export const keepPreviousStart: CollectionBeforeChangeHook = ({ data, originalDoc, operation }) => {
  if (operation !== 'update' || !originalDoc) return data
  // The admin form sends every field: "given" means changed by this write.
  if (
    data.previousStartDate !== undefined &&
    !sameInstant(data.previousStartDate, originalDoc.previousStartDate)
  )
    return data
  if (originalDoc.status !== 'publish') return data
  const statusBefore = originalDoc.eventStatus ?? 'scheduled'
  const statusAfter = data.eventStatus ?? statusBefore
  if (statusBefore !== 'scheduled' && statusAfter === 'scheduled') return data
  const before = instant(originalDoc.startDate)
  const after = instant(data.startDate)
  if (Number.isNaN(before) || Number.isNaN(after) || before === after) return data
  data.previousStartDate = new Date(before).toISOString()
  return data
}
