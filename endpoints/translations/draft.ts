import type { RichTextField } from 'payload'
import { can } from '../../collections/access.js'
import { editorConfigOfField, htmlToLexical } from '../../collections/richText/convert.js'
import { TRANSLATED_TEXTS } from '../../collections/translations/backfill.js'
import type { TranslatedFields } from '../../collections/translations/hook.js'
import { hasText, type Translations } from '../../collections/translations/status.js'
import { DEFAULT_LOCALE, isLocaleCode, LOCALE_CODES, type LocaleCode } from '../../core/locales.js'
import type { Context } from '../context.js'
import type { DataKey } from '../data.js'
import { ApiError, invalidParams } from '../errors.js'
import type { Params } from '../params.js'
import { requireRightOnExisting, requireUser } from '../permissions.js'
import { operation } from '../routing/operation.js'

/**
 * `POST /api/cal/translations/draft`: a draft translation of one record into one language, made by
 * the plugin's `translate` option, for the admin's form to show before the editor saves (nothing
 * is written). Its empty fields and those whose source changed after them are translated; rich
 * text goes to the translator as HTML and comes back as the editor's document.
 */

/** The resources whose records have a translation status. */
export const TRANSLATED_RESOURCES = [
  'events',
  'venues',
  'organizers',
  'categories',
  'tags',
] as const

const params = {
  collection: {
    kind: 'text',
    description: `What the record is: ${TRANSLATED_RESOURCES.join(', ')}.`,
    required: true,
    enum: TRANSLATED_RESOURCES,
  },
  id: { kind: 'integer', description: 'The record’s id.', required: true },
  to: {
    kind: 'text',
    description: `The language to translate into (${LOCALE_CODES.join(', ')}), not the record’s source.`,
    required: true,
    enum: LOCALE_CODES,
  },
} satisfies Params

const languageOf = (value: unknown, language: string) =>
  value && typeof value === 'object' ? (value as Record<string, unknown>)[language] : undefined

/** The translator's answer, refused unless it is one text per text given. */
async function translated(
  context: Context,
  texts: string[],
  languages: { from: LocaleCode; to: LocaleCode },
  format: 'text' | 'html',
): Promise<string[]> {
  if (!texts.length) return []
  let answer: unknown
  try {
    answer = await context.options.translate!(texts, { ...languages, format })
  } catch (error) {
    throw new ApiError(
      502,
      'rest-translate-failed',
      `The translator failed: ${String((error as Error)?.message ?? error).slice(0, 200)}`,
    )
  }
  if (
    !Array.isArray(answer) ||
    answer.length !== texts.length ||
    answer.some((text) => typeof text !== 'string')
  )
    throw new ApiError(502, 'rest-translate-failed', 'The translator gave no text for each text.')
  return answer as string[]
}

/** 404 `rest-translate-off` unless the app gave the plugin a translator (`translate`). */
export function requireTranslator(context: Context) {
  if (!context.options.translate)
    throw new ApiError(
      404,
      'rest-translate-off',
      'No translator is configured (the plugin’s `translate` option).',
    )
}

/**
 * This record's fields in `to` as the translator drafts them: those empty there, and those whose
 * source text changed after theirs (rich text as the editor's document). None when nothing is due.
 */
export async function draftFields(
  context: Context,
  key: DataKey,
  id: number,
  to: LocaleCode,
): Promise<{ from: LocaleCode; fields: Record<string, unknown> }> {
  const slug = context.data.slug(key)
  const doc = (await context.payload.db.findOne({
    collection: slug,
    where: { id: { equals: id } },
    locale: 'all',
    req: context.req,
  })) as Record<string, unknown> | null
  if (!doc) throw new ApiError(404, 'rest-record-not-found', 'No record has this id.')
  requireTranslator(context)
  const config = context.payload.collections[slug]!.config
  const texts = config.custom?.[TRANSLATED_TEXTS] as TranslatedFields
  const stored = (doc.translations ?? {}) as Partial<Translations>
  const from = isLocaleCode(stored.source) ? stored.source : DEFAULT_LOCALE
  if (to === from) throw invalidParams({ to: `${to} is the record’s source language.` })
  const written = stored.written ?? {}
  const due = Object.entries(texts).filter(([name, field]) => {
    if (!hasText(languageOf(doc[field], from))) return false
    const dates = written[name] ?? {}
    return !hasText(languageOf(doc[field], to)) || (dates[from] ?? '') > (dates[to] ?? '')
  })
  const plain = due.filter(([name, field]) => name === field)
  const rich = due.filter(([name, field]) => name !== field)
  const source = (list: typeof due) => list.map(([, field]) => String(languageOf(doc[field], from)))
  const [plainTexts, richTexts] = await Promise.all([
    translated(context, source(plain), { from, to }, 'text'),
    translated(context, source(rich), { from, to }, 'html'),
  ])
  const fields: Record<string, unknown> = {}
  plain.forEach(([name], index) => (fields[name] = plainTexts[index]))
  for (const [index, [name]] of rich.entries()) {
    const field = config.flattenedFields.find((each) => each.name === name) as RichTextField
    fields[name] = await htmlToLexical(richTexts[index], await editorConfigOfField(field))
  }
  return { from, fields }
}

export const draftTranslation = operation({
  summary: 'Draft a translation of a record (the plugin’s `translate` option)',
  params,
  body: true,
  responses: {
    200: 'TranslationDraft',
    404: { errors: ['rest-translate-off', 'rest-record-not-found'] },
    502: { errors: ['rest-translate-failed'] },
  },
  // Those who may edit posts at all, before anything is read (as v1 writes, docs/v1-differences.md
  // §4); the record's own update right once the record is known.
  authorize: (context) => requireUser(context, can.editPosts(context.user)),
  handle: async (context, args) => {
    const key = args.collection as DataKey
    // Drafting costs the app a translation: only those who may change the record ask for one (as
    // an update refuses them, before it says whether the record exists).
    await requireRightOnExisting(context, key, 'update', args.id)
    const { from, fields } = await draftFields(context, key, args.id, args.to as LocaleCode)
    return {
      status: 200,
      body: { collection: args.collection, id: args.id, from, to: args.to, fields },
    }
  },
})
