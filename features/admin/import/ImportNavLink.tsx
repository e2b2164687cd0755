'use client'
import { useAuth, useConfig } from '@payloadcms/ui'
import { useCalendarTranslation } from '../useCalendarTranslation.js'

/** A link to the Import page in the admin's navigation, for administrators. */
export function ImportNavLink() {
  const { user } = useAuth()
  const { config } = useConfig()
  const { t } = useCalendarTranslation()
  if ((user as { role?: string } | null)?.role !== 'administrator') return null
  return (
    <a
      className="nav__link cal-import-link"
      href={`${config.routes.admin}/import`}
      style={{ display: 'block', padding: '0.25rem 0' }}
    >
      {t('importNavLink')}
    </a>
  )
}
