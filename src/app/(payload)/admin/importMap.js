import { RoleField as RoleField_fc9a935b1c29e987d85707eeffd38325 } from 'payload-events-calendar/client'
import { EventDateCell as EventDateCell_fc9a935b1c29e987d85707eeffd38325 } from 'payload-events-calendar/client'
import { ZonedTimeNote as ZonedTimeNote_fc9a935b1c29e987d85707eeffd38325 } from 'payload-events-calendar/client'
import { TimezoneField as TimezoneField_fc9a935b1c29e987d85707eeffd38325 } from 'payload-events-calendar/client'
import { CalendarDayPrefill as CalendarDayPrefill_fc9a935b1c29e987d85707eeffd38325 } from 'payload-events-calendar/client'
import { RecurrenceField as RecurrenceField_fc9a935b1c29e987d85707eeffd38325 } from 'payload-events-calendar/client'
import { SeriesNotice as SeriesNotice_fc9a935b1c29e987d85707eeffd38325 } from 'payload-events-calendar/client'
import { FeedLinks as FeedLinks_fc9a935b1c29e987d85707eeffd38325 } from 'payload-events-calendar/client'
import { CalendarLink as CalendarLink_fc9a935b1c29e987d85707eeffd38325 } from 'payload-events-calendar/client'
import { CalendarView as CalendarView_fc9a935b1c29e987d85707eeffd38325 } from 'payload-events-calendar/client'
import { ImportNavLink as ImportNavLink_fc9a935b1c29e987d85707eeffd38325 } from 'payload-events-calendar/client'
import { CalendarGlance as CalendarGlance_fc9a935b1c29e987d85707eeffd38325 } from 'payload-events-calendar/client'
import { ImportView as ImportView_fc9a935b1c29e987d85707eeffd38325 } from 'payload-events-calendar/client'
import { CollectionCards as CollectionCards_f9c02e79a4aed9a3924487c0cd4cafb1 } from '@payloadcms/next/rsc'

/** @type import('payload').ImportMap */
export const importMap = {
  "payload-events-calendar/client#RoleField": RoleField_fc9a935b1c29e987d85707eeffd38325,
  "payload-events-calendar/client#EventDateCell": EventDateCell_fc9a935b1c29e987d85707eeffd38325,
  "payload-events-calendar/client#ZonedTimeNote": ZonedTimeNote_fc9a935b1c29e987d85707eeffd38325,
  "payload-events-calendar/client#TimezoneField": TimezoneField_fc9a935b1c29e987d85707eeffd38325,
  "payload-events-calendar/client#CalendarDayPrefill": CalendarDayPrefill_fc9a935b1c29e987d85707eeffd38325,
  "payload-events-calendar/client#RecurrenceField": RecurrenceField_fc9a935b1c29e987d85707eeffd38325,
  "payload-events-calendar/client#SeriesNotice": SeriesNotice_fc9a935b1c29e987d85707eeffd38325,
  "payload-events-calendar/client#FeedLinks": FeedLinks_fc9a935b1c29e987d85707eeffd38325,
  "payload-events-calendar/client#CalendarLink": CalendarLink_fc9a935b1c29e987d85707eeffd38325,
  "payload-events-calendar/client#CalendarView": CalendarView_fc9a935b1c29e987d85707eeffd38325,
  "payload-events-calendar/client#ImportNavLink": ImportNavLink_fc9a935b1c29e987d85707eeffd38325,
  "payload-events-calendar/client#CalendarGlance": CalendarGlance_fc9a935b1c29e987d85707eeffd38325,
  "payload-events-calendar/client#ImportView": ImportView_fc9a935b1c29e987d85707eeffd38325,
  "@payloadcms/next/rsc#CollectionCards": CollectionCards_f9c02e79a4aed9a3924487c0cd4cafb1
}
