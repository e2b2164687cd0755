/**
 * The plugin's server components, for Payload's import map
 * (`payload-events-calendar/rsc#ImportView`); its client components are in `./client.ts`.
 */
export { ImportView } from '../admin/import/ImportView.js'
export { FieldLabelInLanguage } from '../admin/FieldLabelInLanguage.js'
export { TranslationsView } from '../admin/translations/TranslationsView.js'
export { TranslationsGlance } from '../admin/translations/TranslationsGlance.js'
