import type { ReactNode } from 'react'
import { DefaultTemplate } from '@payloadcms/next/templates'
import { Gutter, SetStepNav } from '@payloadcms/ui'
import type { AdminViewServerProps } from 'payload'
import { ViewHeader } from './ViewHeader.js'

/**
 * A page of the calendar's own in the admin (Import, To translate), built as Payload's list view
 * is: its default template (the nav and header, the page's name in the step nav), the list's
 * wrapper and gutter, and its heading (ViewHeader). `view` is the props Payload gives the view;
 * `block` names the page's CSS class, and `${block}__title` its heading's.
 */
export function AdminPage({
  view: { initPageResult, params, searchParams },
  block,
  title,
  description,
  children,
}: {
  view: Pick<AdminViewServerProps, 'initPageResult' | 'params' | 'searchParams'>
  block: string
  title: string
  description?: ReactNode
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
      <div className={`collection-list ${block}`}>
        <Gutter className="collection-list__wrap">
          <ViewHeader title={title} titleClassName={`${block}__title`}>
            {description}
          </ViewHeader>
          {children}
        </Gutter>
      </div>
    </DefaultTemplate>
  )
}
