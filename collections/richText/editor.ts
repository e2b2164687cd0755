import type { LexicalRichTextAdapter } from '@payloadcms/richtext-lexical'
import {
  BlockquoteFeature,
  BlocksFeature,
  BoldFeature,
  FixedToolbarFeature,
  HeadingFeature,
  HorizontalRuleFeature,
  InlineCodeFeature,
  InlineToolbarFeature,
  ItalicFeature,
  lexicalEditor,
  LinkFeature,
  OrderedListFeature,
  ParagraphFeature,
  StrikethroughFeature,
  SubscriptFeature,
  SuperscriptFeature,
  UnderlineFeature,
  UnorderedListFeature,
  UploadFeature,
} from '@payloadcms/richtext-lexical'
import type { Block } from 'payload'
import { label, text } from '../i18n/index.js'

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
      admin: { rows: 6, description: text('rawHtmlDescription') },
    },
  ],
}

/**
 * The calendar's own editor for descriptions and excerpts, whatever the app's `editor` is: what
 * an event page needs (headings, marks, lists, external links, quotes, images from the upload
 * collection) and the raw-HTML block. Internal links and relationships are left out: they have no
 * HTML of their own for the v1 namespace to give.
 */
export const calendarEditor = (mediaSlug: string): (args: Parameters<ReturnType<typeof lexicalEditor>>[0]) => Promise<LexicalRichTextAdapter> =>
  lexicalEditor({
    features: [
      ParagraphFeature(),
      HeadingFeature(),
      BoldFeature(),
      ItalicFeature(),
      UnderlineFeature(),
      StrikethroughFeature(),
      SubscriptFeature(),
      SuperscriptFeature(),
      InlineCodeFeature(),
      UnorderedListFeature(),
      OrderedListFeature(),
      LinkFeature({ enabledCollections: [] }),
      BlockquoteFeature(),
      HorizontalRuleFeature(),
      UploadFeature({ enabledCollections: [mediaSlug] as never[] }),
      BlocksFeature({ blocks: [rawHtmlBlock] }),
      FixedToolbarFeature(),
      InlineToolbarFeature(),
    ],
  })
