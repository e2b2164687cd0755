import type { Where } from 'payload'
import { isFreeCost } from '../../src/lib/cost.js'
import type { Context } from '../context.js'
import type { Doc } from '../data.js'

/** What a facet group reads of each event. */
export const DIMENSIONS = [
  'categories',
  'tags',
  'organizer',
  'venue',
  'event_status',
  'attendance_mode',
  'featured',
  'day_of_week',
  'time_of_day',
  'cost',
] as const
export type Dimension = (typeof DIMENSIONS)[number]

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
export const TIMES_OF_DAY = ['all_day', 'morning', 'afternoon', 'evening', 'night'] as const

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
function valuesOf(event: Doc, dimension: Dimension): string[] {
  const ids = (list: unknown) => [
    ...new Set(((list as unknown[]) ?? []).map(idOf).filter((id) => id !== null)),
  ]
  switch (dimension) {
    case 'categories':
    case 'tags':
      return ids(event[dimension])
    case 'organizer':
      return ids(event.organizers)
    case 'venue': {
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
 * fields the dimensions read of every matching event, one query per distinct set of conditions.
 */
export async function tallyByLocalApi(context: Context, counts: Count[]): Promise<Tally[]> {
  const events = new Map<string, Promise<Doc[]>>()
  return Promise.all(
    counts.map(async ({ where, trash, dimension }) => {
      const key = JSON.stringify([where, trash])
      if (!events.has(key))
        events.set(key, context.data.all('events', { where, trash, select: SELECT }))
      const tally: Tally = new Map()
      for (const event of await events.get(key)!)
        for (const value of valuesOf(event, dimension))
          tally.set(value, (tally.get(value) ?? 0) + 1)
      return tally
    }),
  )
}
