import type { CollectionConfig, Config, Field } from 'payload'
import { TRANSLATIONS_GLANCE } from './translations.js'
import { CLIENT_ENTRY } from '../../core/defaults.js'
import type { ResolvedCalendarOptions } from '../../core/options.js'

/**
 * Where the plugin's admin components go in Payload's config: the calendar view beside the events
 * list, the zone picker and the zoned times on the event form and list, the dashboard's glance.
 * Kept here so that the collections' own files only name them.
 */
/**
 * The slugs of the calendar's collections, as the plugin resolved them, for the admin's components.
 */
export type CalendarSlugs = {
  events: string
  venues: string
  organizers: string
  categories: string
}

const component = (name: string, clientProps?: Record<string, unknown>) =>
  clientProps ? { path: `${CLIENT_ENTRY}#${name}`, clientProps } : `${CLIENT_ENTRY}#${name}`

export const calendarSlugs = (options: ResolvedCalendarOptions): CalendarSlugs => ({
  events: options.slugs.events,
  venues: options.slugs.venues,
  organizers: options.slugs.organizers,
  categories: options.slugs.categories,
})

/**
 * The events' admin views: the calendar at /collections/events/calendar, and a link to it in the
 * list.
 */
export function eventsAdminViews(
  options: ResolvedCalendarOptions,
): NonNullable<NonNullable<CollectionConfig['admin']>['components']>['views'] {
  return {
    list: { actions: [component('CalendarLink', { eventsSlug: options.slugs.events })] },
    calendar: {
      Component: component('CalendarView', { slugs: calendarSlugs(options) }),
      path: '/calendar',
      exact: true,
    },
  }
}

/** "Export CSV" above the list of events, venues or organizers (features/admin/csv). */
export const exportCsvComponents = (resource: 'events' | 'venues' | 'organizers') => ({
  beforeListTable: [component('ExportCsvLink', { resource })],
})

/**
 * The event's RSVP tickets in its sidebar: places taken, its attendees, a new ticket
 * (features/admin/tickets); none when the app turns tickets off.
 */
export const eventTicketsFields = (options: ResolvedCalendarOptions): Field[] =>
  options.tickets.enabled
    ? [
        {
          name: 'rsvpTickets',
          type: 'ui',
          admin: {
            position: 'sidebar',
            components: {
              Field: component('EventTickets', {
                ticketsSlug: options.tickets.slug,
                attendeesSlug: options.tickets.attendeesSlug,
              }),
            },
          },
        },
      ]
    : []

/**
 * Links for calendar apps in the event's sidebar: the event as .ics, and the calendar's
 * subscription.
 */
export const feedLinksField = (): Field => ({
  name: 'calendarFeeds',
  type: 'ui',
  admin: { position: 'sidebar', components: { Field: component('FeedLinks') } },
})

/** The event's zone as a searchable list of zones, a new event starting in the site's zone. */
export const timezoneFieldComponents = (options: ResolvedCalendarOptions) => ({
  Field: component('TimezoneField', { siteTimezone: options.siteTimezone }),
})

/** A start or end shown in the event's zone, under its picker and in the list. */
export const zonedDateComponents = (
  options: ResolvedCalendarOptions,
  fieldName: 'startDate' | 'endDate',
) => ({
  afterInput: [component('ZonedTimeNote', { fieldName, siteTimezone: options.siteTimezone })],
  Cell: component('EventDateCell'),
})

/** Fills the dates of an event created from a day of the calendar. No data of its own. */
export const calendarPrefillField = (options: ResolvedCalendarOptions): Field => ({
  name: 'calendarDay',
  type: 'ui',
  admin: {
    components: { Field: component('CalendarDayPrefill', { siteTimezone: options.siteTimezone }) },
  },
})

/** The dashboard's calendar at a glance, before the collection cards. */
export function withCalendarDashboard(
  admin: Config['admin'],
  options: ResolvedCalendarOptions,
): Config['admin'] {
  const components = admin?.components ?? {}
  return {
    ...admin,
    components: {
      ...components,
      beforeDashboard: [
        component('CalendarGlance', { slugs: calendarSlugs(options) }),
        TRANSLATIONS_GLANCE,
        ...(components.beforeDashboard ?? []),
      ],
    },
  }
}
