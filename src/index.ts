export { calendarPlugin } from './plugin.js'
export type { CalendarCollectionKey, CalendarPluginOptions } from './options.js'
export { ROLES, type Role } from '../collections/access.js'
export { cachedRead, EARLY_HEADER, type EarlyRequest } from '../endpoints/cache/early.js'
