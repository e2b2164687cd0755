import { apiLink, type Context } from './context.js'

/**
 * Paging of post archives (docs/v1-reference.md §5.1): totals, headers and the links to the pages
 * around.
 */

export const MAX_PER_PAGE = 50

/** The page size asked for, or the site's, never above 50. */
export const pageSize = (requested: number | undefined, siteDefault: number) =>
  Math.min(requested ?? siteDefault, MAX_PER_PAGE)

export const totalPagesOf = (total: number, perPage: number) =>
  total === 0 ? 0 : Math.ceil(total / perPage)

/**
 * `rest_url`, and `next_rest_url` / `previous_rest_url` when there is such a page: the archive's
 * link (`apiLink`: no trailing slash, the request's form of language) with `page` replaced (and
 * removed for the first page).
 */
export function pageLinks(
  context: Pick<Context, 'root' | 'linkLanguage'>,
  path: string,
  query: URLSearchParams,
  page: number,
  totalPages: number,
) {
  const link = (target: number | null) => {
    const copy = new URLSearchParams(query)
    if (target === null) copy.delete('page')
    else copy.set('page', String(target))
    return apiLink(context, path, copy)
  }
  return {
    rest_url: link(page),
    ...(page < totalPages ? { next_rest_url: link(page + 1) } : {}),
    ...(page > 1 ? { previous_rest_url: link(page === 2 ? null : page - 1) } : {}),
  }
}

export const totalHeaders = (total: number, totalPages: number) => ({
  'X-TEC-Total': String(total),
  'X-TEC-TotalPages': String(totalPages),
})
