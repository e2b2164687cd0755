/**
 * The public origin that API links carry (endpoints/origin.ts): pure functions, no server.
 */
import { describe, expect, test } from '@jest/globals'
import { publicOrigin, validHost } from '../../endpoints/origin.js'

const BOUND = new URL('http://localhost:3000/api/cal/events/v1/events')
const headers = (values: Record<string, string>) => new Headers(values)
const untrusted = { trustProxy: false }
const trusted = { trustProxy: true }

describe('validHost', () => {
  test('takes host names, IPv4 and bracketed IPv6 addresses, with an optional port, lower-cased', () => {
    expect(validHost('example.test')).toBe('example.test')
    expect(validHost('Example.TEST:8080')).toBe('example.test:8080')
    expect(validHost('127.0.0.1:3000')).toBe('127.0.0.1:3000')
    expect(validHost('[::1]:3000')).toBe('[::1]:3000')
    expect(validHost('[2001:db8::1]')).toBe('[2001:db8::1]')
    expect(validHost('localhost')).toBe('localhost')
  })

  test('refuses anything else: paths, spaces, user info, empty, bad ports and brackets', () => {
    for (const value of [
      'evil.com/x',
      'a b',
      '',
      null,
      undefined,
      'user@example.test',
      'example.test:99999',
      'example.test:',
      '[not-ipv6]',
      '::1',
      '-example.test',
      'example..test',
      'example.test?x=1',
      'exa%6dple.test',
      'http://example.test',
    ])
      expect([value, validHost(value)]).toEqual([value, null])
  })
})

describe('publicOrigin', () => {
  test("Payload's serverURL wins over every header", () => {
    const sent = headers({ host: 'example.test', 'x-forwarded-host': 'proxy.test' })
    expect(publicOrigin(BOUND, sent, { serverURL: 'https://site.test/', trustProxy: true })).toBe(
      'https://site.test',
    )
  })

  test("the client's Host with the URL's protocol, never the bound address", () => {
    expect(publicOrigin(BOUND, headers({ host: 'example.test:8080' }), untrusted)).toBe(
      'http://example.test:8080',
    )
  })

  test("a Host that is no host falls back to the URL's own", () => {
    for (const host of ['evil.com/x', 'a b', ''])
      expect(publicOrigin(BOUND, headers({ host }), untrusted)).toBe('http://localhost:3000')
    expect(publicOrigin(BOUND, headers({}), untrusted)).toBe('http://localhost:3000')
  })

  test('X-Forwarded-Host and -Proto only when the proxy is trusted, and only when valid', () => {
    const sent = headers({
      host: 'internal:3000',
      'x-forwarded-host': 'public.test, internal',
      'x-forwarded-proto': 'https, http',
    })
    expect(publicOrigin(BOUND, sent, untrusted)).toBe('http://internal:3000')
    expect(publicOrigin(BOUND, sent, trusted)).toBe('https://public.test')
    const hostile = headers({
      host: 'internal:3000',
      'x-forwarded-host': 'evil.com/x',
      'x-forwarded-proto': 'javascript',
    })
    expect(publicOrigin(BOUND, hostile, trusted)).toBe('http://internal:3000')
  })
})
