/**
 * Translation status without a server (collections/translations/status.ts): each status from what
 * was written when, the source of a record that says none, marking up to date, a language's last
 * change; and how a record's links move to another language (endpoints/fields/translations.ts).
 */
import { describe, expect, test } from '@jest/globals'
import {
  guessSource,
  hasText,
  markCurrent,
  modifiedIn,
  statusOf,
  translationsOf,
  type Written,
} from '../../collections/translations/status.js'
import { inLanguage } from '../../endpoints/fields/translations.js'
import type { RecordContext } from '../../endpoints/context.js'

const T1 = '2030-01-01T10:00:00.000Z'
const T2 = '2030-01-02T10:00:00.000Z'

describe('statusOf', () => {
  const written: Written = {
    title: { en: T1, fr: T2, es: T1 },
    description: { en: T2, fr: T2 },
    excerpt: {},
  }
  test('the source is `source`; a language without any text is `missing`', () => {
    expect(statusOf(written, 'en', 'en')).toBe('source')
    expect(statusOf({ title: { en: T1 } }, 'en', 'fr')).toBe('missing')
  })
  test('`partial` when a text the source has is missing; a text only the translation has counts for nothing', () => {
    expect(statusOf(written, 'en', 'es')).toBe('partial')
    expect(statusOf({ title: { en: T1, fr: T1 }, excerpt: { fr: T1 } }, 'en', 'fr')).toBe(
      'complete',
    )
  })
  test('`outdated` when the source changed after the translation; equal times are up to date', () => {
    expect(statusOf({ title: { en: T2, fr: T1 } }, 'en', 'fr')).toBe('outdated')
    expect(statusOf({ title: { en: T1, fr: T1 } }, 'en', 'fr')).toBe('complete')
    expect(statusOf(written, 'en', 'fr')).toBe('complete')
  })
  test('translationsOf gives every language’s status under its key', () => {
    expect(translationsOf(written, 'fr')).toEqual({
      source: 'fr',
      written,
      enStatus: 'outdated',
      frStatus: 'source',
      esStatus: 'partial',
    })
  })
})

test('guessSource: the default language when it has text, else the first that has some', () => {
  expect(guessSource({ title: { fr: T1, en: T1 } }, 'en')).toBe('en')
  expect(guessSource({ title: { es: T1 }, description: { fr: T1 } }, 'en')).toBe('fr')
  expect(guessSource({ title: {} }, 'en')).toBe('en')
})

test('markCurrent dates each text the language shares with the source, and adds none', () => {
  const marked = markCurrent({ title: { en: T2, fr: T1 }, description: { en: T2 } }, 'en', 'fr', T2)
  expect(marked).toEqual({ title: { en: T2, fr: T2 }, description: { en: T2 } })
  expect(statusOf(marked, 'en', 'fr')).toBe('partial')
})

test('modifiedIn: the latest of a language’s texts, null without any', () => {
  expect(modifiedIn({ title: { fr: T1 }, description: { fr: T2 } }, 'fr')).toBe(T2)
  expect(modifiedIn({ title: { en: T1 } }, 'fr')).toBeNull()
  expect(modifiedIn(null, 'fr')).toBeNull()
})

test('hasText: HTML without words is no text, an image is', () => {
  expect(hasText('<p> </p>')).toBe(false)
  expect(hasText('<p>&nbsp;</p>')).toBe(false)
  expect(hasText('<p><img src="a.png"></p>')).toBe(true)
  expect(hasText('Hello')).toBe(true)
  expect(hasText(null)).toBe(false)
})

describe('inLanguage: a record’s links in another language keep the request’s form', () => {
  const base = { siteUrl: 'https://site', options: {} } as unknown as RecordContext
  test('through a language root, the root’s segment changes (none for English)', () => {
    const french = {
      ...base,
      lang: 'fr',
      linkLanguage: null,
      root: 'https://site/fr/api/cal/events/v1/',
    } as RecordContext
    expect(inLanguage(french, 'es').root).toBe('https://site/es/api/cal/events/v1/')
    expect(inLanguage(french, 'en').root).toBe('https://site/api/cal/events/v1/')
  })
  test('with `translation_language`, the links carry the other language (none for English)', () => {
    const french = {
      ...base,
      lang: 'fr',
      linkLanguage: 'fr',
      root: 'https://site/api/cal/events/v1/',
    } as RecordContext
    expect(inLanguage(french, 'es')).toMatchObject({ root: french.root, linkLanguage: 'es' })
    expect(inLanguage(french, 'en')).toMatchObject({ root: french.root, linkLanguage: null })
  })
})
