import type { Where } from 'payload'
import type { Context } from '../context.js'
import { idOf, type Doc } from './common.js'

/** The records a page of events links to, each kind loaded with one query (no query per event). */
export type Related = {
  venues: Map<number, Doc>
  organizers: Map<number, Doc>
  categories: Map<number, Doc>
  tags: Map<number, Doc>
  images: Map<number, Doc>
  /** Events using each term, as the caller may see them: `categories:7` → 3. */
  termCounts: Map<string, number>
  /** Stored passwords of protected records (never serialized): `venues:5` → "secret". */
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

/** How many events the caller may see use each term: one query per taxonomy, tallied here. */
export async function countTermUse(context: Context, field: 'categories' | 'tags', termIds: number[], into: Map<string, number>) {
  if (termIds.length === 0) return
  const { docs } = await context.payload.find({
    collection: context.options.slugs.events as 'events',
    where: { [field]: { in: termIds } },
    select: { [field]: true },
    pagination: false,
    depth: 0,
    req: context.req,
    overrideAccess: false,
  })
  const wanted = new Set(termIds)
  for (const doc of docs as Doc[]) {
    for (const id of ids(doc[field] ?? [])) if (wanted.has(id)) into.set(`${field}:${id}`, (into.get(`${field}:${id}`) ?? 0) + 1)
  }
}

/** Stored passwords of the protected records among `wanted`, read past field access for the unlock check only. */
export async function loadPasswords(context: Context, collection: string, wanted: number[], into: Map<string, string>) {
  if (wanted.length === 0) return
  const where: Where = { and: [{ id: { in: wanted } }, { password: { exists: true } }, { password: { not_equals: '' } }] }
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

export async function loadRelated(context: Context, events: Doc[]): Promise<Related> {
  const { slugs } = context.options
  const [venues, organizers, categories, tags] = await Promise.all([
    byIds(context, slugs.venues, ids(events.map((event) => event.venue))),
    byIds(context, slugs.organizers, ids(events.flatMap((event) => event.organizers ?? []))),
    byIds(context, slugs.categories, ids(events.flatMap((event) => event.categories ?? []))),
    byIds(context, slugs.tags, ids(events.flatMap((event) => event.tags ?? []))),
  ])
  const linked = [...events, ...venues.values(), ...organizers.values()]
  const termCounts = new Map<string, number>()
  const passwords = new Map<string, string>()
  const [images] = await Promise.all([
    byIds(context, slugs.media, ids(linked.map((doc) => doc.image))),
    countTermUse(context, 'categories', [...categories.keys()], termCounts),
    countTermUse(context, 'tags', [...tags.keys()], termCounts),
    loadPasswords(context, slugs.events, events.map((event) => event.id), passwords),
    loadPasswords(context, slugs.venues, [...venues.keys()], passwords),
    loadPasswords(context, slugs.organizers, [...organizers.keys()], passwords),
  ])
  return { venues, organizers, categories, tags, images, termCounts, passwords }
}
