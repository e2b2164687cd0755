/**
 * What a kept answer depends on, for the response cache to drop only what a change can affect
 * (endpoints/cache/responses.ts): records as `resource:id` and whole resources as `resource:*`,
 * named as the change log names them (collections/changeLog.ts); null: anything.
 *
 * The change log names, for each write, every record whose v1 answer it changes: the record, the
 * events that show a changed venue, organizer or term (collections/hooks/changeLog.ts), terms
 * whose counts moved, a series' dates. It does not name the events that show a term whose count
 * moved, so a single event depends on every term too (its record shows its terms' counts); event
 * archives are dropped by the write of the event that moved the count. A media change names no
 * resource of its own, so it drops everything (calendarState.ts reads it as "anything").
 */
export type Dependencies = readonly string[] | null

const V1_PATH = /\/cal\/events\/v1(\/.*)?$/
const LINKED = new Set(['venues', 'organizers'])
const TERMS = new Set(['categories', 'tags'])
/** Archive filters of venues, organizers and terms that read events. */
const EVENT_FILTERS = ['event', 'post', 'has_events', 'only_with_upcoming']

export function dependenciesOf(pathname: string, query: URLSearchParams): Dependencies {
  const found = V1_PATH.exec(pathname)
  // The feeds and CSV exports: anything.
  if (!found) return null
  const parts = (found[1] ?? '').split('/').filter(Boolean)
  // The index and /doc describe the routes, not the calendar.
  if (parts.length === 0 || (parts.length === 1 && parts[0] === 'doc')) return []
  const [resource, second] = parts
  const byId = parts.length === 2 && /^\d+$/.test(second)
  if (resource === 'events')
    return byId ? [`events:${Number(second)}`, 'categories:*', 'tags:*'] : ['events:*']
  if (LINKED.has(resource) || TERMS.has(resource)) {
    if (byId) return [`${resource}:${Number(second)}`]
    if (parts.length > 1) return [`${resource}:*`] // by slug
    return EVENT_FILTERS.some((name) => query.has(name))
      ? [`${resource}:*`, 'events:*']
      : [`${resource}:*`]
  }
  // /changes, and anything else: anything.
  return null
}

/** Whether a change of these records can change an answer with these dependencies. */
export function isAffected(depends: Dependencies, changed: ReadonlySet<string>): boolean {
  if (depends === null) return true
  for (const dependency of depends) {
    if (dependency.endsWith(':*')) {
      const prefix = dependency.slice(0, -1)
      for (const record of changed) if (record.startsWith(prefix)) return true
    } else if (changed.has(dependency)) return true
  }
  return false
}
