import type { Payload } from 'payload'
import { calendarStore, type IdQuery } from '../../core/database/index.js'
import type { Context } from '../context.js'
import type { DataKey } from '../data.js'
import {
  LINKED,
  type Count,
  type Counted,
  type Dimension,
  type Named,
  type Tally,
} from './facetCounts.js'
import { parseIds } from './facetColumns.js'
import { facetIndexOf, readOf, type FacetIndex } from './facetIndex.js'

/** The languages a localized name is read in, in turn: the request's, then its fallbacks. */
function fallbackChain(payload: Payload, lang: string): string[] {
  const localization = payload.config.localization
  if (!localization) return [lang]
  const locale = localization.locales.find((item) => item.code === lang)
  const fallbacks = locale?.fallbackLocale ?? []
  return [
    ...new Set([
      lang,
      ...(Array.isArray(fallbacks) ? fallbacks : [fallbacks]),
      localization.defaultLocale,
    ]),
  ]
}

/** The collection of records a dimension's values are (city and country: venues). */
const recordsOf = (dimension: Dimension): DataKey | undefined =>
  dimension === 'city' || dimension === 'country' ? 'venues' : LINKED[dimension]

/**
 * The counts where the store reads the facets' facts itself (its `facets`,
 * core/database/facetSource.ts), over the facet index (endpoints/events/facetIndex.ts), in at most
 * two statements whatever the groups asked:
 * 1. the ids of each distinct set of conditions, by the SELECT the archive's page would run
 *    (`matchingIds`: Payload's own `buildQuery`, the caller's read access, the trash), and the ids
 *    of each collection of records the values are (venues, organizers, terms) as the caller may
 *    read them, each as one text;
 * 2. once counted, over the index's facts of those events, the slugs and names (in the request's
 *    language, then its fallbacks in turn, as Payload reads them) of the values that can be among
 *    the `limit` shown, those the index has not kept from an earlier count (`namesIn`).
 * Null when the store gives no such reads (another adapter, a transaction, tables not as Payload
 * names them): the Local API counts then.
 */
export async function tallyByIndex(
  context: Context,
  counts: Count[],
  limit: number,
): Promise<Counted | null> {
  const { payload, req, options } = context
  const source = calendarStore(payload).facets(payload, req, options.slugs)
  if (!source) return null

  // 1. The ids of each set of conditions and of each collection's readable records.
  const lists: IdQuery[] = []
  /** A list's number in the statement by what it selects; null: nothing the caller may read. */
  const listed = new Map<string, number | null>()
  const listOf = async (key: DataKey, where: Count['where'], trash: boolean) => {
    const known = JSON.stringify([key, where, trash])
    if (!listed.has(known)) {
      const readable = await context.data.readable(key, { where, trash })
      const ids =
        readable &&
        (await source.matchingIds({
          slug: options.slugs[key as 'events'],
          where: readable,
          locale: context.lang,
        }))
      if (readable && !ids) return undefined
      if (ids) lists.push(ids)
      listed.set(known, ids ? lists.length - 1 : null)
    }
    return listed.get(known)
  }
  const scopes: (number | null)[] = []
  const recordLists = new Map<DataKey, number | null>()
  for (const { where, trash, dimension } of counts) {
    const scope = await listOf('events', where, trash)
    if (scope === undefined) return null
    scopes.push(scope)
    const key = recordsOf(dimension)
    if (key && !recordLists.has(key)) {
      const records = await listOf(key, {}, false)
      if (records === undefined) return null
      recordLists.set(key, records)
    }
  }

  const index = await facetIndexOf(payload, options).upTo(source, context.generation?.logSequence)
  const texts = await source.idLists(lists)
  // Each scope's events as the index's places, read again after loading those the log has not
  // named yet (written after this request's generation); no await then until the counts are
  // made, so that a load under way for another request cannot change the index in between.
  const placesOfScopes = () => {
    const unknown = new Set<number>()
    const places = new Map<number, Int32Array>()
    for (const scope of new Set(scopes)) {
      if (scope === null) continue
      const read = index.placesOf(texts[scope])
      places.set(scope, read.places)
      for (const event of read.unknown) unknown.add(event)
    }
    return { places, unknown }
  }
  const first = placesOfScopes()
  if (first.unknown.size) await index.add(source, [...first.unknown])
  const placesOf = first.unknown.size ? placesOfScopes().places : first.places
  const tallies = tallyScopes(index, counts, scopes, placesOf)
  const readableOf = new Map(
    [...recordLists].map(([key, list]) => [
      key,
      new Set(list === null ? [] : parseIds(texts[list]).map(String)),
    ]),
  )
  // Values the caller may not read are left out; city and country are their venues'.
  counts.forEach(({ dimension }, g) => {
    const key = recordsOf(dimension)
    if (!key) return
    const allowed = readableOf.get(key)!
    const tally: Tally = new Map()
    for (const [value, count] of tallies[g]) {
      if (!allowed.has(value)) continue
      if (key !== 'venues' || dimension === 'venue') {
        tally.set(value, count)
        continue
      }
      const venue = index.venues.get(Number(value))
      const text = venue && !venue.locked ? venue[dimension as 'city'] : null
      if (typeof text === 'string' && text.trim() !== '')
        tally.set(text, (tally.get(text) ?? 0) + count)
    }
    tallies[g] = tally
  })

  // 2. The records of the values that can be shown: those with at least as many events as the
  // value at `limit` (ties included, which the request's collation orders by name).
  const wanted = new Map<DataKey, Set<number>>()
  counts.forEach(({ dimension }, g) => {
    const key = LINKED[dimension]
    if (!key) return
    const ids = wanted.get(key) ?? new Set<number>()
    for (const value of shown(tallies[g], limit)) ids.add(Number(value))
    wanted.set(key, ids)
  })
  const names = index.namesIn(context.lang)
  const unnamed = new Map(
    [...wanted].map(([key, ids]) => [
      key,
      new Set([...ids].filter((value) => !names.has(`${key}:${value}`))),
    ]),
  )
  const keys = [...unnamed.keys()]
  const records = await source.namedRecords(
    keys.map((key) => ({ slug: options.slugs[key as 'events'], ids: [...unnamed.get(key)!] })),
    fallbackChain(payload, context.lang),
  )
  keys.forEach((key, k) => {
    for (const [value, record] of records[k]) names.set(`${key}:${value}`, record)
  })
  const named = counts.map(({ dimension }) => {
    const key = LINKED[dimension]
    const records = new Map<number, Named>()
    for (const value of (key && wanted.get(key)) || []) {
      const record = names.get(`${key}:${value}`)
      if (record) records.set(value, record)
    }
    return records
  })
  const sizes = scopes.map((scope) => (scope === null ? 0 : placesOf.get(scope)!.length))
  return { tallies, named, sizes }
}

/** Each count's tally over the index's facts of its scope's events, each scope's events once. */
function tallyScopes(
  index: FacetIndex,
  counts: Count[],
  scopes: (number | null)[],
  placesOf: Map<number, Int32Array>,
): Tally[] {
  const byScope = new Map<number, number[]>()
  scopes.forEach((scope, g) => {
    if (scope !== null) byScope.set(scope, [...(byScope.get(scope) ?? []), g])
  })
  const tallies = counts.map((): Tally => new Map())
  for (const [scope, groups] of byScope) {
    const reads = groups.map((g) => readOf(counts[g].dimension))
    const tallied = index.tally(placesOf.get(scope)!, reads)
    groups.forEach((g, i) => (tallies[g] = tallied.get(reads[i])!))
  }
  return tallies
}

/** The values of a tally that can be among the `limit` shown (ties at the last one included). */
function shown(tally: Tally, limit: number): string[] {
  if (tally.size <= limit) return [...tally.keys()]
  const least = [...tally.values()].sort((a, b) => b - a)[limit - 1]
  return [...tally].filter(([, count]) => count >= least).map(([value]) => value)
}
