import { can } from '../../collections/access.js'
import type { Context } from '../context.js'
import type { DataKey } from '../data.js'
import type { Taxonomy } from '../taxonomies.js'
import { idOf, type Doc } from './common.js'
import { countMarker } from './forms.js'

/** The records a page of events links to, each kind loaded with one query (no query per event). */
export type Related = {
  venues: Map<number, Doc>
  organizers: Map<number, Doc>
  categories: Map<number, Doc>
  tags: Map<number, Doc>
  images: Map<number, Doc>
  /**
   * Stored passwords of protected events (never serialized), loaded when the request gives one:
   * `events:5` → "secret".
   */
  passwords: Map<string, string>
}

const ids = (values: unknown[]) => [
  ...new Set(values.map(idOf).filter((id): id is number => id !== null)),
]

/** The records with these ids that the caller may read. */
async function byIds(context: Context, key: DataKey, wanted: number[]): Promise<Map<number, Doc>> {
  if (wanted.length === 0) return new Map()
  const docs = await context.data.all(key, { where: { id: { in: wanted } } })
  return new Map(docs.map((doc) => [doc.id, doc]))
}

/**
 * How many events the caller may see use a term: the counts the terms store
 * (collections/hooks/termCounts.ts).
 */
export const termCount = (context: Pick<Context, 'user'>, term: Doc): number =>
  (can.editPosts(context.user) ? term.eventCount : term.publicEventCount) ?? 0

/**
 * The count an event's record shows for one of its terms: the term's, or, in a kept form, a marker
 * in its place (a string where the number goes, replaced before the form is read: `countMarker`).
 */
export const shownTermCount = (
  context: Pick<Context, 'user' | 'markedCounts'>,
  taxonomy: Taxonomy,
  term: Doc,
): number =>
  context.markedCounts
    ? (countMarker(taxonomy, term.id) as unknown as number)
    : termCount(context, term)

/**
 * Stored passwords of the protected records among `docs`, read past field access for the unlock
 * check only, and only when the request gives a password to compare.
 */
export async function loadPasswords(
  context: Context,
  key: 'events' | 'venues' | 'organizers',
  records: Doc[],
  givenPassword: unknown,
  into: Map<string, string>,
) {
  const wanted = records.filter((doc) => doc.hasPassword).map((doc) => doc.id)
  if (wanted.length === 0 || typeof givenPassword !== 'string' || givenPassword === '') return
  const collection = context.options.slugs[key]
  const docs = await context.data.all(key, {
    where: { id: { in: wanted } },
    select: { password: true },
    trash: true,
    sight: 'everything',
  })
  for (const doc of docs) if (doc.password) into.set(`${collection}:${doc.id}`, doc.password)
}

/** The uploaded images the records point to, with one query. */
export const loadImages = (context: Context, docs: Doc[]) =>
  byIds(context, 'media', ids(docs.map((doc) => doc.image)))

/** No related records yet: what a feed starts with before its first batch. */
export const noRelated = (): Related => ({
  venues: new Map(),
  organizers: new Map(),
  categories: new Map(),
  tags: new Map(),
  images: new Map(),
  passwords: new Map(),
})

type RecordKind = 'venues' | 'organizers' | 'categories' | 'tags' | 'images'

/**
 * Everything the events link to; `givenPassword` is the request's, which only events may use
 * (docs/v1-reference.md §3.4). `known` holds the records an earlier batch of the same request
 * loaded (a feed's): only the others are read, and they are added to it.
 */
export async function loadRelated(
  context: Context,
  events: Doc[],
  givenPassword?: unknown,
  known?: Related,
): Promise<Related> {
  const load = async (kind: RecordKind, key: DataKey, wanted: number[]) => {
    const have = known?.[kind]
    const found = await byIds(context, key, have ? wanted.filter((id) => !have.has(id)) : wanted)
    if (!have) return found
    for (const [id, doc] of found) have.set(id, doc)
    return have
  }
  const [venues, organizers, categories, tags] = await Promise.all([
    load('venues', 'venues', ids(events.map((event) => event.venue))),
    load('organizers', 'organizers', ids(events.flatMap((event) => event.organizers ?? []))),
    load('categories', 'categories', ids(events.flatMap((event) => event.categories ?? []))),
    load('tags', 'tags', ids(events.flatMap((event) => event.tags ?? []))),
  ])
  const linked = [...events, ...venues.values(), ...organizers.values()]
  const passwords = new Map<string, string>()
  const [images] = await Promise.all([
    load('images', 'media', ids(linked.map((doc) => doc.image))),
    loadPasswords(context, 'events', events, givenPassword, passwords),
  ])
  return { venues, organizers, categories, tags, images, passwords }
}
