import { createLocalReq, type Payload } from 'payload'
import { CHECKS_PASSWORDS } from '../../collections/hooks/protectContent.js'
import { onRecordsChanged, type NamedRecord } from '../../collections/hooks/recordForms.js'
import type { ResolvedCalendarOptions } from '../../core/options.js'
import { calendarGeneration } from '../calendarState.js'
import { NAMESPACE, type Context } from '../context.js'
import { dataLayer } from '../data.js'
import type { Doc } from '../parts/common.js'
import { eventRecord } from './event.js'
import { eventRows } from './eventRow.js'
import { loadRelated } from '../forms/load.js'
import type { Related } from '../related.js'
import { keepingHeld } from '../forms/formKeeper.js'
import { formsLookup, formsOf, type FormVariant } from '../forms/forms.js'
import { veventFormsOf } from './veventForms.js'

/**
 * Builds the archive, CSV and VEVENT forms of the events a write names, after the write, off the
 * request (issue #59): a calendar just written (an import, a sync, an editor's day) reads and
 * exports as fast as one read before. The forms are those of the namespace's plain address
 * (`/api/cal/events/v1`, English), what most readers ask; other languages' forms are built by
 * their first read. The warmer is told of a write once it has committed (the store's
 * `afterCommit`, through collections/hooks/recordForms.ts `onRecordsChanged`; a write rolled
 * back is never told), so what it reads is that write or later. The forms are built at the change
 * mark the warmer reads, and kept by the rules of formKeeper.ts, so a write that commits meanwhile
 * costs the work and nothing else (and tells the warmer again).
 */

/**
 * How long the warmer waits after a write for more, unless EVENTS_PER_RUN are waiting: writes
 * come in streams (an import, a sync, an editor's day), and a run costs about the same for one
 * event as for ten (a query per kind of record, the calendar's generation, a transaction to keep
 * them). At 50 ms each single create of a stream had a run of its own, a quarter of its CPU
 * (issue #60); a read that comes meanwhile builds what it shows itself, as for any missing form.
 */
const WARM_DELAY_MS = 500
/**
 * The pause between runs while a run's worth waits (a series' dates, an import): the other
 * requests' turn. Runs back to back held the event loop at p99 over 100 ms beside a CSV export
 * (test/event-loop.test.ts).
 */
const RUN_GAP_MS = 50
/**
 * Events built per run (three to six queries whatever their number): a run of 50 held the event
 * loop over 200 ms at 3,000 events beside a CSV export (test/event-loop.test.ts); 10 hold it
 * under 50 ms.
 */
const EVENTS_PER_RUN = 10
/** An address no request names: forms are built with markers in place of it (forms.ts). */
const WARM_ORIGIN = 'http://calendar.invalid'

type Warmer = {
  options: ResolvedCalendarOptions
  ids: Set<number>
  /** The next run's timer, and when it fires. */
  timer: { handle: NodeJS.Timeout; at: number } | null
  running: Promise<void> | null
}

const warmers = new WeakMap<Payload, Warmer>()

/** From now on, this process builds the forms of the events its writes name (once per Payload). */
export function warmFormsOnWrite(payload: Payload, options: ResolvedCalendarOptions): void {
  if (warmers.has(payload) || !options.recordForms.enabled) return
  const warmer: Warmer = { options, ids: new Set(), timer: null, running: null }
  warmers.set(payload, warmer)
  onRecordsChanged(payload, (named) => noteChanged(payload, warmer, named))
}

/** A committed write named these records. */
function noteChanged(payload: Payload, warmer: Warmer, named: readonly NamedRecord[]) {
  for (const { resource, record, kind } of named)
    if (resource === 'events' && kind !== 'delete') warmer.ids.add(record)
  next(payload, warmer)
}

/**
 * The next run, after a write or a run: RUN_GAP_MS away when a run's worth waits (and no test
 * holds the keeping, formKeeper.ts `holdFormKeeping`), WARM_DELAY_MS when fewer do.
 */
function next(payload: Payload, warmer: Warmer) {
  if (!warmer.ids.size || warmer.running) return
  const full = warmer.ids.size >= EVENTS_PER_RUN && !keepingHeld(payload)
  runIn(payload, warmer, full ? RUN_GAP_MS : WARM_DELAY_MS)
}

/** A run in `delay` ms, unless one is due sooner. */
function runIn(payload: Payload, warmer: Warmer, delay: number) {
  const at = Date.now() + delay
  if (warmer.timer) {
    if (warmer.timer.at <= at) return
    clearTimeout(warmer.timer.handle)
  }
  const handle = setTimeout(() => {
    warmer.timer = null
    start(payload, warmer)
  }, delay)
  handle.unref?.()
  warmer.timer = { handle, at }
}

/** A run now (none is running), then the next. */
function start(payload: Payload, warmer: Warmer) {
  if (warmer.timer) clearTimeout(warmer.timer.handle)
  warmer.timer = null
  warmer.running = warm(payload, warmer).finally(() => {
    warmer.running = null
    next(payload, warmer)
  })
}

async function warm(payload: Payload, warmer: Warmer): Promise<void> {
  // A test counting statements holds the keeping (formKeeper.ts `holdFormKeeping`), and this too.
  if (keepingHeld(payload)) return
  try {
    const context = await plainContext(payload, warmer.options)
    const ids = [...warmer.ids].slice(0, EVENTS_PER_RUN)
    for (const id of ids) warmer.ids.delete(id)
    // The forms are built from one read of the events and what they link to (most of the cost).
    let read: Promise<{ docs: Doc[]; related: Related }> | undefined
    const built = async (marked: Context, missing: number[]) => {
      read ??= marked.data
        .all('events', { where: { id: { in: ids } } })
        .then(async (docs) => ({ docs, related: await loadRelated(marked, docs) }))
      const { docs, related } = await read
      return { docs: docs.filter((doc) => missing.includes(doc.id)), related }
    }
    await formsOf(context, 'events', ids, 'list', async (missing, marked) => {
      const { docs, related } = await built(marked, missing)
      return new Map(docs.map((doc) => [doc.id, eventRecord(doc, marked, related)]))
    })
    await formsOf(context, 'events', ids, 'csv', async (missing, marked) => {
      const { docs, related } = await built(marked, missing)
      const rows = await eventRows(marked, docs, related, undefined)
      return new Map(docs.map((doc, index) => [doc.id, rows[index]]))
    })
    await formsOf(context, 'events', ids, 'vevent', async (missing, marked) => {
      const { docs, related } = await built(marked, missing)
      return veventFormsOf(marked, docs, related)
    })
  } catch (error) {
    payload.logger.warn({ err: error, msg: 'calendarPlugin: could not build record forms' })
  }
}

/**
 * Ids read per query by `warmMissingForms`: a page of 1,000 through Payload's find held the event
 * loop about 200 ms (test/event-loop.test.ts).
 */
const IDS_PER_PAGE = 50

/**
 * At start: when fewer events have a kept archive, CSV or VEVENT form at the plain address than
 * anonymous callers may read (forms never built, a new form version or variant after an upgrade,
 * forms cleared), builds them all, a page of ids at a time through the warmer, with its progress in
 * the log. Every process does it at its start; forms another kept meanwhile are left as they are.
 */
export async function warmMissingForms(payload: Payload): Promise<void> {
  const warmer = warmers.get(payload)
  if (!warmer) return
  const context = await plainContext(payload, warmer.options)
  const kept = async (variant: FormVariant) => {
    const { slug, suffix } = formsLookup(context, 'events', variant)
    const { totalDocs } = await payload.db.count({
      collection: slug,
      where: { and: [{ resource: { equals: 'events' } }, { key: { contains: suffix } }] },
    } as Parameters<Payload['db']['count']>[0])
    return totalDocs
  }
  const [list, csv, vevent, events] = await Promise.all([
    kept('list'),
    kept('csv'),
    kept('vevent'),
    context.data.count('events'),
  ])
  if (Math.min(list, csv, vevent) >= events) return
  payload.logger.info(`calendar: building the kept forms of ${events} events`)
  let done = 0
  let reported = 0
  for (let page = 1; done < events; page++) {
    const { docs } = await context.data.page('events', {
      select: { id: true },
      sort: 'id',
      limit: IDS_PER_PAGE,
      page,
      count: false,
    })
    if (!docs.length) break
    for (const { id } of docs) warmer.ids.add(id)
    await warmedAtPace(payload, warmer)
    done += docs.length
    if (done - reported >= events / 10 || done >= events) {
      reported = done
      payload.logger.info(`calendar: kept forms built for ${done} of ${events} events`)
    }
  }
}

/**
 * Builds the forms of the events written so far without waiting for more, and resolves when they
 * are built (tests, scripts).
 */
export async function formsWarmed(payload: Payload): Promise<void> {
  const warmer = warmers.get(payload)
  while (warmer && (warmer.ids.size || warmer.running) && !keepingHeld(payload)) {
    if (!warmer.running) start(payload, warmer)
    await warmer.running
  }
}

/** Resolves when what waits is built, a run every RUN_GAP_MS: the others' requests meanwhile. */
async function warmedAtPace(payload: Payload, warmer: Warmer): Promise<void> {
  while ((warmer.ids.size || warmer.running) && !keepingHeld(payload)) {
    if (warmer.running) await warmer.running
    else {
      runIn(payload, warmer, RUN_GAP_MS)
      await new Promise((resolve) => setTimeout(resolve, RUN_GAP_MS))
    }
  }
}

/**
 * An anonymous read of the namespace's plain address, as the router makes it for a request with
 * no language (endpoints/routing/router.ts): what the forms of most reads are built with.
 */
async function plainContext(payload: Payload, options: ResolvedCalendarOptions): Promise<Context> {
  const req = await createLocalReq({}, payload)
  req.context = { ...req.context, [CHECKS_PASSWORDS]: true }
  const now = new Date()
  const apiRoot = `${WARM_ORIGIN}${payload.config.routes.api}`
  return {
    req,
    payload,
    user: null,
    lang: 'en',
    pathLanguage: null,
    options,
    data: dataLayer(payload, req, 'en', options),
    origin: WARM_ORIGIN,
    apiRoot,
    root: `${apiRoot}/${NAMESPACE}/`,
    linkLanguage: null,
    siteUrl: options.siteUrl || WARM_ORIGIN,
    now,
    pathParams: {},
    generation: await calendarGeneration(payload, options, now),
  }
}
