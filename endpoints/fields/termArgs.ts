import { noteExisting } from '../../collections/relations.js'
import type { Context } from '../context.js'
import { noRelated, readInBatch } from '../related.js'
import type { Doc } from '../data.js'
import { invalidParams } from '../errors.js'
import { lockKeys } from '../../core/database/index.js'
import { findTerms, nameKey } from '../lookup.js'
import { MAX_LIST_ITEMS } from '../params.js'

/**
 * Term ids for an event's `categories` or `tags`: existing ids, slugs or names; missing names
 * created in the request's language.
 */
export async function resolveTerms(
  context: Context,
  taxonomy: 'categories' | 'tags',
  value: unknown,
): Promise<number[]> {
  if (value === '' || value === null || value === 0) return []
  const items = Array.isArray(value)
    ? value
    : typeof value === 'string' || typeof value === 'number'
      ? String(value).split(',')
      : null
  if (
    !items ||
    !items.every((item) => typeof item === 'string' || typeof item === 'number') ||
    items.length > MAX_LIST_ITEMS
  ) {
    throw invalidParams({
      [taxonomy]: `${taxonomy} must be a list of at most ${MAX_LIST_ITEMS} ids, slugs or names.`,
    })
  }
  const values = [...new Set(items.map((item) => String(item).trim()).filter(Boolean))]
  // A name not found is created below: writes side by side look it up one after the other
  // (core/database/turns.ts; the key is the one of endpoints/lookup.ts `recordsNamed`).
  await lockKeys(
    context.req,
    values.filter((value) => !/^\d+$/.test(value)).map((value) => nameKey(taxonomy, value)),
  )
  const terms = await termsOf(context, taxonomy, values)
  const ids: number[] = []
  const read = (context.linkedRead ??= noRelated())[taxonomy] as Map<number, Doc>
  for (const value of values) {
    const found = terms.find(
      (term) => String(term.id) === value || term.slug === value || term.name === value,
    )
    if (found) {
      read.set(found.id, found)
      ids.push(found.id)
    }
    // Assigning terms needs only the right to edit the event, as in the anchor; the term is created
    // for it.
    else if (!/^\d+$/.test(value))
      ids.push((await context.data.create(taxonomy, { name: value }, { sight: 'everything' })).id)
  }
  // The event's own check of its links need not look again (collections/relations.ts).
  noteExisting(context.req, context.data.slug(taxonomy), ids)
  return [...new Set(ids)]
}

/**
 * The terms that `values` name. In a batch, a term an earlier item read by id is not read again
 * (`LINKS_READ_IN_BATCH`, as venues and organizers): its counts as stored then, which the answer
 * shows with those the batch's writes stored since (collections/hooks/termCounts.ts
 * `writtenTermCounts`).
 */
async function termsOf(context: Context, taxonomy: 'categories' | 'tags', values: string[]) {
  const inBatch = readInBatch(context, taxonomy)
  const kept = values.flatMap((value) => (/^\d+$/.test(value) && inBatch?.get(value)) || [])
  const unread = values.filter((value) => !kept.some((term) => String(term.id) === value))
  const { terms } = unread.length ? await findTerms(context, taxonomy, unread) : { terms: [] }
  for (const term of terms) inBatch?.set(term)
  return [...kept, ...terms]
}
