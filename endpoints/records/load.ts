import type { Where } from 'payload'
import { can } from '../../collections/access.js'
import type { Context } from '../context.js'
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

async function byIds(context: Context, collection: string, wanted: number[], access = true): Promise<Map<number, Doc>> {
  if (wanted.length === 0) return new Map()
  const { docs } = await context.payload.find({
    collection: collection as 'events',
    where: { id: { in: wanted } },
    pagination: false,
    depth: 0,
    locale: context.lang,
    req: context.req,
    overrideAccess: !access,
  })
  return new Map((docs as Doc[]).map((doc) => [doc.id, doc]))
}

/** How many events the caller may see use a term: the counts the terms store (collections/hooks/termCounts.ts). */
export const termCount = (context: Pick<Context, 'user'>, term: Doc): number =>
  (can.editPosts(context.user) ? term.eventCount : term.publicEventCount) ?? 0

/**
 * Stored passwords of the protected records among `docs`, read past field access for the unlock
 * check only, and only when the request gives a password to compare.
 */
export async function loadPasswords(context: Context, collection: string, records: Doc[], givenPassword: unknown, into: Map<string, string>) {
  const wanted = records.filter((doc) => doc.hasPassword).map((doc) => doc.id)
  if (wanted.length === 0 || typeof givenPassword !== 'string' || givenPassword === '') return
  const where: Where = { id: { in: wanted } }
  const { docs } = await context.payload.find({
    collection: collection as 'events',
    where,
    select: { password: true },
    pagination: false,
    depth: 0,
    trash: true,
    overrideAccess: true,
    req: context.req,
  })
  for (const doc of docs as Doc[]) if (doc.password) into.set(`${collection}:${doc.id}`, doc.password)
}

/** The uploaded images the records point to, with one query. */
export const loadImages = (context: Context, docs: Doc[]) => byIds(context, context.options.slugs.media, ids(docs.map((doc) => doc.image)))

/** Everything the events link to; `givenPassword` is the request's, which only events may use (reference §3.4). */
export async function loadRelated(context: Context, events: Doc[], givenPassword?: unknown): Promise<Related> {
  const { slugs } = context.options
  const [venues, organizers, categories, tags] = await Promise.all([
    byIds(context, slugs.venues, ids(events.map((event) => event.venue))),
    byIds(context, slugs.organizers, ids(events.flatMap((event) => event.organizers ?? []))),
    byIds(context, slugs.categories, ids(events.flatMap((event) => event.categories ?? []))),
    byIds(context, slugs.tags, ids(events.flatMap((event) => event.tags ?? []))),
  ])
  const linked = [...events, ...venues.values(), ...organizers.values()]
  const passwords = new Map<string, string>()
  const [images] = await Promise.all([
    byIds(context, slugs.media, ids(linked.map((doc) => doc.image))),
    loadPasswords(context, slugs.events, events, givenPassword, passwords),
  ])
  return { venues, organizers, categories, tags, images, passwords }
}
