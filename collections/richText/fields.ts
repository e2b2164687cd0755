import { isDeepStrictEqual } from 'node:util'
import { sourceTextComponents } from '../admin/translations.js'
import type { SanitizedServerEditorConfig } from '@payloadcms/richtext-lexical'
import {
  ValidationError,
  type CollectionBeforeChangeHook,
  type CollectionBeforeOperationHook,
  type Field,
  type PayloadRequest,
  type RichTextField,
  type SanitizedCollectionConfig,
} from 'payload'
import { RSC_ENTRY } from '../../core/defaults.js'
import { label, message, type CalendarTextKey } from '../../core/translations/index.js'
import {
  documentDepth,
  editorConfigOfField,
  htmlToLexical,
  lexicalToHtml,
  MAX_DOCUMENT_DEPTH,
  type Populate,
} from './convert.js'
import { calendarEditor } from './editor.js'
import { loadLexical, type LexicalModules } from './lexical.js'

/**
 * Descriptions and excerpts: a localized Lexical field that editors edit, and beside it a hidden,
 * localized field with its HTML, kept by `keepHtmlBeside` at every write, so that readers (the v1
 * namespace, feeds, search) take the HTML as stored and convert nothing.
 */

/** The hidden field holding a rich-text field's HTML. */
export const htmlFieldOf = (name: string) => `${name}Html`

export const richTextFields = (
  name: string,
  labelKey: CalendarTextKey,
  mediaSlug: string,
): Field[] => [
  {
    name,
    label: label(labelKey),
    type: 'richText',
    localized: true,
    editor: calendarEditor(mediaSlug),
    admin: {
      components: {
        Label: `${RSC_ENTRY}#FieldLabelInLanguage`,
        ...sourceTextComponents(name, htmlFieldOf(name)),
      },
    },
  },
  { name: htmlFieldOf(name), type: 'textarea', localized: true, admin: { hidden: true } },
]

const configs = new WeakMap<object, SanitizedServerEditorConfig>()

async function editorConfigOf(
  collection: SanitizedCollectionConfig,
  name: string,
): Promise<SanitizedServerEditorConfig> {
  const field = collection.flattenedFields.find((candidate) => candidate.name === name) as
    RichTextField | undefined
  if (!field) throw new Error(`${collection.slug} has no rich-text field ${name}`)
  let config = configs.get(field)
  if (!config) configs.set(field, (config = await editorConfigOfField(field)))
  return config
}

/** A value for each language (a write with `locale: 'all'`), rather than one value. */
const isPerLanguage = (value: unknown): value is Record<string, unknown> =>
  Boolean(value) && typeof value === 'object' && !('root' in (value as object))

const same = (a: unknown, b: unknown) => isDeepStrictEqual(a ?? null, b ?? null)

const populateFor = (req: PayloadRequest): Populate => {
  let made: ReturnType<LexicalModules['editor']['getPayloadPopulateFn']> | undefined
  return async (args) =>
    (
      await (made ??= (await loadLexical()).editor.getPayloadPopulateFn({
        currentDepth: 0,
        depth: 1,
        req,
      }))
    )(args)
}

type Pair = { state: unknown; html: unknown }

/**
 * One language's document and HTML after a write. Payload hands the hook the stored document
 * when the write gave none, so what changed tells who wrote: a new HTML beside an unchanged
 * document is a write of HTML, kept as given; a new document (the admin, Payload's REST) gets its
 * HTML from it. A text given for the document is HTML, as the field held before it was rich text.
 */
async function settle(
  given: Pair,
  stored: Pair,
  convert: {
    toState: (html: string | null) => Promise<unknown>
    toHtml: (state: unknown) => Promise<string>
  },
): Promise<Pair> {
  // Payload reads a text given to a rich-text field as JSON when it can ("12" becomes 12).
  if (given.state !== null && given.state !== undefined && typeof given.state !== 'object') {
    const html = String(given.state)
    return { state: await convert.toState(html), html }
  }
  const stateChanged = given.state !== undefined && !same(given.state, stored.state)
  const htmlChanged = given.html !== undefined && !same(given.html, stored.html)
  if (stateChanged) return { state: given.state, html: await convert.toHtml(given.state) }
  if (htmlChanged)
    return {
      state: await convert.toState(typeof given.html === 'string' ? given.html : null),
      html: given.html,
    }
  return given
}

/**
 * Keeps each rich-text field and its HTML together at every write (`settle`): the v1 namespace
 * and the importer write HTML, kept byte for byte, with the document made from it (HTML the
 * editor cannot represent in raw-HTML blocks); editors write the document, and its HTML follows.
 */
export const keepHtmlBeside =
  (names: string[]): CollectionBeforeChangeHook =>
  async ({ data, collection, originalDoc, req }) => {
    for (const name of names) {
      const htmlName = htmlFieldOf(name)
      if (data[name] === undefined && data[htmlName] === undefined) continue
      const populate = populateFor(req)
      const convert = {
        toState: async (html: string | null) =>
          htmlToLexical(html, await editorConfigOf(collection, name)),
        toHtml: (state: unknown) => lexicalToHtml(state, populate),
      }
      const stored = (originalDoc ?? {}) as Record<string, unknown>
      if (isPerLanguage(data[name]) || isPerLanguage(data[htmlName])) {
        const languages = new Set([
          ...Object.keys(isPerLanguage(data[name]) ? data[name] : {}),
          ...Object.keys(isPerLanguage(data[htmlName]) ? data[htmlName] : {}),
        ])
        const states: Record<string, unknown> = {}
        const htmls: Record<string, unknown> = {}
        const at = (value: unknown, language: string) =>
          isPerLanguage(value) ? value[language] : undefined
        for (const language of languages) {
          const settled = await settle(
            { state: at(data[name], language), html: at(data[htmlName], language) },
            { state: at(stored[name], language), html: at(stored[htmlName], language) },
            convert,
          )
          states[language] = settled.state
          htmls[language] = settled.html
        }
        Object.assign(data, { [name]: states, [htmlName]: htmls })
      } else {
        const settled = await settle(
          { state: data[name], html: data[htmlName] },
          { state: stored[name], html: stored[htmlName] },
          convert,
        )
        Object.assign(data, { [name]: settled.state, [htmlName]: settled.html })
      }
    }
    return data
  }

/**
 * Refuses (400) a write whose rich-text document nests deeper than `MAX_DOCUMENT_DEPTH`, before
 * Payload reads it: Payload's own passes over a document, and the HTML converters, recurse, so a
 * document sent as JSON thousands of levels deep overflowed the stack (a 500).
 */
export const refuseDeepDocuments =
  (names: string[]): CollectionBeforeOperationHook =>
  ({ args, collection, operation, req }) => {
    if (operation !== 'create' && operation !== 'update' && operation !== 'updateByID') return args
    const data = (args as { data?: Record<string, unknown> }).data
    for (const name of names) {
      const value = data?.[name]
      const documents = isPerLanguage(value) ? Object.values(value) : [value]
      if (documents.some((document) => documentDepth(document) > MAX_DOCUMENT_DEPTH)) {
        const text = message(req, 'documentTooDeep', { max: MAX_DOCUMENT_DEPTH })
        throw new ValidationError(
          { collection: collection.slug, errors: [{ path: name, message: text }] },
          req.t,
        )
      }
    }
    return args
  }
