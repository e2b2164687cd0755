/**
 * The plugin's server components, for Payload's import map
 * (`payload-events-calendar/rsc#ImportView`); its client components are in `./client.ts`.
 */
export { ImportView } from '../../features/admin/import/ImportView.js'
export { FieldLabelInLanguage } from '../../features/admin/FieldLabelInLanguage.js'
export { TranslationsView } from '../../features/admin/translations/TranslationsView.js'
export { TranslationsGlance } from '../../features/admin/translations/TranslationsGlance.js'
