import { isIPv6 } from 'node:net'

export type OriginSettings = {
  /** Payload's `config.serverURL`: when set, it is the origin whatever the request says. */
  serverURL?: string
  /** Whether `X-Forwarded-Host` and `-Proto` are believed (the plugin's `trustProxy`). */
  trustProxy: boolean
}

/**
 * An app's origin settings: its Payload `serverURL` and the plugin's `trustProxy`. The links a
 * request's answer carries and the key it is kept under (`cachedRead` included) are both made
 * with these, so that they agree.
 */
export const originSettings = (
  config: { serverURL?: string },
  options: { trustProxy: boolean },
): OriginSettings => ({ serverURL: config.serverURL, trustProxy: options.trustProxy })

const LABEL = '[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?'
const HOST = new RegExp(`^(?:(${LABEL}(?:\\.${LABEL})*)|\\[([0-9a-f:.]+)\\])(?::(\\d{1,5}))?$`, 'i')

/**
 * A Host header's value when it is a host name, an IPv4 address or a bracketed IPv6 address, with
 * an optional port (lower-cased), else null: anything else (a path, a space, user info, nothing)
 * must not reach the links an answer carries, nor the key it is kept under.
 */
export function validHost(value: string | null | undefined): string | null {
  const found = HOST.exec(value?.trim() ?? '')
  if (!found) return null
  const [, , ipv6, port] = found
  if (ipv6 !== undefined && !isIPv6(ipv6)) return null
  if (port !== undefined && Number(port) > 65_535) return null
  return found[0].toLowerCase()
}

/** The first value of a header a chain of proxies may have appended to (`a, b`). */
const firstOf = (value: string | null) => value?.split(',')[0].trim() ?? null

/**
 * A request's headers as far as the origin and the cache read them: a web `Headers`, or a getter
 * over Node's headers.
 */
export type RequestHeaders = { get(name: string): string | null }

/**
 * The public origin of a request, which its API links carry: Payload's `serverURL` when set; else
 * the `Host` the client sent (when it is a valid host, else the URL's own) with the URL's protocol,
 * or, when the app trusts its proxy, the `X-Forwarded-Host` and `X-Forwarded-Proto` it set. Never
 * the address the server bound when the client named another (a Next.js route handler's `req.url`
 * carries the bound one).
 */
export function publicOrigin(url: URL, headers: RequestHeaders, settings: OriginSettings): string {
  if (settings.serverURL) return settings.serverURL.replace(/\/+$/, '')
  let protocol = url.protocol.slice(0, -1)
  let host = validHost(headers.get('host')) ?? url.host
  if (settings.trustProxy) {
    const forwardedProto = firstOf(headers.get('x-forwarded-proto'))?.toLowerCase()
    if (forwardedProto === 'http' || forwardedProto === 'https') protocol = forwardedProto
    host = validHost(firstOf(headers.get('x-forwarded-host'))) ?? host
  }
  return `${protocol}://${host}`
}
