import dns, { type LookupAddress, type LookupOptions } from 'node:dns'
import ipaddr from 'ipaddr.js'

/**
 * Whether a webhook may be delivered to this IP address: only public unicast addresses. Loopback,
 * private, link-local, unique-local, unspecified, carrier-grade NAT, multicast, broadcast and the
 * reserved ranges are refused, IPv4-mapped IPv6 addresses (`::ffff:127.0.0.1`) as their IPv4
 * address. Anything that is not an IP address is refused too.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false
  return ipaddr.process(address).range() === 'unicast'
}

export class PrivateAddressError extends Error {
  code = 'ECAL_PRIVATE_ADDRESS'
  constructor(host: string, address: string) {
    super(`${host} resolves to ${address}, which is not a public address`)
  }
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void

/**
 * A `lookup` for the HTTP client that resolves as `dns.lookup` does and fails when any address the
 * name resolves to is not public, so that the connection can only go to an address that was
 * checked (no second resolution in between).
 */
export function guardedLookup(
  hostname: string,
  options: LookupOptions | LookupCallback,
  callback?: LookupCallback,
): void {
  const done = (typeof options === 'function' ? options : callback) as LookupCallback
  const settings: LookupOptions = typeof options === 'function' ? {} : options
  dns.lookup(hostname, { ...settings, all: true }, (error, addresses) => {
    if (error) return done(error, [])
    const refused = addresses.find((found) => !isPublicAddress(found.address))
    if (refused) return done(new PrivateAddressError(hostname, refused.address), [])
    if (!addresses.length)
      return done(Object.assign(new Error(`${hostname}: no address`), { code: 'ENOTFOUND' }), [])
    if (settings.all) return done(null, addresses)
    done(null, addresses[0].address, addresses[0].family)
  })
}

/**
 * The refusal of a URL whose host is an IP address (no lookup happens for those), or undefined. A
 * host name is checked when it is resolved (`guardedLookup`).
 */
export function literalAddressRefusal(url: URL): string | undefined {
  const host = url.hostname.replace(/^\[|\]$/g, '')
  if (!ipaddr.isValid(host)) return undefined
  return isPublicAddress(host) ? undefined : `${host} is not a public address`
}
