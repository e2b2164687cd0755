/** Which writes of one record by id share the calendar on PostgreSQL (recordTurn.ts). */
import { describe, expect, test } from '@jest/globals'
import { fitsRecordTurn } from '../../core/database/recordTurn.js'

describe('fitsRecordTurn', () => {
  test('deletes for good never share: they unlink what points at the record', () => {
    for (const role of ['events', 'linked', 'categories', 'tags'] as const)
      expect(fitsRecordTurn(role, 'delete', undefined, {})).toBe(false)
  })

  test('events: plain ones and dates on their own share; series, and writes that make one, do not', () => {
    const plain = { id: 1, isSeries: false, series: null }
    expect(fitsRecordTurn('events', 'update', { title: 'x' }, plain)).toBe(true)
    expect(fitsRecordTurn('events', 'update', { deletedAt: '2026-01-01' }, plain)).toBe(true)
    expect(fitsRecordTurn('events', 'update', { title: 'x' }, { isSeries: true })).toBe(false)
    expect(fitsRecordTurn('events', 'update', { title: 'x' }, { series: 4 })).toBe(true)
    expect(fitsRecordTurn('events', 'update', { applyTo: 'all' }, { series: 4 })).toBe(false)
    for (const key of ['recurrence', 'isSeries', 'series', 'applyTo'])
      expect(fitsRecordTurn('events', 'update', { [key]: null }, plain)).toBe(false)
  })

  test('venues and organizers share unless moved to the trash', () => {
    expect(fitsRecordTurn('linked', 'update', { name: 'Hall' })).toBe(true)
    expect(fitsRecordTurn('linked', 'update', { deletedAt: null })).toBe(true)
    expect(fitsRecordTurn('linked', 'update', { deletedAt: '2026-01-01T00:00:00Z' })).toBe(false)
  })

  test('categories share unless their parent changes; tags always', () => {
    expect(fitsRecordTurn('categories', 'update', { name: 'Jazz' })).toBe(true)
    expect(fitsRecordTurn('categories', 'update', { parent: 3 })).toBe(false)
    expect(fitsRecordTurn('categories', 'update', { parent: null })).toBe(false)
    expect(fitsRecordTurn('tags', 'update', { name: 'x', parent: 3 })).toBe(true)
  })
})
