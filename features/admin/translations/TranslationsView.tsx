import { Table } from '@payloadcms/ui'
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
import {
  COUNTED_STATUSES,
  type ResourceCounts,
  statusWhere,
  translatableWhere,
  translationCounts,
} from './counts.js'
import { LANGUAGE_NAMES, STATUS_MARKS } from './marks.js'
import { type Listed, recordColumns } from './recordColumns.js'
import { TranslateSelection } from './TranslateSelection.js'
import { AdminPage } from '../AdminPage.js'
import { listColumn } from '../listTable.js'

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
 * The records of one collection in one status and language, newest change first, in Payload's list
 * table; with `runs`, as a selection to translate (TranslateSelection).
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
  const when = new Intl.DateTimeFormat(req.i18n.language, {
    dateStyle: 'medium',
    timeStyle: 'short',
  })
  const records: Listed[] = docs.map((doc) => ({
    id: doc.id,
    title: String((doc as Record<string, unknown>)[title] || `#${doc.id}`),
    href: editUrl(req, slug, doc.id, language),
    updated: doc.updatedAt ? when.format(new Date(String(doc.updatedAt))) : '',
  }))
  const { serverURL, routes } = req.payload.config
  const headings = {
    title: t('calendar:translationRecord'),
    updated: req.i18n.t('general:updatedAt'),
  }
  return (
    <>
      {runs ? (
        <TranslateSelection
          api={`${serverURL ?? ''}${routes.api}`}
          runs={runs}
          collection={slug}
          language={language}
          records={records}
          headings={headings}
        />
      ) : (
        <div className="cal-translations__records">
          <Table data={records} columns={recordColumns(records, language, headings)} />
        </div>
      )}
      {totalDocs > docs.length && (
        <p>{t('calendar:translationMore', { shown: docs.length, total: totalDocs })}</p>
      )}
    </>
  )
}

/** How a count's pill shows its status: Payload's pill styles, the sign in the heading. */
const PILL_STYLES: Record<TranslationStatus, 'light-gray' | 'error' | 'warning' | 'success'> = {
  source: 'light-gray',
  missing: 'error',
  partial: 'warning',
  outdated: 'warning',
  complete: 'success',
}

/** What the source column counts: the records first written in the language. */
const SOURCE: TranslationStatus = 'source'

/**
 * The columns of a language's table: the source column when some record was first written in it,
 * the four statuses when some record is to be translated into it. A language every record was
 * written in (the usual source) has its source counts alone, not a row of zeros.
 */
function statusesOf(counts: ResourceCounts[], language: LocaleCode): TranslationStatus[] {
  const total = (status: TranslationStatus) =>
    counts.reduce((sum, resource) => sum + (resource.counts[language][status] ?? 0), 0)
  const translated = COUNTED_STATUSES.some((status) => total(status) > 0)
  return [
    ...(total(SOURCE) > 0 ? [SOURCE] : []),
    ...(translated || total(SOURCE) === 0 ? COUNTED_STATUSES : []),
  ]
}

/**
 * The "To translate" page (`/admin/translations`), built as Payload's list view: for each language,
 * a list table of the resources with how many records are missing, partial, outdated or complete
 * (what the user may read), and how many were first written in it (its source); each count a pill
 * opening those records, listed below, each opening its form in that language.
 */
export async function TranslationsView(
  view: AdminViewServerProps & { translate?: boolean; runs?: string },
) {
  const { initPageResult, searchParams, translate, runs } = view
  const { req } = initPageResult
  const t = calendarT(req.i18n.t)
  const counts = await translationCounts(req, [SOURCE, ...COUNTED_STATUSES])
  const chosen = {
    collection: String(searchParams?.collection ?? ''),
    language: String(searchParams?.language ?? ''),
    status: String(searchParams?.status ?? ''),
  }
  const isTranslated = translatedCollections(req.payload).some(
    ([slug]) => slug === chosen.collection,
  )
  return (
    <AdminPage
      view={view}
      block="cal-translations"
      title={t('calendar:toTranslate')}
      description={<p>{t('calendar:toTranslateIntro')}</p>}
    >
      {LOCALE_CODES.map((language) => {
        const statuses = statusesOf(counts, language)
        return (
          <section
            key={language}
            className="cal-translations__language"
            aria-labelledby={`cal-translations-${language}`}
          >
            <h2 id={`cal-translations-${language}`} className="cal-translations__heading">
              {LANGUAGE_NAMES[language]}
            </h2>
            <div className="cal-translations__table">
              <Table
                data={counts.map((resource) => ({ id: resource.slug }))}
                columns={[
                  listColumn(
                    'resource',
                    t('calendar:translationResource'),
                    counts.map((resource) => resource.label),
                  ),
                  ...statuses.map((status) =>
                    listColumn(
                      status,
                      <StatusName status={status} t={t} />,
                      counts.map((resource) => {
                        const count = resource.counts[language][status] ?? 0
                        const key = `${resource.slug}:${language}:${status}`
                        return count ? (
                          // Payload's Pill, as its markup: a plain link, the page read again (in a
                          // div: the list's cells stretch a link or span that is their child).
                          <div key={key}>
                            <a
                              data-count={key}
                              href={viewUrl(req, { collection: resource.slug, language, status })}
                              className={`pill pill--style-${PILL_STYLES[status]} pill--size-small pill--has-link pill--has-action`}
                              aria-label={t('calendar:translationCountLabel', {
                                count,
                                resource: resource.label,
                                language: LANGUAGE_NAMES[language],
                                status: t(`calendar:${STATUS_MARKS[status].word}`),
                              })}
                            >
                              <span className="pill__label">{count}</span>
                            </a>
                          </div>
                        ) : (
                          <span key={key} data-count={key}>
                            0
                          </span>
                        )
                      }),
                    ),
                  ),
                ]}
              />
            </div>
          </section>
        )
      })}
      {isTranslated && isLocaleCode(chosen.language) && isTranslationStatus(chosen.status) && (
        <section className="cal-translations__chosen" aria-labelledby="cal-translations-chosen">
          <h2 id="cal-translations-chosen" className="cal-translations__heading">
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
              translate &&
              runs &&
              can.administer(req.user) &&
              chosen.status !== 'complete' &&
              chosen.status !== SOURCE
                ? runs
                : undefined
            }
          />
        </section>
      )}
    </AdminPage>
  )
}
