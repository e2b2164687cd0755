import type { ReactNode } from 'react'
import { DefaultTemplate } from '@payloadcms/next/templates'
import { Gutter } from '@payloadcms/ui'
import type { AdminViewServerProps } from 'payload'

/**
 * A page of the calendar's own in the admin (Import, To translate): Payload's default template
 * (its nav and header) around the page's content, in Payload's gutter.
 */
export function AdminPage({
  initPageResult,
  params,
  searchParams,
  children,
}: Pick<AdminViewServerProps, 'initPageResult' | 'params' | 'searchParams'> & {
  children: ReactNode
}) {
  const { req, permissions, visibleEntities, locale } = initPageResult
  return (
    <DefaultTemplate
      i18n={req.i18n}
      locale={locale}
      params={params}
      payload={req.payload}
      permissions={permissions}
      searchParams={searchParams}
      user={req.user ?? undefined}
      visibleEntities={visibleEntities}
    >
      <Gutter>{children}</Gutter>
    </DefaultTemplate>
  )
}
