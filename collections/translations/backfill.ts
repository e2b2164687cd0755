import type { Payload, PayloadRequest } from 'payload'
import { DEFAULT_LOCALE } from '../../core/locales.js'
import { writtenOf, type TranslatedFields } from './hook.js'
import { guessSource, translationsOf } from './status.js'

/** Where a collection says which texts it translates (its config's `custom`). */
export const TRANSLATED_TEXTS = 'calendarTranslatedTexts'

/** The collections that keep translation status, with their texts. */
export function translatedCollections(payload: Payload): [string, TranslatedFields][] {
  return Object.values(payload.collections).flatMap(({ config }) => {
    const texts = config.custom?.[TRANSLATED_TEXTS] as TranslatedFields | undefined
    return texts ? [[config.slug, texts] as [string, TranslatedFields]] : []
  })
}

const PAGE = 200

/**
 * Fills in the translation status of records written before it was kept: each text that a language
 * has is dated at the record's last change, and the source is English when it has text, else the
 * first language that has some. Run by the host's migrations, and at start for any record still
 * without (an app whose own migration only added the columns). Returns how many were filled.
 */
export async function fillTranslationStatus(
  payload: Payload,
  req?: PayloadRequest,
): Promise<number> {
  let filled = 0
  for (const [collection, texts] of translatedCollections(payload)) {
    for (let after: number | string = 0; ;) {
      const { docs }: { docs: Record<string, unknown>[] } = await payload.db.find({
        collection,
        where: {
          and: [{ 'translations.source': { exists: false } }, { id: { greater_than: after } }],
        },
        sort: 'id',
        limit: PAGE,
        pagination: false,
        locale: 'all',
        // Only the texts: a whole event (its relationships, its rows of costs) costs more.
        select: {
          ...Object.fromEntries(Object.values(texts).map((key) => [key, true])),
          updatedAt: true,
          createdAt: true,
        },
        req,
      } as Parameters<Payload['db']['find']>[0])
      for (const doc of docs) {
        const at = new Date(String(doc.updatedAt ?? doc.createdAt ?? Date.now())).toISOString()
        const written = writtenOf(doc, texts, at)
        await payload.db.updateOne({
          collection,
          id: doc.id as number | string,
          data: { translations: translationsOf(written, guessSource(written, DEFAULT_LOCALE)) },
          req,
          returning: false,
        })
        filled++
      }
      if (docs.length < PAGE) break
      after = (docs.at(-1) as { id: number | string }).id
    }
  }
  return filled
}
