/**
 * The zones the picker offers: every IANA zone the browser knows (`Intl.supportedValuesOf`), UTC,
 * and any other value the event already has or the site uses (an offset such as `UTC+2`, which the
 * calendar accepts too), each with its offset now, as in "Europe/Paris (GMT+01:00)".
 */
export type ZoneOption = { value: string; label: string }

function offsetNow(zone: string): string {
  try {
    const parts = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      timeZoneName: 'longOffset',
    }).formatToParts(new Date())
    return parts.find((part) => part.type === 'timeZoneName')?.value ?? ''
  } catch {
    return '' // an offset such as UTC+2 is no zone for Intl
  }
}

let known: string[] | undefined

export function ianaZones(): string[] {
  if (!known) {
    const supported =
      typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : []
    known = supported.includes('UTC') ? supported : ['UTC', ...supported]
  }
  return known
}

export function zoneOptions(extra: Array<string | null | undefined>): ZoneOption[] {
  const zones = ianaZones()
  const others = [
    ...new Set(
      extra.filter((zone): zone is string => Boolean(zone) && !zones.includes(zone as string)),
    ),
  ]
  return [...others, ...zones].map((zone) => {
    const offset = offsetNow(zone)
    return { value: zone, label: offset && offset !== zone ? `${zone} (${offset})` : zone }
  })
}
