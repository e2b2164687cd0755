import { createLocalReq, type Payload } from 'payload'
import { formsClearedAt } from '../../collections/recordForms.js'
import { currentChangeMark } from '../../collections/hooks/calendarChanges.js'
import { calendarStore, inWriteTransaction, type FormRowInput } from '../../core/database/index.js'
import { yieldToLoop } from '../../core/lib/yieldToLoop.js'
import { changesAfter } from '../calendarState.js'

/**
 * Forms built as of one change mark and change log sequence (the generation their read saw),
 * waiting to be kept in `slug`.
 */
type Waiting = {
  slug: string
  sequencesSlug: string
  changeLogSlug: string
  mark: number
  sequence: number
  rows: FormRowInput[]
}

/** Entries read to tell which waiting forms a write made since changed; beyond, none is kept. */
const MAX_ENTRIES = 200

/**
 * The forms that wait in one process, the run that keeps them (null when none runs), whether
 * keeping is held (`holdFormKeeping`), and the text of every form not kept yet by key, with the
 * mark it was built at (`pendingForm`).
 */
type Keeper = {
  waiting: Waiting[]
  running: Promise<void> | null
  held: boolean
  pending: Map<string, { mark: number; body: string }>
}

/**
 * At most this many forms are kept in one transaction: on SQLite that transaction holds the write
 * turn, and writers wait for it.
 */
const ROWS_PER_TRANSACTION = 50

const keepers = new WeakMap<Payload, Keeper>()

/**
 * Keeps forms that a read built, after the read has answered (issue #59): no visitor waits for
 * the change log's turn (on SQLite the write turn) that keeping takes. Forms wait in the process
 * and are kept together, a transaction per ROWS_PER_TRANSACTION, but those that a write committed
 * since they were built may have changed (`keepBatch`).
 */
export function keepLater(payload: Payload, waiting: Waiting): void {
  const keeper = keeperOf(payload)
  keeper.waiting.push(waiting)
  for (const { key, body } of waiting.rows) keeper.pending.set(key, { mark: waiting.mark, body })
  if (!keeper.held) keeper.running ??= keepWaiting(payload, keeper)
}

function keeperOf(payload: Payload): Keeper {
  let keeper = keepers.get(payload)
  if (!keeper)
    keepers.set(payload, (keeper = { waiting: [], running: null, held: false, pending: new Map() }))
  return keeper
}

/**
 * The text of a form that waits to be kept, when it was built at `mark` (the calendar as the
 * asking read sees it): so that reads in this process build no form twice meanwhile. Archives
 * read pages that overlap (the next day's events), and would each build what the one before
 * built, until it is kept.
 */
export function pendingForm(payload: Payload, key: string, mark: number): string | undefined {
  const form = keepers.get(payload)?.pending.get(key)
  return form?.mark === mark ? form.body : undefined
}

/**
 * Holds the keeping of forms until the function it returns is called: for a test that counts a
 * read's own statements (test/read-statements.test.ts), which the keeping would run beside.
 */
export function holdFormKeeping(payload: Payload): () => void {
  const keeper = keeperOf(payload)
  keeper.held = true
  return () => {
    keeper.held = false
    if (keeper.waiting.length) keeper.running ??= keepWaiting(payload, keeper)
  }
}

/** Whether a test holds the keeping of forms (`holdFormKeeping`). */
export const keepingHeld = (payload: Payload): boolean => keepers.get(payload)?.held ?? false

/** Resolves when the forms waiting now (and any added meanwhile) are kept (tests, scripts). */
export async function formsKept(payload: Payload): Promise<void> {
  while (keepers.get(payload)?.running) await keepers.get(payload)!.running
}

async function keepWaiting(payload: Payload, keeper: Keeper): Promise<void> {
  try {
    // The reads that built them answer first.
    await yieldToLoop()
    // A hold taken meanwhile stops the keeping between batches (its release starts it again).
    while (keeper.waiting.length && !keeper.held) {
      const batch = takeBatch(keeper.waiting)
      try {
        await keepBatch(payload, batch)
      } catch (error) {
        payload.logger.warn({ err: error, msg: 'calendarPlugin: could not keep record forms' })
      } finally {
        for (const { rows } of batch) for (const { key } of rows) keeper.pending.delete(key)
      }
      await yieldToLoop()
    }
  } finally {
    keeper.running = null
  }
}

/** The first waiting forms of one collection, up to ROWS_PER_TRANSACTION rows. */
function takeBatch(waiting: Waiting[]): Waiting[] {
  const { slug } = waiting[0]
  const batch: Waiting[] = []
  let rows = 0
  for (let i = 0; i < waiting.length && rows < ROWS_PER_TRANSACTION;) {
    if (waiting[i].slug !== slug) i++
    else {
      rows += waiting[i].rows.length
      batch.push(...waiting.splice(i, 1))
    }
  }
  return batch
}

/**
 * Under the change log's turn (core/database/turns.ts), whose holder the mark and the log cannot
 * move under, and which a write takes to append its entries and remove the forms they name
 * (collections/hooks/recordForms.ts): forms built as of the current mark are those of the records
 * as they are. Forms built before writes that committed since (an import's stream of them) are
 * kept when the log has entries after their sequence (a mark moved without any says nothing of
 * what changed), none names their record, none names what the log cannot place (an image:
 * anything may have changed), and the forms were not cleared since
 * (collections/recordForms.ts `clearRecordForms`). Forms that another read kept
 * meanwhile stay. The SQL stores write them in a statement or two; elsewhere a statement per form.
 */
async function keepBatch(payload: Payload, batch: Waiting[]): Promise<void> {
  const { slug, sequencesSlug } = batch[0]
  const req = await createLocalReq({}, payload)
  await inWriteTransaction(
    req,
    async () => {
      const mark = await currentChangeMark(payload, sequencesSlug, req)
      const behind = batch.filter((waiting) => waiting.mark !== mark)
      // The records the log names after each sequence the forms were built at (null: anything):
      // each form is judged by the entries after its own, not after the batch's earliest, which
      // name the writes a form built later shows already (its own event's create).
      const named = new Map<number, ReadonlySet<string> | null>()
      for (const { changeLogSlug, sequence } of behind)
        if (!named.has(sequence))
          named.set(
            sequence,
            (await changesAfter(payload, changeLogSlug, sequence, { req, limit: MAX_ENTRIES }))
              .changed,
          )
      // Forms built before the forms were last cleared (data changed outside Payload): none.
      const cleared = behind.length ? await formsClearedAt(req, sequencesSlug) : 0
      const rows = new Map<string, FormRowInput>()
      for (const waiting of batch) {
        const since = named.get(waiting.sequence)
        for (const row of waiting.rows)
          if (
            waiting.mark === mark ||
            (since && waiting.mark > cleared && !since.has(`${row.resource}:${row.record}`))
          )
            rows.set(row.key, row)
      }
      if (!rows.size) return
      const now = new Date().toISOString()
      const stamped = [...rows.values()].map((row) => ({ ...row, updatedAt: now, createdAt: now }))
      if (await calendarStore(payload).insertRows(req, slug, stamped, { keepExisting: true }))
        return
      const { docs } = await payload.db.find<{ key: string }>({
        collection: slug,
        where: { key: { in: [...rows.keys()] } },
        pagination: false,
        limit: 0,
        select: { key: true },
        req,
      })
      for (const { key } of docs) rows.delete(key)
      for (const data of rows.values())
        await payload.db.create({ collection: slug, data, req, returning: false } as Parameters<
          Payload['db']['create']
        >[0])
    },
    'log',
    [],
  )
}
