import type { Payload, PayloadRequest } from 'payload'
import { formatAdminURL } from 'payload/shared'
import { LOCALE_CODES } from '../../../core/locales.js'
import { calendarT } from '../../../core/translations/index.js'
import { translationCounts, WORK_STATUSES } from './counts.js'
import { LANGUAGE_NAMES } from './marks.js'

/**
 * The dashboard's panel: per language, how many records need translating (missing, partial or
 * outdated, every resource together), with a link to the "To translate" page.
 */
export async function TranslationsGlance({
  payload,
  i18n,
  user,
}: {
  payload: Payload
  i18n: PayloadRequest['i18n']
  user?: PayloadRequest['user']
}) {
  if (!user) return null
  const req = { payload, i18n, user }
  const t = calendarT(req.i18n.t)
  const counts = await translationCounts(req, WORK_STATUSES)
  const href = formatAdminURL({
    adminRoute: req.payload.config.routes.admin,
    path: '/translations',
  })
  return (
    <section className="cal-translations-glance" style={{ marginBottom: '2rem' }}>
      <h2>{t('calendar:toTranslate')}</h2>
      <ul style={{ listStyle: 'none', padding: 0, display: 'flex', gap: '2rem', flexWrap: 'wrap' }}>
        {LOCALE_CODES.map((language) => {
          const total = counts.reduce(
            (sum, resource) =>
              sum +
              WORK_STATUSES.reduce(
                (each, status) => each + (resource.counts[language][status] ?? 0),
                0,
              ),
            0,
          )
          return (
            <li key={language} data-language={language}>
              <strong>{LANGUAGE_NAMES[language]}</strong>:{' '}
              {t('calendar:translationWork', { count: total })}
            </li>
          )
        })}
      </ul>
      <a href={href}>{t('calendar:translationOpen')}</a>
    </section>
  )
}
