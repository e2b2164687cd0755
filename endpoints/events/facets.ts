import type { Where } from 'payload'
import { costNumbers } from '../../core/lib/cost.js'
import type { Context } from '../context.js'
import { wordsCheck } from '../params.js'
import { statusWhere } from '../status.js'
import {
  FACET_NAMES,
  FREE,
  LINKED,
  tallyByLocalApi,
  type Count,
  type Dimension,
  type Named,
  type Tally,
} from './facetCounts.js'
import { tallyByIndex } from './facetTally.js'
import { facetsOnce } from './totals.js'

/**
 * Facet counts of the v1 events archive (issue #41): for each group asked, how many events of the
 * whole result (every page) have each value, as a filter bar shows them.
 */
export { FACET_NAMES }
export type FacetName = Dimension

export const MAX_FACETS_LIMIT = 500

export const facetParams = {
  facets: {
    kind: 'list',
    description: `Adds \`facets\`: for each group named (comma list: ${FACET_NAMES.join(', ')}), the events of the whole result per value. A group whose own filter is given counts as if it were not (disjunctive).`,
    check: wordsCheck('facets', FACET_NAMES),
  },
  facets_limit: {
    kind: 'integer',
    description: `Values per facet group, the most events first (at most ${MAX_FACETS_LIMIT}).`,
    default: 50,
    check: (limit: number) =>
      limit > MAX_FACETS_LIMIT ? `facets_limit must be at most ${MAX_FACETS_LIMIT}.` : undefined,
  },
} as const

/**
 * Whether SQLite and PostgreSQL count by SQL (the Local API counts otherwise, as on any other
 * adapter): the tests turn it off to hold the Local API's counts to the same checks, and read
 * `last` (the way of the last counts) to know SQL counted.
 */
export const facetCounting: { sql: boolean; last?: 'sql' | 'local api' } = { sql: true }

/** The archive filter of a group, left out when the group counts (disjunctive within a group). */
const OWN_FILTER: Partial<Record<FacetName, string>> = {
  categories: 'categories',
  tags: 'tags',
  venue: 'venue',
  organizer: 'organizer',
  event_status: 'event_status',
  attendance_mode: 'attendance_mode',
  featured: 'featured',
}

/** The archive's conditions (without the status one), its statuses, for a set of arguments. */
export type Filters = { where: Where[]; statuses?: string[] }

type Linked = { id: number; slug: string; name: string; count: number }
type Valued = { value: string | number | boolean; count: number }
type CostFacet = { min: number | null; max: number | null; free: number }
export type Facets = Partial<Record<FacetName, Linked[] | Valued[] | CostFacet>>

/**
 * The `facets` of an archive answer, and the archive's total when a group counted over the
 * archive's own result (the events it counted: the archive then needs no count of its own).
 * `filtersOf(dropped)` gives the archive's filters with the argument `dropped` left out (none:
 * the archive's own). Counts are kept as the archive's totals are (endpoints/events/totals.ts),
 * under the conditions they count and whose view they take.
 */
export async function facetsOf(
  context: Context,
  args: Record<string, unknown>,
  names: FacetName[],
  limit: number,
  filtersOf: (dropped?: string) => Promise<Filters>,
): Promise<{ facets: Facets; total?: number }> {
  const groups = [...new Set(names)]
  const scopes = new Map<string, Promise<Filters>>()
  const dropOf = (name: FacetName) => {
    const own = OWN_FILTER[name]
    return own && args[own] !== undefined ? own : ''
  }
  for (const name of groups) {
    const drop = dropOf(name)
    if (!scopes.has(drop)) scopes.set(drop, filtersOf(drop || undefined))
  }
  const filters = new Map<string, Filters>()
  for (const [drop, scope] of scopes) filters.set(drop, await scope)
  const key = JSON.stringify({
    filters: [...filters],
    groups,
    limit,
    lang: context.lang,
    user: context.user ? `${context.user.collection}:${context.user.id}` : null,
  })
  return facetsOnce(context, key, async () => {
    // One count per scope and dimension (city and country share the venue's).
    const counts: (Count & { key: string; drop: string })[] = []
    const countOf = (name: FacetName) => {
      const drop = dropOf(name)
      const dimension = name
      const key = `${drop}:${dimension}`
      if (!counts.some((count) => count.key === key)) {
        const { where, statuses } = filters.get(drop)!
        counts.push({
          key,
          drop,
          dimension,
          trash: statuses?.includes('trash') ?? false,
          where: {
            and: statuses ? [...where, statusWhere(statuses, context.now)] : where,
          },
        })
      }
      return key
    }
    const keys = new Map(groups.map((name) => [name, countOf(name)]))
    const bySql = facetCounting.sql ? await tallyByIndex(context, counts, limit) : null
    facetCounting.last = bySql ? 'sql' : 'local api'
    const { tallies, named, sizes } = bySql ?? (await tallyByLocalApi(context, counts))
    const facets: Facets = {}
    for (const name of groups) {
      const i = counts.findIndex((count) => count.key === keys.get(name))
      facets[name] = facetOf(context, name, tallies[i], named[i], limit)
    }
    // A count over the archive's own result (no filter dropped) counted its total.
    const own = counts.findIndex((count) => count.drop === '')
    return { facets, ...(own >= 0 && { total: sizes[own] }) }
  })
}

const collators = new Map<string, Intl.Collator>()

/**
 * The most events first, then by name in the request's language (one collator per language:
 * `localeCompare` with a language makes one per comparison, which cost 100 ms to sort 700
 * venues).
 */
const byCount = (lang: string) => {
  let collator = collators.get(lang)
  if (!collator) collators.set(lang, (collator = new Intl.Collator(lang, { numeric: true })))
  return <T extends { count: number }>(name: (item: T) => string) =>
    (a: T, b: T) =>
      b.count - a.count || collator.compare(name(a), name(b))
}

function facetOf(
  context: Context,
  name: FacetName,
  tally: Tally,
  named: Map<number, Named>,
  limit: number,
): Linked[] | Valued[] | CostFacet {
  const order = byCount(context.lang)
  if (name === 'cost') return costFacet(tally)
  if (LINKED[name]) {
    return [...tally]
      .flatMap(([id, count]): Linked[] => {
        const record = named.get(Number(id))
        // A password-protected venue or organizer is named '' as its records name it.
        return record && count > 0
          ? [{ id: record.id, slug: record.slug, name: record.locked ? '' : record.name, count }]
          : []
      })
      .sort((a, b) => order((item: Linked) => item.name)(a, b) || a.id - b.id)
      .slice(0, limit)
  }
  const valueOf = (value: string): Valued['value'] =>
    name === 'featured' ? value === 'true' : name === 'day_of_week' ? Number(value) : value
  return [...tally]
    .filter(([, count]) => count > 0)
    .map(([value, count]) => ({ value: valueOf(value), count }))
    .sort(order((item: Valued) => String(item.value)))
    .slice(0, limit)
}

/** The lowest and highest cost of the result's events, and how many of them are free. */
function costFacet(tally: Tally): CostFacet {
  const values = [...tally.keys()].filter((text) => text !== FREE).flatMap(costNumbers)
  return {
    min: values.length ? Math.min(...values) : null,
    max: values.length ? Math.max(...values) : null,
    free: tally.get(FREE) ?? 0,
  }
}
