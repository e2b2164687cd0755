/**
 * PHP's `strtotime` in TypeScript: timelib's scanner (parse_date.re) and its arithmetic
 * (tm2unixtime.c), for the contract, which reads dates as the anchor's PHP does.
 */
import { ACTIONS } from './actions.js'
import { type RuleName, RULES } from './grammar.js'
import { Reader } from './reader.js'
import { resolve } from './resolve.js'
import { emptyParsed, ParseError, type Parsed } from './state.js'
import { instantOf, zoneOf } from './zones.js'
import { type Fields, wallSeconds } from './calendar.js'

const COMPILED = (Object.entries(RULES) as [RuleName, string][]).map(([name, source]) => ({
  name,
  sticky: new RegExp(source, 'y'),
  whole: new RegExp(`^(?:${source})$`),
}))

/**
 * The rule that re2c's scanner takes at `position`: the longest match, the first rule among equally
 * long ones. JavaScript's alternation takes the first alternative that fits, not the longest, so a
 * rule that fits is tried again on each longer stretch.
 */
function longestMatch(text: string, position: number): { name: RuleName; end: number } | null {
  let best: { name: RuleName; end: number } | null = null
  for (const rule of COMPILED) {
    rule.sticky.lastIndex = position
    const match = rule.sticky.exec(text)
    if (!match) continue
    let end = position + match[0].length
    for (let longer = text.length; longer > end; longer--) {
      if (rule.whole.test(text.slice(position, longer))) {
        end = longer
        break
      }
    }
    if (!best || end > best.end) best = { name: rule.name, end }
  }
  return best
}

/** What timelib_strtotime reads from `text`, or null where it reports an error. */
function scan(text: string): Parsed | null {
  const trimmed = text.replace(/^[\s]+|[\s]+$/g, '')
  if (!trimmed) return null
  // timelib reads a NUL-terminated string; some rules look at the terminator.
  const input = `${trimmed}\0`
  const parsed = emptyParsed()
  let position = 0
  try {
    while (position < input.length) {
      const match = longestMatch(input, position)
      if (!match) return null // timelib's `any` rule: "Unexpected character"
      const token = input.slice(position, match.end).replace(/\0$/, '')
      ACTIONS[match.name](new Reader(token), parsed)
      position = match.end
    }
  } catch (error) {
    if (error instanceof ParseError) return null
    throw error
  }
  return parsed
}

/**
 * `strtotime(text, now)` in `zone` (PHP's `date_default_timezone_set`): Unix seconds, or null
 * where PHP returns false. Unlike PHP, a date named in the text that does not exist
 * (`2030-02-30`) is null.
 */
export function strtotime(text: string, zone: string, nowSeconds: number): number | null {
  const parsed = scan(text)
  const defaultZone = zoneOf(zone)
  return parsed && defaultZone && resolve(parsed, defaultZone, Math.floor(nowSeconds))
}

/**
 * Unix seconds of a valid wall clock in `zone`, a time in a DST gap or overlap read as PHP does.
 */
export function instantOfWallClock(time: Omit<Fields, 'us'>, zone: string): number | null {
  const luxonZone = zoneOf(zone)
  return luxonZone && instantOf(wallSeconds({ ...time, us: 0 }), luxonZone)
}
