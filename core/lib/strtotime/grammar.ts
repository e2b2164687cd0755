/**
 * The token patterns of timelib's scanner (parse_date.re), which PHP's strtotime runs, as regular
 * expression sources. Quoted words there ('next') match in any case, double-quoted ones ("T")
 * exactly; `anyCase` does the former.
 */

const anyCase = (word: string) => word.replace(/[a-z]/g, (c) => `[${c}${c.toUpperCase()}]`)
const oneOf = (...words: string[]) => `(?:${words.map(anyCase).join('|')})`

const space = '[ \\t]+'
const frac = '\\.[0-9]+'
const hour24 = '(?:[01]?[0-9]|2[0-4])'
const hour24lz = '(?:[01][0-9]|2[0-4])'
const hour12 = '(?:0?[1-9]|1[0-2])'
const minute = '[0-5]?[0-9]'
const minutelz = '[0-5][0-9]'
const second = '(?:[0-5]?[0-9]|60)'
const secondlz = '(?:[0-5][0-9]|60)'
const meridian = '[AaPp]\\.?[Mm]\\.?[\\0\\t ]'
const tz = '(?:\\(?[A-Za-z]{1,6}\\)?|[A-Z][a-z]+(?:[_/-][A-Za-z]+)+)'
const tzcorrection = `(?:GMT)?[+-]${hour24}:?(?:${minute})?`
const month = '(?:0?[0-9]|1[0-2])'
const day = '(?:[0-2]?[0-9]|3[01])(?:st|nd|rd|th)?'
const year = '[0-9]{1,4}'
const year2 = '[0-9]{2}'
const year4 = '[0-9]{4}'
const dayOfYear = '(?:00[1-9]|0[1-9][0-9]|[12][0-9][0-9]|3[0-5][0-9]|36[0-6])'
const weekOfYear = '(?:0[1-9]|[1-4][0-9]|5[0-3])'
const monthlz = '(?:0[0-9]|1[0-2])'
const daylz = '(?:0[0-9]|[12][0-9]|3[01])'

const dayfull = oneOf('sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday')
const dayabbr = oneOf('sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat')
const daytext = `(?:${dayfull}|${dayabbr}|${oneOf('weekday', 'weekdays')})`
const monthfull = oneOf(
  ...'january february march april may june july august september october november december'.split(
    ' ',
  ),
)
const monthabbr = oneOf(...'jan feb mar apr may jun jul aug sep sept oct nov dec'.split(' '))
const monthroman = '(?:I|II|III|IV|V|VI|VII|VIII|IX|X|XI|XII)'
const monthtext = `(?:${monthfull}|${monthabbr}|${monthroman})`

const t = '[tT]?'
const timeshort12 = `${hour12}[:.]${minutelz}(?:${space})?${meridian}`
const timelong12 = `${hour12}[:.]${minute}[:.]${secondlz}(?:${space})?${meridian}`
const timeshort24 = `${t}${hour24}[:.]${minute}`
const timelong24 = `${t}${hour24}[:.]${minute}[:.]${second}`
const iso8601normtz = `${t}${hour24}[:.]${minute}[:.]${secondlz}(?:${space})?(?:${tzcorrection}|${tz})`
const datenoyear = `${monthtext}[ .\\t-]*${day}(?:[,.stndrh\\t ]+|\\0)`

const reltextnumber = oneOf(
  ...'first second third fourth fifth sixth seventh eight eighth ninth tenth eleventh twelfth'.split(
    ' ',
  ),
)
const reltexttext = oneOf('next', 'last', 'previous', 'this')
const reltextunit = `(?:${oneOf('ms', 'µs')}|${oneOf(
  ...'msec millisecond µsec microsecond usec sec second min minute hour day fortnight forthnight month year'.split(
    ' ',
  ),
)}[sS]?|${anyCase('weeks')}|${daytext})`
const relnumber = '[+-]*[ \\t]*[0-9]+'

/** The rules in timelib's order: the longest match wins, the first rule among equally long ones. */
export const RULES = {
  yesterday: anyCase('yesterday'),
  now: anyCase('now'),
  noon: anyCase('noon'),
  midnightOrToday: oneOf('midnight', 'today'),
  tomorrow: anyCase('tomorrow'),
  timestamp: '@-?[0-9]+',
  timestampMs: '@-?[0-9]+\\.[0-9]{0,6}',
  firstOrLastDayOf: oneOf('first day of', 'last day of'),
  backOrFrontOf: `${oneOf('back of ', 'front of ')}${hour24}(?:(?:${space})?${meridian})?`,
  weekdayOf: `(?:${reltextnumber}|${reltexttext})${space}(?:${dayfull}|${dayabbr})${space}${anyCase('of')}`,
  time12: `(?:${hour12}(?:${space})?${meridian}|${timeshort12}|${timelong12})`,
  mssqltime: `${hour12}:${minutelz}:${secondlz}[:.][0-9]+${meridian}`,
  time24: `(?:${timeshort24}|${timelong24}|${t}${hour24}[:.]${minute}[:.]${second}${frac})`,
  gnunocolon: `${t}${hour24lz}${minutelz}`,
  iso8601nocolon: `${t}${hour24lz}${minutelz}${secondlz}`,
  american: `${month}/${day}(?:/${year})?`,
  isoDate: `(?:[+-]?${year4}-${monthlz}-${daylz}|${year4}/${monthlz}/${daylz}/?|${year4}/${month}/${day})`,
  iso8601date2: `${year2}-${monthlz}-${daylz}`,
  iso8601datex: `[+-][0-9]{5,19}-${monthlz}-${daylz}`,
  gnudateshorter: `${year4}-${month}`,
  gnudateshort: `${year}-${month}-${day}`,
  datefull: `${day}[ \\t.-]*${monthtext}[ \\t.-]*${year}`,
  pointeddate4: `${day}[.\\t-]${month}[.-]${year4}`,
  pointeddate2: `${day}[.\\t]${month}\\.${year2}`,
  datenoday: `${monthtext}[ .\\t-]*${year4}`,
  datenodayrev: `${year4}[ .\\t-]*${monthtext}`,
  datetextual: `(?:${monthtext}[ .\\t-]*${day}[,.stndrh\\t ]+${year}|${datenoyear})`,
  datenoyearrev: `${day}[ .\\t-]*${monthtext}`,
  datenocolon: `${year4}${monthlz}${daylz}`,
  dateAndTime: `(?:${year4}${monthlz}${daylz}T${hour24}:${minutelz}:${secondlz}|${year4}${monthlz}${daylz}[tT]${hour24}${minutelz}${secondlz}|${year4}-${monthlz}-${daylz}T${hour24lz}:${minutelz}:${secondlz}${frac}(?:${tzcorrection})?|${year4}-${month}-${day}T${hour24}:${minute}:${second}|${year4}:${monthlz}:${daylz} ${hour24lz}:${minutelz}:${secondlz})`,
  pgydotd: `${year4}\\.?${dayOfYear}`,
  isoweekday: `${year4}-?W${weekOfYear}-?[0-7]`,
  isoweek: `${year4}-?W${weekOfYear}`,
  pgtextshort: `${monthabbr}-${daylz}-${year}`,
  pgtextreverse: `${year}-${monthabbr}-${daylz}`,
  clf: `${day}/${monthabbr}/${year4}:${hour24lz}:${minutelz}:${secondlz}${space}${tzcorrection}`,
  year4,
  ago: anyCase('ago'),
  daytext,
  relativetextweek: `${reltexttext}${space}${anyCase('week')}`,
  relativetext: `(?:${reltextnumber}|${reltexttext})${space}${reltextunit}`,
  monthtext: `(?:${monthfull}|${monthabbr})`,
  zone: `(?:${tzcorrection}|${tz})`,
  dateshortwithtime12: `${datenoyear}(?:${timeshort12}|${timelong12})`,
  dateshortwithtime24: `${datenoyear}(?:${timeshort24}|${timelong24}|${iso8601normtz})`,
  relative: `${relnumber}(?:${space})?(?:${reltextunit}|${anyCase('week')})`,
  separator: '[ .,\\t]',
  end: '[\\0\\n]',
} as const

export type RuleName = keyof typeof RULES
