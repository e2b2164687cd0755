import { foldLines } from 'ical-generator'
import { tzlib_get_ical_block, tzlib_get_timezones } from 'timezones-ical-library'

/** Zones that timezones-ical-library describes (IANA names and their aliases), read once. */
let known: Set<string> | undefined

/** The VTIMEZONE (folded, CRLF) and TZID of each zone, by the name an event stores. */
const blocks = new Map<string, { tzid: string; vtimezone: string } | null>()

/**
 * The VTIMEZONE of a zone, with its DST rules from the IANA database the library ships, and the
 * TZID it declares (an alias resolves to its canonical zone: `US/Eastern` → `America/New_York`);
 * null for UTC, offset zones (`UTC+2`) and names the library does not know, whose times are
 * written in UTC instead.
 */
export function zoneBlock(
  zone: string | null | undefined,
): { tzid: string; vtimezone: string } | null {
  if (!zone || /^(utc|gmt|etc\/utc|etc\/gmt|z)$/i.test(zone)) return null
  let block = blocks.get(zone)
  if (block !== undefined) return block
  known ??= new Set(tzlib_get_timezones() as string[])
  block = null
  if (known.has(zone)) {
    const [vtimezone, tzidLine] = tzlib_get_ical_block(zone) as string[]
    const tzid = tzidLine?.replace(/^TZID=/, '')
    if (vtimezone && tzid && tzid !== 'Etc/UTC')
      block = { tzid, vtimezone: `${foldLines(vtimezone.trim())}\r\n` }
  }
  blocks.set(zone, block)
  return block
}
