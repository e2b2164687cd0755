import type { FieldHook, NumberField } from 'payload'

/**
 * The iCalendar SEQUENCE of an event (RFC 5545 §3.8.7.4): 0 when created, one more with every
 * update, whatever a write sends, so that calendar clients replace their copy after each edit.
 */
const nextSequence: FieldHook = ({ operation, originalDoc }) => {
  if (operation !== 'update') return 0
  const previous = Number((originalDoc as { sequence?: unknown } | undefined)?.sequence)
  return Number.isInteger(previous) && previous >= 0 ? previous + 1 : 1
}

export const sequenceField = (): NumberField => ({
  name: 'sequence',
  type: 'number',
  defaultValue: 0,
  admin: { hidden: true, readOnly: true },
  hooks: { beforeChange: [nextSequence] },
})
