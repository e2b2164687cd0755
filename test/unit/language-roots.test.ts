/**
 * Language roots without a server: the rewrite the host and `withCalendar` make, what the plugin
 * reads back from each form of URL, and how `withCalendar` keeps an app's own rewrites.
 */
import { describe, expect, test } from '@jest/globals'
import type { NextConfig } from 'next'
import { languageRootOf, rewriteLanguageRoot } from '../../core/languageRoots.js'
import { withCalendar } from '../../src/exports/next.js'

describe('rewriteLanguageRoot (the host)', () => {
  test('moves the segment into the marker and keeps the query', () => {
    expect(rewriteLanguageRoot('/fr/api/cal/events/v1/events?per_page=2', '/api')).toBe(
      '/api/cal/events/v1/events?per_page=2&cal_root=fr',
    )
    expect(rewriteLanguageRoot('/es/api', '/api')).toBe('/api?cal_root=es')
    expect(rewriteLanguageRoot('/EN/api/events?locale=fr', '/api')).toBe(
      '/api/events?locale=fr&cal_root=en',
    )
  })

  test('a marker sent by the client gives way to the path', () => {
    expect(rewriteLanguageRoot('/fr/api/events?cal_root=es', '/api')).toBe(
      '/api/events?cal_root=fr',
    )
  })

  test('leaves every other path alone', () => {
    for (const path of ['/api/events', '/de/api/events', '/fr/apis', '/fr/admin', '/x/fr/api/e'])
      expect(rewriteLanguageRoot(path, '/api')).toBeNull()
  })

  test('follows a moved API route', () => {
    expect(rewriteLanguageRoot('/fr/cms-api/events', '/cms-api')).toBe(
      '/cms-api/events?cal_root=fr',
    )
    expect(rewriteLanguageRoot('/fr/api/events', '/cms-api')).toBeNull()
  })
})

describe('languageRootOf (the plugin)', () => {
  const read = (url: string) => {
    const { language, url: normalized } = languageRootOf(url, '/api')
    return { language, url: normalized.href }
  }

  test('the segment as Next.js hands it on (`next start`)', () => {
    expect(read('http://h/fr/api/cal/events/v1/events?page=2')).toEqual({
      language: 'fr',
      url: 'http://h/api/cal/events/v1/events?page=2',
    })
    expect(read('http://h/ES/api')).toEqual({ language: 'es', url: 'http://h/api' })
  })

  test('the marker as a rewritten URL carries it, taken out of the query', () => {
    expect(read('http://h/api/events/1?depth=0&cal_root=es')).toEqual({
      language: 'es',
      url: 'http://h/api/events/1?depth=0',
    })
  })

  test('no root, a marker naming no language, a segment not before the API', () => {
    expect(read('http://h/api/events?q=a%20b')).toEqual({
      language: null,
      url: 'http://h/api/events?q=a%20b',
    })
    expect(read('http://h/api/events?cal_root=de')).toEqual({
      language: null,
      url: 'http://h/api/events',
    })
    expect(read('http://h/fr/apis/x').language).toBeNull()
    expect(read('http://h/api/fr/api/x')).toEqual({ language: null, url: 'http://h/api/fr/api/x' })
  })
})

describe('withCalendar (a Next.js app)', () => {
  const rewritesOf = async (config: NextConfig) => {
    const rewrites = await config.rewrites!()
    if (Array.isArray(rewrites)) throw new Error('withCalendar gives the three phases')
    return rewrites
  }
  const ours = {
    source: '/:cal_lang(en|fr|es)/api/:cal_path*',
    destination: '/api/:cal_path*?cal_root=:cal_lang',
  }

  test('adds the language roots first, before any page', async () => {
    const config = withCalendar({ reactStrictMode: true })
    expect(config.reactStrictMode).toBe(true)
    expect(await rewritesOf(config)).toEqual({ beforeFiles: [ours], afterFiles: [], fallback: [] })
  })

  test("keeps the app's rewrites, a list or the three phases", async () => {
    const mine = { source: '/old', destination: '/new' }
    expect(await rewritesOf(withCalendar({ rewrites: async () => [mine] }))).toEqual({
      beforeFiles: [ours],
      afterFiles: [mine],
      fallback: [],
    })
    const phases = { beforeFiles: [mine], afterFiles: [], fallback: [mine] }
    expect(await rewritesOf(withCalendar({ rewrites: async () => phases }))).toEqual({
      beforeFiles: [ours, mine],
      afterFiles: [],
      fallback: [mine],
    })
  })

  test('a config made by a function, and a moved API route', async () => {
    const made = withCalendar(async () => ({ basePath: '' }), { apiRoute: '/cms' })
    const config = (await made()) as NextConfig
    expect(config.basePath).toBe('')
    expect((await rewritesOf(config)).beforeFiles).toEqual([
      {
        source: '/:cal_lang(en|fr|es)/cms/:cal_path*',
        destination: '/cms/:cal_path*?cal_root=:cal_lang',
      },
    ])
  })
})
