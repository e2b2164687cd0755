'use client'
import { useAuth, useConfig } from '@payloadcms/ui'
import { useCalendarTranslation } from '../useCalendarTranslation.js'

/** A link to the "To translate" page in the admin's navigation, for anyone signed in. */
export function TranslationsNavLink() {
  const { user } = useAuth()
  const { config } = useConfig()
  const { t } = useCalendarTranslation()
  if (!user) return null
  return (
    <a
      className="nav__link cal-translations-link"
      href={`${config.routes.admin}/translations`}
      style={{ display: 'block', padding: '0.25rem 0' }}
    >
      {t('toTranslate')}
    </a>
  )
}
