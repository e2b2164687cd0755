import type { CollectionConfig } from 'payload'
import { extendCollection } from '../core/lib/compose.js'
import type { ResolvedCalendarOptions } from '../core/options.js'
import { keepPreviousStart } from './eventStatus.js'
import { EVENT_SHOWN_WHEN_LOCKED, EVENT_TEXTS, eventsCollection } from './events.js'
import { changesLogged, seriesRemembered } from './hooks/calendarCommit.js'
import { refreshDescendants } from './hooks/categoryFullName.js'
import { eventCost } from './hooks/eventCost.js'
import { eventDates } from './hooks/eventDates.js'
import { postRules } from './hooks/postRules.js'
import { duplicateWhatCanBeSeen, protectContent } from './hooks/protectContent.js'
import { countTermsAfterChange, countTermsAfterDelete, termCountsOf } from './hooks/termCounts.js'
import { uniqueSlug } from './hooks/uniqueSlug.js'
import { unlinkOnDelete, unlinkOnTrash, type Reference } from './hooks/unlinkOnDelete.js'
import { mediaCollection } from './media.js'
import { organizersCollection } from './organizers.js'
import { keepHtmlBeside, refuseDeepDocuments } from './richText/fields.js'
import {
  seriesAfterChange,
  seriesAfterDelete,
  seriesBeforeChange,
  seriesBeforeDelete,
} from './series/hooks.js'
import { categoriesCollection, tagsCollection } from './taxonomies.js'
import { onOwnEvents, removingAttendees, removingTickets } from './tickets/cascade.js'
import {
  attendeesCollection,
  capacityGrew,
  fillInAttendee,
  moveUpAfterChange,
  moveUpAfterDelete,
  ticketsCollection,
} from './tickets/collections.js'
import { followTickets } from './tickets/ticketed.js'
import { keepTranslations, NAMED_TEXTS } from './translations/hook.js'
import { usersExtension } from './users.js'
import { venuesCollection } from './venues.js'
import {
  appsOwn,
  commit,
  existingRelations,
  guarded,
  integerIds,
  overridden,
  turns,
  writePath,
} from './writeSteps.js'

/**
 * What runs on the writes of each collection the plugin makes or extends, in order: the one place
 * that says it (the steps themselves are in writeSteps.ts). Payload runs a write in phases:
 *
 *   beforeOperation → access → beforeValidate → beforeChange → the fields' hooks and validation →
 *   the database → afterRead → afterChange → afterOperation (the commit of a transaction the write
 *   opened)
 *
 * (a delete: beforeOperation → access → beforeDelete → the database → afterDelete →
 * afterOperation). Within each phase the hooks run in the order listed: `first`, then the
 * collection's `own`, then `last`. Access is the collection's (collections/access.ts), and the
 * app's too when it has a collection of that slug: both must allow.
 *
 * What a calendar write leaves for its commit (the change mark, the change log, the kept forms it
 * drops, the webhooks' outbox) is listed in hooks/calendarCommit.ts; the kept forms are built
 * again after the commit (endpoints/records/formWarmer.ts).
 */
export function withCalendarCollections(
  options: ResolvedCalendarOptions,
  appCollections: CollectionConfig[],
): CollectionConfig[] {
  const ours = [
    eventWrites(options, appCollections),
    venueWrites(options, appCollections),
    organizerWrites(options, appCollections),
    termWrites(options, appCollections, 'categories'),
    termWrites(options, appCollections, 'tags'),
    ...(options.ownsMedia ? [mediaWrites(options, appCollections)] : []),
    ...(options.tickets.enabled
      ? [ticketWrites(options, appCollections), attendeeWrites(options, appCollections)]
      : []),
  ]
  const ownSlugs = new Set(ours.map((collection) => collection.slug))
  return [
    ...appCollections
      .filter((collection) => !ownSlugs.has(collection.slug))
      .map((collection) =>
        collection.slug === options.usersSlug ? userWrites(options, collection) : collection,
      ),
    ...ours,
  ]
}

const link = (collection: string, field: string, hasMany = false): Reference => ({
  collection,
  field,
  hasMany,
})

/** An event's write. */
function eventWrites(options: ResolvedCalendarOptions, app: CollectionConfig[]) {
  const { events } = options.slugs
  const counted = termCountsOf(options)
  const richTexts = ['description', 'excerpt']
  return writePath(eventsCollection(options), {
    first: [
      turns('events'), // the write waits for its turn and opens its transaction
      guarded, // a query the SQL adapter would fail on is refused with 400
      integerIds(options), // a create's id, from the calendar's sequences
      appsOwn(app), // the app's own `events` collection: its hooks, its access
      seriesRemembered(options), // a series' dates, before they change or go (for the change log)
      existingRelations, // the fields' validation: the venue, organizers… it links exist
      overridden(options, 'events'), // options.overrides.events, of what follows
      options.tickets.enabled ? { beforeDelete: [removingTickets(options)] } : {},
      { beforeDelete: [unlinkOnDelete([link(events, 'parent')])] }, // its children lose it
    ],
    own: {
      beforeOperation: [duplicateWhatCanBeSeen, refuseDeepDocuments(richTexts)],
      // Statuses and publication dates by role, then a free slug from the title.
      beforeValidate: [postRules, uniqueSlug('title', 'event')],
      beforeChange: [
        eventDates(options.siteTimezone),
        keepPreviousStart,
        eventCost,
        keepHtmlBeside(richTexts),
        seriesBeforeChange(events),
        keepTranslations(EVENT_TEXTS),
      ],
      afterRead: [protectContent(EVENT_SHOWN_WHEN_LOCKED)],
      // The dates of a series are written before the terms they use are counted.
      afterChange: [seriesAfterChange(options), countTermsAfterChange(events, counted)],
      beforeDelete: [seriesBeforeDelete(options)],
      afterDelete: [seriesAfterDelete(options), countTermsAfterDelete(events, counted)],
    },
    last: [
      changesLogged(options), // the change mark, the change log, kept forms, webhooks' outbox
      commit, // the transaction `turns` opened
    ],
  })
}

/** A venue's or an organizer's write: as an event's, without its dates, series and counts. */
function namedPostWrites(
  options: ResolvedCalendarOptions,
  app: CollectionConfig[],
  model: CollectionConfig,
  key: 'venues' | 'organizers',
  { field, hasMany, kind }: { field: string; hasMany: boolean; kind: string },
) {
  const linked = [link(options.slugs.events, field, hasMany)]
  return writePath(model, {
    first: [
      turns('linked'),
      guarded,
      integerIds(options),
      appsOwn(app),
      existingRelations,
      overridden(options, key),
      // Deleted, or moved to the trash: the events lose it.
      { beforeDelete: [unlinkOnDelete(linked)], afterChange: [unlinkOnTrash(linked)] },
    ],
    own: {
      beforeOperation: [duplicateWhatCanBeSeen, refuseDeepDocuments(['description'])],
      beforeValidate: [postRules, uniqueSlug('name', kind)],
      beforeChange: [keepHtmlBeside(['description']), keepTranslations(NAMED_TEXTS)],
      afterRead: [protectContent([])],
    },
    last: [changesLogged(options), commit],
  })
}

const venueWrites = (options: ResolvedCalendarOptions, app: CollectionConfig[]) =>
  namedPostWrites(options, app, venuesCollection(options), 'venues', {
    field: 'venue',
    hasMany: false,
    kind: 'venue',
  })

const organizerWrites = (options: ResolvedCalendarOptions, app: CollectionConfig[]) =>
  namedPostWrites(options, app, organizersCollection(options), 'organizers', {
    field: 'organizers',
    hasMany: true,
    kind: 'organizer',
  })

/** A category's or a tag's write. */
function termWrites(
  options: ResolvedCalendarOptions,
  app: CollectionConfig[],
  taxonomy: 'categories' | 'tags',
) {
  const { events, categories } = options.slugs
  const isCategory = taxonomy === 'categories'
  const linked = isCategory
    ? [link(events, 'categories', true), link(categories, 'parent')]
    : [link(events, 'tags', true)]
  return writePath(isCategory ? categoriesCollection(options) : tagsCollection(options), {
    first: [
      turns(taxonomy),
      guarded,
      integerIds(options),
      appsOwn(app),
      existingRelations,
      overridden(options, taxonomy),
      { beforeDelete: [unlinkOnDelete(linked)] }, // events (and child categories) lose it
    ],
    own: {
      beforeOperation: [refuseDeepDocuments(['description'])],
      beforeValidate: [uniqueSlug('name', isCategory ? 'category' : 'tag')],
      // A category's full name (`Music › Jazz`) is its field's own hook (taxonomies.ts).
      beforeChange: [keepHtmlBeside(['description']), keepTranslations(NAMED_TEXTS)],
      // A renamed or moved category: the full names of its descendants.
      ...(isCategory ? { afterChange: [refreshDescendants(categories)] } : {}),
    },
    last: [changesLogged(options), commit],
  })
}

/** An image's write, when the plugin adds the upload collection. */
function mediaWrites(options: ResolvedCalendarOptions, app: CollectionConfig[]) {
  const { events, venues, organizers } = options.slugs
  const linked = [events, venues, organizers].map((slug) => link(slug, 'image'))
  return writePath(mediaCollection(options), {
    first: [
      turns(),
      guarded,
      integerIds(options),
      appsOwn(app),
      existingRelations,
      overridden(options, 'media'),
      { beforeDelete: [unlinkOnDelete(linked)] }, // events, venues and organizers lose it
    ],
    own: { beforeValidate: [postRules] },
    last: [changesLogged(options), commit],
  })
}

/**
 * An RSVP ticket's write (collections/tickets): it writes events (their `ticketed`) and counts
 * places, so it too takes its turn in a transaction; no query guard, no change log of its own.
 */
function ticketWrites(options: ResolvedCalendarOptions, app: CollectionConfig[]) {
  const followed = followTickets(options)
  return writePath(ticketsCollection(options), {
    first: [turns(), integerIds(options), appsOwn(app)],
    own: {
      beforeChange: [onOwnEvents(options)], // below editors, on one's own events only
      // The event's `ticketed` flag; when the capacity grew, the waitlist moves up.
      afterChange: [...followed.afterChange, capacityGrew(options)],
      beforeDelete: [removingAttendees(options)],
      afterDelete: followed.afterDelete,
    },
    last: [commit],
  })
}

/** An attendee's write: its place is counted under its ticket's lock (tickets/capacity.ts). */
function attendeeWrites(options: ResolvedCalendarOptions, app: CollectionConfig[]) {
  return writePath(attendeesCollection(options), {
    first: [turns(), integerIds(options), appsOwn(app)],
    own: {
      beforeChange: [fillInAttendee(options)],
      // A place freed: the first in the waitlist moves up, emailed after the commit.
      afterChange: [moveUpAfterChange(options)],
      afterDelete: [moveUpAfterDelete(options)],
    },
    last: [commit],
  })
}

/**
 * A write of the app's users: the plugin's role, first-user rule and access (users.ts) come before
 * the app's own hooks, which the collection keeps.
 */
function userWrites(options: ResolvedCalendarOptions, users: CollectionConfig) {
  const { collection, addition } = usersExtension(users)
  return writePath(collection, {
    first: [
      turns(),
      guarded,
      integerIds(options),
      (theirs) => extendCollection(theirs, addition), // first user an administrator; roles
    ],
    last: [commit],
  })
}
