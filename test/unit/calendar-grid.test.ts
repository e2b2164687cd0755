/**
 * The admin calendar's arithmetic (features/admin/calendar/grid.ts) and the zoned times of the
 * admin: pure functions, no server.
 */
import { describe, expect, test } from '@jest/globals'
import {
  calendarQuery,
  type CalendarEvent,
  lastDayOf,
  layoutWeek,
  shiftAnchor,
  toCalendarEvent,
  visibleDays,
  weeksOf,
  windowOf,
} from '../../features/admin/calendar/grid.js'
import { zoneOptions } from '../../features/admin/timezone/zones.js'
import { zonedTime } from '../../features/admin/timezone/zonedTime.js'

const event = (
  id: number,
  start: string,
  end: string,
  extra: Partial<CalendarEvent> = {},
): CalendarEvent => ({
  id,
  title: `Event ${id}`,
  status: 'publish',
  allDay: false,
  start,
  end,
  ...extra,
})

describe('the days shown', () => {
  test('a month is whole weeks, Monday to Sunday, around its days', () => {
    const days = visibleDays('2031-03-17', 'month')
    expect(days[0]).toBe('2031-02-24') // 1 March 2031 is a Saturday
    expect(days[days.length - 1]).toBe('2031-04-06')
    expect(days.length % 7).toBe(0)
    expect(weeksOf(days).every((week) => week.length === 7)).toBe(true)
  })

  test('a week is its seven days from Monday', () => {
    expect(visibleDays('2031-03-05', 'week')).toEqual([
      '2031-03-03',
      '2031-03-04',
      '2031-03-05',
      '2031-03-06',
      '2031-03-07',
      '2031-03-08',
      '2031-03-09',
    ])
  })

  test('the window to load is those days, in wall-clock times', () => {
    expect(windowOf(visibleDays('2031-03-05', 'week'))).toEqual({
      from: '2031-03-03 00:00:00',
      before: '2031-03-10 00:00:00',
    })
  })

  test('paging moves by a month (to its first day) or by a week, across years', () => {
    expect(shiftAnchor('2031-01-31', 'month', 1)).toBe('2031-02-01')
    expect(shiftAnchor('2031-01-15', 'month', -1)).toBe('2030-12-01')
    expect(shiftAnchor('2030-12-29', 'week', 1)).toBe('2031-01-05')
  })
})

describe('where events go', () => {
  const week = visibleDays('2031-03-05', 'week')

  test('an event within a day is listed on its local start day, in order of start', () => {
    const layout = layoutWeek(week, [
      event(2, '2031-03-05 19:00:00', '2031-03-05 21:00:00'),
      event(1, '2031-03-05 09:00:00', '2031-03-05 10:00:00'),
    ])
    expect(layout.timed['2031-03-05'].map((e) => e.id)).toEqual([1, 2])
    expect(layout.spans).toEqual([])
  })

  test('all-day and multi-day events are bars over their days, in lanes that do not overlap', () => {
    const layout = layoutWeek(week, [
      event(1, '2031-03-04 00:00:00', '2031-03-04 23:59:59', { allDay: true }),
      event(2, '2031-03-03 20:00:00', '2031-03-06 02:00:00'),
      event(3, '2031-03-06 10:00:00', '2031-03-07 12:00:00'),
    ])
    const bars = Object.fromEntries(
      layout.spans.map((span) => [span.event.id, [span.firstColumn, span.lastColumn, span.lane]]),
    )
    expect(bars).toEqual({ 2: [0, 3, 0], 1: [1, 1, 1], 3: [3, 4, 1] })
    expect(layout.lanes).toBe(2)
    expect(Object.values(layout.timed).flat()).toEqual([])
  })

  test('a bar cut by the week says it goes on before or after', () => {
    const [span] = layoutWeek(week, [event(1, '2031-02-27 10:00:00', '2031-03-12 10:00:00')]).spans
    expect(span).toMatchObject({
      firstColumn: 0,
      lastColumn: 6,
      continuesBefore: true,
      continuesAfter: true,
    })
  })

  test('an event ending at midnight does not take the next day', () => {
    expect(lastDayOf(event(1, '2031-03-05 22:00:00', '2031-03-06 00:00:00'))).toBe('2031-03-05')
    expect(
      layoutWeek(week, [event(1, '2031-03-05 22:00:00', '2031-03-06 00:00:00')]).timed[
        '2031-03-05'
      ],
    ).toHaveLength(1)
  })

  test('events outside the week are left out', () => {
    const layout = layoutWeek(week, [
      event(1, '2031-03-10 10:00:00', '2031-03-10 11:00:00'),
      event(2, '2031-02-01 10:00:00', '2031-03-02 23:00:00'),
    ])
    expect(layout.spans).toEqual([])
    expect(Object.values(layout.timed).flat()).toEqual([])
  })
})

describe('the query of Payload’s REST', () => {
  test('bounded by the window on the indexed local dates, filtered, only the fields shown', () => {
    const query = calendarQuery(
      { from: '2031-03-03 00:00:00', before: '2031-03-10 00:00:00' },
      { category: '4', venue: '7', organizer: '9' },
      500,
      'fr',
    )
    expect(Object.fromEntries(query)).toMatchObject({
      'where[and][0][startDateLocal][less_than]': '2031-03-10 00:00:00',
      'where[and][1][endDateLocal][greater_than_equal]': '2031-03-03 00:00:00',
      'where[and][2][isSeries][not_equals]': 'true',
      'where[and][3][categories][in]': '4',
      'where[and][4][venue][equals]': '7',
      'where[and][5][organizers][in]': '9',
      sort: 'startDateLocal',
      limit: '500',
      depth: '0',
      locale: 'fr',
      'select[startDateLocal]': 'true',
    })
  })

  test('a record without local times is not placed; one without a title shows its id', () => {
    expect(toCalendarEvent({ id: 3, startDateLocal: null, endDateLocal: null })).toBeNull()
    expect(
      toCalendarEvent({
        id: 3,
        title: '',
        status: 'pending',
        startDateLocal: '2031-03-01 10:00:00',
        endDateLocal: '2031-03-01 11:00:00',
      }),
    ).toMatchObject({
      title: '#3',
      status: 'pending',
      eventStatus: 'scheduled',
      allDay: false,
      repeats: false,
    })
    expect(
      toCalendarEvent({
        id: 5,
        eventStatus: 'canceled',
        startDateLocal: '2031-03-01 10:00:00',
        endDateLocal: '2031-03-01 11:00:00',
      })?.eventStatus,
    ).toBe('canceled')
    // A date of a series, with its series as an id (depth 0) or a record.
    expect(
      toCalendarEvent({
        id: 4,
        series: 2,
        startDateLocal: '2031-03-01 10:00:00',
        endDateLocal: '2031-03-01 11:00:00',
      })?.repeats,
    ).toBe(true)
  })
})

describe('zones in the admin', () => {
  test('the picker offers IANA zones with their offset, and keeps an offset zone the event has', () => {
    const options = zoneOptions(['UTC+2', 'Europe/Paris'])
    expect(options[0]).toEqual({ value: 'UTC+2', label: 'UTC+2' })
    expect(options.filter((option) => option.value === 'Europe/Paris')).toHaveLength(1)
    expect(options.find((option) => option.value === 'Asia/Tokyo')?.label).toBe(
      'Asia/Tokyo (GMT+09:00)',
    )
    expect(options.some((option) => option.value === 'UTC')).toBe(true)
  })

  test('a time is shown in the event’s zone and named; an all-day event as its date', () => {
    expect(zonedTime('2031-03-01T18:00:00.000Z', 'Europe/Paris', false, 'en')).toBe(
      'Sat, Mar 1, 2031, 7:00 PM Europe/Paris',
    )
    expect(zonedTime('2031-03-01T18:00:00.000Z', 'UTC+2', false, 'en')).toBe(
      'Sat, Mar 1, 2031, 8:00 PM UTC+2',
    )
    expect(zonedTime('2031-02-28T23:00:00.000Z', 'Europe/Paris', true, 'fr')).toBe(
      'sam. 1 mars 2031',
    )
    expect(zonedTime('not a date', 'Europe/Paris', false, 'en')).toBe('')
  })
})
