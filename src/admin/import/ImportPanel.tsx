'use client'
import { Button } from '@payloadcms/ui'
import { useEffect, useRef, useState, type FormEvent } from 'react'
import { CsvImport } from './CsvImport.js'

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
const FINISHED = new Set(['done', 'failed', 'cancelled'])

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

/**
 * The Import form and the live view of a run: created through Payload's REST as the signed-in
 * administrator (cal-import-runs), read back every second, cancelled by setting `cancel`.
 */
export function ImportPanel({ api, runs }: { api: string; runs: string }) {
  const [format, setFormat] = useState<'v1' | 'ical' | 'csv'>('v1')
  const [file, setFile] = useState<File | null>(null)
  const [from, setFrom] = useState('')
  const [user, setUser] = useState('')
  const [password, setPassword] = useState('')
  const [language, setLanguage] = useState('')
  const [dryRun, setDryRun] = useState(false)
  const [prune, setPrune] = useState(false)
  const [errors, setErrors] = useState<string[]>([])
  const [run, setRun] = useState<Run | null>(null)
  const timer = useRef<ReturnType<typeof setInterval> | null>(null)

  const stopPolling = () => {
    if (timer.current) clearInterval(timer.current)
    timer.current = null
  }
  useEffect(() => stopPolling, [])

  const poll = (id: number) => {
    stopPolling()
    setRun({ id, state: 'queued' })
    timer.current = setInterval(async () => {
      const response = await fetch(`${api}/${runs}/${id}?depth=0`, { credentials: 'include' })
      if (!response.ok) return
      const current = (await response.json()) as Run
      setRun(current)
      if (FINISHED.has(current.state)) stopPolling()
    }, 1000)
  }

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
        : { format, from, header, language: language || undefined, dryRun, prune }
    const response = await fetch(`${api}/${runs}`, {
      method: 'POST',
      credentials: 'include',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(request),
    })
    const body = await response.json().catch(() => ({}))
    if (!response.ok) {
      setErrors(
        (body.errors ?? [{ message: `HTTP ${response.status}` }]).flatMap((e: any) =>
          (e.data?.errors ?? [e]).map((d: any) => d.message),
        ),
      )
      return
    }
    setRun(body.doc)
    poll(body.doc.id)
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

  const running = run !== null && !FINISHED.has(run.state)
  return (
    <div className="cal-import">
      <p>
        Reads a site that speaks The Events Calendar’s REST API (
        <code>…/wp-json/tribe/events/v1/</code>) or another calendar like this one (
        <code>…/api/cal/events/v1/</code>) and imports its venues, organizers, categories, tags and
        events; or an iCalendar file; or a CSV file of events, venues or organizers (The Events
        Calendar’s columns or this calendar’s export). A second import updates what changed.
      </p>
      <form
        onSubmit={start}
        className="cal-import__form"
        style={{ display: 'grid', gap: '0.75rem', maxWidth: '40rem', marginBottom: '1.5rem' }}
      >
        <label>
          What to import{' '}
          <select
            name="format"
            value={format}
            onChange={(e) => setFormat(e.target.value as 'v1' | 'ical' | 'csv')}
          >
            <option value="v1">
              A calendar site (The Events Calendar’s API, or one like this)
            </option>
            <option value="ical">An iCalendar file (.ics) or its address</option>
            <option value="csv">
              A CSV file (events, venues or organizers, from a spreadsheet)
            </option>
          </select>
        </label>
        {format === 'csv' && <CsvImport api={api} running={running} onRun={poll} />}
        {format !== 'csv' && (
          <>
            <label>
              {format === 'ical'
                ? 'Address of the .ics file (or upload it below)'
                : 'Source (v1 root URL)'}
              <input
                name="from"
                type="url"
                required={format === 'v1' || !file}
                value={from}
                onChange={(e) => setFrom(e.target.value)}
                placeholder={
                  format === 'ical'
                    ? 'https://example.org/calendar.ics'
                    : 'https://example.org/wp-json/tribe/events/v1/'
                }
                style={{ width: '100%' }}
              />
            </label>
            {format === 'ical' && (
              <label>
                iCalendar file{' '}
                <input
                  name="ics"
                  type="file"
                  accept=".ics,text/calendar"
                  onChange={(e) => setFile(e.target.files?.[0] ?? null)}
                />
              </label>
            )}
            {format === 'v1' && (
              <>
                <fieldset style={{ display: 'flex', gap: '0.75rem' }}>
                  <legend>
                    Credentials (optional: drafts, pending and private events come too)
                  </legend>
                  <label>
                    User{' '}
                    <input
                      name="user"
                      autoComplete="off"
                      value={user}
                      onChange={(e) => setUser(e.target.value)}
                    />
                  </label>
                  <label>
                    Application password{' '}
                    <input
                      name="password"
                      type="password"
                      autoComplete="new-password"
                      value={password}
                      onChange={(e) => setPassword(e.target.value)}
                    />
                  </label>
                </fieldset>
                <label>
                  Language{' '}
                  <select
                    name="language"
                    value={language}
                    onChange={(e) => setLanguage(e.target.value)}
                  >
                    <option value="">English (the records themselves)</option>
                    <option value="fr">French texts of records already imported</option>
                    <option value="es">Spanish texts of records already imported</option>
                  </select>
                </label>
                <label>
                  <input
                    name="prune"
                    type="checkbox"
                    checked={prune}
                    onChange={(e) => setPrune(e.target.checked)}
                  />{' '}
                  Trash what disappeared from the source
                </label>
              </>
            )}
            <label>
              <input
                name="dryRun"
                type="checkbox"
                checked={dryRun}
                onChange={(e) => setDryRun(e.target.checked)}
              />{' '}
              Dry run (write nothing)
            </label>
            <div>
              <Button type="submit" disabled={running}>
                Start import
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
  const resources = run.progress?.resources
  return (
    <section className="cal-import__run" data-state={run.state}>
      <h2>
        Import #{run.id}: <span className="cal-import__state">{run.state}</span>
        {run.progress?.phase && running ? ` (${run.progress.phase})` : ''}
      </h2>
      {running && (
        <Button buttonStyle="secondary" onClick={onCancel}>
          Cancel
        </Button>
      )}
      {resources && (
        <table
          className="cal-import__table"
          style={{ borderCollapse: 'collapse', marginTop: '1rem' }}
        >
          <thead>
            <tr>
              <th style={{ textAlign: 'left' }}>Resource</th>
              <th>Progress</th>
              {COLUMNS.map((column) => (
                <th key={column} style={{ padding: '0 0.5rem' }}>
                  {column}
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
                  <td>{resource}</td>
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
          Images: {run.progress.images.downloaded} downloaded, {run.progress.images.fallbacks} kept
          as links.
        </p>
      )}
      {run.error && <p className="cal-import__error">Error: {run.error}</p>}
      {run.progress?.notices && run.progress.notices.length > 0 && (
        <ul className="cal-import__notices">
          {run.progress.notices.map((notice) => (
            <li key={notice}>{notice}</li>
          ))}
        </ul>
      )}
      {run.failures && run.failures.length > 0 && (
        <>
          <h3>Failures ({failureTotal(run)})</h3>
          <table className="cal-import__failures" style={{ borderCollapse: 'collapse' }}>
            <thead>
              <tr>
                <th style={{ textAlign: 'left' }}>What</th>
                <th style={{ textAlign: 'left' }}>Source id or address</th>
                <th style={{ textAlign: 'left' }}>The answer</th>
              </tr>
            </thead>
            <tbody>
              {run.failures.map((failure, i) => (
                <tr key={i} data-resource={failure.resource} style={{ verticalAlign: 'top' }}>
                  <td style={{ paddingRight: '0.75rem' }}>{failure.resource}</td>
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
          <summary>Adjusted to fit ({run.progress.adjustments.length})</summary>
          <ul>
            {run.progress.adjustments.map((adjusted, i) => (
              <li key={i}>
                {adjusted.resource} {adjusted.sourceId}: {adjusted.notes.join('; ')}
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
