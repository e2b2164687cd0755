/** What kept answers depend on, and what a generation changed (endpoints/cache). */
import { describe, expect, test } from '@jest/globals'
import { changedBetween, type CalendarGeneration } from '../../endpoints/calendarState.js'
import { dependenciesOf, isAffected } from '../../endpoints/cache/dependencies.js'

const V1 = '/api/cal/events/v1'
const of = (path: string, query = '') => dependenciesOf(path, new URLSearchParams(query))

describe('dependenciesOf', () => {
  test('by route', () => {
    // A single event shows its terms' counts, which the log names as changes of the terms only.
    expect(of(`${V1}/events/12`)).toEqual(['events:12', 'categories:*', 'tags:*'])
    expect(of(`${V1}/events`)).toEqual(['events:*'])
    expect(of(`${V1}/events/by-slug/jazz`)).toEqual(['events:*'])
    expect(of(`${V1}/venues/3`)).toEqual(['venues:3'])
    expect(of(`${V1}/venues`)).toEqual(['venues:*'])
    expect(of(`${V1}/venues`, 'only_with_upcoming=true')).toEqual(['venues:*', 'events:*'])
    expect(of(`${V1}/categories`, 'event=4')).toEqual(['categories:*', 'events:*'])
    expect(of(`${V1}/tags/9`)).toEqual(['tags:9'])
    expect(of(`${V1}`)).toEqual([])
    expect(of(`${V1}/doc`)).toEqual([])
    expect(of(`${V1}/changes`)).toBeNull()
    expect(of('/api/cal/ical/events.ics')).toBeNull()
  })
})

describe('isAffected', () => {
  const changed = new Set(['events:7'])
  test('a record, its resource, or anything', () => {
    expect(isAffected(['events:7'], changed)).toBe(true)
    expect(isAffected(['events:8'], changed)).toBe(false)
    expect(isAffected(['events:*'], changed)).toBe(true)
    expect(isAffected(['venues:*'], changed)).toBe(false)
    expect(isAffected([], changed)).toBe(false)
    expect(isAffected(null, changed)).toBe(true)
  })
})

describe('changedBetween', () => {
  const generation = (
    serial: number,
    changed: string[] | null,
    previous: CalendarGeneration | null,
  ): CalendarGeneration => ({
    mark: serial,
    until: Infinity,
    serial,
    logSequence: serial,
    changed: changed && new Set(changed),
    previous,
  })
  test('adds up the generations in between; null when one cannot tell or the chain is cut', () => {
    const first = generation(1, null, null)
    const second = generation(2, ['events:1'], first)
    const third = generation(3, ['venues:2'], second)
    expect(changedBetween(first, third)).toEqual(new Set(['events:1', 'venues:2']))
    expect(changedBetween(second, third)).toEqual(new Set(['venues:2']))
    expect(changedBetween(generation(0, [], null), third)).toBeNull()
    expect(changedBetween(first, generation(4, null, third))).toBeNull()
  })
})
