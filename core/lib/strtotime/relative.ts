/**
 * The relative move as timelib's actions (parse_date.re, actions.ts) build it from unit words and
 * their amounts: `+2 days`, `next monday`, `last week`, `3 weekdays`.
 */
import type { Reader } from './reader.js'
import { haveWeekdayRelative, type Parsed, unhaveTime } from './state.js'

/**
 * `timelib_set_relative`: adds `amount` of the unit word at the reader to the relative move. A
 * weekday resets the time to midnight, except after a number (`+2 mon`, `+3 weekdays`).
 */
export function setRelative(
  reader: Reader,
  amount: number,
  behavior: number,
  t: Parsed,
  keepTime = false,
): void {
  const found = reader.unit()
  if (!found) return
  const [unit, multiplier] = found
  const relative = t.relative
  if (unit === 'weekday') {
    haveWeekdayRelative(t)
    if (!keepTime) unhaveTime(t)
    relative.d += (amount > 0 ? amount - 1 : amount) * 7
    relative.weekday = multiplier
    relative.weekdayBehavior = behavior
  } else if (unit === 'weekdays') {
    t.haveRelative = true
    relative.special = 'weekday'
    if (!keepTime) unhaveTime(t)
    relative.specialAmount = amount
  } else {
    relative[unit] += amount * multiplier
  }
}

/** `next monday`, `last week`, `third day`: amounts as words, each with its unit. */
export function relativeText(reader: Reader, t: Parsed, week: boolean): void {
  t.haveRelative = true
  while (!reader.atEnd) {
    const start = reader.pos
    const { amount, behavior } = reader.relativeText()
    reader.skip(' \t')
    setRelative(reader, amount, behavior, t)
    if (week) {
      t.relative.weekdayBehavior = 2
      // `next week` alone is Monday of that week, keeping the time.
      if (!t.relative.haveWeekday) {
        haveWeekdayRelative(t)
        t.relative.weekday = 1
      }
    }
    if (reader.pos === start) break
  }
}

/** `+2 days 3 hours`-like numbers and units; a weekday keeps the time. */
export function relativeNumbers(reader: Reader, t: Parsed): void {
  t.haveRelative = true
  while (!reader.atEnd) {
    const start = reader.pos
    const amount = reader.signedNumber(24) ?? 0
    reader.skip(' \t')
    setRelative(reader, amount, 1, t, true)
    if (reader.pos === start) break
  }
}
