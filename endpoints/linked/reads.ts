import { mayRead } from '../../collections/access.js'
import type { Context } from '../context.js'
import { ApiError } from '../errors.js'
import { pageLinks, pageSize, totalHeaders, totalPagesOf } from '../paging.js'
import { operation, type Operation } from '../routing/operation.js'
import type { Doc } from '../parts/common.js'
import { loadImages, loadPasswords } from '../forms/load.js'
import { countOnce } from '../events/totals.js'
import { addressed, formsApply, formsLookup, formsOf, joinedList } from '../forms/forms.js'
import { pathParam, type Address } from './address.js'
import { linkedArchiveParams, linkedFilters } from './filters.js'
import type { LinkedType } from '../fields/linkedKinds.js'

/**
 * The read routes of venues and organizers (docs/v1-reference.md §6, §7), built from their
 * `LinkedType`: the archive and one record.
 */

/**
 * Records of a page: each with its image, and unlocked by the request's password when it matches.
 */
export async function records(
  type: LinkedType,
  context: Context,
  docs: Doc[],
  options: { givenPassword?: unknown; withJsonLd?: boolean },
) {
  const passwords = new Map<string, string>()
  const collection = context.data.slug(type.plural)
  const [images] = await Promise.all([
    loadImages(context, docs),
    loadPasswords(context, type.plural, docs, options.givenPassword, passwords),
  ])
  return docs.map((doc) =>
    type.record(doc, context, {
      images,
      password: passwords.get(`${collection}:${doc.id}`),
      ...options,
    }),
  )
}

export function listLinked(type: LinkedType): Operation {
  return operation({
    summary: `List ${type.plural}`,
    params: linkedArchiveParams(type),
    responses: {
      200: type.archiveSchema,
      404: { errors: [`${type.kind}-archive-page-not-found`] },
      410: { errors: ['rest-sync-expired'] },
    },
    handle: async (context, args) => {
      const { where, trash } = await linkedFilters(type, context, args)
      const perPage = pageSize(args.per_page, context.options.perPage)
      const useForms = formsApply(context, args.password) && !trash
      const query = { where: { and: where }, trash }
      // The filters as asked (the status condition holds the time it was made at).
      const { page: _page, per_page: _perPage, password: _password, ...filters } = args
      const totalKey = JSON.stringify({
        [type.plural]: filters,
        lang: context.lang,
        user: context.user ? `${context.user.collection}:${context.user.id}` : null,
      })
      const paging = { sort: ['-publishedAt', '-id'], limit: perPage, page: args.page }
      const [result, total] = await Promise.all([
        // With kept forms, the page's ids are all it needs.
        useForms
          ? context.data
              .pageIds(
                type.plural,
                { ...query, ...paging },
                formsLookup(context, type.plural, 'list'),
              )
              .then(({ ids, forms }) => ({ docs: ids.map((id) => ({ id })), forms }))
          : context.data
              .page(type.plural, { ...query, ...paging, count: false })
              .then(({ docs }) => ({ docs, forms: null })),
        countOnce(context, totalKey, () => context.data.count(type.plural, query)),
      ])
      if (result.docs.length === 0 && args.page > 1) {
        throw new ApiError(
          404,
          `${type.kind}-archive-page-not-found`,
          `The requested ${type.kind} archive page does not exist.`,
        )
      }
      const echo = new URLSearchParams({ page: String(args.page), per_page: String(perPage) })
      for (const name of ['search', 'event', 'status', 'modified_since'] as const)
        if (args[name] !== undefined) echo.set(name, [args[name]].flat().join(','))
      const totalPages = totalPagesOf(total, perPage)
      const { rest_url, ...around } = pageLinks(context, type.plural, echo, args.page, totalPages)
      const rest = { rest_url, ...around, total, total_pages: totalPages }
      const headers = totalHeaders(total, totalPages)
      if (useForms) {
        const ids = result.docs.map((doc) => doc.id)
        const build = async (missing: number[], marked: Context) => {
          const docs = await context.data.all(type.plural, { where: { id: { in: missing } } })
          const built = await records(type, marked, docs, {})
          return new Map(docs.map((doc, i) => [doc.id, built[i]]))
        }
        const forms = await formsOf(context, type.plural, ids, 'list', build, result.forms)
        return {
          status: 200,
          body: null,
          text: joinedList(context, type.plural, ids, forms, rest),
          headers,
        }
      }
      return {
        status: 200,
        body: {
          [type.plural]: await records(type, context, result.docs, {
            givenPassword: args.password,
          }),
          ...rest,
        },
        headers,
      }
    },
  })
}

export function readLinked(type: LinkedType, address: Address): Operation {
  return {
    summary: `Read a ${type.kind} by ${address}`,
    responses: { 200: type.schema, 403: { errors: [`${type.kind}-not-accessible`] } },
    params: {
      [address]: pathParam(type, address),
      password: { kind: 'string', description: `The ${type.kind} password, for a protected one.` },
    },
    handle: async (context, args) => {
      const stored = context.addressed!
      // What the collection's read access allows, for this one record (collections/access.ts).
      if (stored.deletedAt || !mayRead(stored, context.user, context.now)) {
        throw new ApiError(
          403,
          `${type.kind}-not-accessible`,
          `The requested ${type.kind} is not accessible`,
        )
      }
      if (formsApply(context, args.password) && !stored.hasPassword) {
        const forms = await formsOf(
          context,
          type.plural,
          [stored.id],
          'single',
          async (_, marked) => {
            const [record] = await records(type, marked, [stored], { withJsonLd: true })
            return new Map([[stored.id, record]])
          },
        )
        return { status: 200, body: null, text: addressed(forms.get(stored.id)!, context) }
      }
      const [record] = await records(type, context, [stored], {
        givenPassword: args.password,
        withJsonLd: true,
      })
      return { status: 200, body: record }
    },
  }
}
