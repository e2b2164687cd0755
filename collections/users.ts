import type { CollectionBeforeChangeHook, CollectionConfig, Condition, Field } from 'payload'
import { administratorsOnly, type Role, ROLES, usersAccess } from './access.js'
import { label, description, type CalendarTextKey } from '../core/translations/index.js'
import { CLIENT_ENTRY } from '../core/defaults.js'

const ROLE_LABELS: Record<Role, CalendarTextKey> = {
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
  admin: {
    position: 'sidebar',
    description: description('roleDescription'),
    components: { Field: `${CLIENT_ENTRY}#RoleField` },
  },
}

const signedIn: Condition = (_data, _siblingData, { user }) => Boolean(user)

/**
 * Payload's own API-key fields (they come with `useAPIKey`; these only add to them), kept off the
 * create-first-user form, where nobody is signed in yet: there the key's checkbox showed without a
 * label. Once signed in, keys are set up in the account and user views as usual.
 */
const apiKeyFields: Field[] = [
  { name: 'enableAPIKey', type: 'checkbox', admin: { condition: signedIn } },
  { name: 'apiKey', type: 'text', admin: { condition: signedIn } },
  { name: 'hasAPIKey', type: 'checkbox', virtual: true, admin: { condition: signedIn } },
]

/** The first user of the site becomes its administrator, whatever role was asked for. */
const firstUserIsAdministrator: CollectionBeforeChangeHook = async ({
  collection,
  data,
  operation,
  req,
}) => {
  if (operation !== 'create') return data
  const { totalDocs } = await req.payload.db.count({ collection: collection.slug, req })
  if (totalDocs === 0) data.role = 'administrator'
  return data
}

/**
 * What the plugin adds to the app's auth collection: a `role`, the first-user rule, role-aware
 * access (combined with the collection's own) and API keys, which v1 clients may use.
 */
export function usersExtension(users: CollectionConfig): {
  collection: CollectionConfig
  addition: Pick<CollectionConfig, 'fields' | 'hooks' | 'access'>
} {
  const auth = typeof users.auth === 'object' ? users.auth : {}
  const useAPIKey = auth.useAPIKey ?? true
  return {
    collection: { ...users, auth: { ...auth, useAPIKey } },
    addition: {
      fields: [roleField, ...(useAPIKey ? apiKeyFields : [])],
      hooks: { beforeChange: [firstUserIsAdministrator] },
      access: usersAccess(),
    },
  }
}
