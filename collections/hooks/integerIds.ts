import {
  APIError,
  type CollectionBeforeOperationHook,
  type Field,
  type PayloadRequest,
} from 'payload'
import { isUniqueViolation } from '../../core/lib/errors.js'
import { calendarStore } from '../../core/database/index.js'
import { transactionMemo } from './transactionScope.js'

/** The custom `id` field that makes a collection's ids plain positive integers on every adapter. */
export const integerIdField: Field = {
  name: 'id',
  type: 'number',
  admin: { hidden: true },
}

const MAX_CLAIM_ATTEMPTS = 50

/**
 * Claims kept below the last on PostgreSQL: a racing claim would have to read the last value, then
 * see this many records created by all processes before its very next statement.
 */
const KEPT_CLAIMS = 10_000

/**
 * Rows of older claims are removed when a claim passes a multiple of this, not by every claim: a
 * statement saved per create, and at most this many rows more per sequence (the last is found by
 * its index).
 */
const CLEAR_EVERY = 100

/**
 * Claims the next id of `sequence`: one more than the last claimed id, or, for a new sequence,
 * one more than the highest id already in the collection (records imported with their own ids).
 * Ids only grow, so an id is never given again after a delete.
 */
export async function claimNextId(
  req: PayloadRequest,
  sequencesSlug: string,
  collection: string,
): Promise<number> {
  return claimIds(req, sequencesSlug, collection, 1)
}

/**
 * The last id each sequence claimed in a transaction that claims inside it (SQLite's, which holds
 * the calendar's write turn): no other claim can come between, so the next claim of the same
 * transaction starts from it without reading the sequence again (a statement saved per create
 * after the first: a batch's items, an import's page).
 */
const claimedIn = transactionMemo(() => new Map<string, number>())

/**
 * Claims `count` consecutive ids of `sequence` at once (the dates of a recurring series) and
 * returns the first. The claim row is keyed by the first id and holds the last, so a racing claim
 * of the same first id loses on the unique key and reads the last claimed id again.
 *
 * Where transactions overlap (PostgreSQL, MongoDB) the claim is made outside the write's
 * transaction, committed at once (the store says where, core/database/adapterFacts.ts): inside it,
 * a racing claim would wait for the whole other write to commit (PostgreSQL) or conflict with it
 * (MongoDB), then fail on the unique key and abort its transaction, so writes that create records
 * could not run side by side (core/database/turns.ts). A write that rolls back leaves its ids
 * unused (a gap). On SQLite, whose transactions take turns, the claim stays inside: outside, it
 * would wait for the turn its own write holds.
 */
export async function claimIds(
  writeReq: PayloadRequest,
  sequencesSlug: string,
  collection: string,
  count: number,
): Promise<number> {
  const { payload } = writeReq
  const outside = calendarStore(payload).claimsOutsideTransaction(payload)
  const req = outside ? undefined : writeReq
  // Outside a transaction, a claim that read the last value just before another claimed past it
  // still loses on the unique key, as long as the row it races is kept: removing every row below
  // one's own, as a transaction may, would let that claim in again on an id given out already.
  const keptBelow = outside ? KEPT_CLAIMS : 0
  // The highest claim: rows of claims that raced stay until a later claim removes them. (The
  // adapters' `findOne` takes no sort.)
  const lastClaimed = async () => {
    const last =
      (await calendarStore(payload).highestValue(payload, req, {
        slug: sequencesSlug,
        field: 'value',
        where: { field: 'sequence', equals: collection },
      })) ??
      (
        await payload.db.find<{ id: number; value: number }>({
          collection: sequencesSlug,
          where: { sequence: { equals: collection } },
          sort: '-value',
          limit: 1,
          pagination: false,
          req,
        })
      ).docs[0]?.value
    // Claims are 1 and more: none yet, and the sequence starts after the collection's ids.
    return last || (await highestId(payload, req, collection))
  }
  const claimed = outside ? undefined : await claimedIn(writeReq)
  for (let attempt = 0; attempt < MAX_CLAIM_ATTEMPTS; attempt++) {
    const known = claimed?.get(collection)
    const first = (known ?? (await lastClaimed())) + 1
    const last = first + count - 1
    try {
      await payload.db.create({
        collection: sequencesSlug,
        data: { sequence: collection, value: last, claim: `${collection}:${first}` },
        req,
        // Read back, the row could be gone: a racing claim removes those below its own at once.
        returning: false,
      } as Parameters<typeof payload.db.create>[0])
    } catch (error) {
      claimed?.delete(collection)
      if (isUniqueViolation(error, writeReq)) continue
      throw error
    }
    claimed?.set(collection, last)
    if (Math.floor(last / CLEAR_EVERY) > Math.floor((first - 1) / CLEAR_EVERY))
      await payload.db.deleteMany({
        collection: sequencesSlug,
        where: {
          and: [{ sequence: { equals: collection } }, { value: { less_than: last - keptBelow } }],
        },
        req,
      })
    return first
  }
  throw new Error(`could not claim an id for ${collection} after ${MAX_CLAIM_ATTEMPTS} attempts`)
}

async function highestId(
  payload: PayloadRequest['payload'],
  req: PayloadRequest | undefined,
  collection: string,
): Promise<number> {
  const { docs } = await payload.db.find<{ id: number }>({
    collection,
    limit: 1,
    pagination: false,
    sort: '-id',
    req,
  })
  const id = Number(docs[0]?.id ?? 0)
  return Number.isSafeInteger(id) && id > 0 ? id : 0
}

/** Gives every record created in the collection its id from the plugin's sequence. */
export function assignIntegerId(sequencesSlug: string): CollectionBeforeOperationHook {
  return async ({ args, collection, operation, req }) => {
    if (operation !== 'create') return args
    const given: unknown = args.data ?? {}
    // A JSON body that is a string or a list (`"text"`, `[1]`) is no record.
    if (typeof given !== 'object' || Array.isArray(given))
      throw new APIError('The data of a record must be an object.', 400, null, true)
    const data = given as Record<string, unknown>
    data.id = await claimNextId(req, sequencesSlug, collection.slug)
    args.data = data
    return args
  }
}
