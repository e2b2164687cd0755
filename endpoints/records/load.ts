import { can } from '../../collections/access.js'
import type { Context } from '../context.js'
import type { DataKey } from '../data.js'
import { idOf, type Doc } from './common.js'

/** The records a page of events links to, each kind loaded with one query (no query per event). */
export type Related = {
  venues: Map<number, Doc>
  organizers: Map<number, Doc>
  categories: Map<number, Doc>
  tags: Map<number, Doc>
  images: Map<number, Doc>
  /** Stored passwords of protected events (never serialized), loaded when the request gives one: `events:5` → "secret". */
  passwords: Map<string, string>
}

const ids = (values: unknown[]) => [...new Set(values.map(idOf).filter((id): id is number => id !== null))]

/** The records with these ids that the caller may read. */
async function byIds(context: Context, key: DataKey, wanted: number[]): Promise<Map<number, Doc>> {
  if (wanted.length === 0) return new Map()
  const docs = await context.data.all(key, { where: { id: { in: wanted } } })
  return new Map(docs.map((doc) => [doc.id, doc]))
}

/** How many events the caller may see use a term: the counts the terms store (collections/hooks/termCounts.ts). */
export const termCount = (context: Pick<Context, 'user'>, term: Doc): number =>
  (can.editPosts(context.user) ? term.eventCount : term.publicEventCount) ?? 0

/**
 * Stored passwords of the protected records among `docs`, read past field access for the unlock
 * check only, and only when the request gives a password to compare.
 */
export async function loadPasswords(context: Context, key: 'events' | 'venues' | 'organizers', records: Doc[], givenPassword: unknown, into: Map<string, string>) {
  const wanted = records.filter((doc) => doc.hasPassword).map((doc) => doc.id)
  if (wanted.length === 0 || typeof givenPassword !== 'string' || givenPassword === '') return
  const collection = context.options.slugs[key]
  const docs = await context.data.all(key, { where: { id: { in: wanted } }, select: { password: true }, trash: true, sight: 'everything' })
  for (const doc of docs) if (doc.password) into.set(`${collection}:${doc.id}`, doc.password)
}

/** The uploaded images the records point to, with one query. */
export const loadImages = (context: Context, docs: Doc[]) => byIds(context, 'media', ids(docs.map((doc) => doc.image)))

/** Everything the events link to; `givenPassword` is the request's, which only events may use (reference §3.4). */
export async function loadRelated(context: Context, events: Doc[], givenPassword?: unknown): Promise<Related> {
  const [venues, organizers, categories, tags] = await Promise.all([
    byIds(context, 'venues', ids(events.map((event) => event.venue))),
    byIds(context, 'organizers', ids(events.flatMap((event) => event.organizers ?? []))),
    byIds(context, 'categories', ids(events.flatMap((event) => event.categories ?? []))),
    byIds(context, 'tags', ids(events.flatMap((event) => event.tags ?? []))),
  ])
  const linked = [...events, ...venues.values(), ...organizers.values()]
  const passwords = new Map<string, string>()
  const [images] = await Promise.all([
    byIds(context, 'media', ids(linked.map((doc) => doc.image))),
    loadPasswords(context, 'events', events, givenPassword, passwords),
  ])
  return { venues, organizers, categories, tags, images, passwords }
}
