/** What a handler answers, and what identifies its content for HTTP caching (cache/http.ts). */

/** What identifies a response's content: an entity tag, and for feeds the time it last changed. */
export type Validator = { etag: string; lastModified?: Date }

export type Reply = {
  status: number
  body: unknown
  /**
   * `body` already as JSON text, exactly as `JSON.stringify` writes it (an archive joined from kept
   * record forms, endpoints/forms/forms.ts); `body` is then not read.
   */
  text?: string
  headers?: Record<string, string>
  /**
   * A GET's body sent as it is instead of `body` as JSON (a calendar feed, streamed); its content
   * type goes in `headers`.
   */
  raw?: BodyInit
  /**
   * The validator of a `raw` body, known before it is sent (a JSON body's ETag is made from its
   * bytes).
   */
  validator?: Validator
}
