import type { AdminViewServerProps, PayloadRequest } from 'payload'
import { formatAdminURL } from 'payload/shared'
import { can } from '../../../collections/access.js'
import { translatedCollections } from '../../../collections/translations/backfill.js'
import {
  isTranslationStatus,
  type TranslationStatus,
} from '../../../collections/translations/status.js'
import { isLocaleCode, LOCALE_CODES, type LocaleCode } from '../../../core/locales.js'
import { calendarT, type CalendarT } from '../../../core/translations/index.js'
import { COUNTED_STATUSES, statusWhere, translatableWhere, translationCounts } from './counts.js'
import { LANGUAGE_NAMES, SCREEN_READER_ONLY, STATUS_MARKS } from './marks.js'
import { TranslateSelection } from './TranslateSelection.js'
import { AdminPage } from '../AdminPage.js'

const LISTED = 50

/** Where a record's form opens in a language. */
const editUrl = (req: PayloadRequest, slug: string, id: number | string, language: string) =>
  `${formatAdminURL({ adminRoute: req.payload.config.routes.admin, path: `/collections/${slug}/${id}` })}?locale=${language}`

const viewUrl = (req: PayloadRequest, query: Record<string, string>) =>
  `${formatAdminURL({ adminRoute: req.payload.config.routes.admin, path: '/translations' })}?${new URLSearchParams(query)}`

/** A status with its sign and word (the sign hidden from screen readers). */
function StatusName({ status, t }: { status: TranslationStatus; t: CalendarT }) {
  const mark = STATUS_MARKS[status]
  return (
    <>
      <span aria-hidden="true" style={{ color: mark.colour }}>
        {mark.sign}
      </span>{' '}
      {t(`calendar:${mark.word}`)}
    </>
  )
}

/**
 * The records of one collection in one status and language, newest change first; with `runs`, as
 * a selection to translate (TranslateSelection).
 */
async function RecordList({
  req,
  slug,
  language,
  status,
  t,
  runs,
}: {
  req: PayloadRequest
  slug: string
  language: LocaleCode
  status: TranslationStatus
  t: CalendarT
  runs?: string
}) {
  const config = req.payload.collections[slug]!.config
  const title = config.admin.useAsTitle ?? 'id'
  const { docs, totalDocs } = await req.payload.find({
    collection: slug,
    where: { and: [...translatableWhere(req.payload, slug), statusWhere(language, [status])] },
    sort: '-updatedAt',
    limit: LISTED,
    depth: 0,
    // Titles in the language to translate into, falling back to the source's.
    locale: language,
    select: { [title]: true, updatedAt: true },
    overrideAccess: false,
    user: req.user,
    req,
  })
  if (!docs.length) return <p>{t('calendar:translationNone')}</p>
  const records = docs.map((doc) => ({
    id: doc.id,
    title: String((doc as Record<string, unknown>)[title] || `#${doc.id}`),
    href: editUrl(req, slug, doc.id, language),
  }))
  const { serverURL, routes } = req.payload.config
  return (
    <>
      {runs ? (
        <TranslateSelection
          api={`${serverURL ?? ''}${routes.api}`}
          runs={runs}
          collection={slug}
          language={language}
          records={records}
        />
      ) : (
        <ul className="cal-translations__records">
          {records.map((record) => (
            <li key={record.id}>
              <a href={record.href} lang={language}>
                {record.title}
              </a>
            </li>
          ))}
        </ul>
      )}
      {totalDocs > docs.length && (
        <p>{t('calendar:translationMore', { shown: docs.length, total: totalDocs })}</p>
      )}
    </>
  )
}

/**
 * The "To translate" page (`/admin/translations`): for each language, how many records of each
 * resource are missing, partial, outdated or complete (what the user may read), each count a link
 * to those records; below, the records of the chosen count, each opening its form in that language.
 */
export async function TranslationsView({
  initPageResult,
  params,
  searchParams,
  translate,
  runs,
}: AdminViewServerProps & { translate?: boolean; runs?: string }) {
  const { req } = initPageResult
  const t = calendarT(req.i18n.t)
  const counts = await translationCounts(req)
  const chosen = {
    collection: String(searchParams?.collection ?? ''),
    language: String(searchParams?.language ?? ''),
    status: String(searchParams?.status ?? ''),
  }
  const isTranslated = translatedCollections(req.payload).some(
    ([slug]) => slug === chosen.collection,
  )
  return (
    <AdminPage initPageResult={initPageResult} params={params} searchParams={searchParams}>
      <h1 className="cal-translations__title">{t('calendar:toTranslate')}</h1>
      <p>{t('calendar:toTranslateIntro')}</p>
      {LOCALE_CODES.map((language) => (
        <section key={language} className="cal-translations__language" lang={req.i18n.language}>
          <h2>{LANGUAGE_NAMES[language]}</h2>
          <table className="cal-translations__table" style={{ borderCollapse: 'collapse' }}>
            <thead>
              <tr>
                <th scope="col" style={{ textAlign: 'start', paddingRight: '1.5rem' }}>
                  <span style={SCREEN_READER_ONLY}>{t('calendar:translationResource')}</span>
                </th>
                {COUNTED_STATUSES.map((status) => (
                  <th key={status} scope="col" style={{ textAlign: 'end', padding: '0 0.75rem' }}>
                    <StatusName status={status} t={t} />
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {counts.map((resource) => (
                <tr key={resource.slug}>
                  <th scope="row" style={{ textAlign: 'start', paddingRight: '1.5rem' }}>
                    {resource.label}
                  </th>
                  {COUNTED_STATUSES.map((status) => {
                    const count = resource.counts[language][status] ?? 0
                    return (
                      <td key={status} style={{ textAlign: 'end', padding: '0.2rem 0.75rem' }}>
                        {count ? (
                          <a
                            href={viewUrl(req, { collection: resource.slug, language, status })}
                            data-count={`${resource.slug}:${language}:${status}`}
                          >
                            {count}
                          </a>
                        ) : (
                          <span data-count={`${resource.slug}:${language}:${status}`}>0</span>
                        )}
                      </td>
                    )
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      ))}
      {isTranslated && isLocaleCode(chosen.language) && isTranslationStatus(chosen.status) && (
        <section className="cal-translations__chosen">
          <h2>
            {counts.find((resource) => resource.slug === chosen.collection)?.label} ·{' '}
            {LANGUAGE_NAMES[chosen.language]} · <StatusName status={chosen.status} t={t} />
          </h2>
          <RecordList
            req={req}
            slug={chosen.collection}
            language={chosen.language}
            status={chosen.status}
            t={t}
            runs={
              translate && runs && can.administer(req.user) && chosen.status !== 'complete'
                ? runs
                : undefined
            }
          />
        </section>
      )}
    </AdminPage>
  )
}
