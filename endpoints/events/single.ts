import type { Where } from 'payload'
import { mayRead } from '../../collections/access.js'
import type { Context } from '../context.js'
import { ApiError } from '../errors.js'
import { addressParam, findOne } from '../lookup.js'
import type { Params, ParamSpec } from '../params.js'
import type { Operation } from '../routing/operation.js'
import { eventRecord } from '../records/event.js'
import { loadRelated } from '../forms/load.js'
import type { Related } from '../related.js'
import { addressed, formsApply, formsOf } from '../forms/forms.js'
import { unlocked, type Doc } from '../parts/common.js'

export type EventAddress = 'id' | 'slug'

/**
 * Any id, 0 included, is looked up: one with no event is 404 `rest-event-not-found`
 * (docs/v1-reference.md §5.2).
 */
export const eventIdParam: ParamSpec = {
  kind: 'postId',
  description: 'Id of the event.',
  required: true,
}

/**
 * Listed on update and delete by id, for clients that send it (docs/v1-reference.md §2); writes
 * need no event password, so it is not used.
 */
export const unusedPasswordParam: ParamSpec = {
  kind: 'string',
  description: 'Accepted for compatibility; writes do not need the event password.',
}

/**
 * A by-slug route's `slug`: the slug of an existing event, whatever its status
 * (docs/v1-reference.md §9).
 */
export const eventSlugParam: ParamSpec = addressParam(
  'events',
  'slug',
  { kind: 'text', description: 'Slug of the event.' },
  (slug) => `slug: no event has the slug "${slug}".`,
)

/** How an update or a delete addresses its event: by id, with the unused password, or by slug. */
export const writeAddressParams = (address: EventAddress): Params =>
  address === 'id' ? { id: eventIdParam, password: unusedPasswordParam } : { slug: eventSlugParam }

/**
 * The event a route addresses, in any status; 404 `rest-event-not-found` when there is none. A
 * by-slug route's parameter check has found it already; inside a write's transaction it is looked
 * up again (`fresh`), since a concurrent delete may have removed it since.
 */
export async function addressedEvent(
  context: Context,
  address: EventAddress,
  args: { id?: number; slug?: string },
  { fresh = false } = {},
): Promise<Doc> {
  if (!fresh && context.addressed) return context.addressed
  const where: Where =
    address === 'id' ? { id: { equals: args.id } } : { slug: { equals: args.slug } }
  const doc = await findOne(context, 'events', where)
  if (!doc)
    throw new ApiError(
      404,
      'rest-event-not-found',
      `An event with ID ${args.id ?? args.slug} does not exist.`,
      { id: args.id },
    )
  return doc
}

/** What a single read of an event takes: its id or slug, and the password of a protected one. */
export const singleReadParams = (address: EventAddress): Params => ({
  [address]: address === 'id' ? eventIdParam : eventSlugParam,
  password: { kind: 'text', description: 'The event password, for a protected event.' },
})

/** The refusals of a single read (`readableEvent`), by status. */
export const SINGLE_READ_ERRORS = {
  403: {
    errors: ['event-no-longer-available', 'event-not-accessible', 'event-password-protected'],
  },
  404: { errors: ['rest-event-not-found'] },
} as const

/**
 * Reads one event: the checks of docs/v1-reference.md §5.2 in order, then the record with
 * `json_ld`.
 */
export function readEvent(address: EventAddress): Operation {
  return {
    summary: `Read an event by ${address}`,
    params: singleReadParams(address),
    responses: { 200: 'SingleEvent', ...SINGLE_READ_ERRORS },
    handle: async (context, args) => {
      if (formsApply(context, args.password)) {
        // What decides whether the caller gets the event; the whole of it only to build a form.
        const seen = context.addressed ?? (await visibilityOf(context, args.id))
        if (!seen)
          throw new ApiError(
            404,
            'rest-event-not-found',
            `An event with ID ${args.id} does not exist.`,
            { id: args.id },
          )
        if (!seen.hasPassword) {
          readableOrThrow(context, seen)
          const forms = await formsOf(context, 'events', [seen.id], 'single', async (_, marked) => {
            const doc = await addressedEvent(context, address, args)
            const related = await loadRelated(context, [doc])
            return new Map([[doc.id, eventRecord(doc, marked, related, { withJsonLd: true })]])
          })
          return { status: 200, body: null, text: addressed(forms.get(seen.id)!, context) }
        }
      }
      const { doc, related } = await readableEvent(context, address, args)
      return {
        status: 200,
        body: eventRecord(doc, context, related, {
          givenPassword: args.password,
          withJsonLd: true,
        }),
      }
    },
  }
}

/** The fields of an event that decide who reads it, past access; null when there is none. */
const visibilityOf = (context: Context, id: number | undefined) =>
  context.data.peek(
    'events',
    { id: { equals: id } },
    { status: true, publishedAt: true, author: true, hasPassword: true, deletedAt: true },
  )

/** 403 for an event in the trash, or one the caller may not read. */
function readableOrThrow(context: Context, doc: Doc): void {
  if (doc.deletedAt)
    throw new ApiError(403, 'event-no-longer-available', 'This event is no longer available')
  // What the collection's read access allows, for this one record (collections/access.ts).
  if (!mayRead(doc, context.user, context.now))
    throw new ApiError(403, 'event-not-accessible', 'The requested event is not accessible')
}

/**
 * The event a single read answers with, and what its record needs, after the checks of
 * docs/v1-reference.md §5.2 in order (shared with the calendar feeds, endpoints/ical).
 */
export async function readableEvent(
  context: Context,
  address: EventAddress,
  args: { id?: number; slug?: string; password?: unknown },
): Promise<{ doc: Doc; related: Related }> {
  const doc = await addressedEvent(context, address, args)
  readableOrThrow(context, doc)
  const related = await loadRelated(context, [doc], args.password)
  if (
    !unlocked(
      doc,
      related.passwords.get(`${context.options.slugs.events}:${doc.id}`),
      args.password,
    )
  ) {
    throw new ApiError(
      403,
      'event-password-protected',
      'The requested event is not accessible without a password',
    )
  }
  return { doc, related }
}
