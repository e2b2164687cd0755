/** The plugin's admin components, for Payload's import map (`payload-events-calendar/client#RoleField`). */
export { RoleField } from '../admin/RoleField.js'
export { ImportView } from '../admin/import/ImportView.js'
export { ImportNavLink } from '../admin/import/ImportNavLink.js'
