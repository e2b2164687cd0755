import type { Payload, PayloadRequest, Sort, Where } from 'payload'
import type { FacetSlugs, FacetSource } from './facetSource.js'
import type { CommitWatch } from './sqliteCommits.js'
import type { StoreName } from './store.js'

/**
 * How a write transaction shares the calendar with the others (the `postgres` store's locks,
 * core/database/postgresLocks.ts; the other stores have one writer, or no locks at all):
 * - `whole`: alone, as every write did before (deletes for good, updates by `where`, imports, the
 *   recurrence task, writes of a series or of its dates: what `recordTurn.ts` does not let share);
 * - `creates`: beside the other shared turns, each holding locks on the keys it reads before
 *   writing (`lockKeys`: a slug, a name, a term), with ids claimed outside the transaction
 *   (collections/hooks/integerIds.ts);
 * - `record`: an update of one record by id, beside the other shared turns, which locks the
 *   record (`recordKey`) before it reads it, then what it reads before writing as `creates` does.
 */
export type WriteTurn = 'whole' | 'creates' | 'record'

/**
 * The kept forms a page's SELECT reads beside its ids (endpoints/forms/forms.ts): the row of the
 * forms collection `slug` whose key is `prefix`, the id, then `suffix`.
 */
export type FormsLookup = { slug: string; prefix: string; suffix: string }

/** A page's ids in order and, when asked, the kept form of each id that has one. */
export type PageIds = {
  ids: number[]
  forms: Map<number, string> | null
  /** With `firstSorted`: each row's stored value of the first column of the order, by id. */
  sorted?: Map<number, unknown>
}

export type PageIdsArgs = {
  slug: string
  where: Where
  sort: Sort
  limit: number
  page: number
  locale: string
  forms?: FormsLookup
  /**
   * Also read each row's stored value of the order's first column (where the next batch of a long
   * read starts, endpoints/keyset.ts), so that the caller need not read the rows again for it.
   */
  firstSorted?: boolean
}

/** What a total counts: the records of the collection `slug` that `where` matches. */
export type TotalArgs = Pick<PageIdsArgs, 'slug' | 'where' | 'locale'>

/** What `highestValue` reads: the highest `field` of `slug`, among the rows `where` names. */
export type HighestArgs = {
  slug: string
  field: string
  where?: { field: string; equals: string | number }
}

/** A kept form as the forms collection stores it. */
export type FormRow = { key: string; body: string }
/** A kept record form's row as it is written (endpoints/forms/formKeeper.ts). */
export type FormRowInput = { key: string; resource: string; record: number; body: string }

/** A row of an SQL statement's result. */
export type SqlRow = Record<string, unknown>

/** The `sql` tag of the adapter's SQL builder, with the helpers the plugin writes SQL with. */
export type SqlTag = ((strings: TemplateStringsArray, ...values: unknown[]) => unknown) & {
  identifier(name: string): unknown
  raw(text: string): unknown
  join(chunks: unknown[], separator?: unknown): unknown
}

/**
 * Everything the calendar asks of a database, in one place. Three stores answer it, one chosen
 * per adapter when it starts (`chooseStore`, core/database/store.ts): `sqlite` and `postgres`
 * (Payload's SQL adapters, through their connections and tables: core/database/sqlStores.ts) and
 * `generic` (Payload's public adapter API only: core/database/genericStore.ts), which MongoDB gets.
 * A method that answers null means "not here": the caller then does the same through Payload's
 * public API (`payload.db.find`, `create`…).
 *
 * Callers reach it with `calendarStore(payload)`; no file outside core/database/ reads an adapter's
 * internals or asks which adapter it is (`npm run lint`, docs/architecture.md "Floors").
 */
export interface CalendarStore {
  readonly name: StoreName

  // Transactions and write turns.
  /**
   * What opens a transaction of the plugin's own on the adapter's connection, for an adapter that
   * runs without them: it gives the id, registered as the adapter's own are (so the adapter's
   * commit and rollback end it). Null when the store cannot.
   */
  ownTransaction(payload: Payload): (() => Promise<string>) | null
  /** Takes the calendar's write turn for the transaction of `req` (once per transaction). */
  takeWriteTurn(req: PayloadRequest, turn: WriteTurn): Promise<void>
  /**
   * Whether the transaction of `req` takes turns by locks (so that a write of one record by id may
   * share the calendar, locking its record): false outside a transaction or where writes take
   * turns otherwise.
   */
  locksRecords(req: PayloadRequest): Promise<boolean>
  /** The turn the transaction of `req` holds; undefined when the store takes none. */
  heldTurn(req: PayloadRequest): Promise<WriteTurn | undefined>
  /** Makes the shared turn of the transaction of `req` whole. */
  widenTurn(req: PayloadRequest): Promise<void>
  /** In a shared turn, waits for and holds these keys until the transaction ends. */
  lockKeys(req: PayloadRequest, keys: string[]): Promise<void>
  /** Holds one key for the rest of the transaction of `req`, whatever turn it took. */
  lockKey(req: PayloadRequest, key: string): Promise<void>
  /** Takes the change log's turn now. */
  takeLogTurn(req: PayloadRequest): Promise<void>
  /**
   * Runs `work` just before the transaction of `req` commits, under the change log's turn, or now
   * when the store has no such turn or the transaction holds it already.
   */
  atCommit(req: PayloadRequest, work: () => Promise<void>): Promise<void>
  /**
   * Runs `done` once the transaction of `req` has committed (never when it rolls back), or now
   * when `req` has none: for what may only learn of committed writes (afterCommits.ts). `done`
   * must not wait.
   */
  afterCommit(req: PayloadRequest, done: () => void): Promise<void>
  /** Whether a write that failed so may run again from the start (a deadlock it broke). */
  isRetryable(error: unknown): boolean
  /** Whether an error says the database cannot be reached at all (503, worth retrying). */
  isUnavailable(error: unknown): boolean
  /**
   * Whether ids are claimed outside the write's transaction, committed at once: where a racing
   * claim would otherwise wait for the whole other write, then abort its own transaction on the
   * unique key (collections/hooks/integerIds.ts).
   */
  claimsOutsideTransaction(payload: Payload): boolean

  // Reads.
  /** The ids of one page (and their kept forms, when asked) in one statement; null: not here. */
  pageIds(payload: Payload, req: PayloadRequest, args: PageIdsArgs): Promise<PageIds | null>
  /** How many records match, in one statement prepared once per shape; null: not here. */
  total(payload: Payload, req: PayloadRequest, args: TotalArgs): Promise<number | null>
  /** What the facet counts read (facetSource.ts), outside a transaction; null: not here. */
  facets(payload: Payload, req: PayloadRequest, slugs: FacetSlugs): FacetSource | null
  /** The kept forms of these keys by a statement prepared once; null: not here. */
  readForms(payload: Payload, slug: string, keys: string[]): Promise<FormRow[]> | null
  /**
   * Writes rows of a collection kept wholly in its main table in the request's transaction, in a
   * few statements, with `keepExisting` leaving those whose unique key is there already; false:
   * not here (the caller writes them one by one through Payload's adapter).
   */
  insertRows(
    req: PayloadRequest,
    slug: string,
    rows: SqlRow[],
    options?: { keepExisting?: boolean },
  ): Promise<boolean>
  /**
   * The highest `value` of a sequence of the sequences collection by a statement prepared once
   * (0 when it has none); null: not here.
   */
  readLastValue(payload: Payload, slug: string, sequence: string): Promise<number> | null
  /**
   * The earliest stored value of a date field after `after` (ISO) in a collection, records in the
   * trash included, only those of `status` when given, by a statement prepared once (null when
   * none has one); null: not here.
   */
  readFirstAfter(
    payload: Payload,
    slug: string,
    field: string,
    after: string,
    status?: string,
  ): Promise<string | null> | null
  /**
   * The highest value of a number field of a collection (0 when no row has one), read in the
   * transaction of `req` (outside any, without it) without building a document; null: not here.
   */
  highestValue(
    payload: Payload,
    req: PayloadRequest | undefined,
    args: HighestArgs,
  ): Promise<number | null>
  /**
   * Those of `slugs` that records of the collection `slug` have, but the record `ownId`, read in
   * the transaction of `req` without building documents; null: not here.
   */
  takenSlugs(
    req: PayloadRequest,
    slug: string,
    slugs: string[],
    ownId?: number | string,
  ): Promise<Set<string> | null>
  /** A look at whether anything committed since an earlier look, with no query; null: not here. */
  commitWatch(payload: Payload): Promise<CommitWatch | null>
  /**
   * At start, once the app's `onInit` (which may migrate) is done: brings up to date what the
   * database plans queries by (SQLite's statistics; nothing elsewhere).
   */
  refreshStatistics(payload: Payload): Promise<void>

  // Writes of many rows.
  /**
   * Creates a series' dates as copies of the series' rows with each date's `values`, in a few
   * multi-row statements; false: not here (the caller writes date by date).
   */
  insertCopies(req: PayloadRequest, copies: SeriesCopies, dates: SqlRow[]): Promise<boolean>
  /**
   * Rewrites dates from their series: `values` for all, `moved` dates' own values one by one;
   * false: not here.
   */
  rewriteCopies(
    req: PayloadRequest,
    copies: SeriesCopies,
    ids: (number | string)[],
    values: SqlRow,
    moved: Map<number | string, SqlRow>,
  ): Promise<boolean>

  // Counts.
  /**
   * Moves the stored event counts of terms by these differences (never below 0), in the
   * transaction of `req`, a statement per term, and gives the counts they have now by id (a term
   * that is gone has none); null: not here (the caller reads and writes them through Payload).
   */
  moveCounts(
    req: PayloadRequest,
    slug: string,
    moves: CountMove[],
  ): Promise<Map<number, StoredCounts> | null>

  // What the adapter can query.
  /** Whether the adapter runs this `where` operator (false only for those it says it lacks). */
  hasOperator(payload: Payload, operator: string): boolean
  /** Whether patterns (`like`, `contains`) match text only, so a number field cannot take them. */
  patternsMatchTextOnly(payload: Payload): boolean
}

/** What a write adds to a term's counts: `all` to `eventCount`, `shown` to `publicEventCount`. */
export type CountMove = { id: number; all: number; shown: number }
/** A term's stored counts. */
export type StoredCounts = { eventCount: number; publicEventCount: number }

/** Which series' rows `insertCopies`/`rewriteCopies` copy, and what a date keeps to itself. */
export type SeriesCopies = {
  slug: string
  seriesId: number | string
  /** Whether a field (by its name as the table's key) is the date's own, never copied. */
  isOwn(field: string): boolean
}
