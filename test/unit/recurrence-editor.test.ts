/**
 * The recurrence editor's arithmetic (features/admin/recurrence/ruleForm.ts): choices to RRULE text
 * and back, and its preview. Pure functions, no server.
 */
import { describe, expect, test } from '@jest/globals'
import {
  defaultForm,
  formatWallClock,
  previewDates,
  readRules,
  ruleText,
  type RuleForm,
  setPositionOf,
  untilDay,
  untilValue,
  wallClockFromInput,
  wallClockList,
  ruleLanguage,
  wallClockOf,
} from '../../features/admin/recurrence/ruleForm.js'

// Tuesday 3 March 2026, 19:00 in Paris (18:00 UTC, before the change to summer time on 29 March).
const START = '2026-03-03 19:00:00'
const form = (patch: Partial<RuleForm>): RuleForm => ({
  ...defaultForm(START),
  frequency: 'weekly',
  ...patch,
})

describe('defaults from the start', () => {
  test('a new recurrence does not repeat; weekly would be on the start’s weekday, monthly on its day or its nth weekday', () => {
    const chosen = defaultForm(START)
    expect(chosen.frequency).toBe('none')
    expect(chosen.weekdays).toEqual(['TU'])
    expect(chosen.monthDay).toBe(3)
    expect(chosen.setPosition).toBe(1)
    expect(chosen.setWeekday).toBe('TU')
    expect(chosen.ends).toBe('never')
    expect(chosen.until).toBe('2026-06-03')
  })

  test('a day after the 28th is the last of its weekday in the month', () => {
    expect(setPositionOf('2026-03-31 10:00:00')).toBe(-1)
    expect(setPositionOf('2026-03-22 10:00:00')).toBe(4)
  })

  test('without a readable start, the defaults still make a rule', () => {
    expect(ruleText({ ...defaultForm(''), frequency: 'weekly' }, 'UTC')).toBe(
      'FREQ=WEEKLY;BYDAY=MO',
    )
  })
})

describe('choices to RRULE text', () => {
  test('weekly on chosen days, in the week’s order, with an interval', () => {
    expect(ruleText(form({ weekdays: ['TH', 'TU'], interval: 2 }), 'Europe/Paris')).toBe(
      'FREQ=WEEKLY;INTERVAL=2;BYDAY=TU,TH',
    )
  })

  test('an end date ends that day in the event’s zone, written in UTC', () => {
    expect(
      ruleText(
        form({ weekdays: ['TU', 'TH'], ends: 'until', until: '2027-06-30' }),
        'Europe/Paris',
      ),
    ).toBe('FREQ=WEEKLY;BYDAY=TU,TH;UNTIL=20270630T215959Z')
    expect(untilValue('2027-01-31', 'America/New_York')).toBe('20270201T045959Z')
  })

  test('a count, daily and yearly', () => {
    expect(ruleText(form({ frequency: 'daily', ends: 'count', count: 5 }), 'UTC')).toBe(
      'FREQ=DAILY;COUNT=5',
    )
    expect(ruleText(form({ frequency: 'yearly' }), 'UTC')).toBe('FREQ=YEARLY')
  })

  test('monthly on a day, on the last day, on the nth or last weekday', () => {
    expect(ruleText(form({ frequency: 'monthly', monthDay: 15 }), 'UTC')).toBe(
      'FREQ=MONTHLY;BYMONTHDAY=15',
    )
    expect(ruleText(form({ frequency: 'monthly', monthDay: -1 }), 'UTC')).toBe(
      'FREQ=MONTHLY;BYMONTHDAY=-1',
    )
    expect(
      ruleText(
        form({ frequency: 'monthly', monthPattern: 'weekday', setPosition: 2, setWeekday: 'WE' }),
        'UTC',
      ),
    ).toBe('FREQ=MONTHLY;BYDAY=2WE')
    expect(
      ruleText(
        form({ frequency: 'monthly', monthPattern: 'weekday', setPosition: -1, setWeekday: 'FR' }),
        'UTC',
      ),
    ).toBe('FREQ=MONTHLY;BYDAY=-1FR')
  })

  test('no rule for "does not repeat" or an incomplete choice', () => {
    expect(ruleText(form({ frequency: 'none' }), 'UTC')).toBeNull()
    expect(ruleText(form({ weekdays: [] }), 'UTC')).toBeNull()
    expect(ruleText(form({ interval: 0 }), 'UTC')).toBeNull()
    expect(ruleText(form({ ends: 'count', count: 0 }), 'UTC')).toBeNull()
    expect(ruleText(form({ ends: 'until', until: '' }), 'UTC')).toBeNull()
    expect(ruleText(form({ frequency: 'monthly', monthDay: 32 }), 'UTC')).toBeNull()
  })
})

describe('RRULE text to choices', () => {
  test('what the editor writes, it reads back the same', () => {
    const choices: Array<Partial<RuleForm>> = [
      { weekdays: ['TU', 'TH'], interval: 2, ends: 'until', until: '2027-06-30' },
      { frequency: 'daily', ends: 'count', count: 12 },
      { frequency: 'monthly', monthPattern: 'weekday', setPosition: -1, setWeekday: 'SU' },
      { frequency: 'monthly', monthDay: -1, interval: 3 },
      { frequency: 'yearly', ends: 'count', count: 4 },
    ]
    for (const choice of choices) {
      const text = ruleText(form(choice), 'Europe/Paris')!
      const read = readRules([text], START, 'Europe/Paris')
      expect(read.kind).toBe('form')
      expect(ruleText(read.form, 'Europe/Paris')).toBe(text)
    }
  })

  test('no rules is "does not repeat"', () => {
    expect(readRules(null, START, 'UTC').kind).toBe('none')
    expect(readRules([], START, 'UTC').kind).toBe('none')
  })

  test('rules the editor cannot show are custom and kept as they are', () => {
    const several = ['FREQ=WEEKLY;BYDAY=MO', 'FREQ=MONTHLY;BYMONTHDAY=1']
    expect(readRules(several, START, 'UTC')).toMatchObject({ kind: 'custom', rules: several })
    for (const rule of [
      'FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU',
      'FREQ=MONTHLY;BYDAY=MO,TU;BYSETPOS=1',
      'FREQ=WEEKLY;WKST=SU;BYDAY=MO',
      'FREQ=WEEKLY;BYDAY=1MO',
      'FREQ=DAILY;BYDAY=MO',
      'FREQ=HOURLY',
    ]) {
      expect(readRules([rule], START, 'UTC').kind).toBe('custom')
    }
  })

  test('an UNTIL in UTC is the day it ends in the zone; a date or a floating time is that day', () => {
    expect(untilDay('20270630T215959Z', 'Europe/Paris')).toBe('2027-06-30')
    expect(untilDay('20270630T215959Z', 'Asia/Tokyo')).toBe('2027-07-01')
    expect(untilDay('20270630', 'Europe/Paris')).toBe('2027-06-30')
    expect(untilDay('20270630T235959', 'Europe/Paris')).toBe('2027-06-30')
    expect(untilDay('2027', 'Europe/Paris')).toBeNull()
  })
})

describe('wall clocks', () => {
  test('of the form’s instants, in the event’s zone', () => {
    expect(wallClockOf('2026-03-03T18:00:00.000Z', 'Europe/Paris')).toBe(START)
    expect(wallClockOf(new Date('2026-03-03T18:00:00.000Z'), 'America/New_York')).toBe(
      '2026-03-03 13:00:00',
    )
    expect(wallClockOf(undefined, 'UTC')).toBeNull()
    expect(wallClockOf('not a date', 'UTC')).toBeNull()
  })

  test('of a datetime-local input', () => {
    expect(wallClockFromInput('2026-04-01T20:30')).toBe('2026-04-01 20:30:00')
    expect(wallClockFromInput('2026-02-30T20:30')).toBeNull()
    expect(wallClockFromInput('')).toBeNull()
  })

  test('a stored list is sorted, without repeats or anything else', () => {
    expect(
      wallClockList([
        '2026-04-02 19:00:00',
        7,
        '2026-04-01 19:00:00',
        '2026-04-02 19:00:00',
        'tomorrow',
      ]),
    ).toEqual(['2026-04-01 19:00:00', '2026-04-02 19:00:00'])
    expect(wallClockList(null)).toEqual([])
  })

  test('shown in the admin’s language', () => {
    expect(formatWallClock(START, 'en')).toBe('Tue, Mar 3, 2026, 7:00 PM')
    expect(formatWallClock(START, 'fr')).toBe('mar. 3 mars 2026, 19:00')
    expect(formatWallClock(START, 'en', true)).toBe('Tue, Mar 3, 2026')
  })
})

describe('the preview of the next dates', () => {
  const input = {
    rules: ['FREQ=WEEKLY;BYDAY=TU,TH'],
    rdates: [],
    exdates: [],
    startDate: '2026-03-03T18:00:00.000Z',
    endDate: '2026-03-03T20:00:00.000Z',
    zone: 'Europe/Paris',
  }

  test('ten dates at 19:00 in Paris on both sides of the change to summer time', () => {
    const dates = previewDates(input, new Date(0))
    expect(dates.map((date) => date.local)).toEqual([
      '2026-03-03 19:00:00',
      '2026-03-05 19:00:00',
      '2026-03-10 19:00:00',
      '2026-03-12 19:00:00',
      '2026-03-17 19:00:00',
      '2026-03-19 19:00:00',
      '2026-03-24 19:00:00',
      '2026-03-26 19:00:00',
      '2026-03-31 19:00:00',
      '2026-04-02 19:00:00',
    ])
    expect(dates[7].start.toISOString()).toBe('2026-03-26T18:00:00.000Z')
    expect(dates[8].start.toISOString()).toBe('2026-03-31T17:00:00.000Z')
    expect(dates[8].localEnd).toBe('2026-03-31 21:00:00')
  })

  test('from now when the series began before; excluded dates left out, added ones in, still ten', () => {
    const dates = previewDates(
      { ...input, exdates: ['2026-03-12 19:00:00'], rdates: ['2026-03-14 10:00:00'] },
      new Date('2026-03-09T00:00:00Z'),
    )
    expect(dates.map((date) => date.local)).toEqual([
      '2026-03-10 19:00:00',
      '2026-03-14 10:00:00',
      '2026-03-17 19:00:00',
      '2026-03-19 19:00:00',
      '2026-03-24 19:00:00',
      '2026-03-26 19:00:00',
      '2026-03-31 19:00:00',
      '2026-04-02 19:00:00',
      '2026-04-07 19:00:00',
      '2026-04-09 19:00:00',
    ])
  })

  test('a count ends the preview early; no start or a bad rule gives nothing', () => {
    expect(
      previewDates({ ...input, rules: ['FREQ=WEEKLY;BYDAY=TU;COUNT=3'] }, new Date(0)),
    ).toHaveLength(3)
    expect(previewDates({ ...input, startDate: undefined }, new Date(0))).toEqual([])
    expect(previewDates({ ...input, rules: ['FREQ=SECONDLY'] }, new Date(0))).toEqual([])
  })
})

describe('ruleLanguage', () => {
  test('the admin language as describeRule takes it; English for another language', () => {
    expect(ruleLanguage('es')).toBe('es')
    expect(ruleLanguage('de')).toBe('en')
  })
})
