import type { CollectionBeforeChangeHook, CollectionConfig, Field } from 'payload'
import { administratorsOnly, type Role, ROLES, usersAccess } from './access.js'
import { label, text, type TextKey } from './i18n/index.js'
import { CLIENT_ENTRY } from '../src/defaults.js'

const ROLE_LABELS: Record<Role, TextKey> = {
  administrator: 'roleAdministrator',
  editor: 'roleEditor',
  author: 'roleAuthor',
  contributor: 'roleContributor',
  subscriber: 'roleSubscriber',
}

const roleField: Field = {
  name: 'role',
  label: label('role'),
  type: 'select',
  required: true,
  defaultValue: 'subscriber',
  saveToJWT: true,
  index: true,
  options: ROLES.map((value) => ({ label: label(ROLE_LABELS[value]), value })),
  access: { create: administratorsOnly, update: administratorsOnly },
  admin: { position: 'sidebar', description: text('roleDescription'), components: { Field: `${CLIENT_ENTRY}#RoleField` } },
}

/** The first user of the site becomes its administrator, whatever role was asked for. */
const firstUserIsAdministrator: CollectionBeforeChangeHook = async ({ collection, data, operation, req }) => {
  if (operation !== 'create') return data
  const { totalDocs } = await req.payload.db.count({ collection: collection.slug, req })
  if (totalDocs === 0) data.role = 'administrator'
  return data
}

/**
 * What the plugin adds to the app's auth collection: a `role`, the first-user rule, role-aware
 * access (combined with the collection's own) and API keys, which v1 clients may use.
 */
export function usersExtension(users: CollectionConfig): { collection: CollectionConfig; addition: Pick<CollectionConfig, 'fields' | 'hooks' | 'access'> } {
  const auth = typeof users.auth === 'object' ? users.auth : {}
  return {
    collection: { ...users, auth: { ...auth, useAPIKey: auth.useAPIKey ?? true } },
    addition: { fields: [roleField], hooks: { beforeChange: [firstUserIsAdministrator] }, access: usersAccess() },
  }
}
