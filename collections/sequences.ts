import type { CollectionConfig } from 'payload'
import { hiddenCollection } from './hidden.js'

/**
 * Hidden bookkeeping: the last id given out per collection, the calendar's change mark
 * (hooks/calendarChanges.ts) and the import runs some process has taken (features/import/task.ts).
 * A value is claimed by inserting the row `{ sequence, value }` whose `claim` key is unique, so the
 * database's unique index decides any race, on SQLite and MongoDB alike. Older rows of an id
 * sequence or of the change mark are removed once a newer one is claimed.
 */
export function sequencesCollection(slug: string): CollectionConfig {
  return hiddenCollection(slug, [
    { name: 'sequence', type: 'text', required: true, index: true },
    { name: 'value', type: 'number', required: true, index: true },
    { name: 'claim', type: 'text', required: true, unique: true },
  ])
}
