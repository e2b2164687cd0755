/** The addresses of the calendar feeds, from the admin's server URL and API route. */
export function feedUrls(origin: string, apiRoute: string, feedsPath: string) {
  const root = `${origin.replace(/\/+$/, '')}${apiRoute}/${feedsPath}`
  return {
    calendar: `${root}/events.ics`,
    /** The same feed for calendar apps that subscribe (`webcal://` opens them). */
    subscription: `${root}/events.ics`.replace(/^https?:\/\//, 'webcal://'),
    event: (id: number | string) => `${root}/events/${id}.ics`,
  }
}
