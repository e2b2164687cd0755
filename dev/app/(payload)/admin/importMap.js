import { RoleField as RoleField_fc9a935b1c29e987d85707eeffd38325 } from 'payload-events-calendar/client'
import { SourceText as SourceText_fc9a935b1c29e987d85707eeffd38325 } from 'payload-events-calendar/client'
import { RscEntryLexicalCell as RscEntryLexicalCell_44fe37237e0ebf4470c9990d8cb7b07e } from '@payloadcms/richtext-lexical/rsc'
import { RscEntryLexicalField as RscEntryLexicalField_44fe37237e0ebf4470c9990d8cb7b07e } from '@payloadcms/richtext-lexical/rsc'
import { LexicalDiffComponent as LexicalDiffComponent_44fe37237e0ebf4470c9990d8cb7b07e } from '@payloadcms/richtext-lexical/rsc'
import { InlineToolbarFeatureClient as InlineToolbarFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { FixedToolbarFeatureClient as FixedToolbarFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { BlocksFeatureClient as BlocksFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { UploadFeatureClient as UploadFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { HorizontalRuleFeatureClient as HorizontalRuleFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { BlockquoteFeatureClient as BlockquoteFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { LinkFeatureClient as LinkFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { OrderedListFeatureClient as OrderedListFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { UnorderedListFeatureClient as UnorderedListFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { InlineCodeFeatureClient as InlineCodeFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { SuperscriptFeatureClient as SuperscriptFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { SubscriptFeatureClient as SubscriptFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { StrikethroughFeatureClient as StrikethroughFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { UnderlineFeatureClient as UnderlineFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { BoldFeatureClient as BoldFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { ItalicFeatureClient as ItalicFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { HeadingFeatureClient as HeadingFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { ParagraphFeatureClient as ParagraphFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { FieldLabelInLanguage as FieldLabelInLanguage_a995b648d441da9f32677ad10f937676 } from 'payload-events-calendar/rsc'
import { EventDateCell as EventDateCell_fc9a935b1c29e987d85707eeffd38325 } from 'payload-events-calendar/client'
import { ZonedTimeNote as ZonedTimeNote_fc9a935b1c29e987d85707eeffd38325 } from 'payload-events-calendar/client'
import { TimezoneField as TimezoneField_fc9a935b1c29e987d85707eeffd38325 } from 'payload-events-calendar/client'
import { CalendarDayPrefill as CalendarDayPrefill_fc9a935b1c29e987d85707eeffd38325 } from 'payload-events-calendar/client'
import { RecurrenceField as RecurrenceField_fc9a935b1c29e987d85707eeffd38325 } from 'payload-events-calendar/client'
import { SeriesNotice as SeriesNotice_fc9a935b1c29e987d85707eeffd38325 } from 'payload-events-calendar/client'
import { FeedLinks as FeedLinks_fc9a935b1c29e987d85707eeffd38325 } from 'payload-events-calendar/client'
import { EventTickets as EventTickets_fc9a935b1c29e987d85707eeffd38325 } from 'payload-events-calendar/client'
import { TranslationMarks as TranslationMarks_fc9a935b1c29e987d85707eeffd38325 } from 'payload-events-calendar/client'
import { TranslationActions as TranslationActions_fc9a935b1c29e987d85707eeffd38325 } from 'payload-events-calendar/client'
import { ExportCsvLink as ExportCsvLink_fc9a935b1c29e987d85707eeffd38325 } from 'payload-events-calendar/client'
import { CalendarLink as CalendarLink_fc9a935b1c29e987d85707eeffd38325 } from 'payload-events-calendar/client'
import { CalendarView as CalendarView_fc9a935b1c29e987d85707eeffd38325 } from 'payload-events-calendar/client'
import { CheckInCell as CheckInCell_fc9a935b1c29e987d85707eeffd38325 } from 'payload-events-calendar/client'
import { AttendeesCsvLink as AttendeesCsvLink_fc9a935b1c29e987d85707eeffd38325 } from 'payload-events-calendar/client'
import { ImportNavLink as ImportNavLink_fc9a935b1c29e987d85707eeffd38325 } from 'payload-events-calendar/client'
import { TranslationsNavLink as TranslationsNavLink_fc9a935b1c29e987d85707eeffd38325 } from 'payload-events-calendar/client'
import { CalendarGlance as CalendarGlance_fc9a935b1c29e987d85707eeffd38325 } from 'payload-events-calendar/client'
import { TranslationsGlance as TranslationsGlance_a995b648d441da9f32677ad10f937676 } from 'payload-events-calendar/rsc'
import { ImportView as ImportView_a995b648d441da9f32677ad10f937676 } from 'payload-events-calendar/rsc'
import { TranslationsView as TranslationsView_a995b648d441da9f32677ad10f937676 } from 'payload-events-calendar/rsc'
import { CollectionCards as CollectionCards_f9c02e79a4aed9a3924487c0cd4cafb1 } from '@payloadcms/next/rsc'

/** @type import('payload').ImportMap */
export const importMap = {
  "payload-events-calendar/client#RoleField": RoleField_fc9a935b1c29e987d85707eeffd38325,
  "payload-events-calendar/client#SourceText": SourceText_fc9a935b1c29e987d85707eeffd38325,
  "@payloadcms/richtext-lexical/rsc#RscEntryLexicalCell": RscEntryLexicalCell_44fe37237e0ebf4470c9990d8cb7b07e,
  "@payloadcms/richtext-lexical/rsc#RscEntryLexicalField": RscEntryLexicalField_44fe37237e0ebf4470c9990d8cb7b07e,
  "@payloadcms/richtext-lexical/rsc#LexicalDiffComponent": LexicalDiffComponent_44fe37237e0ebf4470c9990d8cb7b07e,
  "@payloadcms/richtext-lexical/client#InlineToolbarFeatureClient": InlineToolbarFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#FixedToolbarFeatureClient": FixedToolbarFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#BlocksFeatureClient": BlocksFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#UploadFeatureClient": UploadFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#HorizontalRuleFeatureClient": HorizontalRuleFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#BlockquoteFeatureClient": BlockquoteFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#LinkFeatureClient": LinkFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#OrderedListFeatureClient": OrderedListFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#UnorderedListFeatureClient": UnorderedListFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#InlineCodeFeatureClient": InlineCodeFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#SuperscriptFeatureClient": SuperscriptFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#SubscriptFeatureClient": SubscriptFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#StrikethroughFeatureClient": StrikethroughFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#UnderlineFeatureClient": UnderlineFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#BoldFeatureClient": BoldFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#ItalicFeatureClient": ItalicFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#HeadingFeatureClient": HeadingFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#ParagraphFeatureClient": ParagraphFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "payload-events-calendar/rsc#FieldLabelInLanguage": FieldLabelInLanguage_a995b648d441da9f32677ad10f937676,
  "payload-events-calendar/client#EventDateCell": EventDateCell_fc9a935b1c29e987d85707eeffd38325,
  "payload-events-calendar/client#ZonedTimeNote": ZonedTimeNote_fc9a935b1c29e987d85707eeffd38325,
  "payload-events-calendar/client#TimezoneField": TimezoneField_fc9a935b1c29e987d85707eeffd38325,
  "payload-events-calendar/client#CalendarDayPrefill": CalendarDayPrefill_fc9a935b1c29e987d85707eeffd38325,
  "payload-events-calendar/client#RecurrenceField": RecurrenceField_fc9a935b1c29e987d85707eeffd38325,
  "payload-events-calendar/client#SeriesNotice": SeriesNotice_fc9a935b1c29e987d85707eeffd38325,
  "payload-events-calendar/client#FeedLinks": FeedLinks_fc9a935b1c29e987d85707eeffd38325,
  "payload-events-calendar/client#EventTickets": EventTickets_fc9a935b1c29e987d85707eeffd38325,
  "payload-events-calendar/client#TranslationMarks": TranslationMarks_fc9a935b1c29e987d85707eeffd38325,
  "payload-events-calendar/client#TranslationActions": TranslationActions_fc9a935b1c29e987d85707eeffd38325,
  "payload-events-calendar/client#ExportCsvLink": ExportCsvLink_fc9a935b1c29e987d85707eeffd38325,
  "payload-events-calendar/client#CalendarLink": CalendarLink_fc9a935b1c29e987d85707eeffd38325,
  "payload-events-calendar/client#CalendarView": CalendarView_fc9a935b1c29e987d85707eeffd38325,
  "payload-events-calendar/client#CheckInCell": CheckInCell_fc9a935b1c29e987d85707eeffd38325,
  "payload-events-calendar/client#AttendeesCsvLink": AttendeesCsvLink_fc9a935b1c29e987d85707eeffd38325,
  "payload-events-calendar/client#ImportNavLink": ImportNavLink_fc9a935b1c29e987d85707eeffd38325,
  "payload-events-calendar/client#TranslationsNavLink": TranslationsNavLink_fc9a935b1c29e987d85707eeffd38325,
  "payload-events-calendar/client#CalendarGlance": CalendarGlance_fc9a935b1c29e987d85707eeffd38325,
  "payload-events-calendar/rsc#TranslationsGlance": TranslationsGlance_a995b648d441da9f32677ad10f937676,
  "payload-events-calendar/rsc#ImportView": ImportView_a995b648d441da9f32677ad10f937676,
  "payload-events-calendar/rsc#TranslationsView": TranslationsView_a995b648d441da9f32677ad10f937676,
  "@payloadcms/next/rsc#CollectionCards": CollectionCards_f9c02e79a4aed9a3924487c0cd4cafb1
}
