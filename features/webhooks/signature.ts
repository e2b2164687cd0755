import { createHmac, timingSafeEqual } from 'node:crypto'

/** `sha256=<hex>`: the HMAC-SHA256 of `<timestamp>.<body>` with the webhook's secret. */
export function signatureOf(secret: string, timestamp: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`
}

/** Whether `signature` is the one `signatureOf` gives (compared in constant time). */
export function verifySignature(
  secret: string,
  timestamp: string,
  body: string,
  signature: string,
): boolean {
  const expected = Buffer.from(signatureOf(secret, timestamp, body))
  const given = Buffer.from(signature)
  return expected.length === given.length && timingSafeEqual(expected, given)
}
