'use client'
/**
 * The plugin's client components, for Payload's import map
 * (`payload-events-calendar/client#RoleField`); its server components are in `./rsc.ts`.
 */
export { RoleField } from '../../features/admin/RoleField.js'
export { ImportNavLink } from '../../features/admin/import/ImportNavLink.js'
export { CalendarView } from '../../features/admin/calendar/CalendarView.js'
export { CalendarLink } from '../../features/admin/calendar/CalendarLink.js'
export { CalendarDayPrefill } from '../../features/admin/calendar/CalendarDayPrefill.js'
export { TimezoneField } from '../../features/admin/timezone/TimezoneField.js'
export { EventDateCell } from '../../features/admin/timezone/EventDateCell.js'
export { ZonedTimeNote } from '../../features/admin/timezone/ZonedTimeNote.js'
export { CalendarGlance } from '../../features/admin/dashboard/CalendarGlance.js'
export { FeedLinks, CalendarFeedLinks } from '../../features/admin/feeds/FeedLinks.js'
export { RecurrenceField } from '../../features/admin/recurrence/RecurrenceField.js'
export { SeriesNotice } from '../../features/admin/recurrence/SeriesNotice.js'
export { ExportCsvLink } from '../../features/admin/csv/ExportCsvLink.js'
export { TranslationMarks } from '../../features/admin/translations/TranslationMarks.js'
export { TranslationActions } from '../../features/admin/translations/TranslationActions.js'
export { SourceText } from '../../features/admin/translations/SourceText.js'
export { TranslationsNavLink } from '../../features/admin/translations/TranslationsNavLink.js'
