'use client'
import { useConfig } from '@payloadcms/ui'
import { formatAdminURL } from 'payload/shared'
import { useCallback, useMemo } from 'react'
import type { Status } from '../../../collections/access.js'
import type { CalendarTextKey } from '../../../core/translations/index.js'
import type { CalendarSlugs } from '../../../collections/admin/calendar.js'
import { DEFAULT_SLUGS as PLUGIN_SLUGS } from '../../../core/defaults.js'

/** The slugs the plugin resolved (collections/admin/calendar.ts), for the admin's components. */
export type { CalendarSlugs }

export const DEFAULT_SLUGS: CalendarSlugs = {
  events: PLUGIN_SLUGS.events,
  venues: PLUGIN_SLUGS.venues,
  organizers: PLUGIN_SLUGS.organizers,
  categories: PLUGIN_SLUGS.categories,
}

const STATUS_KEYS: Record<Status, CalendarTextKey> = {
  publish: 'statusPublish',
  future: 'statusFuture',
  draft: 'statusDraft',
  pending: 'statusPending',
  private: 'statusPrivate',
}

/** The statuses in the calendar's legend, in the order of the status field. */
export const CALENDAR_STATUSES = Object.keys(STATUS_KEYS) as Status[]

export const statusLabelKey = (status: string): CalendarTextKey =>
  STATUS_KEYS[status as Status] ?? 'statusDraft'

type RestList = {
  docs: Array<Record<string, unknown> & { id: number | string }>
  totalDocs: number
}

/**
 * A list from Payload's REST API with the signed-in user's session (so Payload applies their
 * access).
 */
export function useRestList() {
  const { config } = useConfig()
  const base = `${config.serverURL ?? ''}${config.routes.api}`
  return useCallback(
    async (slug: string, query: URLSearchParams, signal?: AbortSignal): Promise<RestList> => {
      const response = await fetch(`${base}/${slug}?${query}`, {
        credentials: 'include',
        signal,
        headers: { accept: 'application/json' },
      })
      if (!response.ok) throw new Error(`${slug}: ${response.status}`)
      const body = (await response.json()) as Partial<RestList>
      return { docs: body.docs ?? [], totalDocs: body.totalDocs ?? 0 }
    },
    [base],
  )
}

/**
 * Addresses in the admin: a collection's list, its calendar, a record's edit view, a new record on
 * a day.
 */
export function useAdminUrls() {
  const { config } = useConfig()
  const adminRoute = config.routes.admin
  return useMemo(() => {
    const at = (path: `/${string}`) => formatAdminURL({ adminRoute, path })
    return {
      list: (slug: string) => at(`/collections/${slug}`),
      calendar: (slug: string) => at(`/collections/${slug}/calendar`),
      edit: (slug: string, id: number | string) => at(`/collections/${slug}/${id}`),
      create: (slug: string, day: string) =>
        `${at(`/collections/${slug}/create`)}?calendarDay=${day}`,
    }
  }, [adminRoute])
}
