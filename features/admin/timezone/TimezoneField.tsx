'use client'
import { useCalendarTranslation } from '../useCalendarTranslation.js'
import { SelectInput, useDocumentInfo, useField } from '@payloadcms/ui'
import type { TextFieldClientComponent } from 'payload'
import { useEffect, useMemo } from 'react'
import { chosenValue } from '../selectValue.js'
import { zoneOptions } from './zones.js'

/**
 * The event's `timezone`: a searchable list of IANA zones in place of a text box, still storing the
 * same text (so offsets such as `UTC+2` written through v1 stay as they are and are offered too).
 * A new event starts in the site's zone.
 */
export const TimezoneField: TextFieldClientComponent = (props) => {
  const { field, path: givenPath, readOnly } = props
  const siteTimezone = (props as { siteTimezone?: string }).siteTimezone
  const path = givenPath ?? field.name
  const { value, setValue, showError, customComponents } = useField<string>({ path })
  const { id } = useDocumentInfo()
  const { t } = useCalendarTranslation()

  useEffect(() => {
    if (id || value || !siteTimezone) return
    // After the form's own first effects, which put its initial state back over anything set
    // before; not a change by the editor, so the form is not marked modified.
    const timer = setTimeout(() => setValue(siteTimezone, true), 0)
    return () => clearTimeout(timer)
  }, [id, value, siteTimezone, setValue])

  const options = useMemo(() => {
    const all = zoneOptions([value, siteTimezone])
    return all.map((option) =>
      option.value === siteTimezone
        ? { ...option, label: `${option.label} · ${t('siteZone')}` }
        : option,
    )
  }, [value, siteTimezone, t])

  return (
    <SelectInput
      path={path}
      name={field.name}
      // In the admin's language: Payload 3.90 keeps a collection's client fields, labels included,
      // in the language of the first request after the server starts (getClientSchemaMap caches
      // them per collection), so `field.label` can be another user's language.
      label={t('timezone')}
      // The description is a function of the admin's language, rendered by Payload's form state.
      Description={customComponents?.Description}
      localized={field.localized}
      required={field.required}
      readOnly={readOnly}
      showError={showError}
      options={options}
      value={value ?? ''}
      placeholder={t('zoneSearch')}
      onChange={(option) => setValue(chosenValue(option))}
    />
  )
}
