'use client'
/**
 * The plugin's client components, for Payload's import map
 * (`payload-events-calendar/client#RoleField`); its server components are in `./rsc.ts`.
 */
export { RoleField } from '../admin/RoleField.js'
export { ImportNavLink } from '../admin/import/ImportNavLink.js'
export { CalendarView } from '../admin/calendar/CalendarView.js'
export { CalendarLink } from '../admin/calendar/CalendarLink.js'
export { CalendarDayPrefill } from '../admin/calendar/CalendarDayPrefill.js'
export { TimezoneField } from '../admin/timezone/TimezoneField.js'
export { EventDateCell } from '../admin/timezone/EventDateCell.js'
export { ZonedTimeNote } from '../admin/timezone/ZonedTimeNote.js'
export { CalendarGlance } from '../admin/dashboard/CalendarGlance.js'
export { FeedLinks, CalendarFeedLinks } from '../admin/feeds/FeedLinks.js'
export { RecurrenceField } from '../admin/recurrence/RecurrenceField.js'
export { SeriesNotice } from '../admin/recurrence/SeriesNotice.js'
export { ExportCsvLink } from '../admin/csv/ExportCsvLink.js'
export { TranslationMarks } from '../admin/translations/TranslationMarks.js'
export { TranslationActions } from '../admin/translations/TranslationActions.js'
export { SourceText } from '../admin/translations/SourceText.js'
export { TranslationsNavLink } from '../admin/translations/TranslationsNavLink.js'
