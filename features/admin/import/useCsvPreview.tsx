'use client'
// A .tsx file, though it holds no JSX: ESLint's rules of hooks check .tsx files.

import { useEffect, useState } from 'react'

/** What `POST /cal/csv/preview` answers (endpoints/csv/import.ts). */
export type CsvPreviewAnswer = {
  type: string
  encoding: string
  delimiter: string
  rows: number
  columns: { header: string; column: string | null }[]
  targets: string[]
  preview: {
    row: number
    arguments?: Record<string, unknown>
    links?: { venue?: { name?: string }; organizers?: { name?: string }[]; image?: string }
    error?: string
  }[]
  failing: number
  errors: { row: number; message: string }[]
}

export const CSV_TYPES = ['events', 'venues', 'organizers'] as const
export type CsvTypeChoice = (typeof CSV_TYPES)[number]

const messageOf = async (response: Response) => {
  const body = await response.json().catch(() => ({}))
  const params = body?.data?.params
  return [
    body.message ?? `HTTP ${response.status}`,
    ...(params && typeof params === 'object' ? Object.values(params).map(String) : []),
  ]
}

/**
 * The CSV import's state: the file, what it holds, its language and the columns' mapping; the
 * preview the server makes of them (asked again at each change) and the errors it answers; and
 * `start`, which starts a dry run or the import as a run of the page (`onRun` gets its id).
 */
export function useCsvPreview(api: string, onRun: (id: number) => void) {
  const [file, setFile] = useState<File | null>(null)
  const [type, setType] = useState<CsvTypeChoice>('events')
  const [language, setLanguage] = useState('en')
  const [mapping, setMapping] = useState<Record<string, string | null>>({})
  const [preview, setPreview] = useState<CsvPreviewAnswer | null>(null)
  const [errors, setErrors] = useState<string[]>([])

  const query = (extra = '') =>
    `type=${type}&translation_language=${language}&mapping=${encodeURIComponent(JSON.stringify(mapping))}${extra}`

  const send = (route: 'preview' | 'import', extra = '') =>
    fetch(`${api}/cal/csv/${route}?${query(extra)}`, {
      method: 'POST',
      credentials: 'include',
      headers: { 'content-type': 'text/csv' },
      body: file,
    })

  // A new file or type starts from the proposed mapping.
  useEffect(() => setMapping({}), [file, type])

  useEffect(() => {
    if (!file) return
    let current = true
    void send('preview').then(async (response) => {
      if (!current) return
      if (!response.ok) {
        setPreview(null)
        setErrors(await messageOf(response))
        return
      }
      setErrors([])
      setPreview((await response.json()) as CsvPreviewAnswer)
    })
    return () => {
      current = false
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `send` reads these
  }, [file, type, mapping, language])

  const start = async (dryRun: boolean) => {
    const response = await send('import', `&dry_run=${dryRun}`)
    if (!response.ok) {
      setErrors(await messageOf(response))
      return
    }
    onRun(((await response.json()) as { id: number }).id)
  }

  return {
    ...{ setFile, type, setType, language, setLanguage, mapping, setMapping },
    ...{ preview, errors, start },
  }
}
