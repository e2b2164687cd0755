/** Proleptic Gregorian calendar arithmetic on whole numbers, as timelib does it. */

/** Days since 1970-01-01 of a date; the month may be any integer (it carries into the year). */
export function daysFromCivil(year: number, month: number, day: number): number {
  const monthIndex = month - 1
  const y = year + Math.floor(monthIndex / 12)
  const m = mod(monthIndex, 12) + 1
  // Howard Hinnant's days_from_civil, with the year starting in March.
  const shifted = m <= 2 ? y - 1 : y
  const era = Math.floor(shifted / 400)
  const yearOfEra = shifted - era * 400
  const dayOfYear = Math.floor((153 * (m + (m > 2 ? -3 : 9)) + 2) / 5) + day - 1
  const dayOfEra =
    yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear
  return era * 146097 + dayOfEra - 719468
}

/** The date of a count of days since 1970-01-01. */
export function civilFromDays(days: number): { year: number; month: number; day: number } {
  const z = days + 719468
  const era = Math.floor(z / 146097)
  const dayOfEra = z - era * 146097
  const yearOfEra = Math.floor(
    (dayOfEra -
      Math.floor(dayOfEra / 1460) +
      Math.floor(dayOfEra / 36524) -
      Math.floor(dayOfEra / 146096)) /
      365,
  )
  const dayOfYear =
    dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100))
  const mp = Math.floor((5 * dayOfYear + 2) / 153)
  const day = dayOfYear - Math.floor((153 * mp + 2) / 5) + 1
  const month = mp < 10 ? mp + 3 : mp - 9
  return { year: yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day }
}

/** 0 for Sunday to 6 for Saturday. */
export const dayOfWeek = (year: number, month: number, day: number) =>
  mod(daysFromCivil(year, month, day) + 4, 7)

const isLeapYear = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0

export function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28
  return [4, 6, 9, 11].includes(month) ? 30 : 31
}

const mod = (a: number, b: number) => ((a % b) + b) % b

/** A wall clock whose fields may be out of range until `normalize` carries them. */
export interface Fields {
  y: number
  m: number
  d: number
  h: number
  i: number
  s: number
  us: number
}

/**
 * Carries out-of-range fields into the next larger ones (`timelib_do_normalize`): 61 seconds is a
 * minute and a second, day 0 is the last day of the month before, month 13 is January next year.
 */
export function normalize(time: Fields): void {
  const carry = (small: 'us' | 's' | 'i' | 'h', large: 's' | 'i' | 'h' | 'd', size: number) => {
    const over = Math.floor(time[small] / size)
    time[small] -= over * size
    time[large] += over
  }
  carry('us', 's', 1_000_000)
  carry('s', 'i', 60)
  carry('i', 'h', 60)
  carry('h', 'd', 24)
  const date = civilFromDays(daysFromCivil(time.y, time.m, 1) + time.d - 1)
  time.y = date.year
  time.m = date.month
  time.d = date.day
}

/** Seconds since the epoch of a normalized wall clock read as UTC. */
export const wallSeconds = (time: Fields) =>
  daysFromCivil(time.y, time.m, time.d) * 86400 + time.h * 3600 + time.i * 60 + time.s
