import { can } from '../../collections/access.js'
import { CHANGE_RESOURCES, type ChangeResource } from '../../collections/changeLog.js'
import type { Context } from '../context.js'
import type { Params } from '../params.js'
import { operation } from '../routing/operation.js'
import { cursorOf, parseCursor } from './cursor.js'
import { settleDuePosts } from '../../collections/hooks/duePosts.js'
import { entriesAfter, logBounds, syncExpired } from './log.js'

export const MAX_CHANGES_PER_PAGE = 500
const DEFAULT_CHANGES_PER_PAGE = 100
/** Entries read at once, and how many such reads one answer makes at most. */
const BATCH = 500
const MAX_BATCHES = 20

const changesParams = {
  since: {
    kind: 'string',
    description:
      'The cursor of the last sync (`next_since`). Without it: no changes and the current cursor.',
    check: (value: string) =>
      parseCursor(value) === null ? 'since must be a cursor (next_since of /changes).' : undefined,
  },
  resources: {
    kind: 'list',
    description: `Only changes of these resources (comma list of ${CHANGE_RESOURCES.join(', ')}).`,
    check: (values: (string | number)[]) => {
      const unknown = values.filter((value) => !CHANGE_RESOURCES.includes(value as ChangeResource))
      return unknown.length ? `resources: unknown resource ${unknown.join(', ')}.` : undefined
    },
  },
  per_page: {
    kind: 'integer',
    description: `Records per answer (at most ${MAX_CHANGES_PER_PAGE}).`,
    default: DEFAULT_CHANGES_PER_PAGE,
    check: (value: number) =>
      value > MAX_CHANGES_PER_PAGE
        ? `per_page must be at most ${MAX_CHANGES_PER_PAGE}.`
        : undefined,
  },
} satisfies Params

type Entry = { resource: ChangeResource; record: number; wasPublic: boolean; isPublic: boolean }

/**
 * Which entries concern the caller: every one for editors and administrators (who read every
 * record); for everyone else those of records that were or became public, and contributors' and
 * authors' own, so that a caller never learns of a record it could never read.
 */
function concerns(user: Context['user']): (entry: Entry & { author?: number | null }) => boolean {
  if (can.editOthers(user)) return () => true
  const own = user && can.editPosts(user) ? user.id : null
  return (entry) =>
    Boolean(entry.wasPublic || entry.isPublic || (own !== null && entry.author === own))
}

/**
 * `GET /changes`: the records that changed after a cursor, each once, as `upsert` when the caller
 * may read it now and `delete` when not, so that a client that applies them (reading each upserted
 * record) holds what a full read gives. Anonymous callers thus see publishing as an upsert and
 * unpublishing or trashing as a delete.
 */
export const listChanges = operation({
  summary: 'Changes since a cursor (sync)',
  params: changesParams,
  responses: { 200: 'Changes', 410: { errors: ['rest-sync-expired'] } },
  handle: async (context, args) => {
    const { payload, options } = context
    await settleDuePosts(payload, options, context.now)
    if (args.since === undefined) {
      const { last } = await logBounds(payload, options)
      return { status: 200, body: { changes: [], next_since: cursorOf(last), more: false } }
    }
    const since = parseCursor(args.since)!
    const wanted = new Set<string>(args.resources?.map(String) ?? CHANGE_RESOURCES)
    const relevant = concerns(context.user)
    const chosen = new Map<string, { resource: ChangeResource; id: number }>()
    let position = since
    let more = false
    scan: for (let batch = 0; ; batch++) {
      const entries = await entriesAfter(payload, options, position, BATCH)
      for (const entry of entries) {
        if (wanted.has(entry.resource) && relevant(entry)) {
          const key = `${entry.resource}:${entry.record}`
          if (!chosen.has(key)) {
            if (chosen.size >= args.per_page) {
              more = true
              break scan
            }
            chosen.set(key, { resource: entry.resource, id: Number(entry.record) })
          }
        }
        position = entry.sequence
      }
      if (entries.length < BATCH) break
      if (batch + 1 >= MAX_BATCHES) {
        more = true
        break
      }
    }
    // Read after the entries: a compaction in between cannot go unnoticed.
    const bounds = await logBounds(payload, options)
    if (since < bounds.first - 1 || since > bounds.last) throw syncExpired()

    const readable = new Set<string>()
    for (const resource of CHANGE_RESOURCES) {
      const ids = [...chosen.values()].filter((c) => c.resource === resource).map((c) => c.id)
      if (!ids.length) continue
      const docs = await context.data.all(resource, {
        where: { id: { in: ids } },
        select: { id: true },
      })
      for (const doc of docs) readable.add(`${resource}:${doc.id}`)
    }
    const changes = [...chosen].map(([key, { resource, id }]) => ({
      resource,
      id,
      change: readable.has(key) ? 'upsert' : 'delete',
    }))
    return { status: 200, body: { changes, next_since: cursorOf(position), more } }
  },
})
