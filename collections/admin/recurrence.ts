import { CLIENT_ENTRY } from '../../core/defaults.js'

/**
 * Where the recurrence's admin components go in the events' fields (collections/series/fields.ts
 * only names them): the editor in place of the recurrence group's JSON inputs, and the notice on
 * a date of a series.
 */
export const recurrenceFieldComponents = () => ({ Field: `${CLIENT_ENTRY}#RecurrenceField` })

export const seriesNoticeComponents = (eventsSlug: string) => ({
  Field: { path: `${CLIENT_ENTRY}#SeriesNotice`, clientProps: { eventsSlug } },
})
