/**
 * Archive paging (docs/v1-reference.md §5.1) and the default date window (§5.1.2): pure functions,
 * no server.
 */
import { describe, expect, test } from '@jest/globals'
import { dateWindow } from '../../endpoints/events/dateWindow.js'
import {
  MAX_PER_PAGE,
  pageLinks,
  pageSize,
  totalHeaders,
  totalPagesOf,
} from '../../endpoints/paging.js'

describe('paging', () => {
  test('page size: the request’s or the site’s, never above 50', () => {
    expect(pageSize(undefined, 10)).toBe(10)
    expect(pageSize(25, 10)).toBe(25)
    expect(pageSize(500, 10)).toBe(MAX_PER_PAGE)
  })

  test('total pages: 0 for no items, else rounded up', () => {
    expect(totalPagesOf(0, 10)).toBe(0)
    expect(totalPagesOf(10, 10)).toBe(1)
    expect(totalPagesOf(11, 10)).toBe(2)
    expect(totalHeaders(11, 2)).toEqual({ 'X-TEC-Total': '11', 'X-TEC-TotalPages': '2' })
  })

  const root = 'https://example.org/api/cal/events/v1/'
  const base = `${root}events`

  test('links: no trailing slash, next replaces page, previous drops it for page 1, none past the ends', () => {
    const context = { root, linkLanguage: null }
    const query = new URLSearchParams({ per_page: '5', page: '2' })
    expect(pageLinks(context, 'events', query, 2, 3)).toEqual({
      rest_url: `${base}?per_page=5&page=2`,
      next_rest_url: `${base}?per_page=5&page=3`,
      previous_rest_url: `${base}?per_page=5`,
    })
    expect(pageLinks(context, 'events', new URLSearchParams({ page: '3' }), 3, 3)).toEqual({
      rest_url: `${base}?page=3`,
      previous_rest_url: `${base}?page=2`,
    })
    expect(pageLinks(context, 'events', new URLSearchParams(), 1, 1)).toEqual({
      rest_url: `${base}?page=1`,
    })
  })

  test('links: a language not given by a path segment rides in translation_language', () => {
    const context = { root, linkLanguage: 'fr' as const }
    expect(pageLinks(context, 'events', new URLSearchParams({ page: '2' }), 2, 3)).toEqual({
      rest_url: `${base}?page=2&translation_language=fr`,
      next_rest_url: `${base}?page=3&translation_language=fr`,
      previous_rest_url: `${base}?translation_language=fr`,
    })
    // A query that names the language already keeps it where it is.
    const named = new URLSearchParams({ translation_language: 'fr', page: '1' })
    expect(pageLinks(context, 'events', named, 1, 1)).toEqual({
      rest_url: `${base}?translation_language=fr&page=1`,
    })
  })
})

describe('dateWindow', () => {
  const NOW = new Date('2030-05-15T10:30:00Z')
  const window = (
    args: Record<string, unknown>,
    options: Partial<{ strict: boolean; include: boolean; siteZone: string }> = {},
  ) => dateWindow(args, { strict: false, include: false, siteZone: 'UTC', now: NOW, ...options })

  test('by default: from the site-local date of yesterday 23:59 UTC to the end of the day 24 months on', () => {
    expect(window({}).echo).toEqual({
      start_date: '2030-05-14 00:00:00',
      end_date: '2032-05-15 23:59:59',
    })
    // East of UTC that instant is already today; west of it, still the UTC-yesterday date.
    expect(window({}, { siteZone: 'Europe/Paris' }).echo.start_date).toBe('2030-05-15 00:00:00')
    expect(window({}, { siteZone: 'America/New_York' }).echo.start_date).toBe('2030-05-14 00:00:00')
  })

  test('inclusive bounds are whole days; strict ones are instants in the site zone', () => {
    expect(window({ start_date: '2030-06-01 15:00', end_date: '2030-06-02 08:00' }).echo).toEqual({
      start_date: '2030-06-01 00:00:00',
      end_date: '2030-06-02 23:59:59',
    })
    expect(
      window({ start_date: '2030-06-01 15:00:00' }, { strict: true, siteZone: 'Europe/Paris' })
        .echo,
    ).toEqual({ start_date: '2030-06-01 17:00:00' })
  })

  test('a relative bound drops the default window; include drops start and end dates', () => {
    expect(window({ starts_after: '2030-06-01' }).echo).toEqual({
      starts_after: '2030-06-01 23:59:59',
    })
    expect(window({ start_date: '2030-06-01' }, { include: true })).toEqual({ where: [], echo: {} })
  })

  test('each bound compares the local start or end with its operator', () => {
    expect(window({ start_date: '2030-06-01', end_date: '2030-06-30' }).where).toEqual([
      { startDateLocal: { greater_than_equal: '2030-06-01 00:00:00' } },
      { endDateLocal: { less_than_equal: '2030-06-30 23:59:59' } },
      // Implied by the end, a day later for a DST fall-back: the window's index seeks both ends.
      { startDateLocal: { less_than_equal: '2030-07-01 23:59:59' } },
    ])
  })

  test('an end bound also bounds the start, by the earliest of the end bounds', () => {
    const { where, echo } = window({ ends_before: '2030-06-10', end_date: '2030-06-30' })
    expect(echo).toEqual({ end_date: '2030-06-30 23:59:59', ends_before: '2030-06-10 23:59:59' })
    expect(where).toContainEqual({ startDateLocal: { less_than_equal: '2030-06-11 23:59:59' } })
    expect(window({ start_date: '2030-06-01' }).where).toEqual([
      { startDateLocal: { greater_than_equal: '2030-06-01 00:00:00' } },
    ])
  })
})
