import { editorConfigFactory, getPayloadPopulateFn, type SanitizedServerEditorConfig } from '@payloadcms/richtext-lexical'
import type { CollectionBeforeChangeHook, Field, PayloadRequest, RichTextField, SanitizedCollectionConfig } from 'payload'
import { label, type TextKey } from '../i18n/index.js'
import { htmlToLexical, lexicalToHtml, type Populate } from './convert.js'
import { calendarEditor } from './editor.js'

/**
 * Descriptions and excerpts: a localized Lexical field that editors edit, and beside it a hidden,
 * localized field with its HTML, kept by `keepHtmlBeside` at every write, so that readers (the v1
 * namespace, feeds, search) take the HTML as stored and convert nothing.
 */

/** The hidden field holding a rich-text field's HTML. */
export const htmlFieldOf = (name: string) => `${name}Html`

export const richTextFields = (name: string, labelKey: TextKey, mediaSlug: string): Field[] => [
  { name, label: label(labelKey), type: 'richText', localized: true, editor: calendarEditor(mediaSlug) },
  { name: htmlFieldOf(name), type: 'textarea', localized: true, admin: { hidden: true } },
]

const configs = new WeakMap<object, SanitizedServerEditorConfig>()

function editorConfigOf(collection: SanitizedCollectionConfig, name: string): SanitizedServerEditorConfig {
  const field = collection.flattenedFields.find((candidate) => candidate.name === name) as RichTextField | undefined
  if (!field) throw new Error(`${collection.slug} has no rich-text field ${name}`)
  let config = configs.get(field)
  if (!config) configs.set(field, (config = editorConfigFactory.fromField({ field })))
  return config
}

/** A value for each language (a write with `locale: 'all'`), rather than one value. */
const isPerLanguage = (value: unknown): value is Record<string, unknown> =>
  Boolean(value) && typeof value === 'object' && !('root' in (value as object))

async function mapValue<T>(value: unknown, convert: (one: unknown) => Promise<T> | T): Promise<T | Record<string, T>> {
  if (!isPerLanguage(value)) return convert(value)
  const entries = await Promise.all(Object.entries(value).map(async ([language, one]) => [language, await convert(one)] as const))
  return Object.fromEntries(entries)
}

const populateFor = (req: PayloadRequest): Populate => {
  let made: ReturnType<typeof getPayloadPopulateFn> | undefined
  return async (args) => (await (made ??= getPayloadPopulateFn({ currentDepth: 0, depth: 1, req })))(args)
}

/**
 * Keeps each rich-text field and its HTML together. A write that gives the document (the admin,
 * Payload's REST) gets its HTML from it; a write that gives only the HTML (the v1 namespace, the
 * importer) keeps that HTML byte for byte and gets the document from it, HTML the editor cannot
 * represent kept in raw-HTML blocks. A text given for the document is taken as that HTML.
 */
export const keepHtmlBeside =
  (names: string[]): CollectionBeforeChangeHook =>
  async ({ data, collection, req }) => {
    for (const name of names) {
      const htmlName = htmlFieldOf(name)
      // A text given for the document itself is HTML, as the field held before it was rich text.
      if (typeof data[name] === 'string') [data[htmlName], data[name]] = [data[name], undefined]
      if (data[name] !== undefined) {
        const populate = populateFor(req)
        data[htmlName] = await mapValue(data[name], (state) => lexicalToHtml(state, populate))
      } else if (data[htmlName] !== undefined) {
        const editorConfig = editorConfigOf(collection, name)
        data[name] = await mapValue(data[htmlName], (html) => htmlToLexical(typeof html === 'string' ? html : null, editorConfig))
      }
    }
    return data
  }
