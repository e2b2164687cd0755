'use client'
import { useEffect, useState } from 'react'
import type { CalendarTextKey } from '../../../core/translations/index.js'
import { useCalendarTranslation } from '../useCalendarTranslation.js'
import type { CalendarFilters } from './grid.js'
import { type CalendarSlugs, useRestList } from './shared.js'

type Option = { value: string; label: string }

/**
 * Filters by category, venue and organizer: plain selects of each collection's records (the first
 * 200 by name).
 */
export function CalendarFiltersBar({
  slugs,
  locale,
  filters,
  onChange,
}: {
  slugs: CalendarSlugs
  locale?: string
  filters: CalendarFilters
  onChange: (filters: CalendarFilters) => void
}) {
  const { t } = useCalendarTranslation()
  const fetchList = useRestList()
  const [options, setOptions] = useState<Record<keyof CalendarFilters, Option[]>>({
    category: [],
    venue: [],
    organizer: [],
  })
  useEffect(() => {
    const controller = new AbortController()
    const load = async (slug: string, titleField: string) => {
      const query = new URLSearchParams({
        limit: '200',
        depth: '0',
        sort: titleField,
        [`select[${titleField}]`]: 'true',
      })
      if (locale) query.set('locale', locale)
      const { docs } = await fetchList(slug, query, controller.signal)
      return docs.map((doc) => ({
        value: String(doc.id),
        label: String(doc[titleField] ?? `#${doc.id}`),
      }))
    }
    Promise.all([
      load(slugs.categories, 'fullName'),
      load(slugs.venues, 'name'),
      load(slugs.organizers, 'name'),
    ])
      .then(([category, venue, organizer]) => setOptions({ category, venue, organizer }))
      .catch(() => {}) // without options the calendar still works, unfiltered
    return () => controller.abort()
  }, [slugs, locale, fetchList])

  const select = (
    key: keyof CalendarFilters,
    labelKey: CalendarTextKey,
    allKey: CalendarTextKey,
  ) => (
    <label>
      {t(labelKey)}
      <select
        name={`calendar-${key}`}
        value={filters[key] ?? ''}
        onChange={(event) => onChange({ ...filters, [key]: event.target.value || undefined })}
      >
        <option value="">{t(allKey)}</option>
        {options[key].map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </label>
  )
  return (
    <div className="cal-calendar__filters cal-calendar__bar">
      {select('category', 'filterCategory', 'allCategories')}
      {select('venue', 'venue', 'allVenues')}
      {select('organizer', 'organizer', 'allOrganizers')}
    </div>
  )
}
