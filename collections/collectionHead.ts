import type { CollectionAdminOptions, CollectionConfig } from 'payload'
import type { ResolvedCalendarOptions } from '../core/options.js'
import { label, type CalendarTextKey } from '../core/translations/index.js'

/**
 * What every calendar collection's config starts with: its slug, its labels in the admin's
 * languages, and its admin options in the calendar's group of the admin's nav.
 */
export function collectionHead(
  options: ResolvedCalendarOptions,
  slug: string,
  [singular, plural]: [CalendarTextKey, CalendarTextKey],
  admin: Omit<CollectionAdminOptions, 'group'>,
): Pick<CollectionConfig, 'slug' | 'labels' | 'admin'> {
  return {
    slug,
    labels: { singular: label(singular), plural: label(plural) },
    admin: { group: options.adminGroup, ...admin },
  }
}
