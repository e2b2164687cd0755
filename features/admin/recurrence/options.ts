import type { CalendarTextKey } from '../../../core/translations/index.js'
import type { useCalendarTranslation } from '../useCalendarTranslation.js'
import {
  type Frequency,
  SET_POSITIONS,
  type SetPosition,
  type Weekday,
  WEEKDAYS,
} from './ruleForm.js'

type Translate = ReturnType<typeof useCalendarTranslation>['t']
type Option = { value: string; label: string }

const FREQUENCY_KEYS: Record<Frequency, CalendarTextKey> = {
  none: 'none',
  daily: 'daily',
  weekly: 'weekly',
  monthly: 'monthly',
  yearly: 'yearly',
}
const UNIT_KEYS: Record<Exclude<Frequency, 'none'>, CalendarTextKey> = {
  daily: 'days',
  weekly: 'weeks',
  monthly: 'months',
  yearly: 'years',
}
const POSITION_KEYS: Record<SetPosition, CalendarTextKey> = {
  1: 'first',
  2: 'second',
  3: 'third',
  4: 'fourth',
  [-1]: 'last',
}

/** A weekday's name in the language (Monday first, as RRULE's MO…SU). */
export const weekdayName = (day: Weekday, language: string, width: 'long' | 'short') =>
  new Intl.DateTimeFormat(language, { weekday: width, timeZone: 'UTC' }).format(
    new Date(Date.UTC(2024, 0, 1 + WEEKDAYS.indexOf(day))),
  )

/** The unit an interval counts in ("weeks" for a weekly rule). */
export const unitName = (t: Translate, frequency: Exclude<Frequency, 'none'>) =>
  t(UNIT_KEYS[frequency])

export const frequencyOptions = (t: Translate): Option[] =>
  (Object.keys(FREQUENCY_KEYS) as Frequency[]).map((frequency) => ({
    value: frequency,
    label: t(FREQUENCY_KEYS[frequency]),
  }))

/** The days of a month, 1 to 31, then its last day (-1). */
export const monthDayOptions = (t: Translate): Option[] => [
  ...Array.from({ length: 31 }, (_, index) => ({
    value: String(index + 1),
    label: String(index + 1),
  })),
  { value: '-1', label: t('lastDay') },
]

export const positionOptions = (t: Translate): Option[] =>
  SET_POSITIONS.map((position) => ({ value: String(position), label: t(POSITION_KEYS[position]) }))

export const weekdayOptions = (language: string): Option[] =>
  WEEKDAYS.map((day) => ({ value: day, label: weekdayName(day, language, 'long') }))
