/**
 * The facet index's storage (endpoints/events/facetColumns.ts): places by id, one value or several
 * per place, and the id lists the stores give. Each is held to a plain model of the same writes.
 */
import { describe, expect, test } from '@jest/globals'
import fc from 'fast-check'
import {
  ListColumn,
  OneColumn,
  Places,
  Values,
  forEachId,
  parseIds,
} from '../../endpoints/events/facetColumns.js'

const countsOf = (column: OneColumn | ListColumn, places: number[], size: number) => {
  const counts = new Int32Array(size)
  column.countInto(Int32Array.from(places), counts)
  return [...counts]
}

describe('id lists', () => {
  test('reads every id of a comma-separated text, and none of an empty one', () => {
    expect(parseIds('3,17,200000,4')).toEqual([3, 17, 200000, 4])
    expect(parseIds('')).toEqual([])
    expect(parseIds('7')).toEqual([7])
    const seen: number[] = []
    forEachId('1,22,333', (id) => seen.push(id))
    expect(seen).toEqual([1, 22, 333])
  })

  test('round trip: any ids joined with commas read back the same', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 2 ** 31 - 1 })), (ids) => {
        expect(parseIds(ids.join(','))).toEqual(ids)
      }),
    )
  })
})

describe('places', () => {
  test('gives each id a place, dense ids in an array and far ones in a map, and reuses freed places', () => {
    const places = new Places()
    expect(places.take(5)).toBe(0)
    expect(places.take(9)).toBe(1)
    expect(places.take(5)).toBe(0)
    // Far beyond the events known: kept apart.
    expect(places.take(2 ** 40)).toBe(2)
    expect(places.get(2 ** 40)).toBe(2)
    expect(places.get(6)).toBe(-1)
    expect(places.remove(9)).toBe(1)
    expect(places.get(9)).toBe(-1)
    expect(places.take(12)).toBe(1)
    expect(places.remove(2 ** 40)).toBe(2)
    expect(places.remove(2 ** 40)).toBe(-1)
    expect(places.take(3)).toBe(2)
    expect(places.size).toBe(3)
  })

  test('reads an id list into places in ascending order, naming the ids it does not know', () => {
    const places = new Places()
    for (const id of [40, 10, 30]) places.take(id)
    const { places: found, unknown } = places.ofList('30,99,10,40,7')
    expect([...found]).toEqual([0, 1, 2])
    expect(unknown).toEqual([99, 7])
  })

  test('model: any takes and removes leave each kept id one place of its own', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.boolean(), fc.integer({ min: 0, max: 3000 }))), (steps) => {
        const places = new Places()
        const model = new Map<number, number>()
        for (const [take, id] of steps) {
          if (take) model.set(id, places.take(id))
          else {
            places.remove(id)
            model.delete(id)
          }
        }
        for (const [id, place] of model) expect(places.get(id)).toBe(place)
        expect(new Set(model.values()).size).toBe(model.size)
      }),
    )
  })
})

describe('columns', () => {
  test('one value per place: counts the places given, skipping none (-1) and unknown places', () => {
    const column = new OneColumn()
    column.set(0, 2)
    column.set(1, 0)
    column.set(2, -1)
    column.set(5000, 2)
    expect(countsOf(column, [0, 1, 2, 5000, -1, 9999], 3)).toEqual([1, 0, 2])
  })

  test('several values per place: a list may grow, shrink or empty, and the pool is compacted', () => {
    const column = new ListColumn()
    column.set(0, [1, 2])
    column.set(1, [2])
    column.set(0, [0, 1, 2, 3])
    column.set(1, [])
    expect(countsOf(column, [0, 1], 4)).toEqual([1, 1, 1, 1])
    // Many rewrites that grow: the pool is compacted on the way and keeps every list.
    for (let round = 0; round < 50; round++)
      for (let place = 0; place < 200; place++)
        column.set(
          place,
          Array.from({ length: 1 + ((round + place) % 5) }, (_, i) => i),
        )
    const model = Array.from({ length: 200 }, (_, place) => 1 + ((49 + place) % 5))
    const counts = countsOf(
      column,
      model.map((_, place) => place),
      5,
    )
    expect(counts).toEqual(
      [0, 1, 2, 3, 4].map((value) => model.filter((length) => length > value).length),
    )
  })

  test('values: each text numbered once, in order of first sight', () => {
    const values = new Values()
    expect(['b', 'a', 'b', 'c'].map((text) => values.numberOf(text))).toEqual([0, 1, 0, 2])
    expect(values.texts).toEqual(['b', 'a', 'c'])
  })
})
