'use client'
import { useTranslation } from '@payloadcms/ui'
import { useCallback } from 'react'
import type {
  CalendarTextKey,
  CalendarTranslationKey,
  CalendarTranslations,
} from '../../core/translations/index.js'

/**
 * Payload's `useTranslation()` for the plugin's components: `t('today')` reads
 * `calendar:today` (core/translations/) in the admin's language, with the app's overrides.
 */
export function useCalendarTranslation() {
  const { i18n, t } = useTranslation<CalendarTranslations, CalendarTranslationKey>()
  const text = useCallback(
    (key: CalendarTextKey, vars?: Record<string, unknown>) => t(`calendar:${key}`, vars),
    [t],
  )
  return { i18n, t: text }
}
