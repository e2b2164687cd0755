'use client'
import { Button } from '@payloadcms/ui'
import type { CalendarTextKey } from '../../../core/translations/index.js'
import { useCalendarTranslation } from '../useCalendarTranslation.js'

/** A resource's counts, in the table's order, each with its heading. */
const COLUMN_KEYS = {
  read: 'importRead',
  created: 'importCreated',
  updated: 'importUpdated',
  unchanged: 'importUnchanged',
  skipped: 'importSkipped',
  failed: 'importFailed',
  pruned: 'importPruned',
  adjusted: 'importAdjustedColumn',
} as const satisfies Record<string, CalendarTextKey>
type Column = keyof typeof COLUMN_KEYS
const COLUMNS = Object.keys(COLUMN_KEYS) as Column[]

/** The words of a run's state, phase and resources (shown as they are when unknown). */
const WORD_KEYS: Record<string, CalendarTextKey> = {
  queued: 'importStateQueued',
  running: 'importStateRunning',
  done: 'importStateDone',
  failed: 'importStateFailed',
  cancelled: 'importStateCancelled',
  prune: 'importPhasePrune',
  venues: 'importVenues',
  organizers: 'importOrganizers',
  categories: 'importCategories',
  tags: 'importTags',
  events: 'importEvents',
  images: 'importImagesResource',
}

type Translate = ReturnType<typeof useCalendarTranslation>['t']

const wordOf = (t: Translate, value: string) => {
  const key = WORD_KEYS[value]
  return key ? t(key) : value
}

type Counts = Record<Column, number> & { total: number | null }
/** An import run as its collection stores it, with its progress. */
export type Run = {
  id: number
  state: string
  error?: string | null
  progress?: {
    phase: string
    resources: Record<string, Counts>
    images: { downloaded: number; fallbacks: number }
    adjustments?: { resource: string; sourceId: string; notes: string[] }[]
    notices?: string[]
  } | null
  failures?:
    { resource: string; sourceId: string; url?: string; status?: number; message: string }[] | null
}

/**
 * A run as it goes: its state, its counts per resource, its failures and adjustments; Cancel while
 * it runs.
 */
export function RunView({
  run,
  running,
  onCancel,
}: {
  run: Run
  running: boolean
  onCancel: () => void
}) {
  const { t } = useCalendarTranslation()
  const resources = run.progress?.resources
  return (
    <section className="cal-import__run" data-run={run.id} data-state={run.state}>
      <h2>
        {t('importRun', { id: run.id })}:{' '}
        <span className="cal-import__state">{wordOf(t, run.state)}</span>
        {run.progress?.phase && running ? ` (${wordOf(t, run.progress.phase)})` : ''}
      </h2>
      {running && (
        <Button buttonStyle="secondary" onClick={onCancel}>
          {t('importCancel')}
        </Button>
      )}
      {resources && (
        <div className="table">
          <table className="cal-import__table">
            <thead>
              <tr>
                <th>{t('importResource')}</th>
                <th>{t('importProgress')}</th>
                {COLUMNS.map((column) => (
                  <th key={column} style={{ textAlign: 'end' }}>
                    {t(COLUMN_KEYS[column])}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {Object.keys(resources).map((resource) => {
                const counts = resources[resource]
                if (!counts) return null
                const done =
                  counts.created +
                  counts.updated +
                  counts.unchanged +
                  counts.skipped +
                  counts.failed
                const total = Math.max(counts.total ?? 0, counts.read, done)
                return (
                  <tr key={resource} data-resource={resource}>
                    <td>{wordOf(t, resource)}</td>
                    <td>
                      <progress max={total || 1} value={done} /> {done}/{total}
                    </td>
                    {COLUMNS.map((column) => (
                      <td key={column} data-column={column} style={{ textAlign: 'end' }}>
                        {counts[column] ?? 0}
                      </td>
                    ))}
                  </tr>
                )
              })}
            </tbody>
          </table>
        </div>
      )}
      {run.progress?.images && (
        <p>
          {t('importImages', {
            downloaded: run.progress.images.downloaded,
            fallbacks: run.progress.images.fallbacks,
          })}
        </p>
      )}
      {run.error && <p className="cal-import__error">{t('importError', { error: run.error })}</p>}
      {run.progress?.notices && run.progress.notices.length > 0 && (
        <ul className="cal-import__notices">
          {run.progress.notices.map((notice) => (
            <li key={notice}>{notice}</li>
          ))}
        </ul>
      )}
      {run.failures && run.failures.length > 0 && (
        <>
          <h3>{t('importFailures', { total: failureTotal(run) })}</h3>
          <div className="table">
            <table className="cal-import__failures">
              <thead>
                <tr>
                  <th>{t('importFailureWhat')}</th>
                  <th>{t('importFailureSource')}</th>
                  <th>{t('importFailureAnswer')}</th>
                </tr>
              </thead>
              <tbody>
                {run.failures.map((failure, i) => (
                  <tr key={i} data-resource={failure.resource}>
                    <td>{wordOf(t, failure.resource)}</td>
                    <td style={{ wordBreak: 'break-all' }}>
                      {[failure.sourceId, failure.url].filter(Boolean).join(' ')}
                    </td>
                    <td>{failure.message}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
      {run.progress?.adjustments && run.progress.adjustments.length > 0 && (
        <details className="cal-import__adjustments" style={{ marginTop: '1rem' }}>
          <summary>{t('importAdjusted', { total: run.progress.adjustments.length })}</summary>
          <ul>
            {run.progress.adjustments.map((adjusted, i) => (
              <li key={i}>
                {wordOf(t, adjusted.resource)} {adjusted.sourceId}: {adjusted.notes.join('; ')}
              </li>
            ))}
          </ul>
        </details>
      )}
    </section>
  )
}

/** Failures counted per resource and image, listed or not (the list keeps the first 500). */
function failureTotal(run: Run): number {
  const resources = run.progress?.resources ?? {}
  const counted =
    Object.values(resources).reduce((sum, counts) => sum + (counts.failed ?? 0), 0) +
    (run.progress?.images?.fallbacks ?? 0)
  return Math.max(counted, run.failures?.length ?? 0)
}
