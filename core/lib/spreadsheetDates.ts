/**
 * Dates and times as spreadsheets write them, made into `YYYY-MM-DD[ HH:MM:SS]` for `parseDate`
 * (core/lib/dates.ts). The Events Calendar's CSV import reads them with PHP's strtotime, and so do
 * these rules: with slashes the month comes first (`05/06/2026` is 6 May), with hyphens or dots
 * the day (`05-06-2026`, `05.06.2026` are 5 June); ISO dates are ISO. Anything else (`May 6,
 * 2026`, `next friday`) is left for `parseDate`'s natural language.
 */

const pad = (n: number) => String(n).padStart(2, '0')

const fullYear = (year: string) => {
  const n = Number(year)
  // strtotime: 00-69 → 2000s, 70-99 → 1900s.
  return year.length === 2 ? (n < 70 ? 2000 + n : 1900 + n) : n
}

function validDay(year: number, month: number, day: number): string | null {
  const date = new Date(Date.UTC(year, month - 1, day))
  if (
    date.getUTCFullYear() !== year ||
    date.getUTCMonth() !== month - 1 ||
    date.getUTCDate() !== day
  )
    return null
  return `${String(year).padStart(4, '0')}-${pad(month)}-${pad(day)}`
}

/** `YYYY-MM-DD` of a date written alone; null when it is not one of the numeric forms. */
export function spreadsheetDay(text: string): string | null {
  const value = text.trim()
  let found = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$/.exec(value)
  if (found) return validDay(Number(found[1]), Number(found[2]), Number(found[3]))
  found = /^(\d{1,2})\/(\d{1,2})\/(\d{2}|\d{4})$/.exec(value)
  if (found) return validDay(fullYear(found[3]), Number(found[1]), Number(found[2]))
  found = /^(\d{1,2})[-.](\d{1,2})[-.](\d{2}|\d{4})$/.exec(value)
  if (found) return validDay(fullYear(found[3]), Number(found[2]), Number(found[1]))
  return null
}

/** `HH:MM:SS` of a time (`20:00`, `8:00 PM`, `8pm`, `20:00:30`); null when it is not one. */
export function spreadsheetTime(text: string): string | null {
  const found = /^(\d{1,2})(?::(\d{2}))?(?::(\d{2}))?\s*([ap])?\.?\s*(m\.?)?$/i.exec(text.trim())
  if (!found) return null
  const [, h, m, s, meridiem, suffix] = found
  if (!m && !meridiem) return null
  if (suffix && !meridiem) return null
  let hour = Number(h)
  const minute = Number(m ?? 0)
  const second = Number(s ?? 0)
  if (meridiem) {
    if (hour < 1 || hour > 12) return null
    hour = (hour % 12) + (meridiem.toLowerCase() === 'p' ? 12 : 0)
  }
  if (hour > 23 || minute > 59 || second > 59) return null
  return `${pad(hour)}:${pad(minute)}:${pad(second)}`
}

/**
 * A date with an optional time, as given in one cell (`05/06/2026 8:00 PM`, `2026-05-06T20:00`)
 * or in two (The Events Calendar's "Event Start Date" and "Event Start Time"). A time of its own
 * wins over one written with the date. What is not a numeric date is given back as written, with
 * the time after it, for the natural-language reader.
 */
export function spreadsheetDateTime(date: string, time?: string): string {
  const value = date.trim()
  const split = /^(\S+?)(?:[ T]+(.+))?$/.exec(value)
  const day = split ? spreadsheetDay(split[1]) : null
  const givenTime = time?.trim() ? time.trim() : undefined
  if (!day) return givenTime ? `${value} ${givenTime}` : value
  const clock = givenTime ?? split?.[2]
  if (!clock) return day
  const normalized = spreadsheetTime(clock)
  return normalized ? `${day} ${normalized}` : `${day} ${clock}`
}
