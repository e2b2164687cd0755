import type { Where } from 'payload'
import { isFreeCost } from '../../core/lib/cost.js'
import type { Context } from '../context.js'
import type { DataKey, Doc } from '../data.js'

/**
 * The facet groups of the events archive (endpoints/events/facets.ts), each what it reads of an
 * event.
 */
export const FACET_NAMES = [
  'categories',
  'tags',
  'venue',
  'organizer',
  'city',
  'country',
  'event_status',
  'attendance_mode',
  'featured',
  'day_of_week',
  'time_of_day',
  'cost',
] as const
export type Dimension = (typeof FACET_NAMES)[number]

/** The dimensions whose values are records, by their collection's key. */
export const LINKED: Partial<Record<Dimension, DataKey>> = {
  categories: 'categories',
  tags: 'tags',
  organizer: 'organizers',
  venue: 'venues',
}

/** A record a value is, as the caller may read it, named in the request's language. */
export type Named = { id: number; slug: string; name: string; locked: boolean }

/**
 * What counting gives, per count: its tally, for a dimension of records those of its values that
 * the caller may read (the others are left out of facets), and how many events it counted over.
 */
export type Counted = { tallies: Tally[]; named: Map<number, Named>[]; sizes: number[] }

/** One count to make: `dimension` over the events `where` matches (as the archive's query). */
export type Count = { where: Where; trash: boolean; dimension: Dimension }

/**
 * Events per value of a dimension, keyed by the value as text: an id (`"3"`), a word
 * (`"canceled"`, `"true"`, a time of day), an ISO weekday (`"1"` Monday … `"7"` Sunday), a raw
 * cost string. The cost's tally also holds `FREE`: events with a free cost among theirs.
 */
export type Tally = Map<string, number>

/** The cost tally's key of free events (NUL: no stored text holds one). */
export const FREE = '\u0000free'

/** An event's time of day by its local start hour ("HH"), Filter Bar's bands. */
export function timeOfDay(allDay: unknown, hour: string): string {
  if (allDay) return 'all_day'
  if (hour < '06') return 'night'
  if (hour < '12') return 'morning'
  if (hour < '17') return 'afternoon'
  if (hour < '21') return 'evening'
  return 'night'
}

/** The ISO weekday (1 Monday … 7 Sunday) of a local wall-clock time `yyyy-MM-dd HH:mm:ss`. */
export function isoWeekday(local: string): number {
  const [year, month, day] = local.slice(0, 10).split('-').map(Number)
  return new Date(Date.UTC(year, month - 1, day)).getUTCDay() || 7
}

const idOf = (value: unknown): string | null => {
  const id = value && typeof value === 'object' ? (value as { id?: unknown }).id : value
  return id === null || id === undefined ? null : String(id)
}

/** The values of one event for a dimension, each once. */
export function valuesOf(event: Doc, dimension: Dimension): string[] {
  const ids = (list: unknown) => [
    ...new Set(((list as unknown[]) ?? []).map(idOf).filter((id) => id !== null)),
  ]
  switch (dimension) {
    case 'categories':
    case 'tags':
      return ids(event[dimension])
    case 'organizer':
      return ids(event.organizers)
    case 'venue':
    case 'city':
    case 'country': {
      // City and country are read from the venue, once the venues are known.
      const id = idOf(event.venue)
      return id ? [id] : []
    }
    case 'event_status':
      return [event.eventStatus ?? 'scheduled']
    case 'attendance_mode':
      return [event.attendanceMode ?? 'offline']
    case 'featured':
      return [String(Boolean(event.featured))]
    case 'day_of_week':
      return event.startDateLocal ? [String(isoWeekday(event.startDateLocal))] : []
    case 'time_of_day':
      return [timeOfDay(event.allDay, String(event.startDateLocal ?? '').slice(11, 13))]
    case 'cost': {
      const texts = [...new Set((event.cost as string[] | null) ?? [])]
      return texts.some(isFreeCost) ? [...texts, FREE] : texts
    }
  }
}

const SELECT = {
  categories: true,
  tags: true,
  organizers: true,
  venue: true,
  eventStatus: true,
  attendanceMode: true,
  featured: true,
  startDateLocal: true,
  allDay: true,
  cost: true,
} as const

/**
 * The counts through Payload's Local API, for adapters the SQL aggregation does not run on: the
 * fields the dimensions read of every matching event, one query per distinct set of conditions,
 * then the records of the values, one query per collection.
 */
export async function tallyByLocalApi(context: Context, counts: Count[]): Promise<Counted> {
  const events = new Map<string, Promise<Doc[]>>()
  const sizes: number[] = []
  const tallies = await Promise.all(
    counts.map(async ({ where, trash, dimension }, i) => {
      const key = JSON.stringify([where, trash])
      if (!events.has(key))
        events.set(key, context.data.allInSlices('events', { where, trash, select: SELECT }))
      const tally: Tally = new Map()
      const matching = await events.get(key)!
      sizes[i] = matching.length
      for (const event of matching)
        for (const value of valuesOf(event, dimension))
          tally.set(value, (tally.get(value) ?? 0) + 1)
      return tally
    }),
  )
  const keyOf = (dimension: Dimension) =>
    dimension === 'city' || dimension === 'country' ? 'venues' : LINKED[dimension]
  const wanted = new Map<DataKey, Set<number>>()
  counts.forEach(({ dimension }, i) => {
    const key = keyOf(dimension)
    if (!key) return
    const ids = wanted.get(key) ?? new Set<number>()
    for (const id of tallies[i].keys()) ids.add(Number(id))
    wanted.set(key, ids)
  })
  const records = new Map<DataKey, Map<number, Doc>>()
  await Promise.all(
    [...wanted].map(async ([key, ids]) => {
      const docs = await context.data.allInSlices(key, {
        where: { id: { in: [...ids] } },
        select: {
          name: true,
          slug: true,
          ...(key === 'venues' ? { city: true, country: true } : {}),
          ...(key === 'venues' || key === 'organizers' ? { hasPassword: true } : {}),
        },
      })
      records.set(key, new Map(docs.map((doc) => [doc.id, doc as Doc])))
    }),
  )
  const named = counts.map(({ dimension }, i): Map<number, Named> => {
    const key = LINKED[dimension]
    if (!key) return new Map()
    return new Map(
      [...tallies[i].keys()].flatMap((id): [number, Named][] => {
        const doc = records.get(key)?.get(Number(id))
        if (!doc) return []
        const name = String(doc.name ?? '')
        return [
          [
            doc.id,
            { id: doc.id, slug: String(doc.slug ?? ''), name, locked: Boolean(doc.hasPassword) },
          ],
        ]
      }),
    )
  })
  // City and country: each venue's events under its city or country, as its records show it (a
  // password-protected venue shows neither, endpoints/fields/venues.ts).
  counts.forEach(({ dimension }, i) => {
    if (dimension !== 'city' && dimension !== 'country') return
    const byValue: Tally = new Map()
    for (const [id, count] of tallies[i]) {
      const venue = records.get('venues')?.get(Number(id))
      const value = venue && !venue.hasPassword ? venue[dimension] : null
      if (typeof value === 'string' && value.trim() !== '')
        byValue.set(value, (byValue.get(value) ?? 0) + count)
    }
    tallies[i] = byValue
  })
  return { tallies, named, sizes }
}
