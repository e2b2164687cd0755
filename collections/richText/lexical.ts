import type * as RichTextLexical from '@payloadcms/richtext-lexical'
import type * as HtmlAsync from '@payloadcms/richtext-lexical/html-async'

export type LexicalModules = { editor: typeof RichTextLexical; html: typeof HtmlAsync }

let loading: Promise<LexicalModules> | undefined

/**
 * Payload's Lexical packages, loaded on first use (the editor's sanitizing, at `buildConfig`)
 * rather than with the plugin, and Lexical's core before the rest. On Node 20, each Lexical
 * package resolves to a `.node.mjs` file that loads its code with a top-level `await import()`;
 * loaded all at once, as a static import of the editor does, they left the import unsettled in
 * about half of the starts of a plain Node app (exit code 13, nothing printed). With the core
 * loaded alone first, every start settles (test/package). Next.js bundles them and never meets it.
 */
export function loadLexical(): Promise<LexicalModules> {
  return (loading ??= (async () => {
    await import('@payloadcms/richtext-lexical/lexical')
    const editor = await import('@payloadcms/richtext-lexical')
    const html = await import('@payloadcms/richtext-lexical/html-async')
    return { editor, html }
  })())
}
