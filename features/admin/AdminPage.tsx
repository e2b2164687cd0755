import type { ReactNode } from 'react'
import { DefaultTemplate } from '@payloadcms/next/templates'
import { Gutter, SetStepNav } from '@payloadcms/ui'
import type { AdminViewServerProps } from 'payload'
import { ViewHeader } from './ViewHeader.js'

/**
 * A page of the calendar's own in the admin (Import, To translate), built as Payload's list view
 * is: its default template (the nav and header, the page's name in the step nav), the list's
 * wrapper and gutter, and its heading (ViewHeader).
 */
export function AdminPage({
  initPageResult,
  params,
  searchParams,
  title,
  titleClassName,
  description,
  className,
  children,
}: Pick<AdminViewServerProps, 'initPageResult' | 'params' | 'searchParams'> & {
  title: string
  titleClassName?: string
  description?: ReactNode
  className?: string
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
      <SetStepNav nav={[{ label: title }]} />
      <div className={['collection-list', className].filter(Boolean).join(' ')}>
        <Gutter className="collection-list__wrap">
          <ViewHeader title={title} titleClassName={titleClassName}>
            {description}
          </ViewHeader>
          {children}
        </Gutter>
      </div>
    </DefaultTemplate>
  )
}
