import type { CollectionConfig } from 'payload'
import { postTypeAccess } from './access.js'

/**
 * Scheduled posts by publication date: caches and feeds ask for the last one that came due and the
 * next one to come due on every read, which otherwise scans the publication-date index.
 */
export const SCHEDULED_INDEX = { fields: ['status', 'publishedAt'] }

/**
 * Newest first: the venue and organizer archives page by publication date then id, as does the
 * events archive with `include`; records imported together share one publication date.
 */
export const PUBLISHED_INDEX = { fields: ['publishedAt', 'id'] }

/**
 * What events, venues and organizers share as the anchor's post types: the trash, the role matrix
 * (collections/access.ts) and the indexes of statuses. Their shared hooks (post rules, a unique
 * slug, password protection) are listed with their others in collections/writePath.ts.
 */
export function postType() {
  return {
    trash: true,
    access: postTypeAccess(),
    // What the content hook needs to decide, even when a reader selects other fields.
    forceSelect: { hasPassword: true, author: true },
    indexes: [SCHEDULED_INDEX, PUBLISHED_INDEX],
  } satisfies Partial<CollectionConfig>
}
