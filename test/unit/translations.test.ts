/**
 * The plugin's texts (core/translations/) read through Payload's own i18n: the same keys and values
 * in every language, merged into the app's config without replacing its own translations.
 */
import { describe, expect, test } from '@jest/globals'
import { initI18n, type I18n } from '@payloadcms/translations'
import { de } from '@payloadcms/translations/languages/de'
import { en as payloadEn } from '@payloadcms/translations/languages/en'
import { fr as payloadFr } from '@payloadcms/translations/languages/fr'
import type { Config, LabelFunction } from 'payload'
import { calendarPlugin } from '../../src/index.js'
import {
  description,
  inEveryLanguage,
  label,
  message,
  translations,
  withCalendarTranslations,
} from '../../core/translations/index.js'

const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort()

/** Payload's i18n for one language of an i18n config, as the admin and requests get it. */
const i18nOf = (i18n: NonNullable<Config['i18n']>, language: string) =>
  initI18n({
    config: { fallbackLanguage: 'en', ...i18n } as never,
    context: 'api',
    language: language as never,
  }) as Promise<I18n>

const appI18n = (): NonNullable<Config['i18n']> => ({
  supportedLanguages: { en: payloadEn, fr: payloadFr, de },
  fallbackLanguage: 'en',
  translations: {
    fr: { calendar: { today: 'Ce jour' }, app: { hello: 'Bonjour' } } as never,
  },
})

describe('the plugin’s translations', () => {
  test('French and Spanish have every English key, no other, and the same placeholders', () => {
    const english = translations.en.calendar
    for (const language of ['fr', 'es'] as const) {
      const texts = translations[language].calendar
      expect(Object.keys(texts).sort()).toEqual(Object.keys(english).sort())
      for (const [key, text] of Object.entries(english)) {
        expect([key, placeholders(texts[key as keyof typeof texts])]).toEqual([
          key,
          placeholders(text),
        ])
      }
    }
  })

  test('merged into the app’s i18n: the app’s own texts win, English for its other languages', async () => {
    const merged = withCalendarTranslations(appI18n())
    const fr = await i18nOf(merged, 'fr')
    expect(fr.t('calendar:today' as never)).toBe('Ce jour')
    expect(fr.t('calendar:nextWeek' as never)).toBe('Semaine suivante')
    expect(fr.t('app:hello' as never)).toBe('Bonjour')
    expect(fr.t('general:cancel')).toBe('Annuler')
    const german = await i18nOf(merged, 'de')
    expect(german.t('calendar:nextWeek' as never)).toBe('Next week')
  })

  test('the plugin merges them into the config it returns', () => {
    const config = calendarPlugin()({
      secret: 'unit',
      collections: [{ slug: 'users', auth: true, fields: [] }],
      i18n: appI18n(),
    } as unknown as Config) as Config
    const fr = config.i18n?.translations?.fr as Record<string, Record<string, string>>
    expect(fr.calendar.today).toBe('Ce jour')
    expect(fr.calendar.events).toBe('Événements')
    expect(fr.app.hello).toBe('Bonjour')
    expect(Object.keys(config.i18n?.supportedLanguages ?? {})).toEqual(['en', 'fr', 'de'])
  })

  test('labels, descriptions, messages and the navigation group in the admin’s language', async () => {
    const i18n = await i18nOf(withCalendarTranslations(appI18n()), 'fr')
    const args = { i18n, t: i18n.t } as Parameters<LabelFunction>[0]
    expect(label('events')(args)).toBe('Événements')
    expect(description('roleDescription')(args)).toBe(
      'Seuls les administrateurs peuvent changer les rôles.',
    )
    expect(message({ t: i18n.t }, 'documentTooDeep', { max: 40 })).toBe(
      'Ce texte est imbriqué trop profondément (40 niveaux au plus).',
    )
    expect(message({ t: i18n.t }, 'seriesNotice', { title: 'Yoga' })).toBe(
      'Cet événement est une date de la série « Yoga ».',
    )
    expect(message(undefined, 'documentTooDeep', { max: 40 })).toBe(
      'This text is nested too deeply (40 levels at most).',
    )
    expect(inEveryLanguage('calendar')).toEqual({
      en: 'Calendar',
      fr: 'Calendrier',
      es: 'Calendario',
    })
  })
})
