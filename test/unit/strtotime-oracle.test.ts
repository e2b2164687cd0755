/**
 * parseDate against PHP itself: each expression, from each day of a week and from either side of
 * each zone's daylight-saving changes, in zones west, east and off the hour, must give what
 * `strtotime($expression, $now)` gives under `date_default_timezone_set($zone)`, false being null.
 * One `php` process answers every case. Skipped where `php` is absent (CI runs it again once
 * php-cli is installed: .ci/run).
 */
import { describe, expect, test } from '@jest/globals'
import { spawnSync } from 'node:child_process'
import { DateTime, IANAZone } from 'luxon'
import { parseDate } from '../../core/lib/dates.js'

const EXPRESSIONS = [
  // Days and times of day
  ...['now', 'today', 'midnight', 'noon', 'tomorrow', 'yesterday', 'tomorrow noon'],
  ...['noon tomorrow', 'midnight tomorrow', 'yesterday noon', 'today 16:30', 'tomorrow 4pm'],
  // Weekdays
  ...['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday', 'mon', 'fri'],
  ...['next monday', 'next friday', 'next sunday', 'last monday', 'last friday', 'this friday'],
  ...['previous wednesday', 'this sunday', 'next wednesday 4pm', 'friday 9:30am', 'sat 23:59'],
  ...['last saturday 23:59', 'second monday', 'third friday'],
  // Weeks, months, years
  ...['monday next week', 'sunday this week', 'saturday last week', 'next week', 'last week'],
  ...['this week', '+1 week', '-2 weeks', '+1 week 2 days', 'next month', 'last month'],
  ...['next year', 'last year', 'next fortnight', '+1 month', '-1 month', '+1 year'],
  // Days of months
  ...['first monday of next month', 'last friday of next month', 'third friday of january 2027'],
  ...['first day of next month', 'last day of next month', 'first day of this month'],
  ...['last day of february', 'first day of january 2027', 'last day of this month midnight'],
  ...['second tuesday of this month', 'last sunday of march 2027', 'first day of last month'],
  // Moves from now
  ...['+90 minutes', '+2 hours', '-30 minutes', '+1 day', '-1 day', '+3 days', '2 days ago'],
  ...['3 weeks ago', '1 year ago', '2 hours ago', '+36 hours', '+1 hour 30 minutes', '+10 seconds'],
  ...['+5 weekdays', '+1 weekday', '-3 weekdays', '+0 weekdays', 'tomorrow +6 hours'],
  ...['yesterday -2 hours', '+1 day noon', '-1 week monday', '+2 days 10:00', '+1500 ms'],
  // Dates with month names
  ...['january 5 2027', '5 january 2027', 'jan 5', 'jan 5 2027 4pm', 'december 25', '25 december'],
  ...['dec 25th', 'march 2027', 'Sat, 05 Jun 2027 16:30:00 +0200', 'June 2027', '1 jan'],
  // Numeric dates and times
  ...['2027-01-05', '2027-01-05 16:30', '2027-01-05T16:30:00', '2027-01-05 16:30:00', '1/5/2027'],
  ...['2027-01-05T16:30:00Z', '2027-01-05T16:30:00+05:30', '2027-01-05T16:30:00-08:00', '12/25'],
  ...[
    '2027-01-05T16:30:00.250+01:00',
    '2027-01-05 16:30 UTC',
    '2027-01-05 16:30 EST',
    '2027/01/05',
  ],
  ...['2027-07-05 16:30 Europe/Paris', '4pm', '16:30', '4:30pm', '16:30:15', '12am', '12pm'],
  ...['0:00', '23:59:59', '2027-W05', '2027-W05-3', '5.1.2027', 'noon UTC'],
  ...['@1700000000', '@0', '@-1000', '@1700000000 +1 day', '2026-03-08 02:30', '2026-11-01 01:30'],
  ...['2026-03-29 02:30', '2026-10-25 02:30', '2026-10-04 02:30', '2026-04-05 02:30'],
  ...['2026-10-25 02:30 Europe/Paris', '2026-10-25 01:30 Europe/London', '2026-11-01 01:30 EST'],
  ...['2026-04-05 02:30 Australia/Adelaide', '2026-11-01 01:30 America/New_York'],
  // Formats and corners found by probing
  ...['back of 7pm', 'front of 7', '2 mon', '+2 mon', '-1 fri', '1 monday ago', 'next weekday'],
  ...['last weekday', 'this weekday', '3 weekdays ago', '+10 weekdays', '-10 weekdays', 'weekday'],
  ...['first sat of July 2027', 'last wed of dec', 'monday +1 week', 'next monday +1 day'],
  ...['this week sunday', 'monday previous week', 'sat next week', '@1700000000.5', '@-1.5'],
  ...['@1700000000 Europe/Paris', 'now Europe/Paris', 'today Asia/Tokyo', 'now EST', '16:30 CET'],
  ...['Tue, 05 Jan 2027 16:30:00 GMT', 'Tuesday 5th of January 2027', '2027-01-05 16:30 (EST)'],
  ...['January 5th, 2027', '2027-Jan-05', 'Jan-05-2027', '05.01.2027', '5-1-27', '2027 .032'],
  ...['4 p.m.', '12:00:00 AM', '11:59:59 PM', '24:00', '2027-01-31 +1 month', '2028-02-29 +1 year'],
  ...['2027-03-31 -1 month', '2027-01-31 last day of next month', 'tomorrow,', '(tomorrow)', 'IV'],
  ...['t1630', 'T163045', '2027 1630', 'GMT+2', '+0530', 'z', 'now a', 'utc', 'Japan', 'v'],
  // What PHP refuses, or reads oddly
  ...['before my birthday', 'next blursday', 'tomorrow or so', 'in 2 days', 'someday', 'next'],
  ...['the day after tomorrow', '25:00', '31/12/2027', '2027-13-01', 'now now', 'tomorrow at 4pm'],
  ...['+1 blursday', 'noon noon', '4pm 5pm', 'yesterday tomorrow', 'jan feb', '1 fortnight ago'],
  ...['Europe/Nowhere', 'Mars/Base', 'éclair', 'tonight', 'morning', 'eod', 'next next', '#1'],
]

const ZONES = [
  'America/New_York',
  'Europe/Paris',
  'Asia/Tokyo',
  'Asia/Kolkata',
  'Australia/Adelaide',
  'UTC',
]

/** Monday 2026-12-07 to Sunday 2026-12-13 at 14:37:21 in the zone. */
const weekOf = (zone: string) =>
  [7, 8, 9, 10, 11, 12, 13].map((day) =>
    DateTime.fromObject(
      { year: 2026, month: 12, day, hour: 14, minute: 37, second: 21 },
      { zone },
    ).toSeconds(),
  )

/** Ten hours before and half an hour after each of the zone's changes of offset in 2026. */
function aroundChanges(zone: string): number[] {
  const offsets = IANAZone.create(zone)
  const nows: number[] = []
  const start = Date.UTC(2026, 0, 1) / 1000
  for (let hour = 0; hour < 366 * 24; hour++) {
    const at = start + hour * 3600
    if (offsets.offset(at * 1000) !== offsets.offset((at + 3600) * 1000)) {
      nows.push(at + 3600 - 10 * 3600 + 21, at + 3600 + 30 * 60 + 21)
    }
  }
  return nows
}

interface Case {
  zone: string
  now: number
  expression: string
}

const CASES: Case[] = ZONES.flatMap((zone) =>
  [...weekOf(zone), ...aroundChanges(zone)].flatMap((now) =>
    EXPRESSIONS.map((expression) => ({ zone, now, expression })),
  ),
)

const PHP_ANSWERS = `
$answers = [];
foreach (json_decode(stream_get_contents(STDIN), true) as [$zone, $now, $expression]) {
  date_default_timezone_set($zone);
  $answer = strtotime($expression, $now);
  $answers[] = $answer === false ? null : $answer;
}
echo json_encode($answers);
`

const phpPresent = spawnSync('php', ['-v']).status === 0

function askPhp(cases: Case[]): (number | null)[] {
  const run = spawnSync('php', ['-r', PHP_ANSWERS], {
    input: JSON.stringify(cases.map(({ zone, now, expression }) => [zone, now, expression])),
    maxBuffer: 64 * 1024 * 1024,
    encoding: 'utf8',
  })
  if (run.status !== 0) throw new Error(`php failed: ${run.stderr}`)
  return JSON.parse(run.stdout) as (number | null)[]
}

const show = (seconds: number | null | undefined, zone: string) =>
  seconds == null ? String(seconds) : DateTime.fromSeconds(seconds, { zone }).toISO()

const SKIPPED = 'skipped: `php` is not installed (apt-get install php-cli)'
if (!phpPresent) console.warn(`strtotime oracle ${SKIPPED}`)

const title = 'parseDate is PHP’s strtotime (php as the oracle)'
;(phpPresent ? describe : describe.skip)(phpPresent ? title : `${title}: ${SKIPPED}`, () => {
  test(`${EXPRESSIONS.length} expressions × ${CASES.length / EXPRESSIONS.length} (zone, now) pairs`, () => {
    const answers = askPhp(CASES)
    expect(answers).toHaveLength(CASES.length)
    const differences = CASES.flatMap(({ zone, now, expression }, index) => {
      const ours = parseDate(expression, zone, new Date(now * 1000))?.toSeconds() ?? null
      return ours === answers[index]
        ? []
        : [
            `${zone} from ${show(now, zone)}: ${expression}: PHP ${show(answers[index], zone)}, ours ${show(ours, zone)}`,
          ]
    })
    expect(differences).toEqual([])
  })
})
