/**
 * Recurrence rules expanded in an event's zone (core/lib/recurrence.ts), and what the rrule library
 * gets wrong.
 */
import { execFileSync } from 'node:child_process'
import path from 'node:path'
import { describe, expect, test as it, test } from '@jest/globals'
import {
  describeRule,
  occurrences,
  parseRule,
  instantIn,
  type Series,
  rulesContinuingFrom,
  rulesEndingBefore,
} from '../../core/lib/recurrence.js'

const iso = (dates: { start: Date }[]) => dates.map((occurrence) => occurrence.start.toISOString())
const window = (from: string, to: string) => [new Date(from), new Date(to)] as const
const weeklyParis: Series = {
  start: '2027-03-16 19:00:00',
  zone: 'Europe/Paris',
  durationMs: 7_200_000,
  rules: ['FREQ=WEEKLY;BYDAY=TU;COUNT=4'],
}

const ROOT = path.resolve(import.meta.dirname, '../..')

/**
 * Runs a module script in a Node process of its own whose zone is `zone` (a test's process cannot
 * change its own).
 */
const inZone = (zone: string, script: string) =>
  execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    cwd: ROOT,
    env: { ...process.env, TZ: zone, NODE_OPTIONS: '' },
    encoding: 'utf8',
  }).trim()

describe('occurrences', () => {
  test('every Tuesday 19:00 in Paris stays at 19:00 across the change to summer time', () => {
    const found = occurrences(
      weeklyParis,
      ...window('2027-01-01T00:00:00Z', '2028-01-01T00:00:00Z'),
    )
    expect(found.map((o) => o.local)).toEqual([
      '2027-03-16 19:00:00',
      '2027-03-23 19:00:00',
      '2027-03-30 19:00:00',
      '2027-04-06 19:00:00',
    ])
    expect(iso(found)).toEqual([
      '2027-03-16T18:00:00.000Z',
      '2027-03-23T18:00:00.000Z',
      '2027-03-30T17:00:00.000Z',
      '2027-04-06T17:00:00.000Z',
    ])
    expect(found[2].end.toISOString()).toBe('2027-03-30T19:00:00.000Z')
  })

  test('New York across the end of summer time, and the same whatever zone the server runs in', () => {
    const series: Series = {
      start: '2027-10-26 09:30:00',
      zone: 'America/New_York',
      durationMs: 3_600_000,
      rules: ['FREQ=WEEKLY;BYDAY=TU'],
    }
    const expected = [
      '2027-10-26T13:30:00.000Z',
      '2027-11-02T13:30:00.000Z',
      '2027-11-09T14:30:00.000Z',
    ]
    expect(
      iso(occurrences(series, ...window('2027-10-01T00:00:00Z', '2027-11-10T00:00:00Z'))),
    ).toEqual(expected)
    const script = `import { occurrences } from './core/lib/recurrence.ts'
      const found = occurrences(${JSON.stringify(series)}, new Date('2027-10-01T00:00:00Z'), new Date('2027-11-10T00:00:00Z'))
      console.log(JSON.stringify(found.map((o) => o.start.toISOString())))`
    expect(JSON.parse(inZone('Asia/Tokyo', script))).toEqual(expected)
  })

  test("rrule's own tzid moves with the process's zone (why the expansion is floating)", () => {
    const script = `import rrule from 'rrule'
      console.log(rrule.rrulestr('DTSTART;TZID=Europe/Paris:20270316T190000\\nRRULE:FREQ=WEEKLY;BYDAY=TU;COUNT=1').all()[0].toISOString())`
    expect(inZone('UTC', script)).toBe('2027-03-16T18:00:00.000Z')
    // 19:00 in Paris is 18:00 UTC wherever the server is; rrule answers 14:00 UTC in New York.
    expect(inZone('America/New_York', script)).not.toBe('2027-03-16T18:00:00.000Z')
  })

  test('a start that a DST change skips moves forward by the gap', () => {
    const series: Series = {
      start: '2027-03-27 02:30:00',
      zone: 'Europe/Paris',
      durationMs: 0,
      rules: ['FREQ=DAILY;COUNT=3'],
    }
    expect(
      iso(occurrences(series, ...window('2027-03-01T00:00:00Z', '2027-04-01T00:00:00Z'))),
    ).toEqual([
      '2027-03-27T01:30:00.000Z',
      '2027-03-28T01:30:00.000Z', // 02:30 does not exist that night: 03:30 summer time
      '2027-03-29T00:30:00.000Z',
    ])
  })

  test('excluded and added dates, several rules, and the window', () => {
    const series: Series = {
      start: '2027-01-04 10:00:00',
      zone: 'UTC',
      durationMs: 0,
      rules: ['FREQ=WEEKLY;BYDAY=MO', 'FREQ=MONTHLY;BYMONTHDAY=15'],
      exdates: ['2027-01-11 10:00:00'],
      rdates: ['2027-01-13 18:00:00'],
    }
    expect(
      occurrences(series, ...window('2027-01-01T00:00:00Z', '2027-01-31T23:59:59Z')).map(
        (o) => o.local,
      ),
    ).toEqual([
      '2027-01-04 10:00:00',
      '2027-01-13 18:00:00',
      '2027-01-15 10:00:00',
      '2027-01-18 10:00:00',
      '2027-01-25 10:00:00',
    ])
    expect(
      occurrences(series, ...window('2027-01-14T00:00:00Z', '2027-01-16T00:00:00Z')).map(
        (o) => o.local,
      ),
    ).toEqual(['2027-01-15 10:00:00'])
  })

  test('UNTIL in UTC ends the series at that instant in the zone', () => {
    const series: Series = {
      start: '2027-06-01 23:30:00',
      zone: 'America/Los_Angeles',
      durationMs: 0,
      rules: ['FREQ=DAILY;UNTIL=20270603T063000Z'],
    }
    // 06:30 UTC on the 3rd is 23:30 on the 2nd in Los Angeles.
    expect(
      occurrences(series, ...window('2027-05-01T00:00:00Z', '2027-07-01T00:00:00Z')).map(
        (o) => o.local,
      ),
    ).toEqual(['2027-06-01 23:30:00', '2027-06-02 23:30:00'])
  })

  test('a daily series with no end stops at the window and the limit', () => {
    const series: Series = {
      start: '2027-01-01 08:00:00',
      zone: 'Europe/Madrid',
      durationMs: 0,
      rules: ['FREQ=DAILY'],
    }
    expect(
      occurrences(series, ...window('2027-01-01T00:00:00Z', '2028-12-31T23:59:59Z')),
    ).toHaveLength(731)
    expect(
      occurrences(series, ...window('2027-01-01T00:00:00Z', '2028-12-31T23:59:59Z'), 10),
    ).toHaveLength(10)
  })
})

describe('parseRule', () => {
  test.each([
    ['FREQ=HOURLY', 'daily at the finest'],
    ['not a rule', 'is not an RRULE'],
    ['FREQ=WEEKLY;DTSTART=20270101T000000', 'leave DTSTART out'],
    ['FREQ=DAILY;COUNT=0', 'COUNT must be'],
    ['FREQ=DAILY;INTERVAL=0', 'INTERVAL must be'],
    ['BYDAY=MO', 'has no FREQ'],
  ])('%s is refused', (rule, reason) => {
    const parsed = parseRule(rule)
    expect(parsed.ok).toBe(false)
    expect(parsed.ok ? '' : parsed.reason).toContain(reason)
  })

  test('RRULE: prefix and lower case are accepted', () => {
    expect(parseRule('RRULE:freq=weekly;byday=tu').ok).toBe(true)
  })
})

describe('describeRule', () => {
  test.each([
    [
      'FREQ=WEEKLY;INTERVAL=2;BYDAY=TU,TH;UNTIL=20270630',
      'en',
      'Every 2 weeks on Tuesday and Thursday, until 30 June 2027',
    ],
    [
      'FREQ=WEEKLY;INTERVAL=2;BYDAY=TU,TH;UNTIL=20270630',
      'fr',
      'Toutes les 2 semaines le mardi et jeudi, jusqu’au 30 juin 2027',
    ],
    [
      'FREQ=WEEKLY;INTERVAL=2;BYDAY=TU,TH;UNTIL=20270630',
      'es',
      'Cada 2 semanas el martes y jueves, hasta el 30 de junio de 2027',
    ],
    ['FREQ=DAILY', 'en', 'Every day'],
    ['FREQ=DAILY;COUNT=5', 'fr', 'Tous les jours, 5 fois'],
    ['FREQ=MONTHLY;BYDAY=1MO', 'en', 'Every month on the first Monday'],
    ['FREQ=MONTHLY;BYDAY=-1FR', 'es', 'Cada mes el último viernes'],
    ['FREQ=MONTHLY;BYMONTHDAY=15', 'en', 'Every month on the 15'],
    ['FREQ=YEARLY;COUNT=1', 'es', 'Cada año, una vez'],
  ] as const)('%s in %s', (rule, lang, sentence) => {
    expect(describeRule(rule, lang)).toBe(sentence)
  })
})

describe('splitting a series ("this and the following ones")', () => {
  const daily: Series = {
    start: '2027-03-25 19:00:00',
    zone: 'Europe/Paris',
    durationMs: 3_600_000,
    rules: ['FREQ=DAILY;COUNT=10', 'FREQ=WEEKLY;BYDAY=SU;UNTIL=20270401T000000Z'],
  }

  it('the first part ends one second before the split, its rules otherwise unchanged', () => {
    const split = instantIn('2027-03-29 19:00:00', 'Europe/Paris')
    expect(rulesEndingBefore(daily, split)).toEqual([
      'FREQ=DAILY;UNTIL=20270329T165959Z',
      'FREQ=WEEKLY;BYDAY=SU;UNTIL=20270401T000000Z',
    ])
    const first = { ...daily, rules: rulesEndingBefore(daily, split) }
    expect(
      occurrences(first, new Date('2027-01-01'), new Date('2028-01-01')).map((o) => o.local),
    ).toEqual([
      '2027-03-25 19:00:00',
      '2027-03-26 19:00:00',
      '2027-03-27 19:00:00',
      '2027-03-28 19:00:00',
    ])
  })

  it('a rule that ended before the split is kept as it is', () => {
    const short: Series = { ...daily, rules: ['FREQ=DAILY;COUNT=2'] }
    expect(rulesEndingBefore(short, instantIn('2027-04-10 19:00:00', 'Europe/Paris'))).toEqual([
      'FREQ=DAILY;COUNT=2',
    ])
  })

  it('the second part counts only the dates still to come', () => {
    expect(rulesContinuingFrom(daily, '2027-03-29 19:00:00')).toEqual([
      'FREQ=DAILY;COUNT=6',
      'FREQ=WEEKLY;BYDAY=SU;UNTIL=20270401T000000Z',
    ])
    const second: Series = {
      ...daily,
      start: '2027-03-29 19:00:00',
      rules: rulesContinuingFrom(daily, '2027-03-29 19:00:00').slice(0, 1),
    }
    const first = {
      ...daily,
      rules: rulesEndingBefore(daily, instantIn('2027-03-29 19:00:00', 'Europe/Paris')).slice(0, 1),
    }
    const all = occurrences(
      { ...daily, rules: daily.rules.slice(0, 1) },
      new Date('2027-01-01'),
      new Date('2028-01-01'),
    ).map((o) => o.local)
    const parts = [
      ...occurrences(first, new Date('2027-01-01'), new Date('2028-01-01')),
      ...occurrences(second, new Date('2027-01-01'), new Date('2028-01-01')),
    ].map((o) => o.local)
    expect(parts).toEqual(all)
  })
})
