import { CHANGE_RESOURCES, type ChangeResource } from '../changeLog.js'

/** A resource's name in webhook event names. */
const SINGULAR: Record<ChangeResource, string> = {
  events: 'event',
  venues: 'venue',
  organizers: 'organizer',
  categories: 'category',
  tags: 'tag',
}

const VERBS = ['created', 'updated', 'deleted'] as const

/**
 * The events a webhook may subscribe to: `<resource>.<created|updated|deleted>`, as anonymous v1
 * callers see the change.
 */
export const WEBHOOK_EVENTS = CHANGE_RESOURCES.flatMap((resource) =>
  VERBS.map((verb) => `${SINGULAR[resource]}.${verb}`),
)

/** What the public saw of a change, from the change log's entry (collections/changeLog.ts). */
type Seen = { resource: ChangeResource; wasPublic: boolean; isPublic: boolean }

/**
 * The webhook event of a change log entry, by what an anonymous caller could read before and after
 * it: a record that became readable was `created` (created, published, restored, come due), one
 * that stayed readable `updated` (also through its venue, organizer, terms or series), one that
 * stopped being readable `deleted` (deleted, trashed, unpublished). A change of a record nobody
 * anonymous could read before or after has no event.
 */
export function webhookEventOf(entry: Seen): string | null {
  const singular = SINGULAR[entry.resource]
  if (!singular) return null
  if (entry.isPublic) return `${singular}.${entry.wasPublic ? 'updated' : 'created'}`
  return entry.wasPublic ? `${singular}.deleted` : null
}
