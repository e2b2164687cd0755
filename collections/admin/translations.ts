import { CLIENT_ENTRY, RSC_ENTRY } from '../../core/defaults.js'

/**
 * Where the translation screens plug into Payload's admin (the paths of the import map): the
 * components of the translated fields and of the form's sidebar, the "To translate" page, its
 * dashboard panel and its link in the navigation.
 */

/** Under a translated field: its text in the source language, and a copy button. */
export const sourceTextComponents = (fieldName: string, textField?: string) => ({
  afterInput: [
    {
      path: `${CLIENT_ENTRY}#SourceText`,
      clientProps: { fieldName, ...(textField ? { textField } : {}) },
    },
  ],
})

/**
 * The Translations column of a list, and in the form, this language's status and its actions:
 * `resource` names the collection to the drafts' route, `translate` says whether the app gave a
 * translator.
 */
export const translationMarksComponents = (resource: string, translate: boolean) => ({
  Cell: `${CLIENT_ENTRY}#TranslationMarks`,
  Field: {
    path: `${CLIENT_ENTRY}#TranslationActions`,
    clientProps: { resource, translate },
  },
})

/**
 * The "To translate" page: `translate` says whether the app gave a translator (then
 * administrators translate a selection in a run of the import runs' collection, `runs`).
 */
export const translationsView = (props: { translate: boolean; runs: string }) => ({
  Component: { path: `${RSC_ENTRY}#TranslationsView`, serverProps: props },
  path: '/translations' as const,
})
export const TRANSLATIONS_GLANCE = `${RSC_ENTRY}#TranslationsGlance`
export const TRANSLATIONS_NAV_LINK = `${CLIENT_ENTRY}#TranslationsNavLink`
