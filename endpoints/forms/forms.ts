import crypto from 'node:crypto'
import type { Payload } from 'payload'
import type { ChangeResource } from '../../collections/changeLog.js'
import type { Context } from '../context.js'
import { calendarStore, type FormRow, type FormsLookup } from '../../core/database/index.js'
import type { Taxonomy } from '../taxonomies.js'
import { keepLater, pendingForm } from './formKeeper.js'

/**
 * The kept v1 forms of public records (collections/recordForms.ts): what a read that no cache
 * answers joins instead of building each record again (issue #27).
 *
 * A form is the record's JSON text exactly as `JSON.stringify` writes it inside an answer, as an
 * anonymous caller without a password gets it, with markers where the site's address and term
 * counts go: one per record, `list` (in archives), `single` (read alone, with `json_ld`), `csv`
 * (an event's row of the CSV export, a JSON array of its cells) or `vevent` (an event's VEVENT
 * in the iCalendar feed, unfolded, as a JSON string: endpoints/records/veventForms.ts), and
 * language. Anything else a record depends on is in the key's scope: the options record builders
 * read and the form's version below, which changes whenever the record builders change what they
 * write. Forms of an older scope are never read again; `clearRecordForms` removes them.
 */
export type FormVariant = 'list' | 'single' | 'csv' | 'vevent'

/**
 * Raise when a record builder's output changes (records, CSV rows, VEVENTs: endpoints/records/
 * vevent.ts), so that forms kept by older code are not used.
 */
const FORM_VERSION = 7

/**
 * Forms are built with these in place of the site's address (records' `url`) and of the request's
 * public origin (API links), and the request's go in when they are joined: a form is the same
 * whatever host a request names (so a `Host` header cannot make new rows). `global_id` is the
 * site's address without its scheme, hence the host part of its own. Stored text never holds the
 * NUL character (collections/hooks/queryGuard.ts refuses it), so the escaped NULs of the markers
 * cannot be anything else.
 */
const MARKED_HOST = '\u0000calendar-site\u0000'
const MARKED_ORIGIN = `x://${MARKED_HOST}`
const MARKED_API_ORIGIN = 'x://\u0000calendar-api\u0000'
const json = (text: string) => JSON.stringify(text).slice(1, -1)
const MARKED_ORIGIN_JSON = json(MARKED_ORIGIN)
const MARKED_HOST_JSON = json(MARKED_HOST)
const MARKED_API_ORIGIN_JSON = json(MARKED_API_ORIGIN)

/** The part of an API address after the request's origin: the same for every host. */
const afterOrigin = (context: Context, address: string) => address.slice(context.origin.length)

/** The request's context with markers for its addresses and counts: what forms are built with. */
const markedContext = (context: Context): Context => ({
  ...context,
  siteUrl: MARKED_ORIGIN,
  origin: MARKED_API_ORIGIN,
  apiRoot: MARKED_API_ORIGIN + afterOrigin(context, context.apiRoot),
  root: MARKED_API_ORIGIN + afterOrigin(context, context.root),
  markedCounts: true,
})

/**
 * An event's form holds, in place of each of its terms' counts, a marker naming the term
 * (forms/load.ts `shownTermCount`); the counts go in when forms are read (`withCounts`). Every
 * event written in a term moves its count: kept in the forms, each such write would have to
 * remove the form of every event that shows the term.
 */
export const countMarker = (taxonomy: Taxonomy, id: number) => `\u0000count:${taxonomy}:${id}\u0000`
/** A count marker as `JSON.stringify` writes it, quotes included. */
const COUNT_MARKER_JSON = /"\\u0000count:(categories|tags):(\d+)\\u0000"/g

type CountMemo = { mark: number; counts: Map<string, number> }
/** Anonymous term counts by `taxonomy:id`, for one change mark (any write moves the mark). */
const countMemos = new WeakMap<object, CountMemo>()
const MEMO_LIMIT = 50_000

/**
 * What anonymous callers see of these terms' counts (`taxonomy:id` → count), as of this read's
 * change mark: read once per mark and process, with one query per taxonomy for those not read yet.
 * Terms that no longer exist are absent.
 */
async function publicCounts(context: Context, keys: Set<string>): Promise<Map<string, number>> {
  const mark = context.generation!.mark
  let memo = countMemos.get(context.payload)
  if (!memo || memo.mark !== mark || memo.counts.size > MEMO_LIMIT) {
    memo = { mark, counts: new Map() }
    countMemos.set(context.payload, memo)
  }
  const counts = memo.counts
  const wanted = new Map<Taxonomy, number[]>()
  for (const key of keys) {
    if (counts.has(key)) continue
    const [taxonomy, id] = key.split(':') as [Taxonomy, string]
    wanted.set(taxonomy, [...(wanted.get(taxonomy) ?? []), Number(id)])
  }
  for (const [taxonomy, ids] of wanted) {
    const { docs } = await (context.payload.db as Payload['db']).find<{
      id: number
      publicEventCount?: number | null
    }>({
      collection: context.options.slugs[taxonomy],
      where: { id: { in: ids } },
      pagination: false,
      limit: 0,
      select: { publicEventCount: true },
    })
    for (const doc of docs) counts.set(`${taxonomy}:${doc.id}`, doc.publicEventCount ?? 0)
  }
  return counts
}

/**
 * Forms with their terms' counts in place of the markers. A form that names a term that is gone
 * is left out (its record is built again), unless `gone` gives the count to show.
 */
async function withCounts(
  context: Context,
  forms: Map<number, string>,
  gone?: number,
): Promise<Map<number, string>> {
  const keys = new Set<string>()
  for (const text of forms.values())
    for (const [, taxonomy, id] of text.matchAll(COUNT_MARKER_JSON)) keys.add(`${taxonomy}:${id}`)
  if (!keys.size) return forms
  const counts = await publicCounts(context, keys)
  const counted = new Map<number, string>()
  for (const [id, text] of forms) {
    let complete = true
    const filled = text.replace(COUNT_MARKER_JSON, (_, taxonomy: string, term: string) => {
      const count = counts.get(`${taxonomy}:${term}`) ?? gone
      if (count === undefined) complete = false
      return String(count ?? 0)
    })
    if (complete) counted.set(id, filled)
  }
  return counted
}

/** Forms' JSON text with the request's addresses in place of the markers. */
export function addressed(text: string, context: Context): string {
  return text
    .replaceAll(MARKED_API_ORIGIN_JSON, json(context.origin))
    .replaceAll(MARKED_ORIGIN_JSON, json(context.siteUrl))
    .replaceAll(MARKED_HOST_JSON, json(context.siteUrl.replace(/^[a-z]+:\/\//i, '')))
}

/** The options that record builders read (the site's address aside: see the markers). */
const recordOptions = ({ options }: Context) => [
  options.slugs,
  options.siteTimezone,
  options.currencySymbol,
  options.currencyPosition,
  options.integerIds,
  options.ownsMedia,
]

const scopes = new Map<string, string>()

/**
 * What a form depends on besides its record: a short hash, made once per language and form of its
 * links (the namespace root after the origin, which holds a language segment when the request came
 * through one, and the language links carry in their query otherwise).
 */
function scopeOf(context: Context): string {
  const links = JSON.stringify([
    context.lang,
    afterOrigin(context, context.root),
    context.linkLanguage,
  ])
  let scope = scopes.get(links)
  if (scope === undefined) {
    scope = crypto
      .createHash('sha1')
      .update(JSON.stringify([FORM_VERSION, links, recordOptions(context)]))
      .digest('base64url')
      .slice(0, 12)
    scopes.set(links, scope)
  }
  return scope
}

/**
 * Where the forms of a resource's records in one variant and the request's scope are kept, and
 * their keys around a record's id (`resource:id:variant:scope`): what `keyOf` writes, and what a
 * page's SELECT reads beside its ids (the store's `pageIds`, core/database/sqlPageIds.ts).
 */
export const formsLookup = (
  context: Context,
  resource: ChangeResource,
  variant: FormVariant,
): FormsLookup => ({
  slug: context.options.recordForms.slug,
  prefix: `${resource}:`,
  suffix: `:${variant}:${scopeOf(context)}`,
})

const keyOf = ({ prefix, suffix }: FormsLookup, id: number) => `${prefix}${id}${suffix}`

/**
 * Whether this read may use and keep forms: an anonymous caller who gives no password (what
 * anyone gets), with the calendar's generation known (a kept form is written only while it holds).
 */
export const formsApply = (context: Context, password: unknown): boolean =>
  context.options.recordForms.enabled &&
  !context.user &&
  (password === undefined || password === '') &&
  context.generation !== undefined

/** The kept forms of these records, by id: one query. */
export async function keptForms(
  context: Context,
  resource: ChangeResource,
  ids: number[],
  variant: FormVariant,
): Promise<Map<number, string>> {
  if (!ids.length) return new Map()
  const lookup = formsLookup(context, resource, variant)
  const keys = ids.map((id) => keyOf(lookup, id))
  const byKey = new Map(ids.map((id, i) => [keys[i], id]))
  const rows = await readForms(context.payload, lookup.slug, keys)
  return new Map(rows.map((row) => [byKey.get(row.key)!, row.body]))
}

/** The rows of these keys (at most one each: `key` is unique). */
async function readForms(payload: Payload, slug: string, keys: string[]): Promise<FormRow[]> {
  // Read on every archive page no cache answers: by a statement prepared once where the store
  // can (a quarter of such a page's cost), else through the adapter.
  const prepared = calendarStore(payload).readForms(payload, slug, keys)
  if (prepared) return prepared
  const { docs } = await payload.db.find<FormRow>({
    collection: slug,
    where: { key: { in: keys } },
    pagination: false,
    limit: 0,
    select: { key: true, body: true },
  })
  return docs
}

/**
 * Keeps the forms a read built, after it answers (formKeeper.ts): as of the change mark its
 * generation read, so that forms built before a write committed are never kept.
 */
function keepForms(
  context: Context,
  resource: ChangeResource,
  forms: Map<number, string>,
  variant: FormVariant,
): void {
  if (!forms.size || !context.generation) return
  const lookup = formsLookup(context, resource, variant)
  keepLater(context.payload, {
    slug: lookup.slug,
    sequencesSlug: context.options.sequencesSlug,
    changeLogSlug: context.options.changeLog.slug,
    mark: context.generation.mark,
    sequence: context.generation.logSequence,
    rows: [...forms].map(([id, body]) => ({ key: keyOf(lookup, id), resource, record: id, body })),
  })
}

/**
 * The forms of these records, by id, still with the markers of the site's address (`addressed`
 * puts the request's in): those kept, and the others built by `build` (which reads them as the
 * caller may, and builds them with the context it is given) and kept for the next reads. `kept`
 * are the kept forms when the page's query read them already (`formsLookup`).
 */
export async function formsOf(
  context: Context,
  resource: ChangeResource,
  ids: number[],
  variant: FormVariant,
  build: (ids: number[], marked: Context) => Promise<Map<number, unknown>>,
  kept: Map<number, string> | null = null,
): Promise<Map<number, string>> {
  const found = kept ?? (await keptForms(context, resource, ids, variant))
  const lookup = formsLookup(context, resource, variant)
  const mark = context.generation?.mark
  for (const id of ids) {
    if (found.has(id) || mark === undefined) continue
    const pending = pendingForm(context.payload, keyOf(lookup, id), mark)
    if (pending !== undefined) found.set(id, pending)
  }
  const forms = await withCounts(context, found)
  const missing = ids.filter((id) => !forms.has(id))
  if (!missing.length) return forms
  const built = new Map<number, string>()
  for (const [id, record] of await build(missing, markedContext(context)))
    built.set(id, JSON.stringify(record))
  keepForms(context, resource, built, variant)
  // A term removed since the build: the count it had is not known any more, and the read races a
  // write anyway.
  for (const [id, text] of await withCounts(context, built, 0)) forms.set(id, text)
  return forms
}

/**
 * An archive's JSON text: `{"<name>":[forms in the order of ids],…rest}`, the bytes
 * `JSON.stringify` writes for the same body.
 */
export function joinedList(
  context: Context,
  name: string,
  ids: number[],
  forms: Map<number, string>,
  rest: Record<string, unknown>,
): string {
  const items = addressed(
    ids.flatMap((id) => (forms.has(id) ? [forms.get(id)!] : [])).join(','),
    context,
  )
  const tail = JSON.stringify(rest)
  return `{${JSON.stringify(name)}:[${items}]${tail === '{}' ? '}' : `,${tail.slice(1)}`}`
}
