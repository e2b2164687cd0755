import {
  ValidationError,
  type CollectionAfterChangeHook,
  type CollectionAfterDeleteHook,
  type CollectionBeforeChangeHook,
  type CollectionBeforeDeleteHook,
  type PayloadRequest,
} from 'payload'
import { lockKeys, recordKey } from '../../core/database/index.js'
import type { ResolvedCalendarOptions } from '../../core/options.js'
import { message } from '../../core/translations/index.js'
import { relatedId } from '../relations.js'
import { changedContent, changeWholeSeries, isDeferred, splitSeriesAt } from './edit.js'
import { generateOccurrences, isSeriesDoc, removeDates, storedTexts } from './generate.js'
import type { Event } from '../../core/documents.js'

/**
 * Before a write: a series is marked as one (`isSeries`), and a date of a series that is changed on
 * its own becomes `detached`, so that changes of the series no longer overwrite it. A date of a
 * series cannot repeat itself.
 */
export function seriesBeforeChange(eventsSlug: string): CollectionBeforeChangeHook {
  return ({ data, originalDoc, operation, req }) => {
    const recurrence = { ...(originalDoc?.recurrence ?? {}), ...(data.recurrence ?? {}) }
    if (originalDoc?.series) {
      if ((recurrence.rules?.length ?? 0) > 0 || (recurrence.rdates?.length ?? 0) > 0) {
        throw new ValidationError(
          {
            collection: eventsSlug,
            errors: [{ path: 'recurrence.rules', message: message(req, 'occurrenceNoRules') }],
          },
          req.t,
        )
      }
      // Saved for the following dates or all of them, the date follows its series
      // (seriesAfterChange).
      const reach = data.applyTo
      delete data.applyTo
      if (operation === 'update' && (reach === 'following' || reach === 'all'))
        req.context = { ...req.context, [reachKey(originalDoc.id)]: reach }
      else if (operation === 'update') data.detached = true
      return data
    }
    data.isSeries = isSeriesDoc({ ...originalDoc, ...data, recurrence, series: null })
    return data
  }
}

/**
 * After a write: a series (or an event that stopped being one) gets its dates generated, in the
 * same transaction; a date moved to the trash is excluded from its series (cancelled), and one
 * taken out of the trash is included again.
 */
export function seriesAfterChange(options: ResolvedCalendarOptions): CollectionAfterChangeHook {
  return async ({ doc, previousDoc, req }) => {
    if (doc.series) {
      const reach = req.context?.[reachKey(doc.id)]
      if (reach) {
        delete req.context[reachKey(doc.id)]
        const changes = changedContent(previousDoc, doc)
        if (reach === 'following') await splitSeriesAt(req, options, previousDoc, changes)
        else await changeWholeSeries(req, options, previousDoc, changes)
        return doc
      }
      if (doc.deletedAt && !previousDoc?.deletedAt) await setExcluded(req, options, doc, true)
      else if (!doc.deletedAt && previousDoc?.deletedAt) await setExcluded(req, options, doc, false)
      return doc
    }
    if ((doc.isSeries || previousDoc?.isSeries) && !isDeferred(req))
      await generateOccurrences(req, options, doc.id)
    return doc
  }
}

/**
 * Before a delete for good: a series takes its dates with it (before it goes, as they point to it),
 * and their tickets.
 */
export function seriesBeforeDelete(options: ResolvedCalendarOptions): CollectionBeforeDeleteHook {
  return async ({ id, req }) => {
    const { docs } = await req.payload.db.find({
      collection: options.slugs.events,
      where: { series: { equals: id } },
      select: { id: true },
      pagination: false,
      limit: 0,
      req,
    })
    await removeDates(
      req,
      options,
      docs.map((date) => date.id as number | string),
    )
  }
}

/** After a delete for good: a date of a series is excluded from it (cancelled). */
export function seriesAfterDelete(options: ResolvedCalendarOptions): CollectionAfterDeleteHook {
  return async ({ doc, req }) => {
    if (doc.series) await setExcluded(req, options, doc, true)
  }
}

const reachKey = (id: unknown) => `calendarSeriesReach:${String(id)}`

async function setExcluded(
  req: PayloadRequest,
  options: ResolvedCalendarOptions,
  occurrence: Event,
  excluded: boolean,
) {
  const collection = options.slugs.events
  const seriesId = relatedId(occurrence.series) as number | string
  // Dates changed side by side (core/database/recordTurn.ts) change their series one at a time.
  await lockKeys(req, [recordKey(collection, seriesId)])
  const series = (await req.payload.db.findOne({
    collection,
    where: { id: { equals: seriesId } },
    req,
  })) as Event | null
  if (!series || !occurrence.occurrence) return
  const exdates = storedTexts(series.recurrence?.exdates)
  const next = excluded
    ? [...new Set([...exdates, occurrence.occurrence])].sort()
    : exdates.filter((date) => date !== occurrence.occurrence)
  if (next.length === exdates.length && next.every((date, index) => date === exdates[index])) return
  await req.payload.db.updateOne({
    collection,
    id: seriesId,
    data: { recurrence: { ...series.recurrence, exdates: next } },
    req,
    returning: false,
  })
}
