import fc from 'fast-check'
import { FACET_NAMES } from '../../endpoints/events/facets.js'
import type { Kind, ParamSpec } from '../../endpoints/params.js'
import type { Method, Route } from '../../endpoints/routing/operation.js'

/**
 * Generated hostile requests for the v1 namespace, derived from its route table: each route and
 * method with parameters named after the operation's own (and others), filled with wrong types,
 * empty and huge strings, unicode and control characters, numbers out of range, operator objects,
 * prototype keys, SQL fragments, invalid dates, malformed or deeply nested JSON, wrong content
 * types and bodies over 1 MiB.
 *
 * Records are named by placeholders resolved when the request is sent, against what exists then:
 * `~~id.events.3~~` is the id of the fourth event, `~~slug.venues.0~~` the slug of the first venue,
 * `~~password~~` the password of the protected records (only URL-safe characters, so that they
 * survive encoding). So a replay with the same seed names the
 * same records, and deleted records are not named again.
 */

/** A request before its placeholders are resolved. */
export type HostileRequest = {
  caller: number
  /** The route template (`/events/{id}`) and the concrete path (with placeholders). */
  route: string
  path: string
  method: string
  language: string
  query: string
  headers: Record<string, string>
  body?: { text: string; chunked?: boolean }
}

const WRITE_METHODS: Method[] = ['POST', 'PUT', 'PATCH', 'DELETE']
const ALL_METHODS = ['GET', 'HEAD', 'OPTIONS', 'POST', 'PUT', 'PATCH', 'DELETE']

/** The collection each route's path variable and each linking parameter points to. */
const COLLECTION_OF_ROUTE: Record<string, string> = {
  events: 'events',
  venues: 'venues',
  organizers: 'organizers',
  categories: 'event-categories',
  tags: 'event-tags',
}
const COLLECTION_OF_PARAM: Record<string, string> = {
  venue: 'venues',
  organizer: 'organizers',
  event: 'events',
  post: 'events',
  post_parent: 'events',
  author: 'users',
  image: 'media',
  categories: 'event-categories',
  tags: 'event-tags',
}
const collectionOfRoute = (route: string) => COLLECTION_OF_ROUTE[route.split('/')[1]] ?? 'events'

const MiB = 1024 * 1024

// ---- scalar values
// -------------------------------------------------------------------------------

const SQL = [
  "' OR '1'='1",
  '1; DROP TABLE events; --',
  '" OR ""="',
  "1' UNION SELECT password FROM users --",
  "%' --",
  "') OR 1=1 --",
  '1 OR 1=1',
  "'; UPDATE events SET status='publish'; --",
  'events_locales',
  "x' AND sqlite_version() --",
]
const DATES = [
  '2024-02-30',
  '2024-13-01 10:00:00',
  '0000-00-00 00:00:00',
  '9999-12-31 23:59:59',
  '275760-09-13',
  '-000001-01-01',
  'tomorrow 25:00',
  'next blursday',
  '@99999999999999',
  '999999999999',
  '-999999999999',
  '1e21',
  '2024-01-01T00:00:00+25:00',
  'Infinity',
  'NaN',
  '31/12/2024',
  '+1000000 years',
  '-1 day',
  '24:00',
  'tomorrow 9am',
  '2031-05-01 10:00:00',
  '1700000000',
]
const SPECIAL = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\t\n\r',
  '\u202e\u202d',
  '\ufeff',
  '\ud800',
  '\udfff\ud800',
  '😀👨‍👩‍👧',
  'Ω≈ç√∫',
  'Ǆǅǆ',
  'null',
  'undefined',
  'true',
  'false',
  '[object Object]',
  '__proto__',
  'constructor',
  'prototype',
  '<script>alert(1)</script>',
  // HTML nested thousands deep, within a description's 40,000 characters: parsers that recurse
  // overflow.
  `${'<b>'.repeat(4_000)}deep${'</b>'.repeat(4_000)}`,
  '<div><span>'.repeat(3_000),
  '../../etc/passwd',
  'http://127.0.0.1:1/',
  'javascript:alert(1)',
  'file:///etc/passwd',
  'Europe/Paris',
  'UTC+99',
  'Mars/Olympus',
  'publish',
  'trash',
  'draft',
  'any',
  '*',
  '%',
  '_',
  '\\',
  'fr',
  'xx',
  '0',
  '-1',
  '1.5',
  '1e309',
  '9007199254740993',
  '99999999999999999999999',
  '0x10',
  ' 1 ',
  '1,2,3',
  '١٢٣',
  ',,,',
]

const unicodeText = fc.string({ unit: 'grapheme', maxLength: 40 })
const binaryText = fc.string({ unit: 'binary', maxLength: 40 })
const hugeText = fc
  .tuple(fc.constantFrom('x', 'é', '😀', '\u0000', 'a '), fc.constantFrom(5_000, 70_000, 250_000))
  .map(([unit, length]) => unit.repeat(length))

/** A hostile string: SQL, dates, special characters, random unicode, or huge. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: fc.constantFrom(...SQL), weight: 2 },
  { arbitrary: fc.constantFrom(...DATES), weight: 2 },
  { arbitrary: fc.constantFrom(...SPECIAL), weight: 4 },
  { arbitrary: unicodeText, weight: 2 },
  { arbitrary: binaryText, weight: 1 },
  { arbitrary: hugeText, weight: 1 },
)

// ---- JSON values, as text (so that `__proto__` keys and number literals can be written)
// ----------

const jsonString = (value: string) => JSON.stringify(value)

const NUMBER_LITERALS = [
  '0',
  '-0',
  '-1',
  '1.5',
  '1e309',
  '-1e309',
  '1e-400',
  '9007199254740993',
  '99999999999999999999999',
  '1.7976931348623157e308',
  '4.9e-324',
  '2147483648',
  '-2147483649',
]
const jsonNumber = fc.oneof(
  fc.constantFrom(...NUMBER_LITERALS),
  fc.integer().map(String),
  fc.double({ noNaN: true, noDefaultInfinity: true }).map((n) => JSON.stringify(n)),
)
const jsonScalar: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: hostileString.map(jsonString), weight: 5 },
  { arbitrary: jsonNumber, weight: 2 },
  { arbitrary: fc.constantFrom('true', 'false', 'null'), weight: 1 },
)

const OPERATORS = [
  '$ne',
  '$gt',
  '$lt',
  '$in',
  '$regex',
  '$where',
  'where',
  'like',
  'equals',
  'not_equals',
  'in',
  'exists',
  'or',
  'and',
  'contains',
  'near',
]
const PROTOTYPE_KEYS = [
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'valueOf',
  'hasOwnProperty',
  'length',
]

/** An operator object (`{"$ne": 1}`, `{"where": {...}}`) or one with prototype keys. */
const jsonOperatorObject = (inner: fc.Arbitrary<string>) =>
  fc.oneof(
    fc
      .tuple(fc.constantFrom(...OPERATORS), inner)
      .map(([op, value]) => `{${jsonString(op)}:${value}}`),
    fc
      .tuple(fc.constantFrom(...PROTOTYPE_KEYS), inner)
      .map(([key, value]) => `{${jsonString(key)}:${value}}`),
    fc.constant('{"constructor":{"prototype":{"polluted":true}}}'),
    fc.constant('{"__proto__":{"role":"administrator","isAdmin":true}}'),
    fc.constant('{"where":{"id":{"exists":true}}}'),
  )

/** Lists far longer than any client sends: the database takes only so many parameters. */
const hugeList = fc
  .constantFrom(101, 5_000, 40_000)
  .chain((length) =>
    fc.constantFrom(
      `[${Array.from({ length }, (_, i) => `"n${i}"`).join(',')}]`,
      `[${Array.from({ length }, (_, i) => i + 1).join(',')}]`,
      jsonString(Array.from({ length }, (_, i) => i + 1).join(',')),
      jsonString('a '.repeat(length)),
    ),
  )

/**
 * Any hostile JSON value: scalars, arrays where scalars belong and objects, nested a few levels.
 */
export const hostileJson: fc.Arbitrary<string> = fc.letrec<{ value: string }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    { arbitrary: jsonScalar, weight: 6 },
    { arbitrary: hugeList, weight: 1 },
    {
      arbitrary: fc.array(tie('value'), { maxLength: 4 }).map((items) => `[${items.join(',')}]`),
      weight: 2,
    },
    { arbitrary: jsonOperatorObject(tie('value')), weight: 2 },
    {
      arbitrary: fc
        .array(
          fc.tuple(
            fc.oneof(hostileString, fc.constantFrom('id', 'venue', 'organizer', 'name')),
            tie('value'),
          ),
          { maxLength: 4 },
        )
        .map(
          (entries) =>
            `{${entries.map(([key, value]) => `${jsonString(key)}:${value}`).join(',')}}`,
        ),
      weight: 1,
    },
  ),
})).value

// ---- plausible values, so that requests also get past validation -------------------------------

const placeholderId = (collection: string) => fc.nat(40).map((n) => `~~id.${collection}.${n}~~`)

/**
 * Items of a batch's `requests` (endpoints/batch/), as JSON text: v1 writes of records that exist,
 * a read, a batch in a batch, Payload's own REST, a path that climbs out, credentials of an item's
 * own, and shapes that are no request.
 */
const BATCH_ITEMS = [
  '{"path":"/cal/events/v1/events","body":{"title":"Fuzz batch","start_date":"tomorrow 10am","end_date":"tomorrow 11am"}}',
  '{"method":"PATCH","path":"/cal/events/v1/events/~~id.events.3~~","body":{"title":"Fuzz batch"}}',
  '{"method":"put","path":"/cal/events/v1/organizers/~~id.organizers.1~~","body":{"organizer":""}}',
  '{"method":"DELETE","path":"/cal/events/v1/venues/~~id.venues.2~~"}',
  '{"method":"DELETE","path":"/cal/events/v1/tags/~~id.event-tags.1~~?force=true"}',
  '{"path":"/cal/events/v1/categories","body":{"name":"Fuzz batch","parent":999999}}',
  '{"method":"GET","path":"/cal/events/v1/events"}',
  '{"path":"/cal/batch/v1","body":{"requests":[]}}',
  '{"path":"/users","body":{"email":"fuzz@example.com","password":"x"}}',
  '{"path":"/cal/events/v1/../../users","body":{}}',
  '{"path":"/cal/events/v1/events","headers":{"authorization":"JWT forged","x-many":["1","2"]},"body":{"title":""}}',
  '{"path":7}',
  '{"path":"/cal/events/v1/events","body":[]}',
  '{"path":"/cal/events/v1/events","headers":{"bad name":"x"}}',
  '"x"',
  'null',
]

const batchRequests = fc.oneof(
  fc.array(fc.constantFrom(...BATCH_ITEMS), { maxLength: 4 }).map((items) => `[${items}]`),
  fc.constant(`[${Array(26).fill(BATCH_ITEMS[0])}]`),
)

/** A value of the right kind for a parameter, as JSON text; ids and slugs name existing records. */
function plausibleJson(name: string, spec: ParamSpec, route: string): fc.Arbitrary<string> {
  const linked =
    COLLECTION_OF_PARAM[name] ??
    (name === 'id' || name === 'include' || name === 'exclude' || name === 'parent'
      ? collectionOfRoute(route)
      : undefined)
  if (spec.enum) return fc.constantFrom(...spec.enum).map(jsonString)
  // Only where it is read (single reads, archives): written into a record it would stop being a
  // secret.
  if (name === 'password') return fc.constant('"~~password~~"')
  if (name === 'venue')
    return fc.oneof(
      placeholderId('venues'),
      fc.constant('{"venue":"Fuzz Hall","city":"Lyon"}'),
      fc.constant('""'),
    )
  if (name === 'organizer')
    return fc.oneof(
      placeholderId('organizers'),
      fc.constant('[{"organizer":"Fuzz Org"}]'),
      fc.constant('[]'),
    )
  if (name === 'cost') return fc.constantFrom('"€5"', '["0","10$"]', '"Free"', '"5,50 7,50"')
  if (name === 'online_url' || name === 'virtual_url')
    return fc.constantFrom('"https://stream.example/room"', '""', '"javascript:alert(1)"')
  if (name === 'previous_start_date')
    return fc.constantFrom('"2031-01-01 10:00:00"', '""', '"last friday"', '"soon"')
  // The archive's filters (comma lists; writes take one word of the param's enum, above).
  if (name === 'event_status')
    return fc.constantFrom('"canceled,postponed"', '"scheduled"', '"cancelled"')
  if (name === 'attendance_mode') return fc.constantFrom('"online,mixed"', '"offline"', '"virtual"')
  // A series makes up to 731 events per write: plausible rules, short ones, and refused ones.
  if (name === 'recurrence') {
    return fc.constantFrom(
      '"FREQ=WEEKLY;COUNT=3"',
      '["FREQ=DAILY;COUNT=2","FREQ=MONTHLY;COUNT=2"]',
      '{"rules":["FREQ=DAILY;COUNT=2"],"exdates":["2031-01-02"]}',
      '""',
      '"FREQ=SECONDLY"',
      '{"rules":"FREQ=YEARLY;COUNT=2","rdates":["soon"]}',
    )
  }
  if (name === 'image')
    return fc.oneof(
      placeholderId('media'),
      fc.constant('"https://images.example/a.jpg"'),
      fc.constant('""'),
    )
  if (name === 'categories' || name === 'tags')
    return fc.oneof(
      placeholderId(linked!),
      fc.constantFrom('"Jazz"', '"jazz,rock"', '["Fuzz term"]'),
    )
  // The events archive's facet groups (endpoints/events/facets.ts): known names, all of them, and
  // unknown ones among them.
  if (name === 'facets')
    return fc.constantFrom(
      '"categories,venue,city"',
      `"${FACET_NAMES.join(',')}"`,
      '"cost,day_of_week,time_of_day"',
      '"colour,tags"',
      '["featured","organizer"]',
    )
  if (name === 'requests') return batchRequests
  if (name === 'facets_limit') return fc.constantFrom('1', '50', '500', '501', '0')
  if (linked && (spec.kind === 'integer' || spec.kind === 'postId' || spec.kind === 'idList'))
    return placeholderId(linked)
  const byKind: Record<Kind, fc.Arbitrary<string>> = {
    integer: fc.integer({ min: 1, max: 60 }).map(String),
    postId: fc.integer({ min: 0, max: 60 }).map(String),
    boolean: fc.constantFrom('true', 'false', '"1"', '"0"'),
    truthy: fc.constantFrom('"true"', '"yes"', '"false"'),
    string: fc.constantFrom('""', '"Fuzz value"', '"Lyon"'),
    text: fc.string({ minLength: 1, maxLength: 12 }).map((text) => jsonString(`Fuzz ${text}`)),
    number: fc.double({ min: -90, max: 90, noNaN: true }).map(String),
    date: fc.constantFrom('"tomorrow 10am"', '"2031-01-01 10:00:00"', '"+2 weeks"', '"1900000000"'),
    list: fc.constantFrom('"publish"', '"draft,pending"', '"jazz"'),
    idList: fc.integer({ min: 1, max: 60 }).map(String),
    any: fc.constantFrom('"x"', '[]', '{}'),
  }
  return byKind[spec.kind]
}

/** JSON text to a string for a query string or form: strings as they are, anything else as JSON. */
const asText = (json: string) => {
  try {
    const value = JSON.parse(json)
    return typeof value === 'string' ? value : json
  } catch {
    return json
  }
}

// ---- query strings and forms
// ---------------------------------------------------------------------

const KEY_SUFFIXES = [
  '',
  '',
  '',
  '[]',
  '[$ne]',
  '[$gt]',
  '[where][id][equals]',
  '[like]',
  '[0]',
  '[][]',
  '[__proto__]',
  '[constructor][prototype]',
]
const PAYLOAD_KEYS = [
  'locale',
  'fallback-locale',
  'depth',
  'draft',
  'trash',
  'select[password]',
  'populate',
  'where[password][exists]',
  'limit',
  'sort',
  'joins',
  'translation_language',
  '__proto__[polluted]',
  'constructor[prototype][polluted]',
]
const MALFORMED_ENCODINGS = [
  '%',
  '%zz',
  '%E0%A4%A',
  '%00',
  '%C0%AE',
  '%FF%FE',
  '+',
  '%2B',
  '%26%3D',
]

/** `encodeURIComponent`, which lone surrogates make throw, done by bytes instead. */
export const encode = (text: string) => {
  try {
    return encodeURIComponent(text)
  } catch {
    return [...Buffer.from(text)]
      .map((byte) => `%${byte.toString(16).padStart(2, '0').toUpperCase()}`)
      .join('')
  }
}

type Pair = [string, string]

function pairs(
  names: string[],
  params: Record<string, ParamSpec>,
  route: string,
): fc.Arbitrary<Pair[]> {
  const key = fc.oneof(
    {
      arbitrary: fc
        .tuple(fc.constantFrom(...names), fc.constantFrom(...KEY_SUFFIXES))
        .map(([name, suffix]) => `${name}${suffix}`),
      weight: 6,
    },
    { arbitrary: fc.constantFrom(...PAYLOAD_KEYS), weight: 1 },
    { arbitrary: hostileString.filter((s) => s.length < 200), weight: 1 },
  )
  const value = (name: string) =>
    fc.oneof(
      {
        arbitrary: Object.hasOwn(params, name)
          ? plausibleJson(name, params[name], route).map(asText)
          : hostileString,
        weight: 2,
      },
      { arbitrary: hostileString.filter((s) => s.length < 3000), weight: 3 },
    )
  return fc.array(
    key.chain((k) => value(k.replace(/\[.*$/, '')).map((v): Pair => [k, v])),
    { maxLength: 6 },
  )
}

/**
 * Pairs as a query string: encoded, or now and then with malformed escapes written raw. Kept under
 * 6,000 characters, well within the 16 KiB that node allows for a request's head.
 */
const queryText = (list: Pair[], malformed: string | null) => {
  const encoded = list.map(
    ([k, v]) => `${encode(k).replace(/%5B/g, '[').replace(/%5D/g, ']')}=${encode(v)}`,
  )
  let text = ''
  for (const pair of encoded)
    if (text.length + pair.length < 6000) text += `${text ? '&' : ''}${pair}`
  return malformed === null ? text : `${text}${text ? '&' : ''}${malformed}=${malformed}`
}

// ---- bodies
// --------------------------------------------------------------------------------------

const MALFORMED_JSON = [
  '{',
  '{"title":',
  '[]',
  '[1,2]',
  '"text"',
  '123',
  'null',
  'true',
  '{"a":1}}',
  '\u0000',
  '{"title":"x",}',
  "{'title':'x'}",
  '\ufeff{}',
  '{"title":"\\ud800"}',
  '{"title":"\\u0000"}',
  '{"a":NaN}',
  '{"a":Infinity}',
  '{"a":undefined}',
  '{"__proto__":1}',
  '{"a":1,"a":2}',
  '/*x*/{}',
]
const CONTENT_TYPES = [
  'application/json',
  'application/json',
  'application/json',
  'application/json; charset=utf-8',
  'application/vnd.api+json',
  'APPLICATION/JSON',
  'text/plain',
  'application/xml',
  'multipart/form-data; boundary=xyz',
  'multipart/form-data',
  '',
  'application/x-www-form-urlencoded',
  'application/octet-stream',
]

function bodyOf(
  params: Record<string, ParamSpec>,
  route: string,
  required: string[],
): fc.Arbitrary<{ text: string; type: string; chunked?: boolean } | undefined> {
  const names = [
    ...Object.keys(params),
    'translation_language',
    'password',
    'id',
    'status',
    'author',
  ]
  const entry = fc.constantFrom(...names).chain((name) =>
    fc
      .oneof(
        {
          arbitrary: Object.hasOwn(params, name)
            ? plausibleJson(name, params[name], route)
            : hostileJson,
          weight: 2,
        },
        { arbitrary: hostileJson, weight: 3 },
      )
      .map((value): Pair => [name, value]),
  )
  // The required arguments, plausible, so that one hostile argument among valid ones gets far.
  const base = fc.tuple(
    ...required.map((name) =>
      plausibleJson(name, params[name], route).map((value): Pair => [name, value]),
    ),
  )
  const object = fc
    .tuple(fc.boolean(), base, fc.array(entry, { maxLength: 5 }))
    .map(([withBase, given, extra]) => [...(withBase ? given : []), ...extra])
  const json = fc.tuple(object, fc.constantFrom(...CONTENT_TYPES)).map(([entries, type]) => ({
    text: `{${entries.map(([k, v]) => `${jsonString(k)}:${v}`).join(',')}}`,
    type,
  }))
  // Writes that should mostly succeed, so that the paths past validation are exercised too.
  const known = Object.keys(params).filter((name) => !route.includes(`{${name}}`))
  const plausibleEntry = known.length
    ? fc
        .constantFrom(...known)
        .chain((name) =>
          plausibleJson(name, params[name], route).map((value): Pair => [name, value]),
        )
    : fc.constant<Pair>(['translation_language', '"fr"'])
  const plausible = fc
    .tuple(base, fc.array(plausibleEntry, { maxLength: 3 }))
    .map(([given, extra]) => ({
      text: `{${[...given, ...extra].map(([k, v]) => `${jsonString(k)}:${v}`).join(',')}}`,
      type: 'application/json',
    }))
  const form = object.map((entries) => ({
    text: entries.map(([k, v]) => `${encode(k)}=${encode(asText(v))}`).join('&'),
    type: 'application/x-www-form-urlencoded',
  }))
  const malformed = fc
    .tuple(
      fc.constantFrom(...MALFORMED_JSON),
      fc.constantFrom('application/json', 'application/x-www-form-urlencoded', 'text/plain'),
    )
    .map(([text, type]) => ({ text, type }))
  const deep = fc
    .tuple(fc.constantFrom(33, 100, 5_000, 100_000), fc.boolean())
    .map(([depth, arrays]) => ({
      text: arrays
        ? `{"title":${'['.repeat(depth)}${']'.repeat(depth)}}`
        : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`,
      type: 'application/json',
    }))
  // Just over the limit (with or without Content-Length), or just under it with the padding in an
  // ignored key.
  const sized = fc
    .tuple(fc.constantFrom(MiB + 1, MiB + 100_000, MiB - 64), fc.boolean())
    .map(([size, chunked]) => {
      const head = '{"title":"Big","pad":"'
      return {
        text: `${head}${'x'.repeat(size - head.length - 2)}"}`,
        type: 'application/json',
        chunked,
      }
    })
  return fc.oneof(
    { arbitrary: fc.constant(undefined), weight: 2 },
    { arbitrary: json, weight: 7 },
    { arbitrary: plausible, weight: 6 },
    { arbitrary: form, weight: 2 },
    { arbitrary: malformed, weight: 2 },
    { arbitrary: deep, weight: 1 },
    { arbitrary: sized, weight: 1 },
  )
}

// ---- path variables
// ------------------------------------------------------------------------------

const HOSTILE_IDS = [
  '0',
  '00',
  '-1',
  'abc',
  '1e3',
  '99999999999999999999',
  '9007199254740993',
  '%E0%A4%A',
  '%00',
  '1%2F2',
  '%20',
  '%201',
  '1;',
  '0x1',
]
const hostileSlug = fc.oneof(
  hostileString.map(encode).filter((s) => s.length > 0 && s.length < 4000),
  fc.constantFrom(
    '%',
    '%zz',
    '%C0%AE',
    '%00',
    '%2F',
    'a%2Fb',
    '%E2%80%AE',
    '%2e',
    'x'.repeat(4000),
  ),
)

function pathOf(route: string): fc.Arbitrary<string> {
  const collection = collectionOfRoute(route)
  const id = fc.oneof(
    { arbitrary: placeholderId(collection), weight: 4 },
    { arbitrary: fc.constantFrom(...HOSTILE_IDS), weight: 1 },
  )
  const slug = fc.oneof(
    { arbitrary: fc.nat(40).map((n) => `~~slug.${collection}.${n}~~`), weight: 3 },
    { arbitrary: hostileSlug, weight: 2 },
  )
  return fc
    .tuple(id, slug, fc.boolean())
    .map(
      ([idValue, slugValue, slash]) =>
        `${route.replace('{id}', idValue).replace('{slug}', slugValue)}${slash ? '/' : ''}`,
    )
}

// ---- uploads
// -------------------------------------------------------------------------------------

/** Header names of CSV files: ours, The Events Calendar's, and nonsense. */
const CSV_HEADERS = [
  'Event Name',
  'Event Start Date',
  'Event Start Time',
  'Event End Date',
  'Event Venue Name',
  'Event Organizer Name',
  'Event Category',
  'Event Cost',
  'Venue Name',
  'Organizer Name',
  'Organizer Email',
  'title',
  'start_date',
  'end_date',
  'timezone',
  'venue',
  'organizer',
  'global_id',
  'venue.global_id',
  'image',
  'website',
  'all_day',
  'status',
  'event_status',
  'Event Status',
  '_tribe_events_status',
  'attendance_mode',
  'online_url',
  '',
  '=cmd|x',
  '__proto__',
]
const CSV_CELLS = [
  '=1+1',
  '=HYPERLINK("http://evil.example")',
  '+33 1 23',
  '-5',
  '@SUM(A1)',
  "'=quoted",
  '2027-01-01 10:00',
  '01/02/2027',
  '8:00 PM',
  'yes',
  'maybe',
  'Canceled',
  'moved online',
  'Mars/Olympus',
  'http://evil.example/x.png',
  'javascript:alert(1)',
  'example.com?id=1',
  'publish',
  'trash',
  '"',
  'a\r\nb',
  '\u0000',
]
const csvCell = fc.oneof(
  { arbitrary: fc.constantFrom(...CSV_CELLS), weight: 3 },
  { arbitrary: hostileString.filter((s) => s.length < 2000), weight: 2 },
)

/**
 * A CSV file's text: headers and ragged rows of hostile cells, quoted as RFC 4180 says or joined
 * raw (quotes left open), with one of the delimiters spreadsheets use, under a content type.
 */
const csvUpload = fc
  .record({
    headers: fc.array(fc.constantFrom(...CSV_HEADERS), { minLength: 1, maxLength: 6 }),
    rows: fc.array(fc.array(csvCell, { maxLength: 7 }), { maxLength: 5 }),
    delimiter: fc.constantFrom(',', ',', ';', '\t'),
    quoted: fc.boolean(),
    type: fc.constantFrom('text/csv', 'text/csv; charset=utf-8', 'application/json', ''),
  })
  .map(({ headers, rows, delimiter, quoted, type }) => {
    const quote = (cell: string) => (quoted ? `"${cell.replace(/"/g, '""')}"` : cell)
    const text = [headers, ...rows].map((row) => row.map(quote).join(delimiter)).join('\r\n')
    return { text, type: type as string, chunked: undefined as boolean | undefined }
  })

// ---- requests
// ------------------------------------------------------------------------------------

const EXTRA_HEADERS: Record<string, string>[] = [
  {},
  {},
  {},
  { 'x-cal-path-language': 'fr' },
  { 'accept-language': 'fr' },
  { cookie: 'payload-token=garbage' },
  { 'content-encoding': 'gzip' },
  { origin: 'http://evil.example' },
  { 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'javascript' },
]

/** Requests over every route and method of the table, for `callerCount` callers. */
export function hostileRequests(
  routes: Route[],
  callerCount: number,
): fc.Arbitrary<HostileRequest> {
  const targets = routes.map((route) => ({
    route: route.path,
    methods: Object.keys(route.operations) as Method[],
    operations: route.operations,
  }))
  return fc.constantFrom(...targets).chain((target) => {
    const method = fc.oneof(
      { arbitrary: fc.constantFrom(...target.methods), weight: 12 },
      { arbitrary: fc.constantFrom(...ALL_METHODS), weight: 2 },
    )
    return method.chain((chosen) => {
      const operation =
        target.operations[chosen as Method] ??
        target.operations.GET ??
        Object.values(target.operations)[0]!
      const params = operation.params
      const names = [...Object.keys(params), 'translation_language', 'password', 'cal_root']
      const required = Object.entries(params)
        .filter(([name, spec]) => spec.required && !target.route.includes(`{${name}}`))
        .map(([name]) => name)
      const hasBody = WRITE_METHODS.includes(chosen as Method)
      // An upload takes a file as its body and its parameters in the query string.
      const upload = Boolean(operation.upload) && hasBody
      return fc
        .record({
          caller: fc.nat(callerCount - 1),
          path: pathOf(target.route),
          language: fc.constantFrom('', '', '', '', '/fr', '/es', '/en', '/de'),
          query: fc.tuple(
            // Writes mostly carry their arguments in the body.
            hasBody && !upload
              ? fc.oneof(
                  { arbitrary: fc.constant<Pair[]>([]), weight: 3 },
                  { arbitrary: pairs(names, params, target.route), weight: 2 },
                )
              : pairs(names, params, target.route),
            fc.option(fc.constantFrom(...MALFORMED_ENCODINGS), { freq: 8 }),
          ),
          extraHeaders: fc.constantFrom(...EXTRA_HEADERS),
          body: upload
            ? fc.oneof(
                { arbitrary: csvUpload, weight: 4 },
                { arbitrary: bodyOf(params, target.route, required), weight: 1 },
              )
            : hasBody
              ? bodyOf(params, target.route, required)
              : fc.constant(undefined),
        })
        .map(({ caller, path, language, query, extraHeaders, body }): HostileRequest => {
          const headers: Record<string, string> = { ...extraHeaders }
          if (body?.type) headers['content-type'] = body.type
          return {
            caller,
            route: target.route,
            path,
            method: chosen,
            language,
            query: queryText(query[0], query[1]),
            headers,
            body: body && { text: body.text, chunked: body.chunked },
          }
        })
    })
  })
}

/**
 * Records that placeholders name: ids and slugs per collection, and the password of protected ones.
 */
export type Pool = {
  ids: Record<string, number[]>
  slugs: Record<string, string[]>
  password: string
}

/**
 * Replaces placeholders in JSON text (`json`), or in a path, query string or form (`url`, encoded).
 */
export function resolvePlaceholders(text: string, pool: Pool, where: 'json' | 'url'): string {
  return text.replace(
    /(")?~~(id|slug|password)(?:\.([a-z-]+)\.(\d+))?~~(")?/g,
    (
      _whole,
      open: string | undefined,
      kind: string,
      collection: string,
      index: string,
      close: string | undefined,
    ) => {
      const pick = <T>(list: T[] | undefined, fallback: T) =>
        list && list.length ? list[Number(index) % list.length] : fallback
      const value =
        kind === 'id'
          ? String(pick(pool.ids[collection], 999_999))
          : kind === 'slug'
            ? pick(pool.slugs[collection], 'no-such-slug')
            : pool.password
      if (where === 'url') return `${open ?? ''}${encode(value)}${close ?? ''}`
      // In JSON a bare id placeholder is a number; anything else is a string.
      if (open && close) return jsonString(value)
      return `${open ?? ''}${kind === 'id' ? value : jsonString(value)}${close ?? ''}`
    },
  )
}
