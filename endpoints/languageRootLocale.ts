import {
  sanitizeLocales,
  type Endpoint,
  type Payload,
  type PayloadHandler,
  type TypedFallbackLocale,
} from 'payload'
import { requestAddress } from './address.js'

const WRAPPED = Symbol('cal.languageRootLocale')

type Wrapped = PayloadHandler & { [WRAPPED]?: true }

/**
 * A request through a language root (`/fr/api/events/1`) reads and writes that language, as
 * `?locale=fr` would: Payload takes its locale from the query alone, and in a Next.js app the
 * handler sees the URL as the client sent it. The query's own `locale` wins (the parameter wins
 * over the path segment, docs/v1-differences.md §2).
 */
function withLanguageRootLocale(handler: PayloadHandler): PayloadHandler {
  if ((handler as Wrapped)[WRAPPED]) return handler
  const wrapped: Wrapped = (req) => {
    const localization = req.payload.config.localization
    if (localization && !req.searchParams?.has('locale')) {
      const { language } = requestAddress(req)
      if (language) {
        // As Payload reads it from the query (createPayloadRequest).
        const asked =
          req.query?.fallbackLocale ??
          req.searchParams?.get('fallback-locale') ??
          req.searchParams?.get('fallbackLocale')
        const locales = sanitizeLocales({
          locale: language,
          fallbackLocale: (asked ?? undefined) as TypedFallbackLocale,
          localization,
        })
        req.locale = locales.locale
        req.fallbackLocale = locales.fallbackLocale
      }
    }
    return handler(req)
  }
  wrapped[WRAPPED] = true
  return wrapped
}

function wrapAll<E extends Pick<Endpoint, 'handler'>, L extends E[] | false | undefined>(
  endpoints: L,
): L {
  if (!Array.isArray(endpoints)) return endpoints
  return endpoints.map((endpoint) => ({
    ...endpoint,
    handler: withLanguageRootLocale(endpoint.handler),
  })) as L
}

/**
 * Every REST endpoint of the app (Payload's own for each collection and global, the app's, the
 * calendar's) set to the language of the root the request came through. At init: Payload adds
 * the collections' own endpoints when it sanitizes the config, after plugins ran.
 */
export function languageRootLocales(payload: Payload): void {
  payload.config.endpoints = wrapAll(payload.config.endpoints)
  for (const collection of Object.values(payload.collections))
    collection.config.endpoints = wrapAll(collection.config.endpoints)
  for (const global of payload.globals.config) global.endpoints = wrapAll(global.endpoints)
}
