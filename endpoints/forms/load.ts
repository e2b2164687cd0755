import { can } from '../../collections/access.js'
import type { Context } from '../context.js'
import type { DataKey, StoredDoc } from '../data.js'
import type { Taxonomy } from '../taxonomies.js'
import { idOf, type Doc } from '../parts/common.js'
import { countMarker } from './forms.js'
import type { Related } from '../related.js'

const ids = (values: unknown[]) => [
  ...new Set(values.map(idOf).filter((id): id is number => id !== null)),
]

/**
 * The records with these ids that the caller may read, added to `have` (those it has already are
 * not read again) when given. `linked`: the venues or organizers that readable events show, read
 * whatever their status (below).
 */
async function byIds<K extends DataKey>(
  context: Context,
  key: K,
  wanted: number[],
  have?: Map<number, StoredDoc<K>>,
  linked = false,
): Promise<Map<number, StoredDoc<K>>> {
  const missing = have ? wanted.filter((id) => !have.has(id)) : wanted
  const found = have ?? new Map<number, StoredDoc<K>>()
  if (missing.length === 0) return found
  const where = { id: { in: missing } }
  const docs = await context.data.all(
    key,
    linked ? { where, sight: 'everything', select: { password: false } } : { where },
  )
  for (const doc of docs) found.set(doc.id, doc)
  return found
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

/**
 * Everything the events link to; `givenPassword` is the request's, which only events may use
 * (docs/v1-reference.md §3.4). `known` holds the records an earlier batch of the same request
 * loaded (a feed's): only the others are read, and they are added to it.
 *
 * The events are ones the caller may read, and a readable event shows its venue and organizers
 * whatever their status, as The Events Calendar embeds them (to anonymous readers too): a draft
 * venue is in no archive and has no route for them, but the events at it show it. They are read
 * past access, the trash left out (WordPress embeds no trashed post; trashing a venue or
 * organizer unlinks it anyway) and without the stored password: a protected one stays locked, as
 * embedded records are judged without the request's password.
 */
export async function loadRelated(
  context: Context,
  events: Doc[],
  givenPassword?: unknown,
  known?: Related,
): Promise<Related> {
  const linkedIds = (field: 'organizers' | 'categories' | 'tags') =>
    ids(events.flatMap((event) => event[field] ?? []))
  const [venues, organizers, categories, tags] = await Promise.all([
    byIds(context, 'venues', ids(events.map((event) => event.venue)), known?.venues, true),
    byIds(context, 'organizers', linkedIds('organizers'), known?.organizers, true),
    byIds(context, 'categories', linkedIds('categories'), known?.categories),
    byIds(context, 'tags', linkedIds('tags'), known?.tags),
  ])
  const linked = [...events, ...venues.values(), ...organizers.values()]
  const passwords = new Map<string, string>()
  const [images] = await Promise.all([
    byIds(context, 'media', ids(linked.map((doc) => doc.image)), known?.images),
    loadPasswords(context, 'events', events, givenPassword, passwords),
  ])
  return { venues, organizers, categories, tags, images, passwords }
}
