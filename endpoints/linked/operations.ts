import type { Where } from 'payload'
import { translationStatusParam, translationStatusWhere } from '../translations/wire.js'
import { can, mayRead } from '../../collections/access.js'
import type { Context } from '../context.js'
import { ApiError, forbidden, invalidParams } from '../errors.js'
import { dataOf, paramsOf, storedArgs } from '../fields/table.js'
import { addressParam, findOne, searchWords } from '../lookup.js'
import { pageLinks, pageSize, totalHeaders, totalPagesOf } from '../paging.js'
import type { ArgsOf, Params, ParamSpec } from '../params.js'
import { requireRight, requireRightOnExisting, requireUser } from '../permissions.js'
import { operation, type Operation } from '../operation.js'
import { idOf, type Doc } from '../records/common.js'
import type { StoredDoc } from '../data.js'
import { loadImages, loadPasswords } from '../records/load.js'
import { modifiedSinceCheck, modifiedSinceWhere } from '../changes/log.js'
import { effectiveStatuses, statusCheck, statusWhere } from '../status.js'
import { inTransaction, recordTurnOf } from '../transaction.js'
import { countOnce } from '../events/totals.js'
import { addressed, formsApply, formsLookup, formsOf, joinedList } from '../records/forms.js'
import { checkCoordinates, createOrReuse } from './args.js'
import { VENUES, type LinkedType } from './kinds.js'

/**
 * The routes of venues and organizers (docs/v1-reference.md §6, §7), built from their `LinkedType`.
 */

export type Address = 'id' | 'slug'

const noRecord = (type: LinkedType, address: Address) => (value: unknown) =>
  `${address}: no ${type.kind} with ${address} ${value}.`

/**
 * `id` or `slug` of an existing record, whatever its status; otherwise 400
 * (docs/v1-reference.md §6.2).
 */
const pathParam = (type: LinkedType, address: Address): ParamSpec =>
  addressParam(
    type.plural,
    address,
    {
      kind: address === 'id' ? 'integer' : 'text',
      description: `${address === 'id' ? 'Id' : 'Slug'} of the ${type.kind}.`,
    },
    noRecord(type, address),
  )

/**
 * The record a write addresses, looked up again inside the write's transaction: a concurrent
 * delete may have removed it since validation, and the answer is then validation's.
 */
async function addressedForWrite(
  type: LinkedType,
  context: Context,
  address: Address,
  args: Partial<Record<Address, unknown>>,
): Promise<StoredDoc<LinkedType['plural']>> {
  const found = await findOne(context, type.plural, { [address]: { equals: args[address] } })
  if (!found) throw invalidParams({ [address]: noRecord(type, address)(args[address]) })
  return found
}

/**
 * Records of a page: each with its image, and unlocked by the request's password when it matches.
 */
async function records(
  type: LinkedType,
  context: Context,
  docs: Doc[],
  options: { givenPassword?: unknown; withJsonLd?: boolean },
) {
  const passwords = new Map<string, string>()
  const collection = context.data.slug(type.plural)
  const [images] = await Promise.all([
    loadImages(context, docs),
    loadPasswords(context, type.plural, docs, options.givenPassword, passwords),
  ])
  return docs.map((doc) =>
    type.record(doc, context, {
      images,
      password: passwords.get(`${collection}:${doc.id}`),
      ...options,
    }),
  )
}

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

export function listLinked(type: LinkedType): Operation {
  return operation({
    summary: `List ${type.plural}`,
    params: linkedArchiveParams(type),
    responses: {
      200: type.archiveSchema,
      404: { errors: [`${type.kind}-archive-page-not-found`] },
      410: { errors: ['rest-sync-expired'] },
    },
    handle: async (context, args) => {
      const { where, trash } = await linkedFilters(type, context, args)
      const perPage = pageSize(args.per_page, context.options.perPage)
      const useForms = formsApply(context, args.password) && !trash
      const query = { where: { and: where }, trash }
      // The filters as asked (the status condition holds the time it was made at).
      const { page: _page, per_page: _perPage, password: _password, ...filters } = args
      const totalKey = JSON.stringify({
        [type.plural]: filters,
        lang: context.lang,
        user: context.user ? `${context.user.collection}:${context.user.id}` : null,
      })
      const paging = { sort: ['-publishedAt', '-id'], limit: perPage, page: args.page }
      const [result, total] = await Promise.all([
        // With kept forms, the page's ids are all it needs.
        useForms
          ? context.data
              .pageIds(
                type.plural,
                { ...query, ...paging },
                formsLookup(context, type.plural, 'list'),
              )
              .then(({ ids, forms }) => ({ docs: ids.map((id) => ({ id })), forms }))
          : context.data
              .page(type.plural, { ...query, ...paging, count: false })
              .then(({ docs }) => ({ docs, forms: null })),
        countOnce(context, totalKey, () => context.data.count(type.plural, query)),
      ])
      if (result.docs.length === 0 && args.page > 1) {
        throw new ApiError(
          404,
          `${type.kind}-archive-page-not-found`,
          `The requested ${type.kind} archive page does not exist.`,
        )
      }
      const echo = new URLSearchParams({ page: String(args.page), per_page: String(perPage) })
      for (const name of ['search', 'event', 'status', 'modified_since'] as const)
        if (args[name] !== undefined) echo.set(name, [args[name]].flat().join(','))
      const totalPages = totalPagesOf(total, perPage)
      const { rest_url, ...around } = pageLinks(context, type.plural, echo, args.page, totalPages)
      const rest = { rest_url, ...around, total, total_pages: totalPages }
      const headers = totalHeaders(total, totalPages)
      if (useForms) {
        const ids = result.docs.map((doc) => doc.id)
        const build = async (missing: number[], marked: Context) => {
          const docs = await context.data.all(type.plural, { where: { id: { in: missing } } })
          const built = await records(type, marked, docs, {})
          return new Map(docs.map((doc, i) => [doc.id, built[i]]))
        }
        const forms = await formsOf(context, type.plural, ids, 'list', build, result.forms)
        return {
          status: 200,
          body: null,
          text: joinedList(context, type.plural, ids, forms, rest),
          headers,
        }
      }
      return {
        status: 200,
        body: {
          [type.plural]: await records(type, context, result.docs, {
            givenPassword: args.password,
          }),
          ...rest,
        },
        headers,
      }
    },
  })
}

export function readLinked(type: LinkedType, address: Address): Operation {
  return {
    summary: `Read a ${type.kind} by ${address}`,
    responses: { 200: type.schema, 403: { errors: [`${type.kind}-not-accessible`] } },
    params: {
      [address]: pathParam(type, address),
      password: { kind: 'string', description: `The ${type.kind} password, for a protected one.` },
    },
    handle: async (context, args) => {
      const stored = context.addressed!
      // What the collection's read access allows, for this one record (collections/access.ts).
      if (stored.deletedAt || !mayRead(stored, context.user, context.now)) {
        throw new ApiError(
          403,
          `${type.kind}-not-accessible`,
          `The requested ${type.kind} is not accessible`,
        )
      }
      if (formsApply(context, args.password) && !stored.hasPassword) {
        const forms = await formsOf(
          context,
          type.plural,
          [stored.id],
          'single',
          async (_, marked) => {
            const [record] = await records(type, marked, [stored], { withJsonLd: true })
            return new Map([[stored.id, record]])
          },
        )
        return { status: 200, body: null, text: addressed(forms.get(stored.id)!, context) }
      }
      const [record] = await records(type, context, [stored], {
        givenPassword: args.password,
        withJsonLd: true,
      })
      return { status: 200, body: record }
    },
  }
}

/**
 * The record a write answers with. Read past access: the caller may have just trashed it, or been
 * given back an existing duplicate (docs/v1-reference.md §6.3); records never carry passwords.
 */
async function written(
  type: LinkedType,
  context: Context,
  id: number,
  status: number,
  // The document the write itself returned (Payload's create and update read it back).
  writtenDoc?: Doc | null,
) {
  const doc = writtenDoc ?? (await findOne(context, type.plural, { id: { equals: id } }))!
  const [record] = await records(type, context, [doc], {})
  return { status, body: record }
}

export function createLinked(type: LinkedType): Operation {
  return {
    summary: `Create a ${type.kind}`,
    params: type.params,
    body: true,
    responses: { 201: type.schema },
    authorize: (context) => requireUser(context, can.editPosts(context.user)),
    handle: (context, args) =>
      inTransaction(
        context,
        async () => {
          const coordinates = type === VENUES ? checkCoordinates(args) : undefined
          if (coordinates) throw invalidParams(coordinates)
          const { id, created } = await createOrReuse(context, type, args)
          return written(type, context, id, 201, created)
        },
        'creates',
      ),
  }
}

export function updateLinked(type: LinkedType, address: Address): Operation {
  return {
    summary: `Update a ${type.kind} by ${address}`,
    body: true,
    responses: { 200: type.schema },
    params: { [address]: pathParam(type, address), ...paramsOf(type.fields, { creating: false }) },
    authorize: async (context) => {
      requireUser(context, can.editPosts(context.user))
      if (address === 'id')
        await requireRightOnExisting(context, type.plural, 'update', Number(context.pathParams.id))
    },
    handle: (context, args) =>
      inTransaction(
        context,
        async () => {
          const stored = await addressedForWrite(type, context, address, args)
          await requireRight(context, type.plural, 'update', stored.id)
          const merged = { ...storedArgs(type.fields, stored, ['geo_lat', 'geo_lng']), ...args }
          const coordinates =
            type === VENUES && (args.geo_lat !== undefined || args.geo_lng !== undefined)
              ? checkCoordinates(merged)
              : undefined
          if (coordinates) throw invalidParams(coordinates)
          const updated = await context.data.update(
            type.plural,
            stored.id,
            await dataOf(type.fields, args, context, stored),
          )
          return written(type, context, stored.id, 200, updated)
        },
        ...recordTurnOf(context, address, type.plural, args.id),
      ),
  }
}

/** Trash (200, `status: "trash"`), 410 when already there, `force=true` for good (editors). */
export function deleteLinked(type: LinkedType, address: Address): Operation {
  return {
    summary: `Delete a ${type.kind} by ${address}`,
    responses: { 200: type.schema, 410: { errors: [`${type.kind}-is-in-trash`] } },
    params: {
      [address]: pathParam(type, address),
      force: {
        kind: 'boolean',
        description: 'Delete for good instead of moving to the trash (editors and administrators).',
        default: false,
      },
    },
    authorize: async (context) => {
      requireUser(context, can.editPosts(context.user))
      if (address === 'id')
        await requireRightOnExisting(
          context,
          type.plural,
          'delete',
          Number(context.pathParams.id),
          { deletedAt: context.now.toISOString() },
        )
    },
    handle: (context, args) =>
      inTransaction(context, async () => {
        const stored = await addressedForWrite(type, context, address, args)
        if (args.force) {
          if (!can.editOthers(context.user)) throw forbidden(true)
          const [before] = await records(type, context, [stored], {})
          await context.data.remove(type.plural, stored.id, { trash: true })
          return { status: 200, body: before }
        }
        await requireRight(context, type.plural, 'delete', stored.id, {
          deletedAt: context.now.toISOString(),
        })
        if (stored.deletedAt)
          throw new ApiError(
            410,
            `${type.kind}-is-in-trash`,
            `The ${type.kind} is already in the trash.`,
          )
        const trashed = await context.data.update(
          type.plural,
          stored.id,
          { deletedAt: context.now.toISOString() },
          { trash: false },
        )
        return written(type, context, stored.id, 200, trashed)
      }),
  }
}
