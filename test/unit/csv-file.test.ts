import { describe, expect, it } from '@jest/globals'
import {
  cellText,
  checkedMapping,
  CsvFileError,
  decodeCsv,
  parseCsv,
  proposeMapping,
} from '../../features/import/csvFile.js'

describe('decodeCsv', () => {
  const text = 'Venue Name,Venue City\r\nThéâtre,Zürich\r\n'
  it('reads UTF-8 with or without its byte-order mark, UTF-16 by its mark, else Windows-1252', () => {
    expect(decodeCsv(Buffer.from(text))).toEqual({ text, encoding: 'UTF-8' })
    expect(decodeCsv(Buffer.from(`\uFEFF${text}`))).toEqual({ text, encoding: 'UTF-8' })
    const le = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')])
    expect(decodeCsv(le)).toEqual({ text, encoding: 'UTF-16LE' })
    const be = Buffer.from(le.subarray(0))
    for (let i = 0; i < be.length; i += 2) [be[i], be[i + 1]] = [be[i + 1], be[i]]
    expect(decodeCsv(be)).toEqual({ text, encoding: 'UTF-16BE' })
    expect(decodeCsv(Buffer.from(text, 'latin1'))).toEqual({ text, encoding: 'Windows-1252' })
    // Windows-1252's own characters (the euro sign is 0x80).
    expect(decodeCsv(Buffer.from([0x80, 0x35])).text).toBe('€5')
  })
  it('refuses NUL bytes (UTF-16 without its mark)', () => {
    expect(() => decodeCsv(Buffer.from(text, 'utf16le'))).toThrow(CsvFileError)
  })
})

describe('parseCsv', () => {
  it('finds the delimiter, keeps quoted line breaks, marks ragged rows, skips blank ones', () => {
    const parsed = parseCsv('a;b;c\r\n1;"x\r\ny";3\r\n\r\n4;5\r\n;;\r\n6;7;8;9\r\n')
    expect(parsed.delimiter).toBe(';')
    expect(parsed.headers).toEqual(['a', 'b', 'c'])
    expect(parsed.rows.map(({ cells, error }) => [cells, error])).toEqual([
      [['1', 'x\r\ny', '3'], undefined],
      [['4', '5'], 'row 3: 2 cells where the header has 3'],
      [['6', '7', '8', '9'], 'row 5: 4 cells where the header has 3'],
    ])
    expect(parseCsv('a\tb\n1\t2\n').delimiter).toBe('\t')
  })
  it('refuses an empty file and an unclosed quote', () => {
    expect(() => parseCsv('')).toThrow(/empty/)
    expect(() => parseCsv('\uFEFF\r\n')).toThrow(/empty/)
    expect(() => parseCsv('a,b\n"1,2\n')).toThrow(/cannot be read as CSV/)
  })
})

describe('mapping', () => {
  it('maps our export’s columns and The Events Calendar’s, whatever the case', () => {
    expect(
      proposeMapping(
        ['EVENT NAME', 'event start date', 'Event Start Time', 'venue.global_id', 'cost', 'x'],
        'events',
      ),
    ).toEqual({
      'EVENT NAME': 'title',
      'event start date': 'start_date',
      'Event Start Time': 'start_time',
      'venue.global_id': 'venue.global_id',
      cost: 'cost',
      x: null,
    })
    expect(proposeMapping(['Venue Name', 'Venue State/Province', 'id'], 'venues')).toEqual({
      'Venue Name': 'venue',
      'Venue State/Province': 'stateprovince',
      id: null,
    })
    // The second header that means the same column is left out.
    expect(proposeMapping(['title', 'Event Name'], 'events')).toEqual({
      title: 'title',
      'Event Name': null,
    })
  })
  it('takes an edited mapping, and refuses unknown headers, columns and a column filled twice', () => {
    expect(checkedMapping(['A', 'Event Name'], 'events', { A: 'excerpt' })).toEqual({
      A: 'excerpt',
      'Event Name': 'title',
    })
    expect(() => checkedMapping(['A'], 'events', { B: 'title' })).toThrow(
      /not a column of the file/,
    )
    expect(() => checkedMapping(['A'], 'events', { A: 'author' })).toThrow(/not a column of events/)
    expect(() => checkedMapping(['A', 'Event Name'], 'events', { A: 'title' })).toThrow(
      /two headers fill title/,
    )
  })
})

it('takes off the quote our export puts before formulas, and keeps other text as it is', () => {
  expect(cellText("'=SUM(A1)")).toBe('=SUM(A1)')
  expect(cellText("'-5")).toBe('-5')
  expect(cellText('=SUM(A1)')).toBe('=SUM(A1)')
  expect(cellText("'quoted")).toBe("'quoted")
})
