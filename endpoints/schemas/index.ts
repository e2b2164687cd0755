import type { TSchema } from 'typebox'
import {
  CostDetails,
  DateDetails,
  EmbeddedTerm,
  Event,
  Category,
  Image,
  ImageSize,
  JsonLd,
  Organizer,
  SingleEvent,
  Tag,
  TermUrls,
  Venue,
} from './records.js'
import {
  CategoryArchive,
  EventArchive,
  OrganizerArchive,
  PAGED,
  TagArchive,
  VenueArchive,
} from './archives.js'
import { Changes, ErrorBody, NamespaceIndex, OpenApiDocument } from './namespace.js'
import { Calendar, Csv, MEDIA_TYPES } from './media.js'
import { CsvImportRun, CsvPreview, TranslationDraft, TranslationRun } from './tools.js'
import { FullCalendarEvents } from './fullcalendar.js'
import { BatchAnswer } from './batch.js'
import { Attendee, AttendeeArchive, RsvpAnswer, Ticket, TicketArchive } from './tickets.js'

/**
 * Every named schema: its key is its name in `/doc` (`#/components/schemas/Event`) and what an
 * operation's `responses` name.
 */
export const SCHEMAS = {
  Event,
  SingleEvent,
  Venue,
  Organizer,
  Category,
  Tag,
  EmbeddedTerm,
  TermUrls,
  Image,
  ImageSize,
  DateDetails,
  CostDetails,
  JsonLd,
  EventArchive,
  VenueArchive,
  OrganizerArchive,
  CategoryArchive,
  TagArchive,
  Error: ErrorBody,
  NamespaceIndex,
  OpenApiDocument,
  Calendar,
  Csv,
  CsvPreview,
  CsvImportRun,
  TranslationDraft,
  TranslationRun,
  Changes,
  FullCalendarEvents,
  BatchAnswer,
  Ticket,
  Attendee,
  TicketArchive,
  AttendeeArchive,
  RsvpAnswer,
} satisfies Record<string, TSchema>

export type SchemaName = keyof typeof SCHEMAS

/** Whether responses with this body carry X-TEC-Total and X-TEC-TotalPages. */
export const isPaged = (name: SchemaName) => (PAGED as TSchema[]).includes(SCHEMAS[name])

/** The media type of a body: JSON, unless the schema says otherwise (`Calendar`: text/calendar). */
export const mediaTypeOf = (name: SchemaName) =>
  MEDIA_TYPES.get(SCHEMAS[name]) ?? 'application/json'
