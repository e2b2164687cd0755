import type { AdminViewServerProps } from 'payload'
import { can } from '../../../collections/access.js'
import { DEFAULTS } from '../../../core/defaults.js'
import { calendarT } from '../../../core/translations/index.js'
import { ImportPanel } from './ImportPanel.js'
import { AdminPage } from '../AdminPage.js'

/**
 * The admin's Import page (`/admin/import`): administrators start an import of a v1 root and watch
 * it; anyone else is told it is not for them (the runs' access refuses them anyway).
 */
export function ImportView({ initPageResult, params, searchParams }: AdminViewServerProps) {
  const { req } = initPageResult
  const allowed = can.administer(req.user)
  const t = calendarT(req.i18n.t)
  return (
    <AdminPage initPageResult={initPageResult} params={params} searchParams={searchParams}>
      <h1 className="cal-import__title">{t('calendar:importTitle')}</h1>
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
