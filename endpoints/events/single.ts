import type { Where } from 'payload'
import { mayRead } from '../../collections/access.js'
import type { Context } from '../context.js'
import { ApiError } from '../errors.js'
import { findOne } from '../lookup.js'
import type { ParamSpec } from '../params.js'
import type { Operation } from '../router.js'
import { eventRecord } from '../records/event.js'
import { loadRelated, type Related } from '../records/load.js'
import { unlocked, type Doc } from '../records/common.js'

export type EventAddress = 'id' | 'slug'

/** Any id, 0 included, is looked up: one with no event is 404 `rest-event-not-found` (reference §5.2). */
export const eventIdParam: ParamSpec = { kind: 'postId', description: 'Id of the event.', required: true }

/** Listed on update and delete by id (interface-spec §4.2); writes need no event password, so it is not used. */
export const unusedPasswordParam: ParamSpec = { kind: 'string', description: 'Accepted for compatibility; writes do not need the event password.' }

/** A by-slug route's `slug`: the slug of an existing event, whatever its status (reference §9). */
export const eventSlugParam: ParamSpec = {
  kind: 'text',
  description: 'Slug of the event.',
  required: true,
  check: async (slug: string, context: Context) =>
    (await findOne(context, context.options.slugs.events, { slug: { equals: slug } })) ? undefined : `slug: no event has the slug "${slug}".`,
}

/** The event a route addresses, in any status; 404 `rest-event-not-found` when there is none. */
export async function addressedEvent(context: Context, address: EventAddress, args: Record<string, any>): Promise<Doc> {
  const where: Where = address === 'id' ? { id: { equals: args.id } } : { slug: { equals: args.slug } }
  const doc = await findOne(context, context.options.slugs.events, where)
  if (!doc) throw new ApiError(404, 'rest-event-not-found', `An event with ID ${args.id ?? args.slug} does not exist.`, { id: args.id })
  return doc
}

/** Reads one event: the checks of reference §5.2 in order, then the record with `json_ld`. */
export function readEvent(address: EventAddress): Operation {
  return {
    summary: `Read an event by ${address}`,
    params: {
      [address]: address === 'id' ? eventIdParam : eventSlugParam,
      password: { kind: 'text', description: 'The event password, for a protected event.' },
    },
    responses: {
      200: 'SingleEvent',
      403: { errors: ['event-no-longer-available', 'event-not-accessible', 'event-password-protected'] },
      404: { errors: ['rest-event-not-found'] },
    },
    handle: async (context, args) => {
      const { doc, related } = await readableEvent(context, address, args)
      return { status: 200, body: eventRecord(doc, context, related, { givenPassword: args.password, withJsonLd: true }) }
    },
  }
}

/**
 * The event a single read answers with, and what its record needs, after the checks of reference
 * §5.2 in order (shared with the calendar feeds, endpoints/ical).
 */
export async function readableEvent(context: Context, address: EventAddress, args: Record<string, any>): Promise<{ doc: Doc; related: Related }> {
  const found = await addressedEvent(context, address, args)
  if (found.deletedAt) throw new ApiError(403, 'event-no-longer-available', 'This event is no longer available')
  if (!mayRead(found, context.user, context.now)) {
    throw new ApiError(403, 'event-not-accessible', 'The requested event is not accessible')
  }
  const { docs } = await context.payload.find({
    collection: context.options.slugs.events as 'events',
    where: { id: { equals: found.id } },
    limit: 1,
    depth: 0,
    locale: context.lang,
    req: context.req,
    overrideAccess: false,
  })
  const doc = docs[0] as Doc | undefined
  if (!doc) throw new ApiError(403, 'event-not-accessible', 'The requested event is not accessible')
  const related = await loadRelated(context, [doc], args.password)
  if (!unlocked(doc, related.passwords.get(`${context.options.slugs.events}:${doc.id}`), args.password)) {
    throw new ApiError(403, 'event-password-protected', 'The requested event is not accessible without a password')
  }
  return { doc, related }
}
