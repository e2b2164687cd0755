'use client'
import { useCalendarTranslation } from './useCalendarTranslation.js'
import { SelectField, useAuth } from '@payloadcms/ui'
import type { SelectFieldClientComponent } from 'payload'

/**
 * The users' `role` in the admin. Nobody is signed in only while the first user is being created,
 * and that user becomes the administrator whatever is chosen (collections/users.ts): the form says
 * so instead of offering a choice that would be ignored.
 */
export const RoleField: SelectFieldClientComponent = (props) => {
  const { user } = useAuth()
  const { t } = useCalendarTranslation()
  if (user) return <SelectField {...props} />
  return (
    <div className="field-type cal-first-user-role" id="field-role">
      <span className="field-label">{t('role')}</span>
      <p>
        <strong>{t('roleAdministrator')}</strong>
      </p>
      <p className="field-description">{t('firstUserRole')}</p>
    </div>
  )
}
