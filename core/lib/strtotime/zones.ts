import { DateTime, IANAZone, Info, type Zone as LuxonZone } from 'luxon'
import type { Reader } from './reader.js'
import { ParseError, type Parsed, type Zone } from './state.js'

/**
 * timelib's zone abbreviations with the UTC offset in seconds of the first zone each names (what
 * `abbr_search` takes), from PHP's `DateTimeZone::listAbbreviations()`.
 */
const ABBREVIATIONS = new Map(
  (
    'acdt:37800 acst:34200 addt:-7200 adt:-10800 aedt:39600 aest:36000 ahdt:-32400 ahst:-36000 ' +
    'akdt:-28800 akst:-32400 amt:-13840 apt:-10800 ast:-14400 awdt:32400 awst:28800 awt:-10800 ' +
    'bdst:7200 bdt:-36000 bmt:-14309 bst:3600 cast:34200 cat:7200 cddt:-14400 cdt:-18000 ' +
    'cemt:10800 cest:7200 cet:3600 cmt:-15408 cpt:-18000 cst:-21600 cwt:-18000 chst:36000 ' +
    'dmt:-1521 eat:10800 eddt:-10800 edt:-14400 eest:10800 eet:7200 emt:-26248 ept:-14400 ' +
    'est:-18000 ewt:-14400 ffmt:-14660 fmt:-4056 gdt:39600 gmt:0 gst:36000 hdt:-34200 hkst:32400 ' +
    'hkt:28800 hmt:-19776 hpt:-34200 hst:-36000 hwt:-34200 iddt:14400 idt:10800 imt:25025 ist:7200 ' +
    'jdt:36000 jmt:8440 jst:32400 kdt:36000 kmt:5736 kst:30600 lst:9394 mddt:-18000 mdst:16279 ' +
    'mdt:-21600 mest:7200 met:3600 mmt:9017 mpt:-21600 msd:14400 msk:10800 mst:-25200 mwt:-21600 ' +
    'nddt:-5400 ndt:-9052 npt:-9000 nst:-12600 nwt:-9000 nzdt:46800 nzmt:41400 nzst:43200 ' +
    'pddt:-21600 pdt:-25200 pkst:21600 pkt:18000 plmt:25590 pmt:-13236 ppmt:-17340 ppt:-25200 ' +
    'pst:-28800 pwt:-25200 qmt:-18840 rmt:5794 sast:7200 sdmt:-16800 sjmt:-20173 smt:-13884 ' +
    'sst:-39600 tbmt:10751 tmt:12344 uct:0 utc:0 wast:7200 wat:3600 wemt:7200 west:3600 wet:0 ' +
    'wib:25200 wita:28800 wit:32400 wmt:5040 yddt:-25200 ydt:-28800 ypt:-28800 yst:-32400 ' +
    'ywt:-28800 a:3600 b:7200 c:10800 d:14400 e:18000 f:21600 g:25200 h:28800 i:32400 k:36000 ' +
    'l:39600 m:43200 n:-3600 o:-7200 p:-10800 q:-14400 r:-18000 s:-21600 t:-25200 u:-28800 ' +
    'v:-32400 w:-36000 x:-39600 y:-43200 z:0'
  )
    .trim()
    .split(/\s+/)
    .map((entry) => {
      const [name, offset] = entry.split(':')
      return [name, Number(offset)] as const
    }),
)

/** `timelib_parse_tz_cor`: `5`, `05`, `5:30`, `530`, `0530`, `05:30` in seconds. */
function offsetSeconds(reader: Reader): number {
  const start = reader.pos
  while (/[0-9:]/.test(reader.char) && !reader.atEnd) reader.pos++
  const text = reader.text.slice(start, reader.pos)
  const hoursAndMinutes = (hours: string, minutes: string) =>
    (parseInt(hours, 10) || 0) * 3600 + (parseInt(minutes, 10) || 0) * 60
  switch (text.length) {
    case 1:
    case 2:
      return hoursAndMinutes(text, '0')
    case 3:
    case 4:
      if (text[1] === ':') return hoursAndMinutes(text, text.slice(2))
      if (text[2] === ':') return hoursAndMinutes(text, text.slice(3))
      return hoursAndMinutes(String(Math.trunc(Number(text) / 100)), String(Number(text) % 100))
    case 5:
      return hoursAndMinutes(text, text.slice(3))
    default:
      return 0
  }
}

/** `timelib_parse_zone`: an offset, an abbreviation or a zone name; unknown ones are an error. */
export function parseZone(reader: Reader, t: Parsed): void {
  reader.skip(' \t(')
  if (
    reader.text.startsWith('GMT', reader.pos) &&
    '+-'.includes(reader.text[reader.pos + 3] ?? 'x')
  )
    reader.pos += 3
  if (reader.char === '+' || reader.char === '-') {
    const sign = reader.char === '-' ? -1 : 1
    reader.pos++
    t.zone = { kind: 'offset', seconds: sign * offsetSeconds(reader) }
  } else {
    const start = reader.pos
    while (!reader.atEnd && reader.char !== ')' && reader.char !== ' ') reader.pos++
    const word = reader.text.slice(start, reader.pos)
    const lower = word.toLowerCase()
    const abbreviation = lower === 'utc' || lower === 'gmt' ? 0 : ABBREVIATIONS.get(lower)
    let zone: Zone | null =
      abbreviation === undefined ? null : { kind: 'abbreviation', seconds: abbreviation }
    if ((!zone || word === 'UTC') && IANAZone.isValidZone(word))
      zone = { kind: 'identifier', name: word }
    if (!zone) throw new ParseError('The timezone could not be found in the database')
    t.zone = zone
  }
  reader.skip(')')
}

/** A zone of luxon's (`Europe/Paris`, `UTC`, `UTC+2`), or null. */
export const zoneOf = (name: string): LuxonZone | null => {
  const zone = Info.normalizeZone(name)
  return zone?.isValid ? zone : null
}

/** The zone's UTC offset in seconds at an instant. */
const offsetAt = (zone: LuxonZone, seconds: number) => zone.offset(seconds * 1000) * 60

/**
 * The instant of a wall clock (given as if it were UTC) in a zone, choosing in DST gaps and
 * overlaps as timelib's `do_adjust_timezone` does: a time in a gap moves forward by the gap, and a
 * repeated time is read with the offset the zone has at that wall clock read as UTC, which is the
 * first occurrence west of Greenwich and the second east of it. For a zone named in the text
 * (`named`), timelib looks two hours further back east of Greenwich, which makes it the first
 * occurrence there too.
 */
export function instantOf(wall: number, zone: LuxonZone, named = false): number {
  const before = offsetAt(zone, wall)
  const after = offsetAt(zone, wall - before)
  if (before === after) {
    if (named && before >= 0 && !isSummerTime(zone, wall)) {
      const earlier = offsetAt(zone, wall - before - 7200)
      if (earlier !== after && offsetAt(zone, wall - earlier) !== after) return wall - earlier
    }
    return wall - before
  }
  const inTransition = after > before && offsetAt(zone, wall - after) !== after
  return wall - (inTransition ? before : after)
}

const isSummerTime = (zone: LuxonZone, seconds: number) =>
  DateTime.fromSeconds(seconds, { zone }).isInDST
