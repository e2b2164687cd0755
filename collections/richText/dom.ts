import { createRequire } from 'node:module'
import type { JSDOM } from 'jsdom'

let loaded: typeof JSDOM | null = null

/**
 * jsdom, loaded by the first conversion of HTML: reads never convert, and it is about 58 MB of a
 * server's memory that a calendar which is only read need not hold.
 */
export function jsdom(): typeof JSDOM {
  loaded ??= (createRequire(import.meta.url)('jsdom') as typeof import('jsdom')).JSDOM
  return loaded
}
