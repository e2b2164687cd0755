/**
 * The shapes several keys of the event table (events.ts) share: flags, wall clocks and their
 * details, term lists, texts, words.
 */
import Type from 'typebox'
import { dateDetails } from '../../core/lib/dates.js'
import type { Event as StoredEvent } from '../../core/documents.js'
import { resolveTerms } from './termArgs.js'
import { idOf } from '../parts/common.js'
import { shownTermCount } from '../forms/load.js'
import { embeddedTerm, sortByName } from './termRecords.js'
import { DateDetails, EmbeddedTerm, lockableFlag, wallClock } from '../parts/schemas.js'
import type { Taxonomy } from '../taxonomies.js'
import type { EventView } from './eventsRead.js'
import type { Flat } from './flat.js'
import type { StoredKey, WireField } from './table.js'

/** A yes/no key stored in `field`, shown through `shown`; null when locked. */
export const flag = (
  field: StoredKey<StoredEvent>,
  description: string,
  shown: (value: unknown) => boolean,
  schema: string,
  flat?: Flat<EventView>,
) =>
  ({
    schema: lockableFlag(schema),
    show: ({ doc }) => shown(doc[field]),
    locked: null,
    field,
    param: { kind: 'boolean', description },
    flat,
  }) satisfies WireField<EventView, StoredEvent>
export const isTrue = (value: unknown) => value === true
export const notFalse = (value: unknown) => value !== false

/** A wall clock the view worked out, shown only. */
export const wall = (description: string, pick: (view: EventView) => string) =>
  ({ schema: wallClock(description), show: pick }) satisfies WireField<
    EventView,
    StoredEvent
  > /** The parts of a wall clock the view worked out (`*_date_details`). */
export const details = (pick: (view: EventView) => string) =>
  ({ schema: DateDetails, show: (view) => dateDetails(pick(view)) }) satisfies WireField<
    EventView,
    StoredEvent
  >

/** A taxonomy's terms, embedded by name; written as ids, slugs or names (missing ones made). */
export const terms = (
  taxonomy: Taxonomy,
  description: string,
  param: string,
  flat: Flat<EventView>,
) =>
  ({
    schema: Type.Array(EmbeddedTerm, { description }),
    show: ({ doc, related, context }) =>
      sortByName(
        ((doc[taxonomy] ?? []) as unknown[])
          .map((value) => related[taxonomy].get(idOf(value) ?? -1))
          .filter((term) => term !== undefined)
          .map((term) =>
            embeddedTerm(term, taxonomy, shownTermCount(context, taxonomy, term), context),
          ),
      ),
    locked: [],
    field: taxonomy,
    param: { kind: 'any', description: param },
    write: async (args, context) =>
      args[taxonomy] !== undefined
        ? { [taxonomy]: await resolveTerms(context, taxonomy, args[taxonomy]) }
        : undefined,
    flat,
  }) satisfies WireField<EventView, StoredEvent>

/** A text in the request's language, searched, shown through `render`. */
export const text = (
  field: StoredKey<StoredEvent>,
  schema: string,
  param: string,
  render: (value: unknown) => string,
) =>
  ({
    schema: Type.String({ description: schema }),
    show: ({ doc }) => render(doc[field]),
    field,
    search: true,
    param: { kind: 'text', description: param },
  }) satisfies WireField<EventView, StoredEvent>

/** One of a few words, as schema and argument. */
export const oneOf = (values: readonly string[], description: string) =>
  Type.Union(
    values.map((value) => Type.Literal(value)),
    { description },
  )
