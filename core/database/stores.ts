import type { Payload } from 'payload'
import type { CalendarStore } from './calendarStore.js'
import { genericStore } from './genericStore.js'
import { postgresStore, sqliteStore } from './sqlStores.js'
import { storeOf, type StoreName } from './store.js'

const STORES: Record<StoreName, CalendarStore> = {
  sqlite: sqliteStore,
  postgres: postgresStore,
  generic: genericStore,
}

/**
 * The calendar's store of this Payload's database: the one chosen when the
 * adapter started (`chooseStore`, core/database/store.ts). Everything the calendar asks of a
 * database goes through it (core/database/calendarStore.ts).
 */
export function calendarStore(payload: Payload): CalendarStore {
  return STORES[storeOf(payload.db)]
}
