import type { AdminViewServerProps } from 'payload'
import { Fragment, type ReactNode } from 'react'
import { can } from '../../../collections/access.js'
import { DEFAULTS } from '../../../core/defaults.js'
import { calendarT } from '../../../core/translations/index.js'
import { ImportPanel } from './ImportPanel.js'
import { AdminPage } from '../AdminPage.js'

/** A text whose {{placeholders}} stand for elements (such as code) rather than plain values. */
function withElements(text: string, elements: Record<string, ReactNode>): ReactNode[] {
  return text.split(/(\{\{\w+\}\})/).map((part, i) => {
    const name = /^\{\{(\w+)\}\}$/.exec(part)?.[1]
    return <Fragment key={i}>{name && name in elements ? elements[name] : part}</Fragment>
  })
}

/**
 * The admin's Import page (`/admin/import`): administrators start an import of a v1 root and watch
 * it; anyone else is told it is not for them (the runs' access refuses them anyway).
 */
export function ImportView(view: AdminViewServerProps) {
  const { req } = view.initPageResult
  const allowed = can.administer(req.user)
  const t = calendarT(req.i18n.t)
  return (
    <AdminPage
      view={view}
      block="cal-import-page"
      title={t('calendar:importTitle')}
      description={
        allowed ? (
          <p>
            {withElements(t('calendar:importIntro'), {
              tribe: <code>…/wp-json/tribe/events/v1/</code>,
              calendar: <code>…/api/cal/events/v1/</code>,
            })}
          </p>
        ) : undefined
      }
    >
      {allowed ? (
        <ImportPanel
          api={`${req.payload.config.serverURL}${req.payload.config.routes.api}`}
          runs={DEFAULTS.importRunsSlug}
        />
      ) : (
        <p className="cal-import__refused">{t('calendar:importRefused')}</p>
      )}
    </AdminPage>
  )
}
