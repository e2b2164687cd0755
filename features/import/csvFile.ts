import { CsvError as ParseError, parse } from 'csv-parse/sync'
import iconv from 'iconv-lite'
import { EVENT_FIELDS } from '../../endpoints/fields/events.js'
import { importTargets, type Cells, type ImportTarget } from '../../endpoints/fields/flat.js'
import { ORGANIZER_FIELDS } from '../../endpoints/fields/organizers.js'
import type { AnyFieldTable } from '../../endpoints/fields/table.js'
import { VENUE_FIELDS } from '../../endpoints/fields/venues.js'

/**
 * A CSV file as the import reads it (pure): its bytes decoded, its rows parsed by csv-parse, and
 * its header's columns mapped onto the columns of the resource's field table (`importTargets` of
 * endpoints/fields/flat.ts: our export's names and The Events Calendar's, which the tables give
 * as aliases).
 */

export const CSV_TYPES = ['events', 'venues', 'organizers'] as const
export type CsvType = (typeof CSV_TYPES)[number]

export const TABLES: Record<CsvType, AnyFieldTable> = {
  events: EVENT_FIELDS,
  venues: VENUE_FIELDS,
  organizers: ORGANIZER_FIELDS,
}

/** The largest CSV file the import takes (bytes; its text is stored on the run until it ends). */
export const MAX_CSV_BYTES = 10 * 1024 * 1024

/** The longest cell (characters): csv-parse's `max_record_size` bounds a row. */
const MAX_ROW_CHARACTERS = 1_000_000

/** A file the import cannot read at all: nothing of it is written. */
export class CsvFileError extends Error {}

/**
 * The text of a CSV file: UTF-8 (with or without a byte-order mark), UTF-16 with its byte-order
 * mark, else Windows-1252 (the Latin-1 of spreadsheet programs) when the bytes are not UTF-8.
 * Returns the encoding read, for a notice.
 */
export function decodeCsv(bytes: Uint8Array): { text: string; encoding: string } {
  if (bytes.length > MAX_CSV_BYTES)
    throw new CsvFileError(`The file is larger than ${MAX_CSV_BYTES / 1024 / 1024} MB.`)
  const starts = (...prefix: number[]) => prefix.every((byte, i) => bytes[i] === byte)
  if (starts(0xff, 0xfe))
    return { text: new TextDecoder('utf-16le').decode(bytes.subarray(2)), encoding: 'UTF-16LE' }
  if (starts(0xfe, 0xff))
    return { text: new TextDecoder('utf-16be').decode(bytes.subarray(2)), encoding: 'UTF-16BE' }
  const utf8 = starts(0xef, 0xbb, 0xbf) ? bytes.subarray(3) : bytes
  // NUL bytes: UTF-16 (or UTF-32) without its byte-order mark, or not text at all.
  if (utf8.includes(0))
    throw new CsvFileError(
      'The file is not text in a known encoding (it holds NUL bytes: UTF-16 without a byte-order mark?). Save it as CSV UTF-8.',
    )
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(utf8), encoding: 'UTF-8' }
  } catch {
    // Node's TextDecoder reads 'windows-1252' as ISO-8859-1 (0x80 is not €): iconv-lite's table.
    return { text: iconv.decode(Buffer.from(utf8), 'win1252'), encoding: 'Windows-1252' }
  }
}

/**
 * One row of the file: its number as a spreadsheet shows it (the header is row 1; blank rows are
 * not counted), its cells, or why it cannot be read.
 */
export type CsvRow = { row: number; cells: string[]; error?: string }

export type ParsedCsv = { headers: string[]; rows: CsvRow[]; delimiter: string }

const DELIMITERS = [',', ';', '\t'] as const

const parseOptions = (delimiter: string) => ({
  delimiter,
  relax_column_count: true,
  skip_empty_lines: true,
  max_record_size: MAX_ROW_CHARACTERS,
})

/**
 * The header and rows of a CSV text. The delimiter is the one of `,`, `;` and tab that splits
 * the header row into most columns (spreadsheets set to a European locale write `;`). A row with
 * another number of cells than the header keeps an error; an unreadable file (a quote never
 * closed) throws CsvFileError.
 */
export function parseCsv(text: string): ParsedCsv {
  const body = text.replace(/^\uFEFF/, '')
  if (body.trim() === '') throw new CsvFileError('The file is empty.')
  let delimiter: string = ','
  let widest = 0
  for (const candidate of DELIMITERS) {
    try {
      const [first] = parse(body, { delimiter: candidate, to_line: 1, relax_quotes: true }) as [
        string[],
      ]
      if ((first?.length ?? 0) > widest) {
        widest = first.length
        delimiter = candidate
      }
    } catch {
      // not this delimiter
    }
  }
  let records: string[][]
  try {
    records = parse(body, parseOptions(delimiter)) as string[][]
  } catch (error) {
    throw new CsvFileError(
      `The file cannot be read as CSV: ${(error as ParseError).message ?? String(error)}`,
    )
  }
  const [head, ...rest] = records
  const headers = head.map((name) => name.trim())
  if (headers.every((name) => name === '')) throw new CsvFileError('The header row is empty.')
  const rows = rest
    .map((cells, i): CsvRow => {
      const row: CsvRow = { row: i + 2, cells }
      if (cells.length !== headers.length)
        row.error = `row ${i + 2}: ${cells.length} cells where the header has ${headers.length}`
      return row
    })
    .filter(({ cells }) => cells.some((cell) => cell.trim() !== ''))
  return { headers, rows, delimiter }
}

/** The columns a CSV of `type` can fill. */
export const targetsOf = (type: CsvType): ImportTarget[] => importTargets(TABLES[type])

const comparable = (name: string) => name.trim().toLowerCase().replace(/\s+/g, ' ')

/**
 * Header → column of the field table (or null: not imported), matched by the column's name or
 * one of its aliases, whatever the case. A column that two headers would fill goes to the first.
 */
export type Mapping = Record<string, string | null>

export function proposeMapping(headers: string[], type: CsvType): Mapping {
  const byName = new Map<string, string>()
  for (const target of targetsOf(type))
    for (const name of [target.name, ...target.aliases])
      if (!byName.has(comparable(name))) byName.set(comparable(name), target.name)
  const taken = new Set<string>()
  const mapping: Mapping = {}
  for (const header of headers) {
    const target = byName.get(comparable(header)) ?? null
    mapping[header] = target && !taken.has(target) ? target : null
    if (target) taken.add(target)
  }
  return mapping
}

/**
 * A mapping given with an import: every named column must be one of the type's; headers it does
 * not name keep the proposed column. Throws CsvFileError naming what is wrong.
 */
export function checkedMapping(
  headers: string[],
  type: CsvType,
  given: Record<string, unknown> | null | undefined,
): Mapping {
  const mapping = proposeMapping(headers, type)
  if (!given) return mapping
  const valid = new Set(targetsOf(type).map((target) => target.name))
  const problems: string[] = []
  for (const [header, target] of Object.entries(given)) {
    if (!headers.includes(header)) problems.push(`"${header}" is not a column of the file`)
    else if (target === null || target === '') mapping[header] = null
    else if (typeof target === 'string' && valid.has(target)) mapping[header] = target
    else problems.push(`"${header}": ${JSON.stringify(target)} is not a column of ${type}`)
  }
  const used = Object.values(mapping).filter((target): target is string => target !== null)
  const twice = used.filter((target, i) => used.indexOf(target) !== i)
  if (twice.length) problems.push(`two headers fill ${[...new Set(twice)].join(', ')}`)
  if (problems.length) throw new CsvFileError(`mapping: ${problems.join('; ')}`)
  return mapping
}

/**
 * A cell as written by a spreadsheet program or by our export: a `'` that our export (and
 * spreadsheets) put before text that would be read as a formula is taken off; anything else,
 * formulas included, is kept as text.
 */
export const cellText = (cell: string): string =>
  /^'[=+\-@\t\r＝＋－＠]/.test(cell) ? cell.slice(1) : cell

/** A row's cells by column of the field table: only mapped, non-blank cells. */
export function cellsOf(row: CsvRow, headers: string[], mapping: Mapping): Cells {
  const cells: Cells = {}
  headers.forEach((header, i) => {
    const target = mapping[header]
    const value = row.cells[i]
    if (!target || value === undefined || value.trim() === '') return
    cells[target] = cellText(value)
  })
  return cells
}
