import Type, { type Static } from 'typebox'
import type { Where } from 'payload'
import { LANGUAGES, LOCALE_CODES, type LocaleCode } from '../../core/locales.js'
import {
  modifiedIn,
  statusKey,
  TRANSLATION_STATUSES,
  type Translations as StoredTranslations,
} from '../../collections/translations/status.js'
import { apiLink, languageSegment, type Context, type RecordContext } from '../context.js'
import { wordsCheck, type ParamSpec } from '../params.js'
import { noMatch } from '../idConditions.js'
import { wallClockIn, type Doc } from '../parts/common.js'
import { url, wallClock } from '../parts/schemas.js'
import type { Flat } from './cells.js'
import type { WireField } from './table.js'

/**
 * Each language's translation status on the wire (collections/translations): a record's
 * `translations` key, and the archives' `translation_status` filter.
 */

/** What each translation status means, for the schemas that carry one. */
export const TRANSLATION_STATUS_MEANING =
  'source: the language the record was written in; missing: no text of its own; partial: some text the source has is missing; outdated: the source changed after this language was written; complete.'

const LanguageTranslation = Type.Object(
  {
    status: Type.Union(
      TRANSLATION_STATUSES.map((status) => Type.Literal(status)),
      {
        description: TRANSLATION_STATUS_MEANING,
      },
    ),
    modified: Type.Union([
      wallClock('Last change of this language’s own text, site time zone'),
      Type.Null(),
    ]),
    rest_url: url('The record in this language'),
    url: url('The record’s page in this language'),
  },
  { additionalProperties: false },
)

export const TranslationsSchema = Type.Object(
  Object.fromEntries(LOCALE_CODES.map((code) => [code, LanguageTranslation])) as Record<
    LocaleCode,
    typeof LanguageTranslation
  >,
  {
    additionalProperties: false,
    description:
      'Each language’s translation status, when its own text last changed, and the record’s links in it.',
  },
)
export type TranslationsRecord = Static<typeof TranslationsSchema>

/**
 * A request's record context in another language: links in the form the request used (the root's
 * language segment, or `translation_language`).
 */
export function inLanguage(context: RecordContext, language: LocaleCode): RecordContext {
  const throughSegment = context.linkLanguage === null && context.lang !== 'en'
  if (!throughSegment)
    return { ...context, lang: language, linkLanguage: language === 'en' ? null : language }
  // Not through URL: the kept forms' root has a marker for a host (endpoints/forms/forms.ts).
  const pathStart = context.root.indexOf('/', context.root.indexOf('://') + 3)
  const origin = context.root.slice(0, pathStart)
  const path = context.root.slice(pathStart + `/${context.lang}`.length)
  return {
    ...context,
    lang: language,
    root: `${origin}${languageSegment(language)}${path}`,
    linkLanguage: null,
  }
}

/** Where a record is, for its links in each language. */
export type RecordAddress = {
  /** Its path under the namespace root: `events/12`. */
  rest: (doc: Doc) => string
  /** Its public page in the context's language. */
  page: (context: RecordContext, doc: Doc) => string
}

export function translationsOf(
  doc: Doc,
  context: RecordContext,
  address: RecordAddress,
): TranslationsRecord {
  const stored = (doc.translations ?? {}) as Partial<StoredTranslations>
  const zone = context.options.siteTimezone
  return Object.fromEntries(
    LOCALE_CODES.map((language) => {
      const there = inLanguage(context, language)
      const modified = modifiedIn(stored.written, language)
      return [
        language,
        {
          status: stored[statusKey(language)] ?? 'missing',
          modified: modified ? wallClockIn(modified, zone) : null,
          rest_url: apiLink(there, address.rest(doc)),
          url: address.page(there, doc),
        },
      ]
    }),
  ) as TranslationsRecord
}

/** A language's status as a CSV column: `translation_fr`. */
const statusColumns = <View>(): Flat<View> => ({
  columns: LOCALE_CODES.map((language) => ({
    name: `translation_${language}`,
    cell: (record) =>
      (record.translations as TranslationsRecord | undefined)?.[language]?.status ?? '',
  })),
  read: 'export only',
})

/** The `translations` key of a resource's field table; `address` says where a record is. */
export const translationsKey = <View extends { doc: Doc; context: RecordContext }>(
  address: (view: View) => RecordAddress,
) =>
  ({
    schema: TranslationsSchema,
    show: (view) => translationsOf(view.doc, view.context, address(view)),
    flat: statusColumns<View>(),
  }) satisfies WireField<View>

export const translationStatusParam = {
  kind: 'list',
  description: `Records whose text in the request’s language has any of these translation statuses (comma list: ${TRANSLATION_STATUSES.join(', ')}).`,
  check: wordsCheck('translation_status', TRANSLATION_STATUSES),
} satisfies ParamSpec

/** At most this many events with the statuses asked are named by id (`eventsByStatusWhere`). */
export const FEW_BY_STATUS = 500

/** What `eventsByStatusWhere` found, per generation of the calendar (a write makes a new one). */
const fewByGeneration = new WeakMap<object, Map<string, Promise<number[] | null>>>()

/**
 * The events archive's `translation_status` condition. The status columns tell few records apart
 * in SQLite's statistics (one value for most), so the archive walks its date window in order and
 * reads each row: with no match (an editor's `missing` on a translated calendar) that was the whole
 * window, 1.3 s at 100,000 events. So the events with the statuses asked are first counted through
 * the column's index, and when they are few, named by id as well; the count and the ids are kept
 * for the calendar's generation (reads only), so a page pays for them once per change.
 */
export async function eventsByStatusWhere(
  context: Pick<Context, 'lang' | 'data' | 'generation'>,
  statuses: readonly (string | number)[],
): Promise<Where[]> {
  const byStatus = translationStatusWhere(context, statuses)
  const find = async () => {
    const count = await context.data.count('events', {
      where: byStatus,
      trash: true,
      sight: 'everything',
    })
    if (count > FEW_BY_STATUS) return null
    const docs = await context.data.peekAll('events', byStatus, { id: true })
    return docs.map((doc) => doc.id as number)
  }
  let ids: Promise<number[] | null>
  if (!context.generation) ids = find()
  else {
    let memo = fewByGeneration.get(context.generation)
    if (!memo) fewByGeneration.set(context.generation, (memo = new Map()))
    const key = `${context.lang}:${[...statuses].sort().join(',')}`
    if (!memo.has(key)) {
      const found = find()
      memo.set(key, found)
      // A failed read is not kept: the next request of the generation reads again.
      found.catch(() => memo!.delete(key))
    }
    ids = memo.get(key)!
  }
  const few = await ids
  if (!few) return [byStatus]
  return [byStatus, few.length ? { id: { in: few } } : noMatch()]
}

/** Records whose status in the request's language is one of `statuses`. */
export const translationStatusWhere = (
  context: Pick<Context, 'lang'>,
  statuses: readonly (string | number)[],
): Where => ({ [`translations.${statusKey(context.lang)}`]: { in: statuses.map(String) } })

/** The languages a read in `lang` takes text from, in order (core/locales.ts). */
const fallbackChain = (lang: LocaleCode): LocaleCode[] => [
  lang,
  ...(LANGUAGES.find((each) => each.code === lang)?.fallbackLocale ?? []),
]

/**
 * The language a record's text is in when read in `lang`: its own, or, when it has none, the first
 * language it falls back to that has some.
 */
export function textLanguage(doc: Doc, lang: LocaleCode): LocaleCode {
  const stored = (doc.translations ?? {}) as Partial<StoredTranslations>
  if (!stored.source) return lang
  return fallbackChain(lang).find((language) => stored[statusKey(language)] !== 'missing') ?? lang
}
