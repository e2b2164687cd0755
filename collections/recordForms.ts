import {
  commitTransaction,
  createLocalReq,
  killTransaction,
  type CollectionConfig,
  type Payload,
  type PayloadRequest,
} from 'payload'
import { beginCalendarTransaction, takeLogTurn } from '../core/database/index.js'
import { DEFAULTS } from '../core/defaults.js'
import { markChange } from './hooks/calendarCommit.js'
import { currentChangeMark } from './hooks/calendarChanges.js'
import { hiddenCollection } from './hidden.js'

/**
 * Hidden: the v1 form of public records as anonymous callers get them, one row per record, form
 * (in a list, or read alone), language and addresses (`key`, made by endpoints/forms/forms.ts),
 * its JSON text in `body`. A read that no cache answers takes the page's ids from the database and
 * joins the kept forms (issue #27) instead of loading every record and what it links to.
 *
 * A row is written only by a read that saw the calendar as it still is (under the write turn, its
 * change mark unchanged), and every write removes, in its own transaction, the rows of the records
 * the change log names (collections/hooks/recordForms.ts), or all of them when the log cannot say
 * (an image changed). So a kept form is never older than the record. Nobody reads or writes it
 * through Payload's APIs.
 */
export function recordFormsCollection(slug: string): CollectionConfig {
  return hiddenCollection(slug, [
    { name: 'key', type: 'text', required: true, unique: true },
    { name: 'resource', type: 'text', required: true },
    { name: 'record', type: 'number', required: true, index: true },
    { name: 'body', type: 'textarea', required: true },
  ])
}

/**
 * Removes every kept form and moves the calendar's change mark, in one transaction under the
 * change log's turn (core/database/turns.ts), which keeping a form takes too: after data changed
 * outside Payload (SQL, a restore), so that no process answers from a form, a kept answer or a
 * total made before (`npm run forms:clear` in this repository). Forms come back as records are
 * read. Returns how many there were.
 */
/**
 * The sequence under which each clearing of the forms notes the change mark it found: forms built
 * as of that mark or before may be older than the data (endpoints/forms/formKeeper.ts).
 */
const FORMS_CLEARED = 'record-forms-cleared'

/** The change mark the last clearing of the forms found (0: never), in `req`'s transaction. */
export async function formsClearedAt(req: PayloadRequest, sequencesSlug: string): Promise<number> {
  const { docs } = await req.payload.db.find<{ value: number }>({
    collection: sequencesSlug,
    where: { sequence: { equals: FORMS_CLEARED } },
    sort: '-value',
    limit: 1,
    pagination: false,
    select: { value: true },
    req,
  })
  return Number(docs[0]?.value ?? 0)
}

export async function clearRecordForms(
  payload: Payload,
  slugs: { recordForms?: string; sequences?: string } = {},
): Promise<number> {
  const collection = slugs.recordForms ?? DEFAULTS.recordFormsSlug
  const req = await createLocalReq({}, payload)
  await beginCalendarTransaction(req)
  try {
    await takeLogTurn(req)
    const sequences = slugs.sequences ?? DEFAULTS.sequencesSlug
    const { totalDocs } = await payload.db.count({ collection, req })
    await payload.db.deleteMany({ collection, where: {}, req })
    const mark = await currentChangeMark(payload, sequences, req)
    await payload.db.create({
      collection: sequences,
      data: {
        sequence: FORMS_CLEARED,
        value: mark,
        claim: `${FORMS_CLEARED}:${mark}:${Date.now()}`,
      },
      req,
      returning: false,
    } as Parameters<Payload['db']['create']>[0])
    await markChange(req, sequences)
    await commitTransaction(req)
    return totalDocs
  } catch (error) {
    await killTransaction(req)
    throw error
  }
}
