import type { en } from './en.js'

/** A key of the plugin's texts, without its namespace. */
export type CalendarTextKey = keyof typeof en.calendar

/** A key of the plugin's texts as Payload's `t` takes it. */
export type CalendarTranslationKey = `calendar:${CalendarTextKey}`

/** The plugin's texts in one language, as merged into `config.i18n.translations`. */
export type CalendarTranslations = { calendar: Record<CalendarTextKey, string> }

/** Payload's `t`, typed for the plugin's keys. */
export type CalendarT = (key: CalendarTranslationKey, vars?: Record<string, unknown>) => string
