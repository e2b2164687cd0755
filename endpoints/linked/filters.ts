import type { Where } from 'payload'
import { translationStatusParam, translationStatusWhere } from '../fields/translations.js'
import type { Context } from '../context.js'
import { findOne, searchWords } from '../lookup.js'
import type { ArgsOf, Params } from '../params.js'
import { idOf } from '../parts/common.js'
import { modifiedSinceCheck, modifiedSinceWhere } from '../changes/log.js'
import { effectiveStatuses, statusCheck, statusWhere } from '../status.js'
import type { LinkedType } from '../fields/linkedKinds.js'

/**
 * Cut at every character that is not a letter, digit or hyphen; a record matches when one field
 * holds every fragment.
 */
function searchWhere(type: LinkedType, search: string): Where {
  const fragments = searchWords(search, /[^\p{L}\p{N}-]+/u)
  if (fragments.length === 0) return { id: { equals: 0 } }
  return {
    or: type.searchFields.map((field): Where => ({
      and: fragments.map((fragment): Where => ({ [field]: { contains: fragment } })),
    })),
  }
}

/** Ids of the records linked from events that match `where`, with one distinct query. */
async function linkedFromEvents(
  type: LinkedType,
  context: Context,
  where: Where,
  sight: 'caller' | 'everything',
): Promise<number[]> {
  const values = await context.data.distinct('events', type.eventField, {
    where: { and: [where, { [type.eventField]: { exists: true } }] },
    sight,
  })
  return values
    .map((value) => idOf(value[type.eventField]))
    .filter((id): id is number => id !== null)
}

/** The archive's parameters: its paging, and the filters the CSV export shares (endpoints/csv). */
export const linkedArchiveParams = (type: LinkedType) =>
  ({
    page: { kind: 'integer', description: 'Page of the archive.', default: 1 },
    per_page: { kind: 'integer', description: `${type.plural} per page (at most 50).` },
    search: {
      kind: 'text',
      description: `${type.plural} with one field holding every word of the search.`,
    },
    event: {
      kind: 'integer',
      description: `Only the ${type.plural} of this event.`,
      check: async (id: number, context: Context) =>
        (await findOne(context, 'events', { id: { equals: id } }))
          ? undefined
          : `event: no event with id ${id}.`,
    },
    has_events: {
      kind: 'truthy',
      description: `true: ${type.plural} of at least one event that is not a draft or pending; false: the others.`,
    },
    only_with_upcoming: {
      kind: 'truthy',
      description: `Only ${type.plural} of at least one upcoming event the caller may see.`,
      default: 'false',
    },
    status: {
      kind: 'list',
      description: 'Post statuses (comma list). Without edit rights only "publish".',
      check: statusCheck(type.plural),
    },
    password: { kind: 'string', description: `Unlocks password-protected ${type.plural}.` },
    translation_status: translationStatusParam,
    modified_since: {
      kind: 'string',
      description: `${type.plural} with a change since this cursor (\`next_since\` of /changes) or date (site zone); 410 rest-sync-expired when the change log no longer reaches back that far.`,
      check: modifiedSinceCheck,
    },
  }) satisfies Params

export type LinkedArchiveArgs = ArgsOf<ReturnType<typeof linkedArchiveParams>>

/**
 * The archive's filters as conditions (the status one included) and whether the trash is read:
 * shared with the CSV export (endpoints/csv).
 */
export async function linkedFilters(
  type: LinkedType,
  context: Context,
  args: Omit<LinkedArchiveArgs, 'page' | 'per_page'>,
): Promise<{ where: Where[]; trash: boolean }> {
  const where: Where[] = []
  if (args.search) where.push(searchWhere(type, args.search))
  if (args.event) {
    const event = (await findOne(context, 'events', { id: { equals: args.event } }))!
    const linked = ([] as unknown[]).concat(event[type.eventField] ?? []).map(idOf)
    where.push({ id: { in: [...linked.filter((id) => id !== null), 0] } })
  }
  if (args.has_events !== undefined) {
    const ids = await linkedFromEvents(
      type,
      context,
      { status: { not_in: ['draft', 'pending'] } },
      'everything',
    )
    where.push({ id: args.has_events ? { in: [...ids, 0] } : { not_in: [...ids, 0] } })
  }
  if (args.only_with_upcoming) {
    const upcoming: Where = {
      and: [
        { startDate: { greater_than_equal: context.now.toISOString() } },
        { hideFromListings: { not_equals: true } },
      ],
    }
    where.push({
      id: { in: [...(await linkedFromEvents(type, context, upcoming, 'caller')), 0] },
    })
  }
  if (args.modified_since)
    where.push(await modifiedSinceWhere(context, type.plural, args.modified_since))
  if (args.translation_status) where.push(translationStatusWhere(context, args.translation_status))
  const statuses = effectiveStatuses(args.status, context)
  if (statuses) where.push(statusWhere(statuses, context.now))
  return { where, trash: statuses?.includes('trash') ?? false }
}
