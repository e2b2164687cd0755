'use client'
import { Button, CheckboxInput, FieldLabel, SelectInput, TextInput } from '@payloadcms/ui'
import { Fragment, useState, type ChangeEvent, type FormEvent, type ReactNode } from 'react'
import type { CalendarTextKey } from '../../../core/translations/index.js'
import { chosenValue } from '../selectValue.js'
import { CsvImport } from './CsvImport.js'
import { useImportRun } from './useImportRun.js'
import { useCalendarTranslation } from '../useCalendarTranslation.js'

const COLUMNS = [
  'read',
  'created',
  'updated',
  'unchanged',
  'skipped',
  'failed',
  'pruned',
  'adjusted',
] as const

const COLUMN_KEYS: Record<(typeof COLUMNS)[number], CalendarTextKey> = {
  read: 'importRead',
  created: 'importCreated',
  updated: 'importUpdated',
  unchanged: 'importUnchanged',
  skipped: 'importSkipped',
  failed: 'importFailed',
  pruned: 'importPruned',
  adjusted: 'importAdjustedColumn',
}

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

/** A text whose {{placeholders}} stand for elements (such as code) rather than plain values. */
function withElements(text: string, elements: Record<string, ReactNode>): ReactNode[] {
  return text.split(/(\{\{\w+\}\})/).map((part, i) => {
    const name = /^\{\{(\w+)\}\}$/.exec(part)?.[1]
    return <Fragment key={i}>{name && name in elements ? elements[name] : part}</Fragment>
  })
}

type Counts = Record<(typeof COLUMNS)[number], number> & { total: number | null }
type Run = {
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

/** Payload's REST answer to a create: the run, or its errors (a validation error lists each). */
type RestAnswer = {
  doc: Run
  errors?: { message: string; data?: { errors?: { message: string }[] } }[]
}

/**
 * The Import form and the live view of a run: created through Payload's REST as the signed-in
 * administrator (cal-import-runs), read back every second, cancelled by setting `cancel`.
 */
export function ImportPanel({ api, runs }: { api: string; runs: string }) {
  const { t } = useCalendarTranslation()
  const [format, setFormat] = useState<'v1' | 'ical' | 'csv'>('v1')
  const [file, setFile] = useState<File | null>(null)
  const [from, setFrom] = useState('')
  const [user, setUser] = useState('')
  const [password, setPassword] = useState('')
  const [language, setLanguage] = useState('en')
  const [dryRun, setDryRun] = useState(false)
  const [prune, setPrune] = useState(false)
  const [errors, setErrors] = useState<string[]>([])
  const { run, watch, running } = useImportRun<Run>(api, runs)

  const start = async (event: FormEvent) => {
    event.preventDefault()
    setErrors([])
    const header =
      user || password
        ? `Authorization: Basic ${btoa(unescape(encodeURIComponent(`${user}:${password}`)))}`
        : undefined
    const request =
      format === 'ical'
        ? {
            format,
            from: file ? undefined : from,
            ics: file ? await file.text() : undefined,
            dryRun,
          }
        : {
            format,
            from,
            header,
            language: language === 'en' ? undefined : language,
            dryRun,
            prune,
          }
    const response = await fetch(`${api}/${runs}`, {
      method: 'POST',
      credentials: 'include',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(request),
    })
    const body = (await response.json().catch(() => ({}))) as RestAnswer
    if (!response.ok) {
      setErrors(
        (body.errors ?? [{ message: `HTTP ${response.status}` }]).flatMap((error) =>
          (error.data?.errors ?? [error]).map((detail) => detail.message),
        ),
      )
      return
    }
    watch(body.doc.id)
  }

  const cancel = async () => {
    if (!run) return
    await fetch(`${api}/${runs}/${run.id}`, {
      method: 'PATCH',
      credentials: 'include',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ cancel: true }),
    })
  }

  return (
    <div className="cal-import">
      <p>
        {withElements(t('importIntro'), {
          tribe: <code>…/wp-json/tribe/events/v1/</code>,
          calendar: <code>…/api/cal/events/v1/</code>,
        })}
      </p>
      <form
        onSubmit={start}
        className="cal-import__form"
        style={{ display: 'grid', gap: '0.75rem', maxWidth: '40rem', marginBottom: '1.5rem' }}
      >
        <SelectInput
          path="format"
          name="format"
          label={t('importWhat')}
          isClearable={false}
          options={[
            { value: 'v1', label: t('importFormatV1') },
            { value: 'ical', label: t('importFormatIcal') },
            { value: 'csv', label: t('importFormatCsv') },
          ]}
          value={format}
          onChange={(option) => {
            const chosen = chosenValue(option)
            setFormat(chosen === 'ical' || chosen === 'csv' ? chosen : 'v1')
          }}
        />
        {format === 'csv' && <CsvImport api={api} running={running} onRun={watch} />}
        {format !== 'csv' && (
          <>
            <TextInput
              path="from"
              label={t(format === 'ical' ? 'importIcalAddress' : 'importSource')}
              required={format === 'v1' || !file}
              value={from}
              onChange={(e: ChangeEvent<HTMLInputElement>) => setFrom(e.target.value)}
              placeholder={
                format === 'ical'
                  ? 'https://example.org/calendar.ics'
                  : 'https://example.org/wp-json/tribe/events/v1/'
              }
            />
            {format === 'ical' && (
              <div className="field-type">
                <FieldLabel htmlFor="field-ics" label={t('importIcalFile')} />
                <input
                  id="field-ics"
                  name="ics"
                  type="file"
                  accept=".ics,text/calendar"
                  onChange={(e) => setFile(e.target.files?.[0] ?? null)}
                />
              </div>
            )}
            {format === 'v1' && (
              <>
                <fieldset style={{ display: 'grid', gap: '0.75rem', border: 0, padding: 0 }}>
                  <legend className="field-label">{t('importCredentials')}</legend>
                  <TextInput
                    path="user"
                    label={t('importUser')}
                    htmlAttributes={{ autoComplete: 'off' }}
                    value={user}
                    onChange={(e: ChangeEvent<HTMLInputElement>) => setUser(e.target.value)}
                  />
                  <TextInput
                    path="password"
                    label={t('importPassword')}
                    // TextInput spreads these over its input's own attributes: a password box.
                    htmlAttributes={{ autoComplete: 'new-password', type: 'password' } as object}
                    value={password}
                    onChange={(e: ChangeEvent<HTMLInputElement>) => setPassword(e.target.value)}
                  />
                </fieldset>
                <SelectInput
                  path="language"
                  name="language"
                  label={t('importLanguage')}
                  isClearable={false}
                  options={[
                    { value: 'en', label: t('importLanguageEn') },
                    { value: 'fr', label: t('importLanguageFr') },
                    { value: 'es', label: t('importLanguageEs') },
                  ]}
                  value={language}
                  onChange={(option) => setLanguage(chosenValue(option) || 'en')}
                />
                <CheckboxInput
                  id="field-prune"
                  name="prune"
                  label={t('importPrune')}
                  checked={prune}
                  onToggle={(e) => setPrune(e.target.checked)}
                />
              </>
            )}
            <CheckboxInput
              id="field-dryRun"
              name="dryRun"
              label={t('importDryRun')}
              checked={dryRun}
              onToggle={(e) => setDryRun(e.target.checked)}
            />
            <div>
              <Button type="submit" disabled={running}>
                {t('importStart')}
              </Button>
            </div>
          </>
        )}
        {errors.length > 0 && (
          <ul
            className="cal-import__errors"
            role="alert"
            style={{ color: 'var(--theme-error-500)' }}
          >
            {errors.map((message) => (
              <li key={message}>{message}</li>
            ))}
          </ul>
        )}
      </form>
      {run && <RunView run={run} onCancel={cancel} running={running} />}
    </div>
  )
}

function RunView({ run, running, onCancel }: { run: Run; running: boolean; onCancel: () => void }) {
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
        <table
          className="cal-import__table"
          style={{ borderCollapse: 'collapse', marginTop: '1rem' }}
        >
          <thead>
            <tr>
              <th style={{ textAlign: 'left' }}>{t('importResource')}</th>
              <th>{t('importProgress')}</th>
              {COLUMNS.map((column) => (
                <th key={column} style={{ padding: '0 0.5rem' }}>
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
                counts.created + counts.updated + counts.unchanged + counts.skipped + counts.failed
              const total = Math.max(counts.total ?? 0, counts.read, done)
              return (
                <tr key={resource} data-resource={resource}>
                  <td>{wordOf(t, resource)}</td>
                  <td>
                    <progress max={total || 1} value={done} /> {done}/{total}
                  </td>
                  {COLUMNS.map((column) => (
                    <td
                      key={column}
                      data-column={column}
                      style={{ textAlign: 'right', padding: '0 0.5rem' }}
                    >
                      {counts[column] ?? 0}
                    </td>
                  ))}
                </tr>
              )
            })}
          </tbody>
        </table>
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
          <table className="cal-import__failures" style={{ borderCollapse: 'collapse' }}>
            <thead>
              <tr>
                <th style={{ textAlign: 'left' }}>{t('importFailureWhat')}</th>
                <th style={{ textAlign: 'left' }}>{t('importFailureSource')}</th>
                <th style={{ textAlign: 'left' }}>{t('importFailureAnswer')}</th>
              </tr>
            </thead>
            <tbody>
              {run.failures.map((failure, i) => (
                <tr key={i} data-resource={failure.resource} style={{ verticalAlign: 'top' }}>
                  <td style={{ paddingRight: '0.75rem' }}>{wordOf(t, failure.resource)}</td>
                  <td style={{ paddingRight: '0.75rem', wordBreak: 'break-all' }}>
                    {[failure.sourceId, failure.url].filter(Boolean).join(' ')}
                  </td>
                  <td>{failure.message}</td>
                </tr>
              ))}
            </tbody>
          </table>
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
