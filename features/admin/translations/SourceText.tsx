'use client'
import { useConfig, useDocumentInfo, useField, useFormFields, useLocale } from '@payloadcms/ui'
import { useEffect, useState } from 'react'
import { hasText } from '../../../collections/translations/status.js'
import { useCalendarTranslation } from '../useCalendarTranslation.js'
import { LANGUAGE_NAMES } from './marks.js'
import { sourceDocument } from './sourceDocument.js'
import { useFillFields } from './useFillFields.js'
import { SafeHtml } from './SafeHtml.js'

type Source = { value: unknown; text: string }

/**
 * Under a translated field, in a language that is not the record's source: the source language's
 * text, read-only (rich text rendered, nothing of it run: SafeHtml), and, while this language's
 * field is empty, a button that copies it in for the editor to translate.
 */
export function SourceText({ fieldName, textField }: { fieldName: string; textField?: string }) {
  const { t } = useCalendarTranslation()
  const locale = useLocale()
  const { config } = useConfig()
  const { id, collectionSlug } = useDocumentInfo()
  const sourceLanguage = useFormFields(([fields]) => fields['translations.source']?.value) as
    string | undefined
  const { value } = useField<unknown>({ path: fieldName })
  const fill = useFillFields()
  const here = useFormFields(([fields]) => fields[textField ?? fieldName]?.value)
  const [source, setSource] = useState<Source | null>(null)
  const shown = Boolean(id && collectionSlug && sourceLanguage && sourceLanguage !== locale?.code)

  useEffect(() => {
    if (!shown) return setSource(null)
    let current = true
    const api = `${config.serverURL ?? ''}${config.routes.api}`
    void sourceDocument(api, collectionSlug!, id!, sourceLanguage!).then((doc) => {
      if (current)
        setSource({ value: doc[fieldName], text: String(doc[textField ?? fieldName] ?? '') })
    })
    return () => {
      current = false
    }
  }, [shown, config, collectionSlug, id, sourceLanguage, fieldName, textField])

  if (!shown || !source || !hasText(source.text)) return null
  const language = LANGUAGE_NAMES[sourceLanguage!] ?? sourceLanguage
  const quoted = {
    margin: '0.25rem 0',
    padding: '0.4rem 0.6rem',
    borderLeft: '3px solid var(--theme-elevation-250)',
  }
  const empty = !hasText(typeof here === 'string' ? here : '') && !hasText(String(value ?? ''))
  return (
    <div className="cal-source-text" data-field={fieldName} lang={sourceLanguage}>
      <p
        className="cal-source-text__label"
        style={{ color: 'var(--theme-elevation-800)', margin: '0.25rem 0' }}
      >
        {t('translationSourceText', { language })}
      </p>
      {textField ? (
        <SafeHtml className="cal-source-text__rich" html={source.text} style={quoted} />
      ) : (
        <blockquote className="cal-source-text__plain" style={quoted}>
          {source.text}
        </blockquote>
      )}
      {empty && (
        <button
          type="button"
          className="btn btn--style-secondary btn--size-small cal-source-text__copy"
          onClick={() => fill({ [fieldName]: source.value })}
        >
          {t('translationCopySource')}
        </button>
      )}
    </div>
  )
}
