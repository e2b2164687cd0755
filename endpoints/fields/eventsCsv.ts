/**
 * The CSV side of the event table (events.ts, flat.ts): the columns of the keys that are not one
 * plain cell, and how an import reads them back into a write.
 */
import { rawCosts } from '../../core/lib/cost.js'
import { spreadsheetDateTime } from '../../core/lib/spreadsheetDates.js'
import type { Taxonomy } from '../taxonomies.js'
import type { EventView } from './eventsRead.js'
import { CellError, cellOf, listOf, type Cells, type Flat, type FlatWrite } from './flat.js'

/**
 * A term list as the names the terms are stored with, in the record's order; on import, names
 * (or slugs) that the write finds or creates, as v1 does.
 */
export const termsFlat = (taxonomy: Taxonomy, ...aliases: string[]): Flat<EventView> => ({
  columns: [
    {
      name: taxonomy,
      aliases,
      cell: (record, view) =>
        (record[taxonomy] as { id: number; name: string }[]).map(
          (term) => view.related[taxonomy].get(term.id)?.name ?? term.name,
        ),
    },
  ],
  read: (cells, write) => {
    if (cells[taxonomy] !== undefined) write.args[taxonomy] = listOf(cells[taxonomy])
  },
})

/**
 * A start or end as one wall clock in the event's zone; on import also a date and a time in two
 * columns, in the forms spreadsheets write (The Events Calendar's "Event Start Date" and "Event
 * Start Time"). A row without an end ends when it starts, as there.
 */
export const dateFlat = (key: 'start_date' | 'end_date', dateAlias: string): Flat<EventView> => {
  const time = key === 'start_date' ? 'start_time' : 'end_time'
  return {
    columns: [
      { name: key, aliases: [dateAlias], cell: (record) => cellOf(record[key]) },
      { name: time, aliases: [dateAlias.replace('Date', 'Time')] },
    ],
    read: (cells: Cells, write: FlatWrite) => {
      if (cells[key] !== undefined) {
        write.args[key] = spreadsheetDateTime(cells[key], cells[time])
        return
      }
      if (key === 'end_date' && cells.start_date !== undefined)
        write.args.end_date = spreadsheetDateTime(
          cells.start_date,
          cells.end_time ?? cells.start_time,
        )
      else if (cells[time] !== undefined)
        throw new CellError(time, `a time without a date (${key}).`)
    },
  }
}

/** `prefix` or `postfix` as spreadsheets may say it. */
function currencyPosition(text: string): 'prefix' | 'postfix' {
  const word = text.trim().toLowerCase()
  if (['prefix', 'before', 'left'].includes(word)) return 'prefix'
  if (['postfix', 'suffix', 'after', 'right'].includes(word)) return 'postfix'
  throw new CellError('cost_details.currency_position', `"${text}" is not prefix or postfix.`)
}

/**
 * A linked venue or organizer as its name, and its `global_id`: on import, the record an earlier
 * import of that id wrote, else one of that name (created when there is none).
 */
export const linkedFlat = (key: 'venue' | 'organizer', ...aliases: string[]): Flat<EventView> => {
  /** The linked records an event record shows: its venue (`[]` when none), its organizers. */
  const records = (record: Record<string, unknown>) =>
    (key === 'venue' ? (Array.isArray(record.venue) ? [] : [record.venue]) : record.organizer) as {
      id: number
      global_id: string
      [name: string]: unknown
    }[]
  const stored = (view: EventView) =>
    key === 'venue' ? view.related.venues : view.related.organizers
  const sourceIds = `${key}.global_id`
  return {
    columns: [
      {
        name: key,
        aliases,
        cell: (record, view) =>
          records(record).map((linked) => stored(view).get(linked.id)?.name ?? String(linked[key])),
      },
      {
        name: sourceIds,
        cell: (record) => records(record).map((linked) => linked.global_id),
      },
    ],
    read: (cells, write) => {
      const names =
        cells[key] === undefined ? [] : key === 'venue' ? [cells.venue.trim()] : listOf(cells[key])
      const ids = cells[sourceIds] === undefined ? [] : listOf(cells[sourceIds])
      const refs = Array.from({ length: Math.max(names.length, ids.length) }, (_, i) => ({
        ...(names[i] ? { name: names[i] } : {}),
        ...(ids[i] ? { sourceId: ids[i] } : {}),
      }))
      if (key === 'venue') {
        if (refs.length > 1) throw new CellError(sourceIds, 'an event has one venue.')
        if (refs[0]) write.links.venue = refs[0]
      } else if (refs.length) write.links.organizers = refs
    },
  }
}

/**
 * A cell of one of a few words, as spreadsheets write them: `Moved online` is `moved_online` (a
 * blank cell is no argument, cells.ts).
 */
export const wordCell = (key: string, ...aliases: string[]): Flat<EventView> => ({
  columns: [{ name: key, aliases, cell: (record) => cellOf(record[key]) }],
  read: (cells, write) => {
    const text = cells[key]
    if (text !== undefined) write.args[key] = text.trim().toLowerCase().replace(/\s+/g, '_')
  },
})

/** The costs as written (the record shows them formatted), one per line. */
export const costFlat: Flat<EventView> = {
  columns: [
    {
      name: 'cost',
      aliases: ['Event Cost'],
      list: 'lines',
      cell: (_record, view, locked) => (locked ? [] : (rawCosts(view.doc.cost) ?? [])),
    },
  ],
  read: (cells, write) => {
    if (cells.cost !== undefined) write.args.cost = listOf(cells.cost, 'lines')
  },
}

/** The currency as stored; on import it is stored as given (v1 infers it from the cost). */
export const costDetailsFlat: Flat<EventView> = {
  columns: (['currency_symbol', 'currency_position', 'currency_code'] as const).map((part) => ({
    name: `cost_details.${part}`,
    aliases:
      part === 'currency_code'
        ? []
        : [part === 'currency_symbol' ? 'Event Currency Symbol' : 'Event Currency Position'],
    cell: (record) => cellOf((record.cost_details as Record<string, unknown>)[part]),
  })),
  read: (cells, write) => {
    const symbol = cells['cost_details.currency_symbol']
    const position = cells['cost_details.currency_position']
    const code = cells['cost_details.currency_code']
    if (symbol !== undefined) write.stored.currencySymbol = symbol.trim()
    if (position !== undefined) write.stored.currencyPosition = currencyPosition(position)
    if (code !== undefined) write.stored.currencyCode = code.trim()
  },
}
