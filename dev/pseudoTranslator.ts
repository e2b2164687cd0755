import type { Translator } from '../src/index.js'

/**
 * The host's stand-in for a translation service (`CAL_TRANSLATOR=pseudo`), for trying the admin's
 * Translate button and for the tests: each text, or each run of text between HTML tags, gets the
 * target language in parentheses before it (`(fr) Lantern walk`; not in brackets, which WordPress
 * shortcodes use and the editor keeps as raw HTML). Tags and links stay as they are.
 */
export const pseudoTranslator: Translator = async (texts, { to, format }) =>
  texts.map((text) =>
    format === 'html'
      ? text.replace(/>([^<]*\S[^<]*)</g, (_, words: string) => `>(${to}) ${words}<`)
      : `(${to}) ${text}`,
  )
