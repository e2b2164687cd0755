import type { SingleEventRecord } from '../../endpoints/schemas/records.js'

/**
 * JSON as a `<script>`'s text: `<` escaped, so that no `</script>` (or `<!--`) in an event's text
 * can end the element.
 */
export const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c')

/** The event's schema.org description (its v1 `json_ld`) as a JSON-LD `<script>`. */
export function EventJsonLd({ event }: { event: Pick<SingleEventRecord, 'json_ld'> }) {
  return (
    <script
      type="application/ld+json"
      dangerouslySetInnerHTML={{ __html: scriptJson(event.json_ld) }}
    />
  )
}
