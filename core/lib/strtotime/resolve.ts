/**
 * From what the scanner read to an instant: timelib's `timelib_fill_holes` (what the text leaves
 * out comes from now) and `timelib_update_ts` (relative moves, then the zone).
 */
import type { Zone as LuxonZone } from 'luxon'
import { dayOfWeek, daysInMonth, type Fields, normalize, wallSeconds } from './calendar.js'
import type { Parsed, Relative } from './state.js'
import { instantOf, zoneOf } from './zones.js'

/** `do_adjust_for_weekday`: moves to the weekday of `next monday`, `monday`, `sunday this week`. */
function adjustForWeekday(time: Fields, relative: Relative): void {
  const current = dayOfWeek(time.y, time.m, time.d)
  let weekday = relative.weekday
  if (relative.weekdayBehavior === 2) {
    // The week runs Monday to Sunday.
    if (current === 0 && weekday !== 0) weekday -= 7
    if (weekday === 0 && current !== 0) weekday = 7
    time.d += weekday - current
    return
  }
  let difference = weekday - current
  if (
    (relative.d < 0 && difference < 0) ||
    (relative.d >= 0 && difference <= -relative.weekdayBehavior)
  )
    difference += 7
  if (weekday >= 0) time.d += difference
  else time.d -= 7 - (Math.abs(weekday) - current)
}

/** `do_adjust_special_weekday`: `+N weekdays` skips Saturdays and Sundays. */
function addWeekdays(time: Fields, count: number): void {
  const current = dayOfWeek(time.y, time.m, time.d)
  time.d += Math.trunc(count / 5) * 7
  const rest = count % 5
  if (count > 0) {
    if (rest === 0) {
      if (current === 0) time.d -= 2
      else if (current === 6) time.d -= 1
    } else if (current === 6) time.d += 1
    else if (current + rest > 5) time.d += 2
  } else {
    if (rest === 0) {
      if (current === 6) time.d += 2
      else if (current === 0) time.d += 1
    } else if (current === 0) time.d -= 1
    else if (current + rest < 1) time.d -= 2
  }
  time.d += rest
}

function applyDayOfMonth(time: Fields, relative: Relative): void {
  if (relative.dayOfMonth === 'first') time.d = 1
  if (relative.dayOfMonth === 'last') {
    time.d = 0
    time.m++
  }
}

/** The fields of `t`, the holes filled from `now` (a wall clock), then moved as `t` says. */
function movedFields(t: Parsed, now: Fields): Fields {
  const timeFromDate = t.haveDate && !t.haveTime
  const time: Fields = {
    y: t.y ?? now.y,
    m: t.m ?? now.m,
    d: t.d ?? now.d,
    h: timeFromDate ? 0 : (t.h ?? now.h),
    i: timeFromDate ? 0 : (t.i ?? now.i),
    s: timeFromDate ? 0 : (t.s ?? now.s),
    us: timeFromDate ? 0 : (t.us ?? 0),
  }
  const relative = t.relative
  // do_adjust_special_early
  if (relative.special === 'weekdayOfMonth' || relative.special === 'lastWeekdayOfMonth') {
    time.d = 1
    time.m += relative.m + (relative.special === 'lastWeekdayOfMonth' ? 1 : 0)
    relative.m = 0
  }
  applyDayOfMonth(time, relative)
  normalize(time)
  // do_adjust_relative
  if (relative.haveWeekday) adjustForWeekday(time, relative)
  normalize(time)
  if (t.haveRelative) {
    for (const unit of ['us', 's', 'i', 'h', 'd', 'm', 'y'] as const) time[unit] += relative[unit]
  }
  applyDayOfMonth(time, relative)
  normalize(time)
  // do_adjust_special
  if (relative.special === 'weekday') addWeekdays(time, relative.specialAmount)
  normalize(time)
  return time
}

/**
 * Unix seconds of what the scanner read, from `now` (Unix seconds) in `zone`. A date the text names
 * that does not exist (`February 30`), which PHP rolls over with a warning, is null here.
 */
export function resolve(t: Parsed, zone: LuxonZone, nowSeconds: number): number | null {
  const nowFields: Fields = { y: 1970, m: 1, d: 1, h: 0, i: 0, s: 0, us: 0 }
  nowFields.s = nowSeconds + zone.offset(nowSeconds * 1000) * 60
  normalize(nowFields)
  // Only a day the text names: `february` on the 31st rolls over to March as in PHP.
  if (
    t.haveDate &&
    !t.dayOfYear &&
    t.d !== null &&
    !exists(t.y ?? nowFields.y, t.m ?? nowFields.m, t.d)
  )
    return null
  const time = movedFields(t, nowFields)
  const wall = wallSeconds(time)
  switch (t.zone?.kind) {
    case 'offset':
    case 'abbreviation':
      return wall - t.zone.seconds
    case 'identifier':
      return instantOf(wall, zoneOf(t.zone.name)!, true)
    default:
      return instantOf(wall, zone)
  }
}

const exists = (year: number, month: number, day: number) =>
  month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month)
