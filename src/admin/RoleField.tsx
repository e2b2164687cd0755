'use client'
import { SelectField, useAuth, useTranslation } from '@payloadcms/ui'
import type { SelectFieldClientComponent } from 'payload'
import { textIn } from '../../collections/i18n/index.js'

/**
 * The users' `role` in the admin. Nobody is signed in only while the first user is being created,
 * and that user becomes the administrator whatever is chosen (collections/users.ts): the form says
 * so instead of offering a choice that would be ignored.
 */
export const RoleField: SelectFieldClientComponent = (props) => {
  const { user } = useAuth()
  const { i18n } = useTranslation()
  if (user) return <SelectField {...props} />
  return (
    <div className="field-type cal-first-user-role" id="field-role">
      <span className="field-label">{textIn(i18n.language, 'role')}</span>
      <p>
        <strong>{textIn(i18n.language, 'roleAdministrator')}</strong>
      </p>
      <p className="field-description">{textIn(i18n.language, 'firstUserRole')}</p>
    </div>
  )
}
