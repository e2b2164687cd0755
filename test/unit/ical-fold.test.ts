/**
 * The calendar feeds' line folding (endpoints/ical/fold.ts): the same bytes as ical-generator's,
 * which it replaces for speed.
 */
import { describe, expect, test } from '@jest/globals'
import fc from 'fast-check'
import { foldLines as librarysFold } from 'ical-generator'
import { foldLines } from '../../endpoints/ical/fold.js'

const octetsOf = (line: string) => Buffer.byteLength(line)

describe('foldLines', () => {
  test('folds long lines at 75 octets, never inside a character, and leaves short ones alone', () => {
    expect(foldLines('SUMMARY:Jazz night')).toBe('SUMMARY:Jazz night')
    const long = `DESCRIPTION:${'é'.repeat(60)}🎷${'a'.repeat(100)}`
    const folded = foldLines(long)
    for (const line of folded.split('\r\n')) expect(octetsOf(line)).toBeLessThanOrEqual(75)
    expect(folded.replace(/\r\n /g, '')).toBe(long)
    expect(folded).toContain('🎷')
  })

  test('gives the bytes ical-generator gives, for any text of any code units', () => {
    const line = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 300 }),
      fc.string({ unit: 'grapheme', maxLength: 200 }),
      fc.string({ maxLength: 200 }),
    )
    fc.assert(
      fc.property(fc.array(line, { maxLength: 5 }), (lines) => {
        const text = lines.join('\r\n')
        expect(foldLines(text)).toBe(librarysFold(text))
      }),
      { numRuns: 3000 },
    )
    for (const text of [
      '\ud800',
      '\ud800a',
      'a\udc00',
      `${'x'.repeat(73)}\ud83c\udfb7`,
      `${'x'.repeat(74)}\ud800`,
      '',
    ])
      expect(foldLines(text)).toBe(librarysFold(text))
  })
})
