import { FieldLabel } from '@payloadcms/ui'
import type { LabelFunction, RichTextFieldLabelServerComponent } from 'payload'

/**
 * A rich-text field's label in the language of the request. Payload 3.90 gives the rich-text
 * editor the label of its client field, which it keeps per collection in the language of the
 * first request after the server starts (getClientSchemaMap caches per collection, not per
 * language): after an English visit, a French admin read "Excerpt". This label is rendered on the
 * server for each request, from the field's own label (a function of the language).
 */
export const FieldLabelInLanguage: RichTextFieldLabelServerComponent = ({ field, i18n, path }) => {
  const { label } = field
  const text =
    typeof label === 'function'
      ? label({ i18n, t: i18n.t } as Parameters<LabelFunction>[0])
      : label || undefined
  return (
    <FieldLabel label={text} localized={field.localized} path={path} required={field.required} />
  )
}
