import type { LexicalRichTextAdapter, lexicalEditor } from '@payloadcms/richtext-lexical'
import type { Block } from 'payload'
import { label, description } from '../../core/translations/index.js'
import { loadLexical } from './lexical.js'

/** The Lexical block that keeps HTML the editor cannot represent, exported verbatim. */
export const RAW_HTML_BLOCK = 'calRawHtml'

export const rawHtmlBlock: Block = {
  slug: RAW_HTML_BLOCK,
  labels: { singular: label('rawHtml'), plural: label('rawHtmlPlural') },
  fields: [
    {
      name: 'html',
      label: label('rawHtml'),
      // A plain text area: Payload's code field loads its editor (Monaco) from a CDN, which an
      // admin on a closed network never reaches.
      type: 'textarea',
      required: true,
      admin: { rows: 6, description: description('rawHtmlDescription') },
    },
  ],
}

/**
 * The calendar's own editor for descriptions and excerpts, whatever the app's `editor` is: what
 * an event page needs (headings, marks, lists, external links, quotes, images from the upload
 * collection) and the raw-HTML block. Internal links and relationships are left out: they have no
 * HTML of their own for the v1 namespace to give. Lexical itself is loaded when Payload sanitizes
 * the config (`loadLexical`).
 */
export const calendarEditor =
  (mediaSlug: string) =>
  async (
    args: Parameters<ReturnType<typeof lexicalEditor>>[0],
  ): Promise<LexicalRichTextAdapter> => {
    const { editor: lexical } = await loadLexical()
    return lexical.lexicalEditor({
      features: [
        lexical.ParagraphFeature(),
        lexical.HeadingFeature(),
        lexical.BoldFeature(),
        lexical.ItalicFeature(),
        lexical.UnderlineFeature(),
        lexical.StrikethroughFeature(),
        lexical.SubscriptFeature(),
        lexical.SuperscriptFeature(),
        lexical.InlineCodeFeature(),
        lexical.UnorderedListFeature(),
        lexical.OrderedListFeature(),
        lexical.LinkFeature({ enabledCollections: [] }),
        lexical.BlockquoteFeature(),
        lexical.HorizontalRuleFeature(),
        lexical.UploadFeature({ enabledCollections: [mediaSlug] as never[] }),
        lexical.BlocksFeature({ blocks: [rawHtmlBlock] }),
        lexical.FixedToolbarFeature(),
        lexical.InlineToolbarFeature(),
      ],
    })(args)
  }
