'use client'
import { toast, useConfig, useDocumentInfo, useFormFields, useLocale } from '@payloadcms/ui'
import { useState } from 'react'
import { statusKey, type TranslationStatus } from '../../../collections/translations/status.js'
import type { LocaleCode } from '../../../core/locales.js'
import { useCalendarTranslation } from '../useCalendarTranslation.js'
import { LANGUAGE_NAMES, STATUS_MARKS } from './marks.js'
import { useFillFields } from './useFillFields.js'

/**
 * In the form's sidebar: this language's translation status in words; when the source changed
 * after it, a button that marks it up to date without changing its text (a save of the group's
 * status as `complete`, which collections/translations/hook.ts takes only then); and when the app
 * gave a translator (`translate`), a button that fills this language's empty and outdated fields
 * with a draft (endpoints/translations/draft.ts) for the editor to review before saving.
 */
export function TranslationActions({
  resource,
  translate,
}: {
  resource?: string
  translate?: boolean
}) {
  const { t } = useCalendarTranslation()
  const locale = useLocale()
  const { config } = useConfig()
  const { id, collectionSlug } = useDocumentInfo()
  const code = locale?.code as LocaleCode | undefined
  const status = useFormFields(([fields]) =>
    code ? fields[`translations.${statusKey(code)}`]?.value : undefined,
  ) as TranslationStatus | undefined
  const source = useFormFields(([fields]) => fields['translations.source']?.value) as
    string | undefined
  const [busy, setBusy] = useState(false)
  const fill = useFillFields()
  if (!id || !code || !status) return null
  const api = `${config.serverURL ?? ''}${config.routes.api}`

  const draft = async () => {
    setBusy(true)
    const response = await fetch(`${api}/cal/translations/draft`, {
      method: 'POST',
      credentials: 'include',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ collection: resource, id, to: code }),
    })
    setBusy(false)
    const body = (await response.json().catch(() => ({}))) as {
      fields?: Record<string, unknown>
      message?: string
    }
    if (!response.ok || !body.fields) return toast.error(body.message ?? `${response.status}`)
    fill(body.fields)
    toast.success(t('translationDrafted', { count: Object.keys(body.fields).length }))
  }

  const markCurrent = async () => {
    setBusy(true)
    const response = await fetch(`${api}/${collectionSlug}/${id}?locale=${code}&depth=0`, {
      method: 'PATCH',
      credentials: 'include',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ translations: { [statusKey(code)]: 'complete' } }),
    })
    setBusy(false)
    if (response.ok) {
      toast.success(t('translationMarkedCurrent'))
      // The form reads the record again, its status with it.
      window.location.reload()
    } else toast.error(`${response.status}`)
  }

  return (
    <div className="cal-translation-actions" data-status={status}>
      <p
        className="cal-translation-actions__status"
        style={{ color: 'var(--theme-elevation-800)' }}
      >
        {t('translationStatusHere', {
          language: LANGUAGE_NAMES[code] ?? code,
          status: t(STATUS_MARKS[status].word),
          source: LANGUAGE_NAMES[source ?? ''] ?? source ?? '',
        })}
      </p>
      {translate && resource && status !== 'source' && status !== 'complete' && (
        <button
          type="button"
          className="btn btn--style-secondary btn--size-small cal-translation-actions__draft"
          disabled={busy}
          onClick={() => void draft()}
        >
          {t('translationDraft', { language: LANGUAGE_NAMES[source ?? ''] ?? source ?? '' })}
        </button>
      )}
      {status === 'outdated' && (
        <button
          type="button"
          className="btn btn--style-secondary btn--size-small cal-translation-actions__current"
          disabled={busy}
          onClick={() => void markCurrent()}
        >
          {t('translationMarkCurrent')}
        </button>
      )}
    </div>
  )
}
