import type { Where } from 'payload'
import { lockKeys } from '../core/database/index.js'
import type { Context } from './context.js'
import type { DataKey, Doc, StoredDoc } from './data.js'
import type { ParamSpec } from './params.js'

/**
 * A search of more than this many words is taken as one phrase, as WordPress does: every word
 * becomes a condition of the query, and SQLite refuses a query whose conditions nest too deeply.
 */
export const MAX_SEARCH_WORDS = 9

/** The words of a search, or the whole search as one phrase when it has too many. */
export function searchWords(search: string, separator: RegExp = /\s+/): string[] {
  const words = search.split(separator).filter(Boolean)
  return words.length > MAX_SEARCH_WORDS ? [search.trim()] : words
}

/** Texts equal but for case and surrounding spaces, as the anchor compares names. */
export const sameText = (a: unknown, b: unknown) =>
  String(a ?? '')
    .trim()
    .toLowerCase() ===
  String(b ?? '')
    .trim()
    .toLowerCase()

/** The key that writes looking up one name wait on (core/database/turns.ts `lockKeys`). */
export const nameKey = (key: string, name: string) => `name:${key}:${name.trim().toLowerCase()}`

/**
 * The records of a collection whose name, in the request's language, is `name` but for case and
 * surrounding spaces, past access (whether a name is taken does not depend on who asks). The query
 * only looks for the name's first characters (Payload turns each word of a `like` into a LIKE
 * pattern, and SQLite refuses long patterns and deep queries); the candidates are compared in full.
 */
export async function recordsNamed(
  context: Context,
  key: 'venues' | 'organizers' | 'categories' | 'tags',
  name: string,
): Promise<Doc[]> {
  const start = Array.from(name.trim())
    .slice(0, 60)
    .join('')
    .split(/\s+/)
    .slice(0, MAX_SEARCH_WORDS)
    .join(' ')
  // Creates that run side by side (core/database/turns.ts) look a name up one after the other, so
  // two that reuse a venue or term by name do not both create it.
  await lockKeys(context.req, [nameKey(key, name)])
  const docs = await context.data.all(key, {
    where: { name: { like: start } },
    sight: 'everything',
  })
  return docs.filter((doc) => sameText(doc.name, name))
}

/**
 * Lookups that must see every record, whatever its status or the caller's rights, to tell "does not
 * exist" from "may not be seen" — their results decide error codes, never what a response shows.
 */
export const findOne = <K extends DataKey>(
  context: Context,
  key: K,
  where: Where,
): Promise<StoredDoc<K> | null> =>
  context.data.one(key, where, { trash: true, sight: 'everything' })

/**
 * The path parameter of a by-id or by-slug route: valid when a record (any status, trash included
 * unless `trash: false`) has that value; its check keeps the record on the context for the handler.
 */
export function addressParam(
  key: DataKey,
  address: 'id' | 'slug',
  spec: Omit<ParamSpec, 'check' | 'required'>,
  missing: (value: unknown) => string,
  { trash = true } = {},
): ParamSpec {
  return {
    ...spec,
    required: true,
    check: async (value: number | string, context: Context) => {
      const found = await context.data.one(
        key,
        { [address]: { equals: value } },
        { trash, sight: 'everything' },
      )
      if (!found) return missing(value)
      context.addressed = found
    },
  }
}

/** The ids among `ids` that exist in the collection (trash excluded). */
export async function existingIds(
  context: Context,
  key: DataKey,
  ids: number[],
): Promise<Set<number>> {
  if (ids.length === 0) return new Set()
  const docs = await context.data.all(key, {
    where: { id: { in: ids } },
    select: { createdAt: true },
    sight: 'everything',
  })
  return new Set(docs.map((doc) => doc.id))
}

/** A reason when some ids do not exist in the collection. */
export async function checkIdsExist(
  context: Context,
  key: DataKey,
  ids: number[],
  name: string,
  what: string,
) {
  const found = await existingIds(context, key, ids)
  const missing = ids.filter((id) => !found.has(id))
  return missing.length ? `${name}: no ${what} with id ${missing.join(', ')}.` : undefined
}

/**
 * A term filter's matches once per read: an archive's check of its term filters and the filter
 * itself ask the same of one request. Reads only: a write may create the terms it did not find.
 */
export function findTermsOnce(
  context: Context,
  key: 'categories' | 'tags',
  values: (string | number)[],
): Promise<TermMatches> {
  const asked = termLookups.get(context.req) ?? new Map()
  termLookups.set(context.req, asked)
  const question = JSON.stringify([key, values])
  if (!asked.has(question)) asked.set(question, termsForFilter(context, key, values))
  return asked.get(question)
}

/**
 * What a term filter's values name: the terms named by id or slug from the adapter, by name (in
 * the request's language) only for the values left, which are `missing` when no name matches.
 */
async function termsForFilter(
  context: Context,
  key: 'categories' | 'tags',
  values: (string | number)[],
): Promise<TermMatches> {
  const numbers = values.map(Number).filter((n) => Number.isSafeInteger(n) && n > 0)
  const strings = values.map(String)
  const terms = await context.data.peekAll(
    key,
    { or: [{ id: { in: numbers.length ? numbers : [0] } }, { slug: { in: strings } }] },
    { slug: true },
  )
  const missing: string[] = []
  const matchIds = new Set<number>()
  const unnamed: string[] = []
  for (const value of strings) {
    const bySlug = terms.find((term) => term.slug === value)
    const byId = terms.find((term) => String(term.id) === value)
    if (bySlug) matchIds.add(bySlug.id)
    else if (byId) matchIds.add(byId.id)
    else unnamed.push(value)
  }
  if (unnamed.length) {
    const named = await context.data.all(key, {
      where: { name: { in: unnamed } },
      sight: 'everything',
    })
    for (const value of unnamed) if (!named.some((term) => term.name === value)) missing.push(value)
  }
  return { missing, matchIds: [...matchIds] }
}

/** The terms a filter's values name (by slug, else id), and the values that name none at all. */
type TermMatches = { matchIds: number[]; missing: string[] }

const termLookups = new WeakMap<object, Map<string, Promise<TermMatches>>>()

/**
 * Terms named by id, slug or name (in the request's language): what a write assigns
 * (endpoints/fields/termArgs.ts). The archive filters match by slug, else id
 * (docs/v1-reference.md §5.1.1): `findTermsOnce`.
 */
export async function findTerms(
  context: Context,
  key: 'categories' | 'tags',
  values: (string | number)[],
) {
  const numbers = values.map(Number).filter((n) => Number.isSafeInteger(n) && n > 0)
  const strings = values.map(String)
  // Ids and slugs first: they are the terms' own columns, where a name is a localized one (a join
  // and a second query); names only for the values those did not find. Whole records, which the
  // write's answer shows (endpoints/events/write.ts).
  const terms = await context.data.all(key, {
    where: { or: [{ id: { in: numbers.length ? numbers : [0] } }, { slug: { in: strings } }] },
    sight: 'everything',
  })
  const unnamed = strings.filter(
    (value) => !terms.some((term) => String(term.id) === value || term.slug === value),
  )
  if (unnamed.length)
    terms.push(
      ...(await context.data.all(key, { where: { name: { in: unnamed } }, sight: 'everything' })),
    )
  return { terms }
}
