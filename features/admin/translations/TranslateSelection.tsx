'use client'
import { Button, Table } from '@payloadcms/ui'
import { useRouter } from 'next/navigation.js'
import { useId, useState } from 'react'
import type { LocaleCode } from '../../../core/locales.js'
import { RUN_ENDED, useImportRun } from '../import/useImportRun.js'
import { useCalendarTranslation } from '../useCalendarTranslation.js'
import { listColumn } from '../listTable.js'
import { LANGUAGE_NAMES } from './marks.js'
import { type Listed, recordColumns } from './recordColumns.js'

type Run = {
  id: number
  state: 'queued' | 'running' | 'done' | 'failed' | 'cancelled'
  error?: string | null
  progress?: {
    resources?: Record<
      string,
      { total: number; read: number; updated: number; unchanged: number; failed: number }
    >
  } | null
  failures?: { sourceId: string; message: string }[] | null
}

/**
 * The records of a count on the "To translate" page, in Payload's list table with a box to tick on
 * each row (and one for all), and "Translate the
 * selection": a translation run (endpoints/translations/runs.ts) that saves the translator's draft
 * of each, shown with its progress until it ends; the page's counts are then read again.
 */
export function TranslateSelection({
  api,
  runs,
  collection,
  language,
  records,
  headings,
}: {
  api: string
  runs: string
  collection: string
  language: LocaleCode
  records: Listed[]
  headings: { title: string; updated: string }
}) {
  const { t } = useCalendarTranslation()
  const router = useRouter()
  const [chosen, setChosen] = useState<Set<Listed['id']>>(() => new Set(records.map((r) => r.id)))
  // The page's counts and list are read again when the run ends.
  const { run, watch, running } = useImportRun<Run>(api, runs, () => router.refresh())
  const [error, setError] = useState<string | null>(null)
  const progressId = useId()

  const start = async () => {
    setError(null)
    const response = await fetch(`${api}/cal/translations/runs`, {
      method: 'POST',
      credentials: 'include',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ collection, ids: selected, to: language }),
    })
    const body = (await response.json().catch(() => ({}))) as { id?: number; message?: string }
    if (response.status !== 202 || body.id === undefined)
      setError(body.message ?? `HTTP ${response.status}`)
    else watch(body.id)
  }

  const toggle = (id: Listed['id']) =>
    setChosen((before) => {
      const after = new Set(before)
      if (after.has(id)) after.delete(id)
      else after.add(id)
      return after
    })

  // Ticked and still listed (the list is read again when a run ends).
  const selected = records.filter((record) => chosen.has(record.id)).map((record) => record.id)
  const counts = run?.progress?.resources?.[collection]
  return (
    <div className="cal-translations__selection">
      <div className="cal-translations__records">
        <Table
          data={records}
          columns={[
            listColumn(
              '_select',
              <input
                type="checkbox"
                aria-label={t('translationSelectAll')}
                checked={records.length > 0 && selected.length === records.length}
                disabled={running}
                onChange={(event) =>
                  setChosen(new Set(event.target.checked ? records.map((r) => r.id) : []))
                }
              />,
              records.map((record) => (
                <input
                  key={record.id}
                  type="checkbox"
                  aria-label={t('translationSelect', { title: record.title })}
                  checked={chosen.has(record.id)}
                  disabled={running}
                  onChange={() => toggle(record.id)}
                />
              )),
            ),
            ...recordColumns(records, language, headings),
          ]}
        />
      </div>
      <Button
        buttonStyle="primary"
        disabled={running || selected.length === 0}
        onClick={() => void start()}
      >
        {t('translationRunStart', { count: selected.length, language: LANGUAGE_NAMES[language] })}
      </Button>
      {error && (
        <p role="alert" style={{ color: 'var(--theme-error-500)' }}>
          {error}
        </p>
      )}
      {run !== null && (
        <section className="cal-translations__run" data-state={run.state} aria-live="polite">
          <progress
            max={counts?.total || 1}
            value={counts?.read ?? 0}
            aria-labelledby={progressId}
          />{' '}
          <span id={progressId}>
            {t('translationRunProgress', {
              read: counts?.read ?? 0,
              total: counts?.total ?? '…',
              updated: counts?.updated ?? 0,
              unchanged: counts?.unchanged ?? 0,
              failed: counts?.failed ?? 0,
            })}
          </span>
          {RUN_ENDED.has(run.state) && (
            <p>{t(run.state === 'done' ? 'translationRunDone' : 'translationRunStopped')}</p>
          )}
          {run.error && <p>{run.error}</p>}
          {run.failures && run.failures.length > 0 && (
            <ul className="cal-translations__failures">
              {run.failures.map((failure) => (
                <li key={failure.sourceId}>
                  #{failure.sourceId}: {failure.message}
                </li>
              ))}
            </ul>
          )}
        </section>
      )}
    </div>
  )
}
