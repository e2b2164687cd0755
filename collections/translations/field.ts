import type { Field } from 'payload'
import { translationMarksComponents } from '../admin/translations.js'
import { LANGUAGE_NAMES, LOCALE_CODES } from '../../core/locales.js'
import {
  description,
  inEveryLanguage,
  label,
  type CalendarTextKey,
} from '../../core/translations/index.js'
import { statusKey, TRANSLATION_STATUSES, type TranslationStatus } from './status.js'

const STATUS_LABELS: Record<TranslationStatus, CalendarTextKey> = {
  source: 'translationSource',
  missing: 'translationMissing',
  partial: 'translationPartial',
  outdated: 'translationOutdated',
  complete: 'translationComplete',
}

export const translationStatusLabel = (status: TranslationStatus) => STATUS_LABELS[status]

/**
 * The record's translation status (status.ts), kept by `keepTranslations` and not written by
 * editors but for the source language: stored, so that lists filter and sort on a language's
 * status without reading the texts. One indexed column per language.
 */
/**
 * The group and the admin's marks. `resource` is the collection's key (`events`, `venues`, …) and
 * `translate` whether the app gave the plugin a translator.
 */
export const translationsFields = (resource: string, translate: boolean): Field[] => [
  {
    name: 'translationMarks',
    label: inEveryLanguage('translations'),
    type: 'ui',
    admin: { position: 'sidebar', components: translationMarksComponents(resource, translate) },
  },
  translationsGroup(),
]

const translationsGroup = (): Field => ({
  name: 'translations',
  label: label('translations'),
  type: 'group',
  // The list shows the marks instead; its filter still offers each language's status.
  admin: {
    position: 'sidebar',
    description: description('translationsDescription'),
    disableListColumn: true,
  },
  fields: [
    {
      name: 'source',
      label: label('sourceLanguage'),
      type: 'select',
      index: true,
      options: LOCALE_CODES.map((code) => ({ label: LANGUAGE_NAMES[code], value: code })),
    },
    ...LOCALE_CODES.map((code): Field => ({
      name: statusKey(code),
      label: LANGUAGE_NAMES[code],
      type: 'select',
      index: true,
      options: TRANSLATION_STATUSES.map((value) => ({
        label: label(STATUS_LABELS[value]),
        value,
      })),
      admin: { readOnly: true },
    })),
    { name: 'written', type: 'json', admin: { hidden: true } },
  ],
})
