'use client'
import { Button, CheckboxInput, FieldLabel, SelectInput, TextInput } from '@payloadcms/ui'
import { useState, type ChangeEvent, type FormEvent } from 'react'
import { chosenValue } from '../selectValue.js'
import { CsvImport } from './CsvImport.js'
import { type Run, RunView } from './RunView.js'
import { useImportRun } from './useImportRun.js'
import { useCalendarTranslation } from '../useCalendarTranslation.js'

/**
 * Payload's list tables give each column 150px at least, made for a few columns of text: the run's
 * counts have ten, of numbers.
 */
const IMPORT_CSS = '.cal-import .table th, .cal-import .table td { min-width: 5rem; }'

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
      <style>{IMPORT_CSS}</style>
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
