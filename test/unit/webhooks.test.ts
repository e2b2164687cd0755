import { expect, it } from '@jest/globals'
import { isPublicAddress, literalAddressRefusal } from '../../features/webhooks/address.js'
import { isClaimable } from '../../features/webhooks/claim.js'
import { webhookEventOf, WEBHOOK_EVENTS } from '../../collections/webhooks/events.js'
import { signatureOf, verifySignature } from '../../features/webhooks/signature.js'

it.each([
  '127.0.0.1',
  '127.8.9.10',
  '10.0.0.1',
  '172.16.5.4',
  '192.168.0.1',
  '169.254.169.254',
  '100.64.0.1',
  '0.0.0.0',
  '255.255.255.255',
  '224.0.0.1',
  '::1',
  '::',
  'fe80::1',
  'fc00::1',
  'fd12:3456::1',
  '::ffff:127.0.0.1',
  '::ffff:10.1.2.3',
  '::ffff:169.254.1.1',
  'ff02::1',
  'not an address',
])('%s is not public', (address) => {
  expect(isPublicAddress(address)).toBe(false)
})

it.each(['8.8.8.8', '93.184.215.14', '2606:4700:4700::1111', '::ffff:8.8.8.8'])(
  '%s is public',
  (address) => {
    expect(isPublicAddress(address)).toBe(true)
  },
)

it('checks IP literals of URLs, not host names (those are checked when resolved)', () => {
  expect(literalAddressRefusal(new URL('http://[::ffff:7f00:1]/'))).toMatch(/not a public/)
  expect(literalAddressRefusal(new URL('http://2130706433/'))).toMatch(/not a public/)
  expect(literalAddressRefusal(new URL('http://0x7f.1/'))).toMatch(/not a public/)
  expect(literalAddressRefusal(new URL('https://example.com/'))).toBeUndefined()
  expect(literalAddressRefusal(new URL('https://8.8.8.8/'))).toBeUndefined()
})

it('signs "<timestamp>.<body>" with HMAC-SHA256 and verifies it', () => {
  const signature = signatureOf('secret', '1700000000', '{"a":1}')
  // printf '1700000000.{"a":1}' | openssl dgst -sha256 -hmac secret
  expect(signature).toBe('sha256=49f24e537407743fa4a0242bb63b94b9a47ee99cbbe071ccd8a22550ae411686')
  expect(verifySignature('secret', '1700000000', '{"a":1}', signature)).toBe(true)
  expect(verifySignature('secret', '1700000001', '{"a":1}', signature)).toBe(false)
  expect(verifySignature('other', '1700000000', '{"a":1}', signature)).toBe(false)
})

it('names events by what anonymous callers saw change', () => {
  const seen = (wasPublic: boolean, isPublic: boolean) =>
    webhookEventOf({ resource: 'venues', wasPublic, isPublic })
  expect([seen(false, true), seen(true, true), seen(true, false), seen(false, false)]).toEqual([
    'venue.created',
    'venue.updated',
    'venue.deleted',
    null,
  ])
  expect(WEBHOOK_EVENTS).toContain('category.updated')
  expect(WEBHOOK_EVENTS).toHaveLength(15)
})

it('a delivery is claimable only while pending, due and not claimed by a running attempt', () => {
  const now = Date.parse('2026-11-26T12:00:00Z')
  const due = { id: 1, status: 'pending', nextAttemptAt: '2026-11-26T11:59:59Z' }
  expect(isClaimable(due, now)).toBe(true)
  expect(isClaimable({ ...due, claimedUntil: null }, now)).toBe(true)
  expect(isClaimable({ ...due, claimedUntil: '2026-11-26T11:00:00Z' }, now)).toBe(true)
  // Another runner's claim still runs.
  expect(isClaimable({ ...due, claimedUntil: '2026-11-26T12:00:30Z' }, now)).toBe(false)
  // Another runner tried it meanwhile and set its retry later, or finished it.
  expect(isClaimable({ ...due, nextAttemptAt: '2026-11-26T12:05:00Z' }, now)).toBe(false)
  expect(isClaimable({ ...due, status: 'delivered' }, now)).toBe(false)
  expect(isClaimable({ ...due, status: 'failed' }, now)).toBe(false)
  expect(isClaimable({ ...due, nextAttemptAt: null }, now)).toBe(false)
  expect(isClaimable(null, now)).toBe(false)
})
