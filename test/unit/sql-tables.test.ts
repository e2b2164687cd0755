import { describe, expect, test } from '@jest/globals'
import { tableNameOf } from '../../core/database/sqlTables.js'

describe('tableNameOf', () => {
  test('keys a slug in snake case, as Payload’s SQL adapters do, and gives the name the map has for it', () => {
    const map = new Map([
      ['cal_sequences', 'cal_sequences'],
      ['event_categories', 'event_categories'],
      ['happenings', 'app_happenings'],
    ])
    expect(tableNameOf(map, 'cal-sequences')).toBe('cal_sequences')
    expect(tableNameOf(map, 'eventCategories')).toBe('event_categories')
    expect(tableNameOf(map, 'happenings')).toBe('app_happenings')
    expect(tableNameOf(map, 'event-tags')).toBe('event_tags')
  })
})
