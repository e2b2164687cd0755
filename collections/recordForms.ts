import {
  commitTransaction,
  createLocalReq,
  killTransaction,
  type CollectionConfig,
  type Payload,
} from 'payload'
import { beginCalendarTransaction, takeLogTurn } from '../core/database/index.js'
import { DEFAULTS } from '../core/defaults.js'
import { markChange } from './hooks/calendarCommit.js'
import { hiddenCollection } from './hidden.js'

/**
 * Hidden: the v1 form of public records as anonymous callers get them, one row per record, form
 * (in a list, or read alone), language and addresses (`key`, made by endpoints/records/forms.ts),
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
export async function clearRecordForms(
  payload: Payload,
  slugs: { recordForms?: string; sequences?: string } = {},
): Promise<number> {
  const collection = slugs.recordForms ?? DEFAULTS.recordFormsSlug
  const req = await createLocalReq({}, payload)
  await beginCalendarTransaction(req)
  try {
    await takeLogTurn(req)
    const { totalDocs } = await payload.db.count({ collection, req })
    await payload.db.deleteMany({ collection, where: {}, req })
    await markChange(req, slugs.sequences ?? DEFAULTS.sequencesSlug)
    await commitTransaction(req)
    return totalDocs
  } catch (error) {
    await killTransaction(req)
    throw error
  }
}
