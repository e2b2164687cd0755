/** The admin's feed links (features/admin/feeds/feedUrls.ts): where calendar apps are sent. */
import { expect, test } from '@jest/globals'
import { feedUrls } from '../../features/admin/feeds/feedUrls.js'
import { FEEDS_NAMESPACE } from '../../core/defaults.js'

test('the calendar, its webcal:// subscription and one event, under the API route', () => {
  const urls = feedUrls('https://example.org/', '/api', FEEDS_NAMESPACE)
  expect(urls.calendar).toBe('https://example.org/api/cal/ical/events.ics')
  expect(urls.subscription).toBe('webcal://example.org/api/cal/ical/events.ics')
  expect(urls.event(42)).toBe('https://example.org/api/cal/ical/events/42.ics')
  expect(feedUrls('http://127.0.0.1:3000', '/backend', FEEDS_NAMESPACE).subscription).toBe(
    'webcal://127.0.0.1:3000/backend/cal/ical/events.ics',
  )
})
