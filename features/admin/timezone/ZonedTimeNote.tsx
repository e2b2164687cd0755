'use client'
import { useFormFields, useTranslation } from '@payloadcms/ui'
import { zonedTime } from './zonedTime.js'

/**
 * Under the start and end pickers (which show the editor's own clock): the time in the event's
 * zone, as it is published; the date alone for an all-day event.
 */
export function ZonedTimeNote({
  fieldName,
  siteTimezone,
}: {
  fieldName?: string
  siteTimezone?: string
}) {
  const { i18n } = useTranslation()
  const name = fieldName ?? 'startDate'
  const value = useFormFields(([fields]) => fields[name]?.value)
  const zone = useFormFields(([fields]) => fields.timezone?.value)
  const allDay = useFormFields(([fields]) => fields.allDay?.value)
  const shown = zonedTime(value, zone || siteTimezone, allDay === true, i18n.language)
  if (!shown) return null
  return (
    <p className="field-description cal-zoned-time" data-field={name}>
      {shown}
    </p>
  )
}
