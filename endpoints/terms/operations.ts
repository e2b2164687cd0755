import type { Where } from 'payload'
import { translationStatusParam, translationStatusWhere } from '../fields/translations.js'
import { can } from '../../collections/access.js'
import { apiLink, type Context } from '../context.js'
import { ApiError, forbidden, invalidParams } from '../errors.js'
import { modifiedSinceCheck, modifiedSinceWhere } from '../changes/log.js'
import { dataOf, paramsOf } from '../fields/table.js'
import { parentParam, TERM_FIELDS } from '../fields/terms.js'
import { addressParam, existingIds, findOne, recordsNamed } from '../lookup.js'
import { MAX_PER_PAGE, totalHeaders, totalPagesOf } from '../paging.js'
import type { Params, ParamSpec } from '../params.js'
import { requireUser } from '../permissions.js'
import { operation, type Operation } from '../routing/operation.js'
import type { SchemaName } from '../schemas/index.js'
import { idOf, type Doc } from '../parts/common.js'
import { termCount } from '../forms/load.js'
import { termRecord } from '../fields/termRecords.js'
import type { Taxonomy } from '../taxonomies.js'
import { inTransaction, recordTurnOf, WHOLE_TURN } from '../transaction.js'
import { fitsRecordTurn } from '../../core/database/index.js'

/** The routes of event categories and tags (docs/v1-reference.md §8); tags have no `parent`. */

const schemaOf = (taxonomy: Taxonomy) =>
  (taxonomy === 'categories' ? 'Category' : 'Tag') as SchemaName
const mayManage = (taxonomy: Taxonomy, context: Context) =>
  taxonomy === 'categories' ? can.manageCategories(context.user) : can.manageTags(context.user)

const ORDER_BY = [
  'id',
  'name',
  'slug',
  'count',
  'term_group',
  'description',
  'parent',
  'include',
  'slug__in',
  'none',
] as const

function existingTerms(taxonomy: Taxonomy, name: string): ParamSpec & { kind: 'idList' } {
  return {
    kind: 'idList',
    description: `Term ids (a list or comma list) of existing ${taxonomy}.`,
    check: async (ids: number[], context: Context) => {
      const found = await existingIds(context, taxonomy, ids)
      const missing = ids.filter((id) => !found.has(id))
      return missing.length ? `${name}: no term with id ${missing.join(', ')}.` : undefined
    },
  }
}

const noTerm = (id: number) => `id: no term with id ${id}.`

/** Terms have no trash: the id of an existing term; its check keeps the term for the handler. */
const termIdParam = (taxonomy: Taxonomy): ParamSpec =>
  addressParam(
    taxonomy,
    'id',
    { kind: 'integer', description: 'Term id.' },
    (id) => noTerm(id as number),
    { trash: false },
  )

/** Inside a write's transaction: a concurrent delete may have removed the term since validation. */
async function requireTerm(context: Context, taxonomy: Taxonomy, id: number) {
  if (!(await existingIds(context, taxonomy, [id])).has(id)) throw invalidParams({ id: noTerm(id) })
}

const eventParam = (name: string): ParamSpec => ({
  kind: 'integer',
  description: 'Only the terms of this event.',
  check: async (id: number, context: Context) =>
    (await findOne(context, 'events', { id: { equals: id } }))
      ? undefined
      : `${name}: no event with id ${id}.`,
})

function sortTerms(
  terms: Doc[],
  orderby: string,
  order: string,
  count: (term: Doc) => number,
  args: { include?: number[] },
) {
  const key: Record<string, (term: Doc) => string | number> = {
    id: (t) => t.id,
    name: (t) => String(t.name ?? '').toLowerCase(),
    slug: (t) => t.slug ?? '',
    count,
    description: (t) => String(t.descriptionHtml ?? '').toLowerCase(),
    parent: (t) => idOf(t.parent) ?? 0,
    include: (t) => (args.include ? args.include.indexOf(t.id) : t.id),
    term_group: (t) => t.id,
    slug__in: (t) => t.id,
    none: (t) => t.id,
  }
  const by = key[orderby]
  const direction = order === 'desc' ? -1 : 1
  // Ties keep id order whatever the direction.
  return [...terms].sort((a, b) => {
    const [x, y] = [by(a), by(b)]
    return direction * (x < y ? -1 : x > y ? 1 : 0) || a.id - b.id
  })
}

/**
 * `GET /categories`, `GET /tags`: every filter in the query, counts as the caller may see, paged
 * here.
 */
export function listTerms(taxonomy: Taxonomy): Operation {
  const params = {
    page: { kind: 'integer', description: 'Page of the archive.', default: 1 },
    per_page: { kind: 'integer', description: 'Terms per page (at most 50).' },
    hide_empty: {
      kind: 'boolean',
      description: 'Leave out terms that no event the caller may see uses.',
      default: true,
    },
    search: { kind: 'text', description: 'Terms whose name or slug contains the string.' },
    include: existingTerms(taxonomy, 'include'),
    exclude: existingTerms(taxonomy, 'exclude'),
    order: { kind: 'text', description: 'asc or desc.', enum: ['asc', 'desc'], default: 'asc' },
    orderby: { kind: 'text', description: 'What to order by.', enum: ORDER_BY, default: 'name' },
    ...(taxonomy === 'categories' ? { parent: parentParam } : {}),
    post: eventParam('post'),
    event: eventParam('event'),
    slug: { kind: 'text', description: 'Only the term with this slug.' },
    translation_status: translationStatusParam,
    modified_since: {
      kind: 'string',
      description: `${taxonomy} with a change since this cursor (\`next_since\` of /changes) or date (site zone); 410 rest-sync-expired when the change log no longer reaches back that far.`,
      check: modifiedSinceCheck,
    },
  } satisfies Params
  return operation({
    summary: `List ${taxonomy}`,
    params,
    responses: {
      200: taxonomy === 'categories' ? 'CategoryArchive' : 'TagArchive',
      410: { errors: ['rest-sync-expired'] },
    },
    handle: async (context, args) => {
      const where: Where[] = []
      if (args.search)
        where.push({
          or: [{ name: { contains: args.search } }, { slug: { contains: args.search } }],
        })
      if (args.include) where.push({ id: { in: args.include } })
      if (args.exclude) where.push({ id: { not_in: args.exclude } })
      if (args.parent) where.push({ parent: { equals: args.parent } })
      if (args.slug) where.push({ slug: { equals: args.slug } })
      if (args.translation_status)
        where.push(translationStatusWhere(context, args.translation_status))
      if (args.modified_since)
        where.push(await modifiedSinceWhere(context, taxonomy, args.modified_since))
      const eventId = args.event ?? args.post
      if (eventId) {
        const event = (await findOne(context, 'events', { id: { equals: eventId } }))!
        const ids = ((event[taxonomy] ?? []) as unknown[]).map((value) =>
          value && typeof value === 'object' ? (value as Doc).id : value,
        )
        where.push({ id: { in: [...ids, 0] } })
      }
      const docs = await context.data.all(taxonomy, { where: { and: where } })
      const count = (term: Doc) => termCount(context, term)
      const kept = args.hide_empty ? docs.filter((term) => count(term) > 0) : docs
      const sorted = sortTerms(kept, args.orderby, args.order, count, args)
      const perPage = Math.min(args.per_page ?? context.options.perPage, MAX_PER_PAGE)
      const page: number = args.page
      const total = sorted.length
      const totalPages = totalPagesOf(total, perPage)
      const link = (target?: number) =>
        apiLink(
          context,
          taxonomy,
          target ? new URLSearchParams({ page: String(target) }) : undefined,
        )
      const body: Record<string, unknown> = {
        rest_url: link(),
        total,
        total_pages: totalPages,
        [taxonomy]: sorted
          .slice((page - 1) * perPage, page * perPage)
          .map((term) => termRecord(term, taxonomy, count(term), context)),
      }
      if (page < totalPages) body.next_rest_url = link(page + 1)
      if (page > 1) body.previous_rest_url = link(page === 2 ? undefined : page - 1)
      return { status: 200, body, headers: totalHeaders(total, totalPages) }
    },
  })
}

/**
 * The term as a record; read again after a write, which its hooks may have changed (full name,
 * counts).
 */
async function respondWithTerm(
  context: Context,
  taxonomy: Taxonomy,
  id: number,
  status: number,
  headers?: Record<string, string>,
) {
  const term = (await context.data.one(taxonomy, { id: { equals: id } }))!
  return termAnswer(context, taxonomy, term, status, headers)
}

const termAnswer = (
  context: Context,
  taxonomy: Taxonomy,
  term: Doc,
  status: number,
  headers?: Record<string, string>,
) => ({
  status,
  body: termRecord(term, taxonomy, termCount(context, term), context),
  headers,
})

export function readTerm(taxonomy: Taxonomy): Operation {
  return {
    summary: `Read a ${taxonomy === 'categories' ? 'category' : 'tag'}`,
    params: { id: termIdParam(taxonomy) },
    responses: { 200: schemaOf(taxonomy) },
    handle: async (context) => termAnswer(context, taxonomy, context.addressed!, 200),
  }
}

/**
 * A term with this name in the request's language already exists: 400 `term_exists`
 * (docs/v1-reference.md §8.3).
 */
async function rejectExistingName(
  context: Context,
  taxonomy: Taxonomy,
  name: string,
  ownId?: number,
) {
  const same = (await recordsNamed(context, taxonomy, name)).find((term) => term.id !== ownId)
  if (same)
    throw new ApiError(
      400,
      'term_exists',
      'A term with the name provided already exists with this parent.',
      { term_id: same.id },
    )
}

/** The parent of a category may not be itself or one of its descendants. */
async function rejectParentLoop(context: Context, id: number, parent: number) {
  for (let current: number | null = parent, steps = 0; current && steps < 1000; steps++) {
    if (current === id) throw invalidParams({ parent: 'A category cannot be its own ancestor.' })
    const doc: Doc | null = await findOne(context, 'categories', { id: { equals: current } })
    current = doc
      ? typeof doc.parent === 'object' && doc.parent
        ? doc.parent.id
        : (doc.parent ?? null)
      : null
  }
}

/**
 * What the writes of a term's name share (create, update): a body, an answer of the term or 400
 * `term_exists`, and only callers who may manage the taxonomy.
 */
const nameWrite = (verb: 'Create' | 'Update', taxonomy: Taxonomy, status: 200 | 201) => ({
  summary: `${verb} a ${taxonomy === 'categories' ? 'category' : 'tag'}`,
  body: true,
  responses: { [status]: schemaOf(taxonomy), 400: { errors: ['term_exists'] } },
  authorize: (context: Context) => requireUser(context, mayManage(taxonomy, context)),
})

export function createTerm(taxonomy: Taxonomy): Operation {
  return {
    ...nameWrite('Create', taxonomy, 201),
    params: paramsOf(TERM_FIELDS[taxonomy], { creating: true }),
    handle: async (context, args) => {
      const doc = await inTransaction(
        context,
        async () => {
          await rejectExistingName(context, taxonomy, args.name)
          return context.data.create(
            taxonomy,
            await dataOf(TERM_FIELDS[taxonomy], args, context, null),
          )
        },
        'creates',
      )
      // Read once the write has committed, outside its turn (as an event's: events/write.ts).
      return respondWithTerm(context, taxonomy, doc.id, 201, {
        Location: apiLink(context, `${taxonomy}/${doc.id}`),
      })
    },
  }
}

export function updateTerm(taxonomy: Taxonomy): Operation {
  return {
    ...nameWrite('Update', taxonomy, 200),
    params: { id: termIdParam(taxonomy), ...paramsOf(TERM_FIELDS[taxonomy], { creating: false }) },
    handle: async (context, args) => {
      await inTransaction(
        context,
        async () => {
          await requireTerm(context, taxonomy, args.id)
          if (args.name !== undefined)
            await rejectExistingName(context, taxonomy, args.name, args.id)
          if (args.parent !== undefined) await rejectParentLoop(context, args.id, args.parent)
          await context.data.update(
            taxonomy,
            args.id,
            await dataOf(TERM_FIELDS[taxonomy], args, context, context.addressed ?? null),
            { trash: false },
          )
        },
        // A new parent is checked against the others' parents: alone (core/database/recordTurn.ts).
        ...(fitsRecordTurn(taxonomy, 'update', args.parent === undefined ? {} : { parent: null })
          ? recordTurnOf(context, 'id', taxonomy, args.id)
          : WHOLE_TURN),
      )
      return respondWithTerm(context, taxonomy, args.id, 200)
    },
  }
}

/**
 * Terms have no trash: the delete is for good, and answers the term as it was
 * (docs/v1-reference.md §8.5).
 */
export function deleteTerm(taxonomy: Taxonomy): Operation {
  return {
    summary: `Delete a ${taxonomy === 'categories' ? 'category' : 'tag'}`,
    params: { id: termIdParam(taxonomy) },
    responses: { 200: schemaOf(taxonomy) },
    authorize: (context) => requireUser(context, mayManage(taxonomy, context)),
    handle: (context, args) =>
      inTransaction(context, async () => {
        await requireTerm(context, taxonomy, args.id)
        const before = await respondWithTerm(context, taxonomy, args.id, 200)
        if (!mayManage(taxonomy, context)) throw forbidden(true)
        await context.data.remove(taxonomy, args.id)
        return before
      }),
  }
}
