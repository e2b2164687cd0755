import type { Where } from 'payload'
import type { Query, SqlAdapter } from './sqlQueries.js'

/**
 * Statements kept per shape of query (core/database/sqlPageIds.ts): a page's or a total's SQL is
 * built once for each shape, with canary values in the place of its times and paging, and run
 * again with each request's own.
 */

/**
 * The statement kept for `key`, built the first time with canary times in the place of the
 * request's, so that each request's own go in again (null: a shape whose values cannot).
 */
export async function keptStatement(
  db: SqlAdapter,
  key: string,
  where: Where,
  kinds: readonly TimeKind[],
  { paged }: { paged: boolean },
  build: (where: Where) => Promise<{ query: Query } | 'unsupported'>,
): Promise<Statement | null | 'unsupported'> {
  const statements = statementsOf(db)
  const kept = statements.get(key)
  if (kept !== undefined) return kept
  const built = await build(withTimes(where, canaryTimes(kinds)))
  if (built === 'unsupported') return 'unsupported'
  const statement = slotsOf(built.query.toSQL(), kinds, { paged })
  keep(statements, key, statement)
  return statement
}

/** Shapes of query kept per adapter, the oldest forgotten first beyond this many. */
const MAX_STATEMENTS = 1000

function keep(statements: Map<string, Statement | null>, key: string, statement: Statement | null) {
  if (statements.size >= MAX_STATEMENTS) statements.delete(statements.keys().next().value!)
  statements.set(key, statement)
}

/** A kept statement's parameters with this request's times and, for a page, its paging. */
export function valuesOf(
  statement: Statement,
  times: string[],
  paging?: { limit: number; offset: number },
): unknown[] {
  const params = [...statement.params]
  statement.times.forEach((at, i) => at.forEach((index) => (params[index] = times[i])))
  if (paging && statement.limitAt !== null && statement.offsetAt !== null) {
    params[statement.limitAt] = paging.limit
    params[statement.offsetAt] = paging.offset
  }
  return params
}

/**
 * A page's statement made for one shape of query: its SQL, and its parameters with, at the
 * positions named, the times of the conditions and the page's limit and offset to put in.
 */
export type Statement = {
  text: string
  params: unknown[]
  /** For each time the conditions hold, in order, where the parameters have it. */
  times: number[][]
  /** Null in a statement without paging (a total). */
  limitAt: number | null
  offsetAt: number | null
}

const statementsByAdapter = new WeakMap<object, Map<string, Statement | null>>()

function statementsOf(db: object): Map<string, Statement | null> {
  let statements = statementsByAdapter.get(db)
  if (!statements) statementsByAdapter.set(db, (statements = new Map()))
  return statements
}

/**
 * A time in a condition: an instant in the ISO form that the filters and access rules write (the
 * status rule holds the time of the request, so no two requests' conditions are the same), or a
 * `Date`; or a wall-clock time as the archive's date window writes it (`2026-11-26 00:00:00`,
 * another for each day asked).
 */
const ISO_TIME = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/
const WALL_TIME = /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/

/** The forms of time a shape takes out; each is put back in its own form. */
export type TimeKind = 'instant' | 'wall'

const kindOf = (value: string): TimeKind | null =>
  ISO_TIME.test(value) ? 'instant' : WALL_TIME.test(value) ? 'wall' : null

/** A copy of the conditions with `swap` of each time in place of it, met in the order of JSON. */
function mapTimes(value: unknown, swap: (time: string, kind: TimeKind) => unknown): unknown {
  if (typeof value === 'string') {
    const kind = kindOf(value)
    return kind ? swap(value, kind) : value
  }
  if (value instanceof Date)
    return Number.isNaN(value.getTime()) ? value : swap(value.toISOString(), 'instant')
  if (Array.isArray(value)) return value.map((item) => mapTimes(item, swap))
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value).map(([name, item]) => [name, mapTimes(item, swap)]),
    )
  return value
}

/**
 * Marks in a shape: no condition holds a NUL (the query guard refuses them,
 * collections/hooks/queryGuard.ts), and `undefined` is kept apart from a missing key.
 */
const TIME_MARKS: Record<TimeKind, string> = { instant: '\u0000time', wall: '\u0000wall' }
const UNDEFINED_MARK = '\u0000undefined'

/**
 * The conditions as JSON with each time taken out, and the times in order: requests whose
 * conditions differ only in their times share a shape.
 */
export function timesOf(where: Where): { shape: string; times: string[]; kinds: TimeKind[] } {
  const times: string[] = []
  const kinds: TimeKind[] = []
  const marked = mapTimes(where ?? {}, (time, kind) => {
    times.push(time)
    kinds.push(kind)
    return TIME_MARKS[kind]
  })
  const shape = JSON.stringify(marked, (_name, value: unknown) =>
    value === undefined ? UNDEFINED_MARK : value,
  )
  return { shape, times, kinds }
}

/** The conditions with these times in place of theirs, in order. */
export function withTimes(where: Where, times: string[]): Where {
  let next = 0
  return mapTimes(where ?? {}, () => times[next++]) as Where
}

/**
 * Values no request holds, built into a shape's statement in place of its times and paging so
 * that their positions among the parameters can be found: times in the year 1001, in the form of
 * the time they stand for (instants one millisecond apart, wall-clock times one second apart), and
 * paging numbers above any page's. A value the adapter writes in another form (a date column's)
 * is then not found, and the shape is built for each request.
 */
export const canaryTimes = (kinds: readonly TimeKind[]): string[] =>
  kinds.map((kind, i) =>
    kind === 'instant'
      ? new Date(Date.UTC(1001, 0, 1, 0, 0, 0, i)).toISOString()
      : new Date(Date.UTC(1001, 0, 1, 0, 0, i)).toISOString().slice(0, 19).replace('T', ' '),
  )
export const CANARY_PAGE = { limit: 1_000_003_001, offset: 1_000_003_002 }

/**
 * Where the canaries went among a statement's parameters, or null when any of them is not a
 * parameter of its own (the adapter changed or embedded a value): such a shape is built for each
 * request instead.
 */
export function slotsOf(
  built: { sql: string; params: unknown[] },
  kinds: readonly TimeKind[],
  { paged = true } = {},
): Statement | null {
  const canaries = canaryTimes(kinds)
  const positions = (value: unknown) =>
    built.params.flatMap((param, index) => (param === value ? [index] : []))
  const times = canaries.map(positions)
  const limits = positions(CANARY_PAGE.limit)
  const offsets = positions(CANARY_PAGE.offset)
  const embedded = built.params.some(
    (param) =>
      typeof param === 'string' &&
      !canaries.includes(param) &&
      canaries.some((canary) => param.includes(canary.slice(0, 10))),
  )
  const pagingFound = paged
    ? limits.length === 1 && offsets.length === 1
    : limits.length === 0 && offsets.length === 0
  if (embedded || times.some((at) => !at.length) || !pagingFound) return null
  return {
    text: built.sql,
    params: built.params,
    times,
    limitAt: paged ? limits[0] : null,
    offsetAt: paged ? offsets[0] : null,
  }
}
